/**
 * The ladder under `npm start` (which the browser tests run, as the README says): the built-in anchors
 * are on it; two registered bots join it and are paired within two minutes with nothing run by hand (no
 * `GET /__scheduled`: the ladder's own alarm pairs them, with each other or an anchor); the pairing's two
 * games are played and recorded by the same alarm, and /ladder and
 * /ladder/{bot} show them, ratings in whole points as on the tournament pages; once the games are
 * reviewed (wrangler dev reviews every game as it ends) a bot's page shows its accuracy and its recent
 * mistakes, each linked to its game and to the analysis of the position before it; no table scrolls
 * sideways at 1366x768, 1280x800 or on a phone.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LadderBotOutput, LadderPageOutput, TournamentOutput } from "../../src/wire/index.ts";
import { api, baseUrl, expectNoSidewaysScrollAnywhere, launchBrowser, openPage, SIZES, screenshot } from "./chromium.ts";

const ladder = () => api<LadderPageOutput>("/v1/ladder");

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms (${JSON.stringify(value).slice(0, 300)})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe.skipIf(!baseUrl)("the ladder under npm start", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("pairs the bots that joined by itself within two minutes, and shows their games", async () => {
    // Two bots on this machine: this Worker's built-in "easy" and "random", served with the bot protocol.
    const joined: { id: string }[] = [];
    for (const [name, level] of [
      ["ladder-easy", "easy"],
      ["ladder-random", "random"],
    ]) {
      joined.push(await api<{ id: string }>("/v1/bots", { name, url: `${baseUrl}/bots/${level}/`, ladder: true }));
    }
    const joinedAt = Date.now();
    const anchors = (await ladder()).bots.filter((entry) => entry.anchor).map((entry) => entry.bot.id);
    expect(anchors.sort()).toEqual(["easy", "hard", "medium"]);

    // Nothing is run by hand: the ladder's alarm pairs both, each with the other or with an anchor.
    const paired = await until(
      "both bots paired",
      ladder,
      (page) => page.bots.filter((entry) => joined.some((bot) => bot.id === entry.bot.id) && entry.playing !== null).length === 2,
      120_000,
    );
    expect(Date.now() - joinedAt).toBeLessThan(120_000);
    const entries = paired.bots.filter((entry) => joined.some((bot) => bot.id === entry.bot.id));
    for (const entry of entries) expect(["ladder-easy", "ladder-random", ...anchors]).toContain(entry.playing?.opponent.name);
    const pairing = entries[0].playing?.tournamentId as string;

    const watched = await openPage(browser, "/ladder");
    const { page } = watched;
    expect(await page.textContent("table.ladder-table")).toContain("playing ");
    expect(await page.$$eval(".anchor-tag", (tags) => tags.length)).toBe(3);
    await screenshot(page, "ladder-playing");

    // The pairing's two games are played; the ladder's alarm records them.
    await until(
      "the pairing's end",
      () => api<TournamentOutput>(`/v1/tournaments/${pairing}`),
      (view) => view.status === "finished",
    );
    const recorded = await until(
      "the games recorded",
      ladder,
      (page) => page.bots.filter((entry) => joined.some((bot) => bot.id === entry.bot.id)).every((entry) => entry.games >= 2),
      120_000,
    );
    const easy = recorded.bots.find((entry) => entry.bot.id === joined[0].id);
    expect(easy?.games).toBeGreaterThanOrEqual(2);
    // The reviews follow the games, in the background: random's accuracy once both of its first games are reviewed.
    const random = await until(
      "random's games reviewed",
      () => api<LadderBotOutput>(`/v1/ladder/${joined[1].id}`),
      (entry) => entry.accuracy.games >= 2,
    );
    expect(random.accuracy.accuracy).not.toBeNull();
    const gamesOfRandom = new Set(random.recentGames.map((game) => game.matchId));

    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseUrl}/ladder`);
      // Ratings in whole points, with their deviation ("1641 ± 303"), an anchor's fixed ("1500 fixed").
      const ratings = await page.$$eval("table.ladder-table tbody tr td:nth-child(3)", (cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
      for (const rating of ratings) expect(rating).toMatch(/^\d+ (±\s\d+|fixed)$/);
      await expectNoSidewaysScrollAnywhere(page, `${size} /ladder`);
      await screenshot(page, `ladder-${size}`);

      await page.goto(`${baseUrl}/ladder/${joined[0].id}`);
      expect(await page.textContent("h1")).toContain("ladder-easy");
      expect(await page.$$eval("table.ladder-table tbody tr", (rows) => rows.length)).toBeGreaterThanOrEqual(2);
      const stats = (await page.textContent(".ladder-stats")) ?? "";
      expect(stats).toMatch(/Rating \d+ ± \d+\s/);
      await expectNoSidewaysScrollAnywhere(page, `${size} /ladder/{bot}`);
      await screenshot(page, `ladder-bot-${size}`);

      // Random's page: its accuracy, and each of its recent mistakes linked to its game and its position.
      await page.goto(`${baseUrl}/ladder/${joined[1].id}`);
      expect(await page.textContent("#ladder-accuracy")).toMatch(/Accuracy \d+%\s+\d+ of \d+ moves kept the value in \d+ games/);
      const mistakes = await page.$$eval("#recent-mistakes li", (items) =>
        items.map((item) => [...item.querySelectorAll("a")].map((link) => link.getAttribute("href") ?? "")),
      );
      // Reviews of later games may have landed since the API was read: they only add mistakes, up to ten.
      expect(mistakes.length).toBeGreaterThanOrEqual(random.recentMistakes.length);
      expect(mistakes.length).toBeLessThanOrEqual(10);
      if (mistakes.length === 0) expect(await page.textContent("#no-mistakes")).toBe("No mistake in its reviewed games.");
      for (const [game, analyze] of mistakes) {
        expect(gamesOfRandom.has(game.replace("/matches/", ""))).toBe(true);
        expect(analyze).toMatch(/^\/analyze\?position=[0-9A-F.]{17}$/);
      }
      await expectNoSidewaysScrollAnywhere(page, `${size} /ladder/{bot} with mistakes`);
      await screenshot(page, `ladder-bot-mistakes-${size}`);
    }
    // A mistake's analysis link opens the analysis of the position before it.
    const [, analyzeLink] =
      (
        await page.$$eval("#recent-mistakes li", (items) => items.map((item) => [...item.querySelectorAll("a")].map((link) => link.getAttribute("href") ?? "")))
      )[0] ?? [];
    if (analyzeLink) {
      await page.click(`#recent-mistakes li:first-child a[href="${analyzeLink}"]`);
      await page.waitForURL(/\/analyze\?/);
      expect(await page.inputValue("#position")).toBe(decodeURIComponent(analyzeLink.replace("/analyze?position=", "")));
    }
    watched.checkClean();
  });
});
