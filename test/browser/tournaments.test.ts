/**
 * /tournaments in the browser against `wrangler dev`: the form offers the built-in bots and the
 * registered ones open to everyone, starts a round robin and opens its live page, which follows it to the end; the list
 * shows it (newest first, a page at a time); an SPRT started from the form can be cancelled from its
 * page by the browser that started it (it holds the management token). No table scrolls sideways at
 * 1366x768, 1280x800 or on a phone.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentOutput } from "../../src/wire/index.ts";
import { api, baseUrl, expectNoSidewaysScrollAnywhere, launchBrowser, openPage, SIZES, screenshot } from "./chromium.ts";

describe.skipIf(!baseUrl)("the tournaments page", () => {
  let browser: Browser;
  let botId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    // A registered bot: this Worker's own built-in "medium" served with the bot protocol (npm start allows bots on this machine).
    // Open to everyone, so the form offers it; a bot kept by its owner is not offered.
    const bot = await api<{ id: string }>("/v1/bots", { name: "page-medium", url: `${baseUrl}/bots/medium/`, entry: "open" });
    await api("/v1/bots", { name: "page-owned", url: `${baseUrl}/bots/easy/` });
    botId = bot.id;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("starts a round robin of a built-in and a registered bot from its form, then follows it on its page", async () => {
    const watched = await openPage(browser, "/tournaments");
    const { page } = watched;
    const offered = await page.$$eval('#new-tournament input[name="bots"]', (inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(offered).toEqual(["random", "easy", "medium", "hard", "perfect", botId]);
    await screenshot(page, "tournaments-form");

    await page.fill('input[name="name"]', "Form round robin");
    await page.uncheck('input[name="bots"][value="easy"]');
    await page.check(`input[name="bots"][value="${botId}"]`);
    await page.fill('input[name="moveSeconds"]', "5");
    await page.click("#start-tournament");
    await page.waitForURL(/\/tournaments\/[a-z2-7]{26}$/);
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    expect(await page.textContent("h1")).toContain("Form round robin");
    const started = await api<TournamentOutput>(`/v1/tournaments/${id}`);
    expect(started.bots.map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: "random", kind: "builtIn" },
      { name: "page-medium", kind: "registered" },
    ]);
    expect(started.clock).toEqual({ kind: "move", moveMs: 5000 });
    expect(started.gamesPerPair).toBe(2);
    await page.waitForSelector('#summary [data-status="finished"]', { timeout: 60_000 });
    // The page's browser holds the token, but there is nothing left to cancel.
    expect(await page.isHidden("#manage")).toBe(true);

    // The list shows it first, finished, linking to its page.
    await page.goto(`${baseUrl}/tournaments`);
    const first = page.locator("table.tournament-list tbody tr").first();
    expect(await first.getAttribute("data-tournament")).toBe(id);
    expect(await first.getAttribute("data-status")).toBe("finished");
    expect(await first.locator("a").getAttribute("href")).toBe(`/tournaments/${id}`);
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await expectNoSidewaysScrollAnywhere(page, size);
      await screenshot(page, `tournaments-${size}`);
    }
    watched.checkClean();
  });

  it("starts an SPRT from the form, and the browser that started it cancels it from its page", async () => {
    const watched = await openPage(browser, "/tournaments");
    const { page } = watched;
    await page.check('input[name="kind"][value="sprt"]');
    expect(await page.isVisible("#sprt-field")).toBe(true);
    expect(await page.isHidden("#bots-field")).toBe(true);
    await page.selectOption('select[name="test"]', "hard");
    await page.selectOption('select[name="base"]', "medium");
    await page.selectOption('select[name="openings"]', "classic");
    await page.fill('input[name="maxGames"]', "400");
    await page.click("#start-tournament");
    await page.waitForURL(/\/tournaments\/[a-z2-7]{26}$/);
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    const view = await api<TournamentOutput>(`/v1/tournaments/${id}`);
    expect({ kind: view.kind, bots: view.bots.map((bot) => bot.name), suite: view.openings?.suite }).toEqual({ kind: "sprt", bots: ["hard", "medium"], suite: "classic" });
    expect(view.sprt).toMatchObject({ elo0: 0, elo1: 10, maxGames: 400 });
    await page.waitForSelector("#manage:not([hidden])");
    await page.click("#cancel-button");
    expect(await page.textContent("#cancel-button")).toBe("Click again to cancel");
    await page.click("#cancel-button");
    await page.waitForSelector('#summary [data-status="cancelled"]');
    expect((await api<TournamentOutput>(`/v1/tournaments/${id}`)).status).toBe("cancelled");
    expect(await page.isHidden("#manage")).toBe(true);
    expect(await page.textContent(".sprt-decision")).toBe("No decision: the tournament was cancelled.");
    await screenshot(page, "tournament-cancelled");
    watched.checkClean();
  });

  // After the two tests above, at least two tournaments exist.
  it("lists the tournaments a page at a time, newest first", async () => {
    const watched = await openPage(browser, "/tournaments?limit=1");
    const { page } = watched;
    const ids: string[] = [];
    for (let pageNumber = 0; pageNumber < 2; pageNumber++) {
      const rows = await page.$$eval("table.tournament-list tbody tr", (trs) => trs.map((tr) => tr.getAttribute("data-tournament") ?? ""));
      expect(rows.length).toBe(1);
      ids.push(rows[0]);
      if (pageNumber === 0) await Promise.all([page.waitForURL(/cursor=/), page.click("#older")]);
    }
    expect(new Set(ids).size, "two pages, two tournaments").toBe(2);
    const created = await Promise.all(ids.map((id) => api<TournamentOutput>(`/v1/tournaments/${id}`)));
    expect(created[0].createdAt >= created[1].createdAt).toBe(true);
    watched.checkClean();
  });

  it("says what is missing, and starts nothing", async () => {
    const watched = await openPage(browser, "/tournaments");
    const { page } = watched;
    await page.uncheck('input[name="bots"][value="easy"]');
    await page.click("#start-tournament");
    expect(await page.textContent("#form-error")).toBe("Tick at least two bots.");
    expect(page.url()).toMatch(/\/tournaments$/);
    watched.checkClean();
  });
});
