/**
 * POST /v1/replay: checks a game record (the JSON of GET /v1/matches/{id}/record as is, its one-line
 * text, or a list of moves) and answers every position of it. Stateless: the replay is src/match/replay.ts.
 */
import { createRoute } from "@hono/zod-openapi";
import { examples, type ProblemCode, problemResponses, replayAnswer, ReplayRequestSchema, ReplaySchema } from "../../wire/index.ts";
import type { App } from "../context.ts";

const WON_TEXT = "................. -8 a1-9 b1-A c1-B d1";

/** The problems of a game record in a request body that does not read or replay (POST /v1/replay, POST /v1/review). */
export const RECORD_PROBLEMS: ProblemCode[] = [
  "request/malformed_json",
  "request/too_large",
  "request/unsupported_media_type",
  "request/invalid",
  "replay/bad_start",
  "replay/bad_notation",
  "replay/record_mismatch",
  "replay/moves_after_end",
  "replay/result_mismatch",
  "move/cell_occupied",
  "move/piece_not_available",
];

export function registerReplayRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/replay",
      tags: ["Matches"],
      operationId: "replayRecord",
      summary: "Replay a game record",
      description:
        "Checks a game record and answers every position of it: the start, then one after each move. Accepts the JSON of `GET /v1/matches/{id}/record` as is, or `text` (the one-line record) with `rules`, or `moves`. Every move must be legal in turn (422 with the rules core's `move/*` code and the move's index otherwise), and a recorded `result` must follow from the moves (`replay/result_mismatch`). Stateless.",
      request: {
        body: {
          required: true,
          content: {
            "application/json": {
              schema: ReplayRequestSchema,
              examples: {
                text: { summary: "One line of text", value: { text: WON_TEXT } },
                moves: {
                  summary: "A list of moves, manual announcement",
                  value: { rules: { announce: "manual" }, firstSeat: 1, moves: ["-8", "a1-9", "b1-A", "c1-B", "d1!"] },
                },
                record: { summary: "A match record as GET /v1/matches/{id}/record answers it", value: examples.match.record },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The record is valid: every position.", content: { "application/json": { schema: ReplaySchema, example: examples.match.replay } } },
        ...problemResponses("/v1/replay", [...RECORD_PROBLEMS, "server/internal"]),
      },
    }),
    (c) => c.json(replayAnswer(c.req.valid("json")), 200),
  );
}
