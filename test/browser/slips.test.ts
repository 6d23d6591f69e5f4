/**
 * The slips a new player met on the pages, each checked at phone and laptop sizes (with screenshots):
 * a drawn game's "Every piece is on the board." spans the piece grid instead of one narrow column; the
 * cell chosen for the piece in hand wears a dashed green ring, not the blue ring of the last placement;
 * Copy says it copied (or how to copy); the engine levels say how strong they are; the analysis shows
 * the placements to the end and a best line; an address nothing serves is a page, not raw JSON.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type CreatedMatch, expectNoSidewaysScroll, holdSeat, LAPTOP, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

// A drawn classic game (16 placements, no Quarto), as text moves.
const DRAWN = "-1 c1-7 a3-2 d4-0 c3-9 a1-5 a2-4 a4-B b4-8 d3-3 b3-E b2-C b1-6 d1-F c4-A c2-D d2".split(" ");
const SIZES = [
  ["phone", PHONE],
  ["laptop", LAPTOP],
] as const;

function moveBody(ply: number, text: string) {
  const [place, give] = text.split("-");
  const cell = place ? "abcd".indexOf(place[0]) + 4 * (Number(place[1]) - 1) : undefined;
  return { ply, ...(cell === undefined ? {} : { place: cell }), ...(give === undefined ? {} : { give: Number.parseInt(give, 16) }) };
}

describe.skipIf(!baseUrl)("the slips a new player met", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a drawn game: 'Every piece is on the board.' spans the piece grid on one or two lines", async () => {
    const created = await api<CreatedMatch>("/v1/matches", { firstSeat: 0, seats: [{ kind: "human", take: true }, { kind: "human", take: true }] });
    for (const [ply, text] of DRAWN.entries()) await api(`/v1/matches/${created.id}/moves`, moveBody(ply, text), created.tokens[ply % 2].token);
    for (const [name, viewport] of SIZES) {
      const watched = await openPage(browser, `/matches/${created.id}`, viewport);
      const { page } = watched;
      await page.waitForSelector(".pool-empty");
      // Measured once the page's script has drawn the pool (it draws it again when its socket opens).
      const measure = async () => {
        const [note, pool] = await Promise.all([page.locator(".pool-empty").boundingBox(), page.locator("#pool, .pool").first().boundingBox()]);
        return note && pool && note.width > 0 ? { share: note.width / pool.width, height: note.height } : { share: 0, height: 99 };
      };
      await expect.poll(async () => (await measure()).share, { timeout: 20_000 }).toBeGreaterThan(0.8);
      expect((await measure()).height).toBeLessThan(50);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `slip-drawn-${name}`);
      watched.checkClean();
      await watched.context.close();
    }
  });

  it("the chosen cell's ring is dashed green, the last placement's solid blue; Copy answers", async () => {
    const created = await api<CreatedMatch>("/v1/matches", { firstSeat: 0, seats: [{ kind: "human", take: true }, { kind: "engine", level: "easy" }] });
    await api(`/v1/matches/${created.id}/moves`, { ply: 0, give: 0 }, created.tokens[0].token);
    for (const [name, viewport] of SIZES) {
      const watched = await openPage(browser, `/matches/${created.id}`, viewport);
      const { page } = watched;
      await holdSeat(page, created.id, { seat: 0, token: created.tokens[0].token });
      await page.waitForSelector("#board-wrap .cell.last");
      const empty = await page.getAttribute("#board-wrap .cell.playable", "data-cell");
      await page.click(`#board-wrap .cell.playable[data-cell="${empty}"]`);
      await page.waitForSelector("#board-wrap .cell.tentative");
      const rings = await page.evaluate(() => {
        const ring = (selector: string) => {
          const spot = document.querySelector(`${selector} .spot`);
          const style = spot ? getComputedStyle(spot) : null;
          return { stroke: style?.stroke ?? "", dashes: style?.strokeDasharray ?? "" };
        };
        return { tentative: ring("#board-wrap .cell.tentative"), last: ring("#board-wrap .cell.last") };
      });
      expect(rings.tentative.dashes).not.toBe("none");
      expect(rings.last.dashes).toBe("none");
      expect(rings.tentative.stroke).not.toBe(rings.last.stroke);
      await screenshot(page, `slip-rings-${name}`, { fullPage: false });
      watched.checkClean();
      await watched.context.close();
    }

    const friend = await api<CreatedMatch>("/v1/matches", { seats: [{ kind: "human", take: true }, { kind: "human" }] });
    const watched = await openPage(browser, `/matches/${friend.id}`, PHONE);
    const { page } = watched;
    await holdSeat(page, friend.id, { seat: 0, token: friend.tokens[0].token });
    await page.waitForSelector("#copy-link");
    await page.click("#copy-link");
    await page.waitForFunction(() => document.querySelector("#copy-link")?.textContent !== "Copy");
    expect(await page.textContent("#copy-link")).toMatch(/^(Copied ✓|Select and copy)$/);
    await screenshot(page, "slip-copy-phone", { fullPage: false });
    await watched.context.close();
  });

  it("the engine levels say how they play; the analysis gives the placements to the end and a best line", async () => {
    for (const [name, viewport] of SIZES) {
      const home = await openPage(browser, "/", viewport);
      expect(await home.page.textContent("#level-note")).toBe("takes a win in one, never hands one over");
      await home.page.selectOption('select[name="level"]', "perfect");
      expect(await home.page.textContent("#level-note")).toContain("never throws a win away");
      await screenshot(home.page, `slip-levels-${name}`, { fullPage: false });
      home.checkClean();
      await home.context.close();

      const watched = await openPage(browser, "/analyze?position=..5.A...D3EF90.67", viewport);
      const { page } = watched;
      await page.waitForSelector("#line .best-line");
      const expected = await api<{ pliesToEnd: number }>("/v1/evaluate", { position: "..5.A...D3EF90.67", distance: true });
      expect(await page.textContent("#line")).toContain(`The game ends in ${expected.pliesToEnd} placements with best play`);
      expect(await page.$$eval("#line .best-line code", (codes) => codes.length)).toBeGreaterThan(1);
      await expectNoSidewaysScroll(page);
      await screenshot(page, `slip-analysis-${name}`);
      watched.checkClean();
      await watched.context.close();
    }
  });

  it("an address nothing serves opens a page saying so", async () => {
    for (const [name, viewport] of SIZES) {
      const watched = await openPage(browser, "/no/such/page", viewport);
      expect(await watched.page.textContent("h1")).toBe("Not found");
      expect(await watched.page.$$eval("header.site nav a", (links) => links.length)).toBe(8);
      await screenshot(watched.page, `slip-not-found-${name}`, { fullPage: false });
      await watched.context.close();
    }
  });
});
