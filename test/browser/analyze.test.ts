/**
 * /analyze in the browser against `wrangler dev`: a pasted position shows the API's status, the engine's
 * value and every move's value, with "threw away a win" exactly where the position is a win and the
 * move's value is not; a position built by clicking pieces onto the board is read back as its string.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, boardOf, expectNoSidewaysScroll, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

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

  it("shows the status, the engine's value and every move's, marking the moves that throw away a win", async () => {
    const expected = await api<Evaluation>("/v1/evaluate", { position: ENDGAME, moves: true });
    expect(expected.value).toBe("win");

    const watched = await openPage(browser, `/analyze?position=${ENDGAME}`);
    const { page } = watched;
    await page.waitForSelector("#value[data-value]");
    expect(await page.getAttribute("#value", "data-value")).toBe("win");
    expect(await page.textContent("#status")).toContain("Ply 10: the first player places the piece in hand");
    expect(await boardOf(page)).toBe(ENDGAME.slice(0, 16));

    const rows = await page.$$eval("#moves tr.move-row", (rows) =>
      rows.map((row) => ({ text: row.getAttribute("data-move"), value: row.getAttribute("data-value"), threw: row.getAttribute("data-threw") === "true" })),
    );
    expect(rows.length).toBe(expected.moves.length);
    const byText = new Map(expected.moves.map((entry) => [entry.move.text, entry.value ?? "unknown"]));
    for (const row of rows) {
      expect(row.value, row.text ?? "").toBe(byText.get(row.text ?? ""));
      expect(row.threw, row.text ?? "").toBe(row.value === "draw" || row.value === "loss");
    }
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
    await page.click(`#moves tr.move-row[data-move="${winning?.text}"]`);
    await page.waitForSelector('#value[data-value="loss"]');
    const after = await page.inputValue("#position");
    expect(new URL(page.url()).searchParams.get("position")).toBe(after);
    expect(after).not.toBe(ENDGAME);
    expect(await page.textContent("#status")).toContain("Ply 11: the second player");
    watched.checkClean();
  });

  it("builds a position by clicking pieces onto the board and into the hand", async () => {
    const watched = await openPage(browser, "/analyze");
    const { page } = watched;
    await page.waitForSelector("#value[data-value]");
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
