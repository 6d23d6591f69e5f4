/**
 * Names people give (a tournament's, a seat's) shown on the pages inside an isolate, so a direction
 * control in one (U+202E, the right-to-left override) reorders only the name and never the text after it:
 * every U+202E of a page's markup sits in a <bdi> of its own or between the isolates U+2068 and U+2069, and
 * an unpaired U+2069 in a name (which would close the isolate early) is not on the page.
 * test/browser/bidi.test.ts measures the order chromium draws.
 */
import { describe, expect, it } from "vitest";
import { postJson, request } from "./http.ts";
import { createMatch, sendMove, tokenOf } from "./match-client.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const OVERRIDE = "\u202E";
const HOSTILE = `\u2069${OVERRIDE}evil`;

async function markupOf(path: string): Promise<string> {
  const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
  expect(response.status, path).toBe(200);
  // The page's config is JSON data for its script, not shown.
  return (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
}

/** Each U+202E of the markup with what isolates it, or the 40 characters before it when nothing does. */
function isolation(markup: string): string[] {
  const found: string[] = [];
  for (let at = markup.indexOf(OVERRIDE); at >= 0; at = markup.indexOf(OVERRIDE, at + 1)) {
    const before = markup.slice(0, at);
    const after = markup.slice(at);
    const inBdi = /<bdi>[^<]*$/.test(before) && /^[^<]*<\/bdi>/.test(after);
    const inIsolates = /\u2068[^\u2069]*$/.test(before) && /^[^\u2068]*\u2069/.test(after);
    found.push(inBdi ? "bdi" : inIsolates ? "isolates" : `nothing: ${JSON.stringify(before.slice(-40))}`);
  }
  return found;
}

describe("a name with direction controls", () => {
  it("is isolated wherever the tournament's pages show it, the heading with the id included", async () => {
    const created = (await (await postJson("/v1/tournaments", { name: HOSTILE, bots: ["random", "easy"], gamesPerPair: 2 })).json()) as { id: string };
    const page = await markupOf(`/tournaments/${created.id}`);
    expect(page).toContain(`<h1 id="title"><bdi>${OVERRIDE}evil</bdi> <code>${created.id}</code></h1>`);
    expect(page).toContain(`<title>\u2068${OVERRIDE}evil\u2069 ${created.id.slice(0, 6)} · Quarto</title>`);
    expect(isolation(page)).toEqual(["isolates", "bdi"]);

    const list = await markupOf("/tournaments");
    expect(list).toContain(`<bdi>${OVERRIDE}evil</bdi></a>`);
    expect(
      isolation(list).every((how) => how === "bdi"),
      isolation(list).join("; "),
    ).toBe(true);
    for (const markup of [page, list]) expect(markup.replace(/\u2068[^\u2069]*\u2069/g, "")).not.toContain("\u2069");
  });

  it("is isolated in a match's seats, its status line, its moves and its result", async () => {
    const created = await createMatch({
      seats: [
        { kind: "human", take: true, name: HOSTILE },
        { kind: "human", take: true, name: `${HOSTILE}2` },
      ],
    });
    const moves = ["-8", "a1-9", "b1-A", "c1-B", "d1"];
    for (const [ply, move] of moves.entries()) {
      const response = await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, move);
      expect(response.status, await response.text()).toBe(200);
    }
    const page = await markupOf(`/matches/${created.id}`);
    expect(page).toContain(`<bdi>${OVERRIDE}evil</bdi> wins with a Quarto! row a1 b1 c1 d1: all tall`);
    // Two seat cards, the result, and the five moves' movers.
    const found = isolation(page);
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(
      found.every((how) => how === "bdi"),
      found.join("; "),
    ).toBe(true);
    expect(page).not.toContain("\u2069");
  });
});
