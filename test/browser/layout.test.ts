/**
 * The layout slips a new player met, each checked at a 1366x768 laptop (its 1366x657
 * viewport), a 1280x800 laptop and a 390x844 phone, with a screenshot of each: the home page's
 * "Start the match" on the first screen; the gold ring of a winning line clear of the cell names; a
 * finished game's move list shown whole (no row clipped); stepping back through the moves, the status
 * line says the move shown, not the final result; a seat's role reads under "You" ("first to give", not
 * "You gives first").
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView } from "../../src/wire/index.ts";
import { api, baseUrl, type CreatedMatch, expectInViewport, expectNoSidewaysScroll, holdSeat, launchBrowser, openPage, playQuietly, SIZES, screenshot } from "./chromium.ts";

/** A match between two people, both seats held by the test, seat 0 giving first. */
function twoPeople(): Promise<CreatedMatch> {
  return api<CreatedMatch>("/v1/matches", {
    firstSeat: 0,
    seats: [
      { kind: "human", take: true, name: "Ada" },
      { kind: "human", take: true, name: "Grace" },
    ],
  });
}

/** Each winning cell's name against its ring: the name's box, the ring's outer edge at its widest (the glow animates to 8 units). */
function labelsAgainstRings(page: Page) {
  return page.$$eval("#board-wrap .cell.winning", (cells) =>
    cells.map((cell) => {
      const spot = cell.querySelector("circle.spot") as SVGCircleElement;
      const label = cell.querySelector("text") as SVGTextElement;
      const box = label.getBBox();
      const cx = spot.cx.baseVal.value;
      const cy = spot.cy.baseVal.value;
      const outer = spot.r.baseVal.value + 8 / 2;
      const corners = [
        [box.x, box.y],
        [box.x + box.width, box.y],
        [box.x, box.y + box.height],
        [box.x + box.width, box.y + box.height],
      ];
      // The nearest corner of the label's box to the spot's centre is farther than the ring reaches.
      const nearest = Math.min(...corners.map(([x, y]) => Math.hypot(x - cx, y - cy)));
      return { cell: cell.getAttribute("data-cell"), text: label.textContent, nearest, outer };
    }),
  );
}

/** The move list's box against each of its moves: all shown whole, none scrolled away or clipped. */
function moveListSeen(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector("#moves .moves") as HTMLElement;
    const box = list.getBoundingClientRect();
    const items = [...list.querySelectorAll("li")].map((li) => li.getBoundingClientRect());
    return {
      scrollHeight: list.scrollHeight,
      clientHeight: list.clientHeight,
      clipped: items.filter((item) => item.top < box.top - 1 || item.bottom > box.bottom + 1).length,
      items: items.length,
    };
  });
}

