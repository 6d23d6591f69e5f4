/**
 * Between the wire and the rules core: turns validated request fields into core values (throwing a
 * `ProblemError` when the core refuses them) and core values into response bodies. Route files use
 * these instead of calling the core's parsers themselves, so every endpoint reports faults alike.
 */
import type { z } from "@hono/zod-openapi";
import {
  CELL_COUNT,
  type Move,
  makePositionString,
  makeRules,
  type Outcome,
  type Position,
  parseCell,
  parsePiece,
  playerToMove,
  plyOf,
  positionToJson,
  readPosition,
  type Rules,
  type RulesInput,
  rulesToJson,
} from "../rules/index.ts";
import { ProblemError } from "./problems.ts";
import type { MoveInputSchema, OutcomeSchema, PositionInputSchema, PositionOutputSchema, RulesSchema } from "./schemas.ts";

export type PositionInput = z.infer<typeof PositionInputSchema>;
export type PositionOutput = z.infer<typeof PositionOutputSchema>;
export type MoveInput = z.infer<typeof MoveInputSchema>;
export type OutcomeOutput = z.infer<typeof OutcomeSchema>;
export type RulesOutput = z.infer<typeof RulesSchema>;

/**
 * Checked rules from rules options already read by a zod schema (a body's `rules`, a GET form's query
 * parameters, a bot's move request); absent means the classic game. The one way into the core.
 */
export function rulesFromInput(input: RulesInput | undefined): Rules {
  return makeRules({ squares: input?.squares, attributes: input?.attributes, announce: input?.announce, missedClaim: input?.missedClaim });
}

/**
 * Reads and validates a position field, or throws a 422 problem with its `position/*` code, the field
 * path (into the JSON form's board or inHand where it applies) and the character or cell index.
 */
export function readPositionField(input: PositionInput, rules: Rules, path: (string | number)[] = ["position"]): Position {
  const result = readPosition(input, rules);
  if (result.ok) return result.value;
  const { code, detail, index } = result.error;
  let fieldPath = path;
  if (typeof input !== "string" && index !== undefined) fieldPath = index === CELL_COUNT ? [...path, "inHand"] : [...path, "board", index];
  throw new ProblemError(code, detail, { ...(index === undefined ? {} : { index }), errors: [{ path: fieldPath, message: detail }] });
}

/** A core move from the JSON form; cells and pieces may be names or hex digits (the schema checked them). */
export function moveFromInput(input: MoveInput): Move {
  const move: { place?: number; give?: number; quarto?: boolean } = {};
  if (input.place !== undefined) move.place = typeof input.place === "number" ? input.place : (parseCell(input.place) as number);
  if (input.give !== undefined) move.give = typeof input.give === "number" ? input.give : (parsePiece(input.give) as number);
  if (input.quarto !== undefined) move.quarto = input.quarto;
  return move;
}

export function positionOutput(position: Position): PositionOutput {
  return { string: makePositionString(position), json: positionToJson(position), ply: plyOf(position), toMove: playerToMove(position) };
}

export function outcomeOutput(outcome: Outcome): OutcomeOutput {
  switch (outcome.status) {
    case "won":
      return { status: "won", winner: outcome.winner, shapes: outcome.shapes, missed: [] };
    case "drawn":
      return { status: "drawn", winner: null, shapes: [], missed: [] };
    case "ongoing":
      return { status: "ongoing", winner: null, shapes: [], missed: outcome.missed ?? [] };
  }
}

/** The rules in effect, as echoed in responses (`RulesSchema`). */
export function rulesOutput(rules: Rules): RulesOutput {
  return { ...rulesToJson(rules), attributes: [...rules.attributes] };
}
