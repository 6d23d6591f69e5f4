/**
 * A finished match's page shows its review (against `wrangler dev`, which reviews every game as it
 * ends): the strip of values for both players with the mistake marked, the mistake flagged in the move
 * list with what threw the value away and the moves that kept it; "Show the position" steps the board
 * back to it, and "Analyze it" opens the analysis page on that position. At phone and laptop sizes.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, type CreatedMatch, expectNoSidewaysScroll, LAPTOP, launchBrowser, openPage, PHONE, screenshot, skipReason } from "./chromium.ts";

if (skipReason) console.warn(`[browser tests] ${skipReason}`);

/** Seat 1's `c1-B` hands over the fourth tall piece: a give that turns a draw into a loss. */
const WON = ["-8", "a1-9", "b1-A", "c1-B", "d1"];

describe.skipIf(!baseUrl)("the review on a finished match's page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the values across the game, the mistake with what kept the value, its position and a link to analyze it", async () => {
    const created = await api<CreatedMatch>("/v1/matches", {
      firstSeat: 0,
      seats: [
        { kind: "human", take: true, name: "Ada" },
        { kind: "human", take: true, name: "Grace" },
      ],
    });
    for (const [ply, text] of WON.entries()) {
      const token = created.tokens.find((held) => held.seat === ply % 2)?.token as string;
      const [place, give] = text.startsWith("-") ? [undefined, text.slice(1)] : text.split("-");
      await api(`/v1/matches/${created.id}/moves`, { ply, ...(place ? { place } : {}), ...(give ? { give: Number.parseInt(give, 16) } : {}) }, token);
    }
    for (const [size, viewport] of [
      ["laptop", LAPTOP],
      ["phone", PHONE],
    ] as const) {
      const { page } = await openPage(browser, `/matches/${created.id}`, viewport);
      await page.waitForSelector("#review table.strip", { timeout: 30_000 });
      // Two rows of five moves, and the one mistake marked on Grace's row.
      expect(await page.locator("#review table.strip tbody tr").count()).toBe(2);
      expect(await page.locator("#review table.strip tbody tr").nth(0).locator("td.value").count()).toBe(5);
      expect(await page.locator("#review td.value.mistake").count()).toBe(1);
      // The name in the title between the isolates U+2068 and U+2069 (isolateText in src/pages/draw.ts).
      expect(await page.locator("#review tbody tr").nth(1).locator("td.value.mistake").getAttribute("title")).toContain("loss in 1 for \u2068Grace\u2069");
      expect(await page.locator("#review td.accuracy").allTextContents()).toEqual(["100%", "50%"]);
      // The mistake in words, with moves that kept the draw, and flagged in the move list.
      const item = page.locator("#review li.mistake-item");
      expect(await item.count()).toBe(1);
      const words = await item.textContent();
      expect(words).toContain("draw → loss");
      expect(words).toContain("give");
      expect(words).toContain("Kept it:");
      expect(await page.locator('#moves button[data-ply="4"] .mistake-flag').textContent()).toContain("give");
      await expectNoSidewaysScroll(page);
      await page.locator("#review").scrollIntoViewIfNeeded();
      await screenshot(page, `review-${size}`);
      // Its position: the board steps back to before the move (three pieces placed on row 1).
      await item.locator("button[data-review-show]").click();
      await page.waitForSelector('#status [data-shown-ply="3"]');
      const href = await item.locator("a").getAttribute("href");
      expect(href).toBe("/analyze?position=89..............A");
    }
  });
});
