/**
 * Reviews of games: GET /v1/matches/{id}/review for a finished match (hosted, tournament or ladder
 * game), computed once by the match's object in the background and served from its storage (202 with
 * Retry-After until it is ready), and POST /v1/review for any record POST /v1/replay accepts, computed
 * at once as interactive engine work.
 */
import { createRoute } from "@hono/zod-openapi";
import {
  configureEngineTurns,
  EXAMPLE_MATCH_ID,
  examples,
  GameReviewSchema,
  type ProblemCode,
  ProblemError,
  problemResponses,
  readSettings,
  ReviewPendingSchema,
  ReviewRequestSchema,
  reviewOutput,
  reviewRecord,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import type { GameReview } from "../../match/index.ts";
import type { App } from "../context.ts";
import { spendEngine } from "../limits.ts";
import { matchObject, replyValue } from "../objects.ts";
import { IdParamSchema } from "./matches.ts";
import { problemsFor } from "./shared.ts";
import { RECORD_PROBLEMS } from "./replay.ts";

/** Seconds a client is told to wait for a review being computed: a classic game takes a fraction of a second of one core. */
const REVIEW_RETRY_S = 2;

const RETRY_AFTER = { "Retry-After": { description: "Seconds to wait before asking again.", schema: { type: "string" as const } } };

const REVIEW_PROBLEMS: ProblemCode[] = [
  ...RECORD_PROBLEMS,
  "request/rate_limited",
  "engine/busy",
  "server/internal",
];

export function registerReviewRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/matches/{id}/review",
      tags: ["Matches"],
      operationId: "getMatchReview",
      summary: "The exact review of a finished match",
      description:
        "Every move of the finished match valued by the solved game for the player who made it: `before` the move, `afterPlacement` (before the give) and `after`; a move whose value after is worse than before is a `mistake`, told by what threw the value away (the placement, the give, a Quarto not announced, a claim not made) with moves that kept it; per seat, its `accuracy` (the share of its moves that kept the value). Computed once by the match's object as soon as the game ends, in the background (people's searches go first), and served from storage afterwards: until it is ready the answer is 202 with `Retry-After`. Tournament and ladder games are matches too.",
      request: { params: IdParamSchema },
      responses: {
        200: { description: "The review.", content: { "application/json": { schema: GameReviewSchema, example: { ...examples.review.game, matchId: EXAMPLE_MATCH_ID } } } },
        202: {
          description: "The review is being computed: ask again after `Retry-After` seconds.",
          headers: RETRY_AFTER,
          content: { "application/json": { schema: ReviewPendingSchema, example: { status: "pending", matchId: EXAMPLE_MATCH_ID, retryAfterS: REVIEW_RETRY_S } } },
        },
        ...problemsFor({ id: EXAMPLE_MATCH_ID })("/v1/matches/{id}/review", ["request/invalid", "match/not_found", "match/not_finished"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const answer = replyValue(await matchObject(c.env, id).gameReview(), "match", id);
      if (answer === null) throw new ProblemError("match/not_finished", "the match is still being played: its review comes once it is over");
      if (answer.status === "pending") {
        return c.json({ status: "pending" as const, matchId: id, retryAfterS: REVIEW_RETRY_S }, 202, { "Retry-After": String(REVIEW_RETRY_S) });
      }
      // Over RPC the review's pair of seats arrives typed as an array; it is the stored pair.
      return c.json(reviewOutput(answer.review as GameReview, answer.rules, answer.firstSeat, id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/review",
      tags: ["Matches"],
      operationId: "reviewRecord",
      summary: "Review any game record exactly",
      description:
        "The same review as `GET /v1/matches/{id}/review`, for a record in any form `POST /v1/replay` accepts (the JSON of `GET /v1/matches/{id}/record` as is, `text` with `rules`, or `moves`), plus `openingPlies`: how many first moves are an opening the players did not choose (left out of their accuracy). The record is checked first, as by `POST /v1/replay` (422 for a record that does not replay). Every value is exact, with no budget to give: the review searches within the service's largest budget, as a person's request (it counts against the engine limit, and waits behind no tournament).",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: ReviewRequestSchema,
              examples: {
                text: { summary: "One line of text", value: { text: "................. -8 a1-9 b1-A c1-B d1" } },
                opening: { summary: "A game from an opening of two moves", value: { moves: ["-8", "a1-9", "b1-A", "c1-B", "d1"], openingPlies: 2 } },
                record: { summary: "A match record as GET /v1/matches/{id}/record answers it", value: examples.match.record },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The review.", content: { "application/json": { schema: GameReviewSchema, example: examples.review.game } } },
        ...withRateLimitHeaders(problemResponses("/v1/review", REVIEW_PROBLEMS)),
      },
    }),
    async (c) => {
      const settings = readSettings(c.env);
      configureEngineTurns(settings);
      await spendEngine(c, settings.defaultNodes, settings.defaultNodes);
      return c.json(await reviewRecord(c.req.valid("json"), settings.maxNodes), 200);
    },
  );
}
