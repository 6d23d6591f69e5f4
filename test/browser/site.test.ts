/**
 * Every page against `wrangler dev`: the same navigation (Play, Puzzles, Learn, Analyze, Tournaments, Ladder, Bots, API docs)
 * on each, and no console error on any: not a script error, not a refused resource, not even the 404 of
 * a missing icon (the icon is served at /favicon.ico, which browsers ask for on /docs too). The home
 * page's "Error codes" opens a readable page, not raw JSON.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type CreatedMatch, DESKTOP, launchBrowser, PHONE, screenshot } from "./chromium.ts";

const NAVIGATION = [
  ["Play", "/"],
  ["Puzzles", "/puzzles"],
  ["Learn", "/learn"],
  ["Analyze", "/analyze"],
  ["Tournaments", "/tournaments"],
  ["Ladder", "/ladder"],
  ["Bots", "/bots"],
  ["API docs", "/docs"],
];

/** Opens a page recording every console error and every answer of 400 or more to the page's own requests. */
async function strictPage(browser: Browser, path: string, viewport = DESKTOP): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`script: ${error.message}`));
  page.on("response", (response) => {
    // The page's scripts may be refused by the API on purpose; the page's own resources never are.
    const type = response.request().resourceType();
    if (response.status() >= 400 && !["fetch", "xhr"].includes(type)) problems.push(`${response.status()} ${type} ${response.url()}`);
  });
  page.setDefaultTimeout(60_000);
  await page.goto(`${baseUrl}${path}`);
  return { page, problems, close: () => context.close() };
}

describe.skipIf(!baseUrl)("every page", () => {
  let browser: Browser;
  let paths: string[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const match = await api<CreatedMatch>("/v1/matches", { seats: [{ kind: "human", take: true }, { kind: "engine", level: "easy" }] });
    const tournament = await api<{ id: string }>("/v1/tournaments", { name: "Every page", bots: ["random", "easy"], gamesPerPair: 2, seed: 2 });
    const bot = await api<{ id: string }>("/v1/bots", { name: `every-page-${Math.random().toString(36).slice(2, 7)}`, connection: "stream" });
    paths = [
      "/",
      "/puzzles",
      "/learn",
      "/analyze",
      "/analyze?position=0A3.............5",
      `/matches/${match.id}`,
      "/tournaments",
      `/tournaments/${tournament.id}`,
      "/ladder",
      "/bots",
      `/bots/${bot.id}`,
      "/problems",
      "/problems/position/bad_character",
      `/matches/${"b".repeat(26)}`,
    ];
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the same navigation on each, Tournaments and Ladder included", async () => {
    for (const path of paths) {
      const { page, close } = await strictPage(browser, path);
      const links = await page.$$eval("header.site nav a", (anchors) => anchors.map((anchor) => [anchor.textContent, anchor.getAttribute("href")]));
      expect(links, path).toEqual(NAVIGATION);
      await close();
    }
    // On a phone the navigation fits beside the logo or below it, without scrolling sideways.
    const { page, close } = await strictPage(browser, "/tournaments", PHONE);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, "navigation-phone", { fullPage: false });
    await close();
  });

  it("logs no console error on any page, on a laptop and a phone, /docs included", async () => {
    // (The page of a match that does not exist answers 404 by design, which the browser logs: it is left out.)
    const found = paths.filter((path) => !path.startsWith("/matches/bbb"));
    for (const viewport of [DESKTOP, PHONE]) {
      for (const path of found) {
        const { page, problems, close } = await strictPage(browser, path, viewport);
        // Give the page's scripts (and the icon) their first round trips.
        await page.waitForLoadState("networkidle");
        expect(problems, `${path} at ${viewport.width}px`).toEqual([]);
        await close();
      }
    }
    const docs = await strictPage(browser, "/docs");
    await docs.page.waitForSelector(".endpoint-path");
    expect(docs.problems, "/docs").toEqual([]);
    await docs.close();
  }, 180_000);

  it("serves the icon every page links to, which browsers also ask /docs for", async () => {
    const response = await fetch(`${baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/x-icon");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // An ICO file: reserved 0, type 1, and three images (16, 32 and 48 pixels), each a PNG.
    expect([...bytes.slice(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]);
    expect([bytes[6], bytes[22], bytes[38]]).toEqual([16, 32, 48]);
    const { page, close } = await strictPage(browser, "/");
    expect(await page.getAttribute('link[rel="icon"]', "href")).toBe("/favicon.ico");
    await close();
  });

  it('opens a readable page from the home page\'s "Error codes", and from a problem\'s type', async () => {
    const { page, problems, close } = await strictPage(browser, "/");
    await page.click('a[href="/problems"]');
    await page.waitForURL(/\/problems$/);
    expect(await page.textContent("h1")).toBe("Error codes");
    const codes = await page.$$eval("table.problems tbody tr", (rows) => rows.map((row) => row.getAttribute("data-code")));
    const listed = await api<{ problems: { code: string }[] }>("/problems");
    expect(codes).toEqual(listed.problems.map((problem) => problem.code));
    await screenshot(page, "problems");
    // A problem document's type, followed in a browser.
    await page.click('a[href="/problems/position/bad_character"]');
    await page.waitForURL(/\/problems\/position\/bad_character$/);
    expect(await page.textContent("h1")).toBe("position/bad_character");
    expect(problems).toEqual([]);
    await close();
  });
});
