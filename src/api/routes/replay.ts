/**
 * POST /v1/replay: checks a game record (the JSON of GET /v1/matches/{id}/record as is, its one-line
 * text, or a list of moves) and answers every position of it. Stateless: the replay is src/match/replay.ts.
 */
import { createRoute } from "@hono/zod-openapi";
import { type Move, parseMoveText } from "../../rules/index.ts";
import { recordText } from "../../match/machine.ts";
import { exampleRecord } from "../../match/examples.ts";
import { type RecordedMove, type ReplayError, parseRecordText, replayRecord } from "../../match/replay.ts";
import { type ReplayOutput, type ReplayRequest, ReplayRequestSchema, ReplaySchema } from "../../match/schemas.ts";
import { resultOutput, rulesOutput } from "../../match/wire.ts";
import type { App } from "../app.ts";
import { ProblemError, problemResponses } from "../problems.ts";
import { moveFromInput, positionOutput, rulesFromInput } from "../wire.ts";

const WON_TEXT = "................. -8 a1-9 b1-A c1-B d1";

function fail(error: ReplayError, path: (string | number)[]): never {
  throw new ProblemError(error.code, error.detail, { errors: [{ path, message: error.detail }] });
}

/** The moves of the request: from `text`, from `moves`, or both (then they must agree). */
function recordedMoves(request: ReplayRequest): RecordedMove[] {
  let fromText: Move[] | null = null;
  if (request.text !== undefined) {
    const parsed = parseRecordText(request.text);
    if (!parsed.ok) fail(parsed.error, ["text"]);
    fromText = parsed.value;
  }
  if (request.moves === undefined) {
    if (fromText === null) throw new ProblemError("request/invalid", "give the record as `text` or as `moves`", { errors: [{ path: [], message: "give `text` or `moves`" }] });
    return fromText.map((move) => ({ move }));
  }
  const moves = request.moves.map((entry, index): RecordedMove => {
    if (typeof entry === "string") {
      const move = parseMoveText(entry);
      if (move === null) fail({ code: "replay/bad_notation", detail: `moves[${index}]: '${entry}' is not a move: expected [cell]["!"]["-" piece]` }, ["moves", index]);
      return { move };
    }
    return { move: moveFromInput(entry.move), ply: entry.ply, seat: entry.seat, text: entry.text };
  });
  if (fromText !== null) {
    const disagree = fromText.length !== moves.length || fromText.some((move, index) => !sameMove(move, moves[index].move));
    if (disagree) fail({ code: "replay/record_mismatch", detail: "`text` and `moves` are not the same moves" }, ["text"]);
  }
  return moves;
}

const sameMove = (a: Move, b: Move): boolean => a.place === b.place && a.give === b.give && Boolean(a.quarto) === Boolean(b.quarto);

export function replay(request: ReplayRequest): ReplayOutput {
  const rules = rulesFromInput(request.rules);
  const firstSeat = request.firstSeat ?? 0;
  const result = replayRecord({ rules, firstSeat, moves: recordedMoves(request), result: request.result });
  if (!result.ok) fail(result.error, result.error.moveIndex === undefined ? ["result"] : ["moves", result.error.moveIndex]);
  const { steps, state } = result.value;
  const finalResult = state.result ? resultOutput(state.result) : null;
  return {
    valid: true,
    rules: rulesOutput(rules),
    firstSeat,
    text: recordText(state),
    positions: steps.map((step) => ({ ply: step.ply, seat: step.seat, move: step.move, position: positionOutput(step.position) })),
    status: state.status === "finished" ? "finished" : "ongoing",
    result: finalResult && { winner: finalResult.winner, reason: finalResult.reason, shapes: finalResult.shapes, detail: finalResult.detail },
  };
}

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
                moves: { summary: "A list of moves, manual announcement", value: { rules: { announce: "manual" }, firstSeat: 1, moves: ["-8", "a1-9", "b1-A", "c1-B", "d1!"] } },
                record: { summary: "A match record as GET /v1/matches/{id}/record answers it", value: exampleRecord() },
              },
            },
          },
        },
      },
      responses: {
        200: { description: "The record is valid: every position.", content: { "application/json": { schema: ReplaySchema, example: replay({ text: WON_TEXT }) } } },
        ...problemResponses("/v1/replay", [
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
          "server/internal",
        ]),
      },
    }),
    (c) => c.json(replay(c.req.valid("json")), 200),
  );
}
