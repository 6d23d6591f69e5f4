/**
 * Puzzles (`/v1/puzzles`): positions where the player to move wins by force and at most two moves do,
 * each proved by the engine (src/puzzles). A solver draws one (`next`, by rules and rating; `daily`;
 * by id) and sends moves with the position they are at: the verdict says right or wrong and, when
 * right, plays the defence. Stateless for the solver; the puzzle store (src/objects/puzzles.ts) keeps
 * the puzzles' Glicko-2 ratings, moved when an attempt ends (a wrong move or the solution). Moves are
 * rate-limited per client (policy `puzzles`).
 */
import { createRoute } from "@hono/zod-openapi";
import { hashSeed } from "../../engine/index.ts";
import type { RatedPuzzle } from "../../objects/index.ts";
import { dailyPuzzle, NEW_SOLVER } from "../../puzzles/index.ts";
import {
  DailyPuzzleSchema,
  EXAMPLE_PUZZLE_ID,
  examples,
  judgePuzzleMove,
  MOVE_PROBLEM_CODES,
  NextPuzzleQuerySchema,
  POSITION_PROBLEM_CODES,
  ProblemError,
  PuzzleIdParamSchema,
  PuzzleMoveRequestSchema,
  puzzleOutput,
  PuzzleSchema,
  PuzzleVerdictSchema,
  rulesFromInput,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import type { App } from "../context.ts";
import { spend } from "../limits.ts";
import { puzzleStore } from "../objects.ts";
import { problemsFor } from "./shared.ts";

const problems = problemsFor({ id: EXAMPLE_PUZZLE_ID });

const served = (found: RatedPuzzle) => puzzleOutput(found.puzzle, found.rating, found.attempts, found.source);

/** Today's UTC day, `YYYY-MM-DD`. */
const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

async function lookup(env: Env, id: string): Promise<RatedPuzzle> {
  const found = await puzzleStore(env).lookup(id);
  if (found === null) throw new ProblemError("puzzle/not_found", `there is no puzzle ${id}`);
  return found;
}

export function registerPuzzlesRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/puzzles/next",
      tags: ["Puzzles"],
      operationId: "nextPuzzle",
      summary: "A puzzle to solve",
      description:
        "A puzzle under the rules given (the rules options as query parameters, as the other GET endpoints take them; the classic game by default), drawn at random among the 12 whose rating is nearest `rating`. The committed sets cover the classic game and the squares variant.",
      request: { query: NextPuzzleQuerySchema },
      responses: {
        200: { description: "A puzzle.", content: { "application/json": { schema: PuzzleSchema } } },
        ...problems("/v1/puzzles/next", ["request/invalid", "puzzle/none_for_rules"]),
      },
    }),
    async (c) => {
      const query = c.req.valid("query");
      const rules = rulesFromInput(query.rules);
      const found = await puzzleStore(c.env).next(rules, query.rating ?? NEW_SOLVER.rating, hashSeed(crypto.randomUUID()));
      if (found === null)
        throw new ProblemError(
          "puzzle/none_for_rules",
          "no puzzle is played under these rules yet: the committed sets are the classic game and the squares variant",
        );
      return c.json(served(found), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/puzzles/daily",
      tags: ["Puzzles"],
      operationId: "dailyPuzzle",
      summary: "The daily puzzle",
      description: "The puzzle of the current UTC day: a classic puzzle, the same for everyone until midnight UTC.",
      responses: {
        200: { description: "Today's puzzle.", content: { "application/json": { schema: DailyPuzzleSchema } } },
        ...problems("/v1/puzzles/daily", []),
      },
    }),
    async (c) => {
      const day = utcDay(Date.now());
      const found = await lookup(c.env, dailyPuzzle(day).id);
      return c.json({ ...served(found), day }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/puzzles/{id}",
      tags: ["Puzzles"],
      operationId: "getPuzzle",
      summary: "A puzzle",
      description: "The puzzle: its start, rules, the number of moves to find and its rating. Never the solution.",
      request: { params: PuzzleIdParamSchema },
      responses: {
        200: { description: "The puzzle.", content: { "application/json": { schema: PuzzleSchema } } },
        ...problems("/v1/puzzles/{id}", ["request/invalid", "puzzle/not_found"]),
      },
    }),
    async (c) => c.json(served(await lookup(c.env, c.req.valid("param").id)), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/puzzles/{id}/moves",
      tags: ["Puzzles"],
      operationId: "movePuzzle",
      summary: "Try a move on a puzzle",
      description:
        "Judges the solver's move from a position on the puzzle's line (its start, or a position a verdict answered): `correct` when the move keeps the forced win (every such move is accepted), `solved` when it completes a Quarto, and when right and not solved the opponent's `reply` (the defence that puts the end furthest off) and the `position` after it. An attempt ends at a wrong move or at the solution: then the puzzle's rating moves (Glicko-2, one game between the solver and the puzzle), and the solver's too when `solver` was sent. Nothing per solver is kept.",
      request: {
        params: PuzzleIdParamSchema,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: PuzzleMoveRequestSchema,
              examples: {
                first: { summary: "The first move, from the puzzle's start", value: { position: examples.puzzles.puzzle.position.string, move: examples.puzzles.right.move } },
                last: {
                  summary: "The next move, from the position the verdict answered, with the solver's rating",
                  value: { position: examples.puzzles.solvedFrom, move: examples.puzzles.solved.move, solver: { rating: 1500, deviation: 350, volatility: 0.06 } },
                },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: "The verdict.",
          content: {
            "application/json": {
              schema: PuzzleVerdictSchema,
              examples: {
                right: { summary: "Right: the defence is played", value: examples.puzzles.right },
                solved: { summary: "Solved: the ratings move", value: examples.puzzles.solved },
              },
            },
          },
        },
        ...withRateLimitHeaders(
          problems("/v1/puzzles/{id}/moves", [
            "request/malformed_json",
            "request/unsupported_media_type",
            "request/invalid",
            "puzzle/not_found",
            ...POSITION_PROBLEM_CODES,
            "puzzle/not_on_line",
            ...MOVE_PROBLEM_CODES.filter((code) => code !== "move/game_over"),
            "request/rate_limited",
            "engine/busy",
          ]),
        ),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const body = c.req.valid("json");
      await spend(c, "puzzles");
      const found = await lookup(c.env, id);
      const judged = await judgePuzzleMove(found.puzzle, body.position, body.move);
      if (!judged.ended) {
        return c.json(
          { ...judged.verdict, puzzle: { rating: Math.round(found.rating.rating), deviation: Math.round(found.rating.deviation), attempts: found.attempts } },
          200,
        );
      }
      const rated = await puzzleStore(c.env).attempt(id, judged.verdict.solved, body.solver ?? null);
      if (rated === null) throw new ProblemError("puzzle/not_found", `there is no puzzle ${id}`);
      const puzzle = { rating: Math.round(rated.puzzle.rating.rating), deviation: Math.round(rated.puzzle.rating.deviation), attempts: rated.puzzle.attempts };
      return c.json({ ...judged.verdict, puzzle, ...(rated.solver === null ? {} : { solver: rated.solver }) }, 200);
    },
  );
}