describe.skipIf(!baseUrl)("the layout at the sizes new players use", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [size, viewport] of SIZES) {
    it(`shows "Start the match" on the home page's first screen on a ${size}`, async () => {
      const watched = await openPage(browser, "/", viewport);
      const { page } = watched;
      await expectInViewport(page, ["#new-match h1", "#start"], `${size}, home`);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `home-first-screen-${size}`, { fullPage: false });
      watched.checkClean();
    });
  }

  it("keeps the cell names clear of the winning line's ring, and shows a finished game's moves whole", async () => {
    // A long finished game: fourteen quiet moves, then a resignation.
    const long = await twoPeople();
    await playQuietly(long, 14);
    const resigned = await fetch(`${baseUrl}/v1/matches/${long.id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${long.tokens[0].token}` } });
    expect(resigned.status, await resigned.text()).toBe(200);
    // A row of tall pieces a1 b1 c1 d1: Ada (seat 0, giving first) completes it with the fourth.
    const won = await twoPeople();
    const moves: { place?: number; give: number }[] = [{ give: 8 }, { place: 0, give: 9 }, { place: 1, give: 10 }, { place: 2, give: 11 }];
    for (const [ply, move] of moves.entries()) await api(`/v1/matches/${won.id}/moves`, { ply, ...move }, won.tokens[ply % 2].token);
    await api(`/v1/matches/${won.id}/moves`, { ply: 4, place: 3 }, won.tokens[0].token);
    expect((await api<MatchView>(`/v1/matches/${won.id}`)).result?.reason).toBe("quarto");

    for (const [size, viewport] of SIZES) {
      const board = await openPage(browser, `/matches/${won.id}`, viewport);
      await board.page.waitForSelector("#board-wrap .cell.winning");
      const seen = await labelsAgainstRings(board.page);
      expect(seen.map((cell) => cell.text)).toEqual(["a1", "b1", "c1", "d1"]);
      for (const cell of seen) expect(cell.nearest, `${size}: ${cell.text}'s name against the ring`).toBeGreaterThan(cell.outer);
      await screenshot(board.page, `winning-ring-${size}`, { fullPage: false });
      board.checkClean();
      await board.context.close();

      const finished = await openPage(browser, `/matches/${long.id}`, viewport);
      await finished.page.waitForSelector('#status [data-status="finished"]');
      const list = await moveListSeen(finished.page);
      expect(list.items, "Start and the 14 moves").toBe(15);
      expect(list.scrollHeight, `${size}: the list needs no scrolling`).toBeLessThanOrEqual(list.clientHeight + 1);
      expect(list.clipped, `${size}: moves cut by the list's edge`).toBe(0);
      await finished.page.locator("#moves").scrollIntoViewIfNeeded();
      await screenshot(finished.page, `finished-moves-${size}`, { fullPage: false });
      finished.checkClean();
      await finished.context.close();
    }
  });

  it("says the move shown while stepping back through a finished game, and the result again at the end", async () => {
    const created = await twoPeople();
    const moves: { place?: number; give: number }[] = [{ give: 8 }, { place: 0, give: 9 }, { place: 1, give: 10 }, { place: 2, give: 11 }];
    for (const [ply, move] of moves.entries()) await api(`/v1/matches/${created.id}/moves`, { ply, ...move }, created.tokens[ply % 2].token);
    await api(`/v1/matches/${created.id}/moves`, { ply: 4, place: 3 }, created.tokens[0].token);

    for (const [size, viewport] of SIZES) {
      const watched = await openPage(browser, `/matches/${created.id}`, viewport);
      const { page } = watched;
      // Ada's page: she holds seat 0.
      await holdSeat(page, created.id, created.tokens[0]);
      const status = () => page.textContent("#status");
      expect(await status()).toContain("You win with a Quarto!");
      await page.click('[data-step="first"]');
      expect(await status()).toBe("The start, before move 1 of 5: you give first.");
      await page.click('[data-step="next"]');
      expect(await status()).toBe("Move 1 of 5: you played -8. Next, Grace places the tall light round solid (8).");
      await page.click('#moves [data-ply="3"]');
      expect(await status()).toBe("Move 3 of 5: you played b1-A. Next, Grace places the tall light square solid (A).");
      expect(await status()).not.toContain("win");
      await page.keyboard.press("ArrowLeft");
      expect(await status()).toBe("Move 2 of 5: Grace played a1-9. Next, you place the tall light round hollow (9).");
      await screenshot(page, `stepping-status-${size}`, { fullPage: false });
      await page.click('[data-step="last"]');
      expect(await status()).toContain("You win with a Quarto! row a1 b1 c1 d1: all tall");
      watched.checkClean();
      await watched.context.close();
    }
  });

  it('names the roles so they read under "You": first to give, first to place', async () => {
    const created = await twoPeople();
    for (const [size, viewport] of SIZES) {
      const watched = await openPage(browser, `/matches/${created.id}`, viewport);
      const { page } = watched;
      await holdSeat(page, created.id, created.tokens[0]);
      const seats = await page.$$eval("#seats .seat", (cards) =>
        cards.map((card) => ({ name: card.querySelector(".seat-name")?.textContent, role: card.querySelector(".seat-role")?.textContent })),
      );
      expect(seats).toEqual([
        { name: "You (Ada)", role: "first to give" },
        { name: "Grace", role: "first to place" },
      ]);
      expect((await page.textContent("#seats")) ?? "").not.toMatch(/gives first|places first/);
      await screenshot(page, `seats-${size}`, { fullPage: false });
      watched.checkClean();
      await watched.context.close();
    }
  });
});
