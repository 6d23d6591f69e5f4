/**
 * /analyze in the browser against `wrangler dev`: a pasted position shows the API's status, the engine's
 * value and every move's value, grouped by value (win, draw, loss) in a compact block, with "throws away
 * the win" exactly where the position is a win and the move's value is not; a position built by clicking
 * pieces onto the board is read back as its string; hollow pieces keep a visible hole at the smallest size
 * the pages draw them.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, boardOf, DESKTOP, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

// 9 pieces placed, 7 in hand: a win for the player to move, with a single winning move.
const ENDGAME = "..5.A...D3EF90.67";

interface Evaluation {
  value: "win" | "draw" | "loss" | null;
  moves: { move: { text: string }; value: "win" | "draw" | "loss" | null }[];
}

describe.skipIf(!baseUrl)("the analysis page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the status, the engine's value and every move's, grouped by value, marking the moves that throw away a win", async () => {
    const expected = await api<Evaluation>("/v1/evaluate", { position: ENDGAME, moves: true });
    expect(expected.value).toBe("win");

    const watched = await openPage(browser, `/analyze?position=${ENDGAME}`);
    const { page } = watched;
    await page.waitForSelector("#value[data-value]");
    expect(await page.getAttribute("#value", "data-value")).toBe("win");
    expect(await page.textContent("#status")).toContain("Ply 10: the first player places the piece in hand");
    expect(await boardOf(page)).toBe(ENDGAME.slice(0, 16));

    const rows = await page.$$eval("#moves .move-chip", (chips) =>
      chips.map((chip) => ({
        text: chip.getAttribute("data-move"),
        value: chip.getAttribute("data-value"),
        threw: chip.getAttribute("data-threw") === "true",
        group: chip.closest(".move-group")?.getAttribute("data-value"),
      })),
    );
    expect(rows.length).toBe(expected.moves.length);
    const byText = new Map(expected.moves.map((entry) => [entry.move.text, entry.value ?? "unknown"]));
    for (const row of rows) {
      expect(row.value, row.text ?? "").toBe(byText.get(row.text ?? ""));
      expect(row.group, `${row.text} is listed in its value's group`).toBe(row.value);
      expect(row.threw, row.text ?? "").toBe(row.value === "draw" || row.value === "loss");
    }
    // One group per value present, best first, headed with the words the rest of the site uses.
    const present = ["win", "draw", "loss", "unknown"].filter((value) => rows.some((row) => row.value === value));
    const groups = await page.$$eval("#moves .move-group", (sections) =>
      sections.map((section) => ({ value: section.getAttribute("data-value"), title: section.querySelector("h3")?.textContent ?? "" })),
    );
    expect(groups.map((group) => group.value)).toEqual(present);
    const titles: Record<string, string> = { win: "Win", draw: "Draw", loss: "Loss", unknown: "Unknown" };
    for (const group of groups) expect(group.title.startsWith(titles[group.value ?? ""]), group.title).toBe(true);
    expect(await page.textContent("#moves")).not.toMatch(/\blose\b/);
    // Compact: 42 moves take a few hundred pixels, not a 1,700-pixel table.
    const height = await page.$eval("#moves", (element) => element.getBoundingClientRect().height);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(height).toBeLessThan(DESKTOP.height * 0.6);
    expect(rows.filter((row) => row.value === "win").length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.threw).length).toBeGreaterThan(0);
    // Winning cells are tinted on the board.
    const winningCells = await page.$$eval("#board-wrap .cell.mark-win", (cells) => cells.length);
    expect(winningCells).toBeGreaterThan(0);
    await screenshot(page, "analyze");
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "analyze-phone");

    // Playing a winning move from the table: the opponent is then lost.
    const winning = rows.find((row) => row.value === "win");
    await page.click(`#moves .move-chip[data-move="${winning?.text}"]`);
    await page.waitForSelector('#value[data-value="loss"]');
    const after = await page.inputValue("#position");
    expect(new URL(page.url()).searchParams.get("position")).toBe(after);
    expect(after).not.toBe(ENDGAME);
    expect(await page.textContent("#status")).toContain("Ply 11: the second player");
    watched.checkClean();
  });

  it("says when the value comes from the opening book: the classic start, a draw with no search", async () => {
    const watched = await openPage(browser, "/analyze?position=.................");
    const { page } = watched;
    await page.waitForSelector("#value[data-value]");
    expect(await page.getAttribute("#value", "data-value")).toBe("draw");
    expect(await page.textContent("#value")).toContain("(proven, from the opening book, no search)");
    expect(await page.$$eval("#moves .move-chip", (chips) => chips.length)).toBe(16);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "analyze-start-phone");
    watched.checkClean();
  });

  it("builds a position by clicking pieces onto the board and into the hand", async () => {
    const watched = await openPage(browser, "/analyze");
    const { page } = watched;
    await page.waitForSelector("#value[data-value]");
    // The start position: sixteen moves, one per piece to give, each drawn at the smallest size the
    // pages use. Every hollow piece's hole is big enough to see, and its rim contrasts with the piece's top
    // (WCAG's 3:1 for graphics), dark pieces included.
    const holes = await page.$$eval("#moves .move-chip svg.piece", (pieces) =>
      pieces.flatMap((piece) => {
        const hole = piece.querySelector(".hole");
        if (!hole) return [];
        const luminance = (color: string) => {
          const [r, g, b] = (color.match(/\d+/g) ?? []).slice(0, 3).map((channel) => {
            const value = Number(channel) / 255;
            return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const rim = luminance(getComputedStyle(hole).stroke);
        const top = luminance(getComputedStyle(hole.previousElementSibling as Element).fill);
        const box = hole.getBoundingClientRect();
        return [
          {
            piece: Number(piece.getAttribute("data-piece")),
            size: piece.getBoundingClientRect().width,
            width: box.width,
            contrast: (Math.max(rim, top) + 0.05) / (Math.min(rim, top) + 0.05),
          },
        ];
      }),
    );
    expect(holes.map((hole) => hole.piece).sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11, 13, 15]);
    for (const hole of holes) {
      expect(hole.size, `piece ${hole.piece} is drawn small`).toBeLessThanOrEqual(26);
      expect(hole.width, `the hole of piece ${hole.piece}, drawn ${hole.size} px wide`).toBeGreaterThanOrEqual(8);
      expect(hole.contrast, `the hole's rim against the top of piece ${hole.piece}`).toBeGreaterThanOrEqual(3);
    }
    // Piece A onto b1, piece 3 onto d4, piece 5 into the hand.
    await page.click('#palette [data-piece="10"]');
    await page.click('#board-wrap .cell[data-cell="1"]');
    await page.click('#palette [data-piece="3"]');
    await page.click('#board-wrap .cell[data-cell="15"]');
    await page.click('#palette [data-piece="5"]');
    await page.click("#to-hand");
    expect(await page.inputValue("#position")).toBe(".A.............35");
    await page.waitForFunction(() => document.querySelector("#status")?.textContent?.startsWith("Ply 3"));
    // Taking a piece off the board.
    await page.click('#board-wrap .cell[data-cell="15"]');
    expect(await page.inputValue("#position")).toBe(".A..............5");
    // An impossible position is reported with the API's explanation.
    await page.fill("#position", "AA...............");
    await page.click('#position-form button[type="submit"]');
    await page.waitForFunction(() => document.querySelector("#status")?.textContent === "This is not a valid position.");
    expect(await page.textContent("#error")).not.toBe("");
    await screenshot(page, "analyze-invalid");
    watched.checkClean();
  });
});
