/**
 * The match page's layout against `wrangler dev`, at the sizes new players use (a 1366x768 laptop's
 * 1366x657 viewport, a 1280x800 laptop, a 390x844 phone): the board, the piece in hand, the pieces to
 * give and the status line are on the screen together, without scrolling, in every phase of a turn
 * (the opening give, placing, giving after choosing a cell). And the page never scrolls the window, on
 * load or after a move; the move list scrolls itself to keep its current move in view.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, expectInViewport, holdSeat, LAPTOP, LAPTOP_13, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

interface Created {
  id: string;
  tokens: { seat: 0 | 1; token: string }[];
}

/** What must be visible together while playing. */
const PLAY_AREA = ["#status .status", "#board-wrap svg.board", "#hand", "#pool"];

const SIZES = [
  ["laptop-1366x657", LAPTOP],
  ["laptop-1280x800", LAPTOP_13],
  ["phone-390x844", PHONE],
] as const;

const cellName = (cell: number): string => `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`;

/**
 * Plays `plies` moves of a match between two held seats through the API, each the first legal move
 * (by cell, then piece) that does not end the game, as the API's validate-move says. Returns the
 * position string reached.
 */
async function playQuietly(created: Created, plies: number): Promise<string> {
  let position = ".................";
  for (let ply = 0; ply < plies; ply++) {
    const token = created.tokens.find((held) => held.seat === ply % 2)?.token;
    const cells = ply === 0 ? [null] : [...position.slice(0, 16)].flatMap((slot, cell) => (slot === "." ? [cell] : []));
    const pieces = Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !position.toUpperCase().includes(piece.toString(16).toUpperCase()));
    let played = false;
    for (const cell of cells) {
      for (const piece of pieces) {
        const text = `${cell === null ? "" : cellName(cell)}-${piece.toString(16).toUpperCase()}`;
        const check = await api<{ legal: boolean; position: { string: string }; outcome: { status: string } }>(
          `/v1/validate-move?position=${position}&move=${encodeURIComponent(text)}`,
        );
        if (!check.legal || check.outcome.status !== "ongoing") continue;
        await api(`/v1/matches/${created.id}/moves`, { ply, ...(cell === null ? {} : { place: cell }), give: piece }, token);
        position = check.position.string;
        played = true;
        break;
      }
      if (played) break;
    }
    expect(played, `a quiet move at ply ${ply}`).toBe(true);
  }
  return position;
}

/** The move list's box, its scroll, and its current move's box. */
function moveList(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector("#moves .moves") as HTMLElement;
    const current = list.querySelector(".current") as HTMLElement;
    const box = list.getBoundingClientRect();
    const item = current.getBoundingClientRect();
    return {
      overflows: list.scrollHeight > list.clientHeight,
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
      const created = await api<Created>("/v1/matches", {
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
    const created = await api<Created>("/v1/matches", {
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
    expect(loaded).toMatchObject({ currentPly: 12, currentInView: true });
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
    expect(await moveList(page)).toMatchObject({ currentPly: 13, currentInView: true });
    await screenshot(page, "match-phone-after-move", { fullPage: false });
    watched.checkClean();
  });
});
