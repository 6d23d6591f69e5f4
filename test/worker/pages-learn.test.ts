/**
 * /learn and /puzzles as served: the pages answer HTML, and what /learn shows on its boards is what the
 * rules core plays (the win is a win, the square wins only when squares count, the beginners' row wins
 * nothing with color alone though it shares an attribute), and its first puzzle is a one-move puzzle;
 * an address nothing serves is a page for a browser.
 */
import { describe, expect, it } from "vitest";
import { committedPuzzle } from "../../src/puzzles/index.ts";
import { CLASSIC_RULES, completedShapes, makeRules, readPosition, type Rules } from "../../src/rules/index.ts";
import { LEARN_BOARDS } from "../../src/pages/learn.ts";
import { request } from "./http.ts";

const BROWSER = { Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

const shapes = (position: string, rules: Rules) => {
  const read = readPosition(position, rules);
  if (!read.ok) throw new Error(read.error.detail);
  return completedShapes(read.value, rules);
};

describe("/learn", () => {
  it("draws boards that say what the rules core plays", () => {
    expect(shapes(LEARN_BOARDS.win.position, LEARN_BOARDS.win.rules).map((shape) => shape.attributes)).toEqual([["tall", "light"]]);
    expect(shapes(LEARN_BOARDS.square.position, LEARN_BOARDS.square.rules).map((shape) => shape.kind)).toEqual(["square"]);
    expect(shapes(LEARN_BOARDS.square.position, CLASSIC_RULES)).toEqual([]);
    expect(shapes(LEARN_BOARDS.beginner.position, LEARN_BOARDS.beginner.rules)).toEqual([]);
    expect(shapes(LEARN_BOARDS.beginner.position, makeRules({ attributes: ["fill"] })).length).toBe(1);
    expect(readPosition(LEARN_BOARDS.turn.position, CLASSIC_RULES).ok).toBe(true);
  });

  it("is a page with the rule that surprises, six boards and a first puzzle of one move", async () => {
    const response = await request("/learn", { headers: BROWSER });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain("you do not choose the piece you place. Your opponent does.");
    expect(page.match(/<svg class="board"/g)?.length).toBe(6);
    const id = /href="\/puzzles\?id=([a-z2-7]{12})"/.exec(page)?.[1] as string;
    expect(committedPuzzle(id)?.moves).toBe(1);
  });
});

describe("/puzzles", () => {
  it("is a page, whatever its query", async () => {
    for (const path of ["/puzzles", "/puzzles?id=26gxpcjsvcwe", "/puzzles?squares=true", "/puzzles?id=<script>"]) {
      const response = await request(path, { headers: BROWSER });
      expect(response.status, path).toBe(200);
      const page = await response.text();
      expect(page).toContain('id="puzzle-status"');
      expect(page).not.toContain("<script>\"");
    }
  });
});

describe("an address nothing serves", () => {
  it("is a page for a browser, and the problem document for everyone else", async () => {
    const page = await request("/no/such/page", { headers: BROWSER });
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const text = await page.text();
    expect(text).toContain("Not found");
    expect(text).toContain("Nothing is served at /no/such/page.");
    for (const headers of [{} as Record<string, string>, { Accept: "application/json" }]) {
      const answer = await request("/no/such/page", { headers });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(((await answer.json()) as { code: string }).code).toBe("request/not_found");
    }
  });
});
