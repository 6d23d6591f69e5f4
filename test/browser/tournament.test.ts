/**
 * /tournaments/{id} in the browser against `wrangler dev`: a round robin of built-in bots, opened while
 * it runs, follows it to the end without a reload and then shows the standings, crosstable and games
 * the API reports; each game links to its match page, which links back. No table scrolls sideways, on a
 * laptop or a phone.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentOutput } from "../../src/wire/index.ts";
import { api, baseUrl, expectNoSidewaysScrollAnywhere, launchBrowser, openPage, PHONE, SIZES, screenshot } from "./chromium.ts";

describe.skipIf(!baseUrl)("the tournament page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("follows a tournament to its end and shows the standings the API reports", async () => {
    const created = await api<{ id: string; state: TournamentOutput }>("/v1/tournaments", {
      name: "Browser round robin",
      bots: ["random", "easy", "medium"],
      gamesPerPair: 2,
      seed: 11,
    });
    const watched = await openPage(browser, `/tournaments/${created.id}`);
    const { page } = watched;
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    expect(await page.textContent("h1")).toContain("Browser round robin");
    await page.waitForSelector('#summary [data-status="finished"]', { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    let view = await api<TournamentOutput>(`/v1/tournaments/${created.id}`);
    expect(view.status).toBe("finished");
    // wrangler dev reviews every game as it ends, in the background: once every game is reviewed, each
    // bot's accuracy is on the page (reloaded).
    for (let tries = 0; view.accuracy.some((row, index) => row.games < (view.standings.find((standing) => standing.bot === row.bot)?.games ?? index)); tries++) {
      if (tries > 120) throw new Error(`the games are not all reviewed: ${JSON.stringify(view.accuracy)}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      view = await api<TournamentOutput>(`/v1/tournaments/${created.id}`);
    }
    await page.reload();
    await page.waitForSelector("table.standings");
    const rows = await page.$$eval("table.standings tbody tr", (rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "")),
    );
    const points = (value: number) => `${Math.floor(value) === 0 && value % 1 ? "" : Math.floor(value)}${value % 1 ? "½" : ""}`;
    expect(rows).toEqual(
      view.standings.map((row) => [
        String(row.rank),
        row.bot,
        points(row.points),
        String(row.wins),
        String(row.draws),
        `${row.losses}${row.forfeits ? ` (${row.forfeits} forfeit${row.forfeits === 1 ? "" : "s"})` : ""}`,
        // The phone's one column for won, drawn and lost.
        `${row.wins}–${row.draws}–${row.losses}${row.forfeits ? ` (${row.forfeits}\u00a0f.)` : ""}`,
        String(row.games),
        row.sonnebornBerger.toFixed(2),
        // Whole points, as on the ladder.
        `${Math.round(row.rating)} ±\u00a0${Math.round(row.ratingDeviation)}`,
        `${Math.round(100 * (view.accuracy.find((entry) => entry.bot === row.bot)?.accuracy as number))}%`,
      ]),
    );
    // The crosstable: one row per bot, in standings order.
    const crossRows = await page.$$eval("table.crosstable tbody th", (cells) => cells.map((cell) => cell.textContent));
    expect(crossRows).toEqual(view.crosstable.bots.map((bot, index) => `${index + 1}. ${bot}`));
    // Every game, each linking to its match page.
    const links = await page.$$eval("table.games tbody tr a", (anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    expect(links).toEqual(view.games.map((game) => game.links?.page));
    await screenshot(page, "tournament");
    // No table scrolls sideways in its box, on a laptop or a phone (on a phone the standings show W–D–L in one column, without the games).
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScrollAnywhere(page, size);
      const visible = await page.$$eval("table.standings thead th", (cells) => cells.filter((cell) => (cell as HTMLElement).offsetParent !== null).map((cell) => cell.textContent));
      expect(visible, size).toEqual(
        size.startsWith("phone") ? ["#", "Bot", "Points", "W–D–L", "SB", "Rating", "Accuracy"] : ["#", "Bot", "Points", "Won", "Drawn", "Lost", "Games", "SB", "Rating", "Accuracy"],
      );
      await screenshot(page, `tournament-${size}`);
    }
    await page.setViewportSize(PHONE);
    await screenshot(page, "tournament-phone");

    // A game's page links back to its tournament; a finished bot game offers analysis, not a rematch.
    await page.click("table.games tbody tr:first-child a");
    await page.waitForURL(/\/matches\//);
    await page.waitForSelector('[data-status="finished"]');
    expect(await page.getAttribute("#tournament-link", "href")).toBe(`/tournaments/${created.id}`);
    expect(await page.isVisible("#analyze-link")).toBe(true);
    expect(await page.isHidden("#rematch-button")).toBe(true);
    await page.click("#tournament-link");
    await page.waitForURL(new RegExp(`/tournaments/${created.id}$`));
    expect(await page.textContent("h1")).toContain("Browser round robin");
    watched.checkClean();
  });
});
