/**
 * The engine endpoints through the real Worker: answers agree with the engine run directly, moves are
 * legal, budgets are honoured and capped (ENGINE_MAX_NODES is 500000 in the test config), seeds make
 * answers reproducible, terminal and invalid positions are 422 problems.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, makeRules, playMove, readPosition, type Move } from "../../src/rules/index.ts";
import { expectProblem, json200, postJson, problemOf, request } from "./http.ts";

const ENDGAME = "..5.A...D3EF90.67"; // a win for the player to move (found by the engine, checked below by playing)
interface EngineMove {
  place?: number;
  give?: number;
  quarto?: boolean;
  text: string;
}

function legal(positionText: string, move: EngineMove, rules = CLASSIC_RULES): boolean {
  const position = readPosition(positionText, rules);
  if (!position.ok) return false;
  const core: Move = {
    ...(move.place === undefined ? {} : { place: move.place }),
    ...(move.give === undefined ? {} : { give: move.give }),
    ...(move.quarto ? { quarto: true } : {}),
  };
  return playMove(position.value, core, rules).ok;
}

describe("POST /v1/suggest-move", () => {
  it("suggests a legal, exact move in a solved endgame, and the same one for the same seed", async () => {
    const body = { position: ENDGAME, level: "perfect", seed: 3 };
    const first = await json200<{ move: EngineMove; value: string; exact: boolean; nodes: number; maxNodes: number }>(postJson("/v1/suggest-move", body));
    expect(first.value).toBe("win");
    expect(first.exact).toBe(true);
    expect(legal(ENDGAME, first.move)).toBe(true);
    expect(first.nodes).toBeLessThanOrEqual(first.maxNodes);
    const again = await json200(postJson("/v1/suggest-move", body));
    expect(again.move).toEqual(first.move);
  });

  it("plays a winning line to the end: every suggested move of the winner keeps the win", async () => {
    let position = ENDGAME;
    for (let step = 0; step < 16; step++) {
      const answer = await json200<{ move: EngineMove; value?: string }>(postJson("/v1/suggest-move", { position, seed: step }));
      const played = await json200<{ legal: boolean; position: { string: string }; outcome: { status: string; winner: string | null } }>(
        postJson("/v1/validate-move", { position, move: { place: answer.move.place, give: answer.move.give, quarto: answer.move.quarto } }),
      );
      expect(played.legal).toBe(true);
      if (played.outcome.status !== "ongoing") {
        // The side to move at ENDGAME (9 placed and one in hand: ply 10, "first") must be the one that won.
        expect(played.outcome).toMatchObject({ status: "won", winner: "first" });
        return;
      }
      position = played.position.string;
    }
    throw new Error("the game did not end");
  });

  it("gives a legal move at every level, with a budget it honours", async () => {
    for (const level of ["random", "easy", "medium", "hard", "perfect"]) {
      const answer = await json200<{ move: EngineMove; nodes: number; level: string }>(
        postJson("/v1/suggest-move", { position: "0A3.............5", level, seed: 11, maxNodes: 30_000, rules: { squares: true } }),
      );
      expect(answer.level).toBe(level);
      expect(answer.nodes).toBeLessThanOrEqual(30_000);
      expect(legal("0A3.............5", answer.move, makeRules({ squares: true }))).toBe(true);
    }
  });

  it("answers the classic start exactly from the classic book: a draw, as known since 1998", async () => {
    const answer = await json200<{ value: string; exact: boolean; note: string; move: EngineMove }>(
      postJson("/v1/suggest-move", { position: "................." }),
    );
    expect(answer).toMatchObject({ value: "draw", exact: true, source: "book", nodes: 0 });
    expect(answer.note).toMatch(/opening book classic-/);
    expect(answer.move.place).toBeUndefined();
    expect(answer.move.give).toBeTypeOf("number");
  });

  it("has a GET form that answers alike", async () => {
    const post = await json200(postJson("/v1/suggest-move", { position: ENDGAME, seed: 5, level: "hard", maxNodes: 20000 }));
    const get = await json200(request(`/v1/suggest-move?position=${ENDGAME}&seed=5&level=hard&maxNodes=20000`));
    expect(get).toEqual(post);
  });
});

describe("POST /v1/evaluate", () => {
  it("values a position and every move; a winning move exists exactly when the position is a win", async () => {
    const answer = await json200<{ value: string; exact: boolean; pliesToEnd: number; moves: { move: EngineMove; value: string | null; exact: boolean }[] }>(
      postJson("/v1/evaluate", { position: ENDGAME, moves: true, distance: true }),
    );
    expect(answer).toMatchObject({ value: "win", exact: true });
    expect(answer.pliesToEnd).toBeGreaterThan(0);
    expect(answer.moves.length).toBeGreaterThan(0);
    expect(answer.moves.some((entry) => entry.value === "win")).toBe(true);
    for (const entry of answer.moves) expect(legal(ENDGAME, entry.move)).toBe(true);
  });

  it("returns value null and exact false when the budget runs out, never more nodes than allowed", async () => {
    // 11 empty cells: below every book.
    const answer = await json200<{ value: string | null; exact: boolean; nodes: number }>(
      postJson("/v1/evaluate", { position: "0A3.5....C......7", maxNodes: 10 }),
    );
    expect(answer).toMatchObject({ value: null, exact: false });
    expect(answer.nodes).toBeLessThanOrEqual(10);
  });

  it("has a GET form", async () => {
    const get = await json200(request(`/v1/evaluate?position=${ENDGAME}&moves=true&distance=true`));
    const post = await json200(postJson("/v1/evaluate", { position: ENDGAME, moves: true, distance: true }));
    expect(get).toEqual(post);
  });
});

describe("engine refusals", () => {
  it("refuses a finished game with engine/game_over", async () => {
    await expectProblem(postJson("/v1/evaluate", { position: "89AB............." }), "engine/game_over");
    await expectProblem(request("/v1/suggest-move?position=89AB............."), "engine/game_over");
  });

  it("refuses a budget over the configured cap", async () => {
    const problem = await expectProblem(postJson("/v1/suggest-move", { position: ENDGAME, maxNodes: 500_001 }), "engine/budget_too_large");
    expect(problem.errors?.[0].path).toEqual(["maxNodes"]);
    await expectProblem(request(`/v1/evaluate?position=${ENDGAME}&maxNodes=9999999`), "engine/budget_too_large");
  });

  it("refuses invalid positions, levels and budgets with 422", async () => {
    await expectProblem(postJson("/v1/evaluate", { position: "00..............." }), "position/duplicate_piece");
    await expectProblem(postJson("/v1/suggest-move", { position: ENDGAME, level: "godlike" }), "request/invalid");
    await expectProblem(postJson("/v1/suggest-move", { position: ENDGAME, maxNodes: 0 }), "request/invalid");
    await expectProblem(request(`/v1/evaluate?position=${ENDGAME}&maxNodes=-1`), "request/invalid");
  });

  it("never answers 5xx to random positions and options", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 0, maxLength: 20 }),
        fc.constantFrom("random", "easy", "medium", "hard", "perfect", "x"),
        fc.integer({ min: -5, max: 600_000 }),
        async (position, level, maxNodes) => {
          const response = await postJson("/v1/suggest-move", { position, level, maxNodes });
          expect(response.status).toBeLessThan(500);
          if (response.status >= 400) await problemOf(response);
          else await response.body?.cancel();
        },
      ),
      { numRuns: 60 },
    );
  });
});
