/**
 * /puzzles, /learn and the home page's daily puzzle in the browser against `wrangler dev`: a puzzle is
 * solved by clicking (the cell, then the piece to give), each right move answered by the defence on the
 * board, the solution glowing, the streak and the rating kept in the browser; a wrong move is told at
 * once; /learn draws the rules and links to a first puzzle; the home page shows today's puzzle and the
 * pieces' digits. At phone and laptop sizes, with screenshots, nothing scrolling sideways.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, boardOf, expectNoSidewaysScroll, LAPTOP, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

interface Puzzle {
  id: string;
  position: { string: string };
  moves: number;
}

interface Evaluation {
  moves: { move: { text: string; place?: number; give?: number }; value: string | null; pliesToEnd?: number }[];
}


/** The fastest winning move from a position, by the API's evaluation. */
async function winningMove(position: string): Promise<{ place: number; give?: number; text: string }> {
  const evaluation = await api<Evaluation>("/v1/evaluate", { position, moves: true, distance: true });
  const best = evaluation.moves.filter((entry) => entry.value === "win").sort((a, b) => (a.pliesToEnd ?? 99) - (b.pliesToEnd ?? 99))[0];
  return { place: best.move.place as number, give: best.move.give, text: best.move.text };
}

/** Plays a move by clicking: the cell, then (unless the placement ends the game) the piece to give. */
async function click(page: Page, move: { place: number; give?: number }): Promise<void> {
  await page.click(`#board-wrap .cell.playable[data-cell="${move.place}"]`);
  if (move.give !== undefined) await page.click(`#pool button.pool-piece[data-piece="${move.give}"]`);
}

describe.skipIf(!baseUrl)("the puzzles page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, viewport] of [
    ["phone", PHONE],
    ["laptop", LAPTOP],
  ] as const) {
    it(`solves a puzzle by clicking, the defence answered on the board, the streak and rating kept (${name})`, async () => {
      // A two-move puzzle: drawn by rating (the longest start at 2000 and the shortest at 1200).
      let puzzle = await api<Puzzle>("/v1/puzzles/next?rating=1400");
      for (let tries = 0; puzzle.moves !== 2 && tries < 20; tries++) puzzle = await api<Puzzle>("/v1/puzzles/next?rating=1400");
      const watched = await openPage(browser, `/puzzles?id=${puzzle.id}`, viewport);
      const { page } = watched;
      await page.waitForSelector("#puzzle-status.your-turn");
      expect(await boardOf(page)).toBe(puzzle.position.string.slice(0, 16));
      expect(await page.textContent("#puzzle-task")).toContain(`Find the win in ${puzzle.moves} moves`);
      await screenshot(page, `puzzles-start-${name}`);

      let at = puzzle.position.string;
      for (let step = 1; step <= puzzle.moves; step++) {
        const move = await winningMove(at);
        await click(page, move);
        if (step < puzzle.moves) {
          await page.waitForFunction(() => document.querySelector("#puzzle-status")?.textContent?.startsWith("Right!"));
          const board = await boardOf(page);
          // The solver's piece is on its cell, and the defence placed the piece given.
          expect(board[move.place]).toBe(at[16]);
          expect(board.split("").filter((piece) => piece !== ".").length).toBe(
            at
              .slice(0, 16)
              .split("")
              .filter((piece) => piece !== ".").length + 2,
          );
          expect(await page.$$eval("#moves li", (items) => items.length)).toBe(2 * step);
          // The move list draws the piece given beside its digit.
          expect(await page.$$eval("#moves li .move-piece svg.piece", (pieces) => pieces.length)).toBeGreaterThan(0);
          at = `${board}${
            (await page.getAttribute("#hand svg.piece", "data-piece")) === null
              ? "."
              : Number(await page.getAttribute("#hand svg.piece", "data-piece"))
                  .toString(16)
                  .toUpperCase()
          }`;
          await screenshot(page, `puzzles-right-${name}`);
        }
      }
      await page.waitForSelector("#puzzle-status.finished");
      expect(await page.textContent("#puzzle-status")).toContain("Solved!");
      expect(await page.$$eval("#board-wrap .cell.winning", (cells) => cells.length)).toBeGreaterThanOrEqual(4);
      expect(await page.textContent("#solver")).toMatch(/Rating \d+ \(±\d+\) · streak 1/);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `puzzles-solved-${name}`);

      // A wrong first move on the next puzzle: told at once, the streak back to 0.
      const next = await api<Puzzle>(`/v1/puzzles/${puzzle.id}`);
      await page.goto(`${baseUrl}/puzzles?id=${next.id}`);
      await page.waitForSelector("#puzzle-status.your-turn");
      const evaluation = await api<Evaluation>("/v1/evaluate", { position: next.position.string, moves: true });
      const wrong = evaluation.moves.find((entry) => entry.value !== "win" && entry.move.give !== undefined);
      if (!wrong) throw new Error("no wrong move");
      await click(page, { place: wrong.move.place as number, give: wrong.move.give });
      await page.waitForSelector("#puzzle-status.wrong");
      expect(await page.textContent("#puzzle-status")).toContain(`Wrong: ${wrong.move.text}`);
      expect(await page.textContent("#solver")).toMatch(/streak 0/);
      expect(await page.isVisible("#retry")).toBe(true);
      await screenshot(page, `puzzles-wrong-${name}`);
      watched.checkClean();
      await watched.context.close();
    });
  }

  it(`learn: the rules on small boards, a first puzzle to open, at phone and laptop sizes`, async () => {
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["laptop", LAPTOP],
    ] as const) {
      const watched = await openPage(browser, "/learn", viewport);
      const { page } = watched;
      expect(await page.textContent("main")).toContain("Your opponent does.");
      expect(await page.$$eval("main svg.board", (boards) => boards.length)).toBe(6);
      expect(await page.$$eval("header.site nav a", (links) => links.map((link) => link.textContent))).toEqual([
        "Play",
        "Puzzles",
        "Learn",
        "Analyze",
        "Tournaments",
        "Ladder",
        "Bots",
        "API docs",
      ]);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `learn-${name}`);
      await page.click("text=Solve it");
      await page.waitForSelector("#puzzle-status.your-turn");
      expect(await page.textContent("#puzzle-task")).toContain("Find the win in 1 move");
      watched.checkClean();
      await watched.context.close();
    }
  });

  it("home: today's puzzle links to the puzzles page, and the legend shows each piece's digit", async () => {
    const daily = await api<Puzzle>("/v1/puzzles/daily");
    for (const [name, viewport] of [
      ["phone", PHONE],
      ["laptop", LAPTOP],
    ] as const) {
      const watched = await openPage(browser, "/", viewport);
      const { page } = watched;
      expect(await page.getAttribute("section.daily a.button", "href")).toBe(`/puzzles?id=${daily.id}`);
      expect(await page.$$eval(".legend figcaption strong", (digits) => digits.map((digit) => digit.textContent).join(""))).toBe("0123456789ABCDEF");
      await expectNoSidewaysScroll(page);
      await screenshot(page, `home-daily-${name}`);
      watched.checkClean();
      await watched.context.close();
    }
  });
});
