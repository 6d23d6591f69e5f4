/**
 * Playing in the browser against `wrangler dev`: a match against the engine started from `/` and played
 * to the end by clicking, stepped through, then a rematch with the seats swapped; a match between two
 * people in two browser contexts, where each page (and a spectator's) follows the other seat's moves
 * live, without reloading, and their rematch; how players are named ("You" to the seat's holder, the
 * name given, "Player 1" / "Player 2" otherwise) in statuses and results.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "../../src/wire/match-schemas.ts";
import { api, baseUrl, boardOf, expectNoSidewaysScroll, holdSeat, launchBrowser, openPage, PHONE, screenshot, skipReason } from "./chromium.ts";

if (skipReason) console.warn(`[browser tests] ${skipReason}`);

/** The boards of a game after each move, from the API's move list (the start first). */
function boardsOf(view: MatchView): string[] {
  const board: string[] = Array(16).fill(".");
  let inHand: number | null = null;
  const boards = [board.join("")];
  for (const { move } of view.moves) {
    if (move.place !== undefined) board[move.place as number] = (inHand as number).toString(16).toUpperCase();
    inHand = (move.give as number | undefined) ?? null;
    boards.push(board.join(""));
  }
  return boards;
}

const matchIdOf = (page: Page): string => new URL(page.url()).pathname.split("/").pop() as string;

