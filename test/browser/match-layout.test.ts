/**
 * The match page's layout against `wrangler dev`, at the sizes new players use (a 1366x768 laptop's
 * 1366x657 viewport, a 1280x800 laptop, a 390x844 phone): the board, the piece in hand, the pieces to
 * give and the status line are on the screen together, without scrolling, in every phase of a turn
 * (the opening give, placing, giving after choosing a cell). And the page never scrolls the window, on
 * load or after a move; the move list scrolls itself, by whole rows, to keep its current move in view.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, cellName, type CreatedMatch, expectInViewport, holdSeat, launchBrowser, openPage, PHONE, playQuietly, SIZES, screenshot } from "./chromium.ts";

/** What must be visible together while playing. */
const PLAY_AREA = ["#status .status", "#board-wrap svg.board", "#hand", "#pool"];

/** The move list's box, its scroll, and its current move's box. */
function moveList(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector("#moves .moves") as HTMLElement;
    const current = list.querySelector(".current") as HTMLElement;
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    // The first row showing (the first move whose bottom is below the list's top) starts inside the list: no row is cut at the top.
    const firstShown = [...list.querySelectorAll("li")].map((li) => li.getBoundingClientRect()).find((rect) => rect.bottom > box.top + 1);
    return {
      overflows: list.scrollHeight > list.clientHeight,
      topRowWhole: firstShown !== undefined && firstShown.top >= box.top - 1,
      scrollTop: list.scrollTop,
      currentInView: item.top >= box.top - 1 && item.bottom <= box.bottom + 1,
      currentPly: Number(current.getAttribute("data-ply")),
    };
  });
}

describe.skipIf(!baseUrl)("the match page's layout", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [size, viewport] of SIZES) {
    it(`shows the board, the piece in hand, the pieces to give and the status together on a ${size}, in every phase`, async () => {
      const created = await api<CreatedMatch>("/v1/matches", {
        firstSeat: 0,
        seats: [
          { kind: "human", take: true, name: "Ada" },
          { kind: "engine", level: "easy" },
        ],
      });
      const watched = await openPage(browser, `/matches/${created.id}`, viewport);
      const { page } = watched;
      await holdSeat(page, created.id, created.tokens[0]);

      // The opening give: nothing in hand, every piece to give clickable.
      await page.waitForSelector("#pool .pool-piece.playable");
      expect(await page.textContent("#status")).toContain("You give first");
      await expectInViewport(page, PLAY_AREA, `${size}, giving`);
      await screenshot(page, `match-fit-${size}-give`, { fullPage: false });

      // Placing the piece the engine gave.
      await page.click("#pool .pool-piece.playable");
      await page.waitForSelector("#board-wrap .cell.playable");
      expect(await page.textContent("#status")).toContain("Your turn: place the");
      await expectInViewport(page, [...PLAY_AREA, "#hand svg.piece"], `${size}, placing`);
      await screenshot(page, `match-fit-${size}-place`, { fullPage: false });

      // A cell chosen: now the piece to give.
      await page.click("#board-wrap .cell.playable");
      await page.waitForSelector("#pool .pool-piece.playable");
      expect(await page.textContent("#status")).toContain("Now choose the piece to give");
      await expectInViewport(page, [...PLAY_AREA, "#hand svg.piece", "#pool .pool-piece.playable:last-child"], `${size}, giving after placing`);
      await screenshot(page, `match-fit-${size}-place-give`, { fullPage: false });
      watched.checkClean();
    });
  }

  it("never scrolls the window on a phone, on load or after a move; the move list scrolls itself to its current move", async () => {
    const created = await api<CreatedMatch>("/v1/matches", {
      firstSeat: 0,
      seats: [
        { kind: "human", take: true },
        { kind: "human", take: true },
      ],
    });
    const position = await playQuietly(created, 12);
    // Ply 12: seat 0 (who gave first) places the piece in hand.
    const watched = await openPage(browser, `/matches/${created.id}`, PHONE);
    const { page } = watched;
    await holdSeat(page, created.id, created.tokens[0]);
    await page.waitForSelector("#board-wrap .cell.playable");
    await expectInViewport(page, PLAY_AREA, "on load");
    const loaded = await moveList(page);
    expect(loaded.overflows, "twelve moves overflow the list, so it has something to scroll").toBe(true);
    expect(loaded).toMatchObject({ currentPly: 12, currentInView: true, topRowWhole: true });
    expect(loaded.scrollTop).toBeGreaterThan(0);

    // A move by clicking: a cell whose placement alone does not end the game (validate-move finds the
    // placement without a give illegal), then a piece to give.
    let cell = -1;
    for (const [index, slot] of [...position.slice(0, 16)].entries()) {
      if (slot !== ".") continue;
      const alone = await api<{ legal: boolean }>(`/v1/validate-move?position=${position}&move=${cellName(index)}`);
      if (!alone.legal) {
        cell = index;
        break;
      }
    }
    await page.click(`#board-wrap .cell.playable[data-cell="${cell}"]`);
    await page.waitForSelector("#pool .pool-piece.playable");
    await page.click("#pool .pool-piece.playable");
    await page.waitForSelector('#moves [data-ply="13"]');
    await page.waitForSelector("#status .status:not(.your-turn)");
    await expectInViewport(page, PLAY_AREA, "after a move");
    expect(await moveList(page)).toMatchObject({ currentPly: 13, currentInView: true, topRowWhole: true });
    await screenshot(page, "match-phone-after-move", { fullPage: false });
    watched.checkClean();
  });
});
