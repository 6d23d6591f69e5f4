/**
 * Names with direction controls in them, in the browser: a tournament named with a right-to-left
 * override (U+202E), and an unpaired isolate close (U+2069) before it that would end an isolate early, keep
 * the tournament's id in the page's heading reading left to right; a person's seat name with the same
 * leaves the words after it in the match's status line in their order, on the first render and on the
 * script's re-renders alike. The order is measured where chromium draws each character.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchView, TournamentOutput } from "../../src/wire/index.ts";
import { api, baseUrl, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

const HOSTILE = "\u2069\u202Eevil";

/**
 * The left edge of each character of `text` where it first occurs in the element `selector`, in the
 * order the characters come in the text: increasing when the text is drawn left to right.
 */
function edgesOf(page: Page, selector: string, text: string): Promise<number[]> {
  return page.$eval(
    selector,
    (root, wanted) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const whole = nodes.map((node) => node.data).join("");
      const start = whole.indexOf(wanted);
      if (start < 0) throw new Error(`"${wanted}" is not in ${JSON.stringify(whole)}`);
      const edges: number[] = [];
      for (let at = start; at < start + wanted.length; at++) {
        let offset = at;
        let index = 0;
        while (offset >= nodes[index].data.length) offset -= nodes[index++].data.length;
        const node = nodes[index];
        const range = document.createRange();
        range.setStart(node, offset);
        range.setEnd(node, offset + 1);
        edges.push(range.getBoundingClientRect().left);
      }
      return edges;
    },
    text,
  );
}

const increasing = (edges: number[]) => edges.every((edge, index) => index === 0 || edge > edges[index - 1]);

describe.skipIf(!baseUrl)("names with direction controls", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("leave a tournament's id in its heading, and the words around a bot's name, in their order", async () => {
    const created = await api<{ id: string; state: TournamentOutput }>("/v1/tournaments", {
      name: HOSTILE,
      bots: ["random", "easy"],
      gamesPerPair: 2,
      seed: 5,
    });
    const watched = await openPage(browser, `/tournaments/${created.id}`, PHONE);
    const { page } = watched;
    expect(await page.textContent("h1")).toContain("evil");
    const edges = await edgesOf(page, "h1", created.id);
    expect(increasing(edges), `the id's characters at ${edges.join(", ")}`).toBe(true);
    await screenshot(page, "bidi-tournament-phone");
    watched.checkClean();
    await watched.context.close();
  });

  it("leave the words after a person's name in the match's status line in their order, as the script re-renders it", async () => {
    const created = await api<{ id: string; tokens: { seat: 0 | 1; token: string }[]; state: MatchView }>("/v1/matches", {
      seats: [
        { kind: "human", take: true, name: HOSTILE },
        { kind: "human", take: true, name: `${HOSTILE}2` },
      ],
      firstSeat: 0,
    });
    const watched = await openPage(browser, `/matches/${created.id}`);
    const { page } = watched;
    // Rendered by the server, then again by the page script once its socket is open.
    const sentence = "chooses a piece to give.";
    expect(increasing(await edgesOf(page, "#status", sentence))).toBe(true);
    await page.waitForSelector("#live:not(.off)");
    expect(increasing(await edgesOf(page, "#status", sentence))).toBe(true);
    watched.checkClean();
    await watched.context.close();
  });
});