/** Marks the window, so a test can tell that a page was updated in place rather than reloaded. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { notReloaded: true }));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

describe.skipIf(!baseUrl)("playing in the browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("starts a match against the engine from /, plays it to the end by clicking, shows the result and steps through it", async () => {
    const home = await openPage(browser, "/");
    const page = home.page;
    await screenshot(page, "home");
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await screenshot(page, "home-phone");

    await page.selectOption('select[name="level"]', "easy");
    await page.fill('input[name="name"]', "Ada");
    await page.click("#start");
    await page.waitForURL(/\/matches\/[a-z2-7]{26}$/);
    const id = matchIdOf(page);
    await page.waitForSelector("#live.on");

    // Each turn: a cell for the piece in hand, then a piece to give (the opening turn only gives).
    for (let turn = 0; turn < 12; turn++) {
      await page.waitForSelector('[data-status="finished"], #board-wrap .cell.playable, #pool .pool-piece.playable');
      if (await page.$('[data-status="finished"]')) break;
      if (turn === 2) await screenshot(page, "match-engine-playing-phone");
      const cell = await page.$("#board-wrap .cell.playable");
      if (cell) {
        await cell.click();
        await page.waitForSelector('[data-status="finished"], #pool .pool-piece.playable, .status:not(.your-turn)');
        if (await page.$('[data-status="finished"]')) break;
      }
      const piece = await page.$("#pool .pool-piece.playable");
      if (piece) await piece.click();
    }
    await page.waitForSelector('[data-status="finished"]');

    const view = await api<MatchView>(`/v1/matches/${id}`);
    expect(view.status).toBe("finished");
    const result = view.result as NonNullable<MatchView["result"]>;
    const status = (await page.textContent("#status")) ?? "";
    if (result.reason === "quarto") {
      // Ada holds seat 0: her page says "You".
      expect(status).toContain(result.winner === 0 ? "You win with a Quarto!" : "Engine (easy) wins with a Quarto!");
      for (const shape of result.shapes) expect(status).toContain(`${shape.kind} ${shape.cellNames.join(" ")}: all ${shape.attributes.join(" and ")}`);
      const winning = await page.$$eval("#board-wrap .cell.winning", (cells) => cells.map((cell) => Number(cell.getAttribute("data-cell"))));
      expect(winning.sort((a, b) => a - b)).toEqual([...new Set(result.shapes.flatMap((shape) => shape.cells))].sort((a, b) => a - b));
    } else {
      expect(result.reason).toBe("draw");
      expect(status).toContain("Draw");
    }
    const boards = boardsOf(view);
    expect(await boardOf(page)).toBe(boards[boards.length - 1]);
    expect(await page.isVisible("#again-link")).toBe(true);
    expect(await page.isVisible("#resign-button")).toBe(false);
    expect(await page.$$eval("#moves [data-ply]", (buttons) => buttons.length)).toBe(view.moves.length + 1);
    await screenshot(page, "match-engine-finished-phone");
    await page.setViewportSize({ width: 1100, height: 900 });
    await screenshot(page, "match-engine-finished");

    // Step through the game: from the start, one move at a time, to the end.
    await page.click('[data-step="first"]');
    expect(await boardOf(page)).toBe(boards[0]);
    for (let ply = 1; ply < boards.length; ply++) {
      await page.click('[data-step="next"]');
      expect(await boardOf(page), `after move ${ply}`).toBe(boards[ply]);
      if (ply === Math.floor(boards.length / 2)) await screenshot(page, "match-engine-stepping");
    }
    await page.click('#moves [data-ply="2"]');
    expect(await boardOf(page)).toBe(boards[2]);
    await page.keyboard.press("ArrowRight");
    expect(await boardOf(page)).toBe(boards[3]);
    expect(await page.isVisible("#analyze-link"), "analysis is offered in a game against the engine").toBe(true);

    // A rematch: the same settings, the seats swapped (so the roles are), Ada's page holding her new seat.
    await page.click("#rematch-button");
    await page.waitForURL((url) => url.pathname.startsWith("/matches/") && !url.pathname.endsWith(id));
    const rematch = await api<MatchView>(`/v1/matches/${matchIdOf(page)}`);
    expect(rematch.seats.map(({ kind, name, level, taken }) => ({ kind, name, level, taken }))).toEqual([
      { kind: "engine", name: null, level: "easy", taken: true },
      { kind: "human", name: "Ada", level: null, taken: true },
    ]);
    expect({ firstSeat: rematch.firstSeat, rules: rematch.rules, clock: rematch.clock }).toEqual({
      firstSeat: view.firstSeat,
      rules: view.rules,
      clock: view.clock,
    });
    await page.waitForSelector("#live.on");
    await page.waitForFunction(() => document.querySelector('#seats [data-seat="1"] .seat-name')?.textContent?.startsWith("You"));
    expect(await page.textContent('#seats [data-seat="0"] .seat-name')).toBe("Engine (easy)");
    home.checkClean();
  });

  it("shows each seat the other's moves live, and a spectator too", async () => {
    const ada = await openPage(browser, "/");
    await ada.page.check('input[name="opponent"][value="friend"]');
    await ada.page.fill('input[name="name"]', "Ada");
    await ada.page.selectOption('select[name="first"]', "me");
    await ada.page.check('input[name="clock"][value="game"]');
    await ada.page.click("#start");
    await ada.page.waitForURL(/\/matches\/[a-z2-7]{26}$/);
    const id = matchIdOf(ada.page);
    await ada.page.waitForSelector("#invite:not([hidden])");
    const link = await ada.page.inputValue("#invite-link");
    expect(link).toBe(`${baseUrl}/matches/${id}`);
    expect(await ada.page.textContent("#status")).toContain("Waiting for your opponent: send them the link below.");
    await screenshot(ada.page, "match-friend-waiting");
    await markWindow(ada.page);

    const grace = await openPage(browser, new URL(link).pathname, PHONE);
    await grace.page.waitForSelector("#join:not([hidden])");
    expect(await grace.page.textContent("#status")).toContain("Waiting for a second player: take the open seat to play.");
    await grace.page.fill("#join-name", "Grace");
    await grace.page.click("#join-button");
    await markWindow(grace.page);
    const spectator = await openPage(browser, `/matches/${id}`);
    await spectator.page.waitForSelector("#live.on");
    await markWindow(spectator.page);

    // Ada's page learns that Grace took the seat: the match starts, Ada gives first.
    await ada.page.waitForSelector("#status .your-turn");
    expect(await ada.page.textContent("#status")).toContain("You give first");
    expect(await ada.page.textContent("#seats")).toContain("Grace");
    expect(await ada.page.textContent('#seats [data-seat="0"] .seat-name')).toBe("You (Ada)");
    expect(await ada.page.isHidden("#invite")).toBe(true);
    // A live game between two people: no link to the engine's value of every move, for anyone.
    for (const watcher of [ada.page, spectator.page]) expect(await watcher.isHidden("#analyze-item")).toBe(true);

    // Ada gives piece 7; Grace's page and the spectator's show it in hand.
    await ada.page.click('#pool .pool-piece.playable[data-piece="7"]');
    await grace.page.waitForSelector('#hand svg[data-piece="7"]');
    await grace.page.waitForSelector("#status .your-turn");
    expect(await grace.page.textContent("#status")).toContain("place the short dark square hollow (7)");
    await spectator.page.waitForSelector('#hand svg[data-piece="7"]');
    expect(await spectator.page.textContent("#status")).toContain("Grace places the short dark square hollow (7)");

    // Grace places it on c3 and gives C; both other pages follow.
    await grace.page.click('#board-wrap .cell.playable[data-cell="10"]');
    await grace.page.waitForSelector("#pool .pool-piece.playable");
    await grace.page.click('#pool .pool-piece.playable[data-piece="12"]');
    for (const watcher of [ada.page, spectator.page]) {
      await watcher.waitForSelector('#board-wrap .cell[data-cell="10"][data-piece="7"]');
      await watcher.waitForSelector('#hand svg[data-piece="12"]');
      expect(await boardOf(watcher)).toBe("..........7.....");
      expect(await watcher.$$eval("#moves [data-ply]", (buttons) => buttons.length)).toBe(3);
    }
    expect(await ada.page.textContent("#status")).toContain("Your turn: place the tall dark round solid (C)");
    expect(await ada.page.textContent("#moves")).toContain("1. You -7");
    expect(await ada.page.textContent("#moves")).toContain("2. Grace c3-C");
    expect(await grace.page.textContent("#moves")).toContain("1. Ada -7");
    expect(await grace.page.textContent("#hand")).toContain("In hand, for Ada to place");
    expect(await ada.page.textContent("#hand")).toContain("In hand, for you to place");

    // Ada's game clock runs while she thinks; Grace's stands.
    const before = await ada.page.textContent("#clock-0");
    const graceBefore = await ada.page.textContent("#clock-1");
    await ada.page.waitForFunction((shown) => document.querySelector("#clock-0")?.textContent !== shown, before, { timeout: 5000 });
    expect(await ada.page.textContent("#clock-1")).toBe(graceBefore);
    await screenshot(ada.page, "match-friend-live");
    await screenshot(grace.page, "match-friend-live-phone");
    await expectNoSidewaysScroll(grace.page);

    // Grace resigns (two clicks); everyone sees the result, each page in its own words.
    await grace.page.click("#resign-button");
    await grace.page.click("#resign-button");
    const said: [Page, string][] = [
      [ada.page, "Grace resigned: you win."],
      [grace.page, "You resigned: Ada wins."],
      [spectator.page, "Grace resigned: Ada wins."],
    ];
    for (const [watcher, text] of said) {
      await watcher.waitForSelector('[data-status="finished"]');
      expect(await watcher.textContent("#status")).toContain(text);
      expect(await watcher.isVisible("#analyze-link"), "analysis once the game is over").toBe(true);
    }
    expect(await spectator.page.isHidden("#rematch-button"), "no rematch for a spectator").toBe(true);
    for (const watched of [ada, grace, spectator]) {
      expect(await stillMarked(watched.page), "updated without a reload").toBe(true);
      watched.checkClean();
    }
    const view = await api<MatchView>(`/v1/matches/${id}`);
    expect(view.result).toMatchObject({ winner: 0, reason: "resignation" });
    expect(view.moves.map((entry) => entry.text)).toEqual(["-7", "c3-C"]);

    // Ada asks for a rematch: a new match with the seats swapped, its link shown for her to send; Grace
    // opens it, her name already filled in, and now gives first.
    await ada.page.click("#rematch-button");
    await ada.page.waitForURL((url) => url.pathname.startsWith("/matches/") && !url.pathname.endsWith(id));
    const rematchId = matchIdOf(ada.page);
    await ada.page.waitForSelector("#invite:not([hidden])");
    expect(await ada.page.inputValue("#invite-link")).toBe(`${baseUrl}/matches/${rematchId}`);
    const rematch = await api<MatchView>(`/v1/matches/${rematchId}`);
    expect(rematch.seats.map(({ kind, name, taken }) => ({ kind, name, taken }))).toEqual([
      { kind: "human", name: "Grace", taken: false },
      { kind: "human", name: "Ada", taken: true },
    ]);
    expect({ firstSeat: rematch.firstSeat, rules: rematch.rules, clock: rematch.clock }).toEqual({ firstSeat: 0, rules: view.rules, clock: view.clock });
    await screenshot(ada.page, "match-friend-rematch-invite");
    await grace.page.goto(`${baseUrl}/matches/${rematchId}`);
    await grace.page.waitForSelector("#join:not([hidden])");
    expect(await grace.page.inputValue("#join-name")).toBe("Grace");
    await grace.page.click("#join-button");
    await grace.page.waitForSelector("#status .your-turn");
    expect(await grace.page.textContent("#status")).toContain("You give first");
    await ada.page.waitForFunction(() => document.querySelector("#status")?.textContent?.includes("Grace chooses a piece to give."));
  });

  it("names unnamed players Player 1 and Player 2, and says You to the seat's holder, down to a loss on time", async () => {
    const created = await api<{ id: string; tokens: { seat: 0 | 1; token: string }[] }>("/v1/matches", {
      clock: { kind: "move", moveMs: 1000 },
      firstSeat: 0,
      seats: [
        { kind: "human", take: true },
        { kind: "human", take: false },
      ],
    });
    const spectator = await openPage(browser, `/matches/${created.id}`);
    await spectator.page.waitForSelector("#live.on");
    expect(await spectator.page.textContent("#status")).toContain("Waiting for a second player: take the open seat to play.");
    expect(await spectator.page.textContent('#seats [data-seat="0"] .seat-name')).toBe("Player 1");
    expect(await spectator.page.textContent('#seats [data-seat="1"] .seat-name')).toBe("Player 2 open");
    // Seat 1 is taken without a name: the match starts, and seat 0 has a second to give.
    const joined = await api<{ seat: 0 | 1; token: string }>(`/v1/matches/${created.id}/join`, {});
    await spectator.page.waitForSelector('[data-status="finished"]');
    expect(await spectator.page.textContent("#status")).toContain("Player 1 ran out of time: Player 2 wins.");

    const loser = await openPage(browser, `/matches/${created.id}`, PHONE);
    await holdSeat(loser.page, created.id, created.tokens[0]);
    await loser.page.waitForFunction(() => document.querySelector("#status")?.textContent?.includes("You ran out of time: Player 2 wins."));
    const winner = await openPage(browser, `/matches/${created.id}`);
    await holdSeat(winner.page, created.id, { seat: joined.seat, token: joined.token });
    await winner.page.waitForFunction(() => document.querySelector("#status")?.textContent?.includes("Player 1 ran out of time: you win."));
    for (const watched of [spectator, loser, winner]) {
      expect(await watched.page.textContent("main"), "no seat numbers as names").not.toMatch(/Seat [01]/);
      watched.checkClean();
    }
  });

  it("lets a player announce Quarto, and the opponent claim a missed one, under announce: manual", async () => {
    /** A manual-announcement match with Ada (seat 0, gives first) and Grace, each page holding its seat. */
    async function manualMatch() {
      const created = await api<{ id: string; tokens: { seat: 0 | 1; token: string }[] }>("/v1/matches", {
        rules: { announce: "manual", missedClaim: true },
        firstSeat: 0,
        seats: [
          { kind: "human", take: true, name: "Ada" },
          { kind: "human", take: true, name: "Grace" },
        ],
      });
      const seats = await Promise.all(
        created.tokens.map(async (held) => {
          const watched = await openPage(browser, `/matches/${created.id}`);
          await holdSeat(watched.page, created.id, held);
          return watched;
        }),
      );
      return { id: created.id, ada: seats[0], grace: seats[1] };
    }
    /** Plays a move by clicking: the cell (if any), then the piece to give. */
    async function play(page: Page, cell: number | null, give: number) {
      await page.waitForSelector("#status .your-turn");
      if (cell !== null) {
        await page.click(`#board-wrap .cell.playable[data-cell="${cell}"]`);
        await page.waitForSelector("#pool .pool-piece.playable");
      }
      await page.click(`#pool .pool-piece.playable[data-piece="${give}"]`);
    }
    // Tall pieces 8, 9, A on a1, b1, c1; the fourth tall piece, B, is in Ada's hand for d1.
    async function upToTheFourthTallPiece(ada: Page, grace: Page) {
      await play(ada, null, 8);
      await play(grace, 0, 9);
      await play(ada, 1, 10);
      await play(grace, 2, 11);
      await ada.waitForSelector("#status .your-turn");
    }

    const announced = await manualMatch();
    await upToTheFourthTallPiece(announced.ada.page, announced.grace.page);
    await announced.ada.page.click('#board-wrap .cell.playable[data-cell="3"]');
    await announced.ada.page.waitForSelector("#quarto-button:not([hidden])");
    expect(await announced.ada.page.textContent("#status")).toContain("or announce Quarto!");
    await screenshot(announced.ada.page, "match-manual-announce");
    await announced.ada.page.click("#quarto-button");
    for (const [page, winner] of [
      [announced.ada.page, "You win"],
      [announced.grace.page, "Ada wins"],
    ] as const) {
      await page.waitForSelector('[data-status="finished"]');
      expect(await page.textContent("#status")).toContain(`${winner} with a Quarto! row a1 b1 c1 d1: all tall`);
    }

    const missed = await manualMatch();
    await upToTheFourthTallPiece(missed.ada.page, missed.grace.page);
    // Ada completes the row but gives a piece instead of announcing; Grace claims it.
    await play(missed.ada.page, 3, 12);
    await missed.grace.page.waitForSelector("#claim-button:not([hidden])");
    await missed.grace.page.click("#claim-button");
    for (const [page, winner] of [
      [missed.ada.page, "Grace wins"],
      [missed.grace.page, "You win"],
    ] as const) {
      await page.waitForSelector('[data-status="finished"]');
      expect(await page.textContent("#status")).toContain(`${winner} by claiming a missed Quarto: row a1 b1 c1 d1: all tall`);
    }
    await screenshot(missed.grace.page, "match-manual-claimed");
    const view = await api<MatchView>(`/v1/matches/${missed.id}`);
    expect(view.result).toMatchObject({ winner: 1, reason: "claim" });
    for (const watched of [announced.ada, announced.grace, missed.ada, missed.grace]) watched.checkClean();
  });
});
