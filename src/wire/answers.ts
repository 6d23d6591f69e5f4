/**
 * The answers of the stateless endpoints (validate a move, check a position, suggest a move, evaluate a
 * position) from already-read inputs: the route files call them for both their POST and GET forms, and
 * `npm run openapi` calls them for the spec's examples. A refusal is thrown as a `ProblemError`.
 */
import { configureTurns, EngineBusy, evaluateInTurn, type Level, suggestMoveInTurn, type Value, type WorkOptions } from "../engine/index.ts";
import { availablePieces, legalMoves, type Move, makeMoveText, type Position, playMove, positionStatus, type Rules } from "../rules/index.ts";
import { outcomeOutput, type PositionInput, positionOutput, readPositionField, rulesOutput } from "./convert.ts";
import { ProblemError } from "./problems.ts";
import type { Settings } from "./settings.ts";

// ---- the rules ----

/** POST/GET /v1/validate-move: a legal move's next position and outcome, or why it is illegal. */
export function validateMove(positionInput: PositionInput, move: Move, rules: Rules) {
  const position = readPositionField(positionInput, rules);
  const played = playMove(position, move, rules);
  if (!played.ok) return { legal: false as const, moveText: makeMoveText(move), code: played.error.code, detail: played.error.detail };
  const { outcome } = played.value;
  // A winning placement is written with "!" whether or not the caller announced it (announce: auto).
  const moveText = makeMoveText(outcome.status === "won" ? { ...move, quarto: true } : move);
  return {
    legal: true as const,
    moveText,
    position: positionOutput(played.value.position),
    outcome: outcomeOutput(outcome),
    rules: rulesOutput(rules),
  };
}

/** POST/GET /v1/check-win: the status of a position, the pieces left and the number of legal moves. */
export function checkWin(positionInput: PositionInput, rules: Rules) {
  const position = readPositionField(positionInput, rules);
  const status = positionStatus(position, rules);
  return {
    status: status.status,
    phase: status.phase,
    winner: status.winner,
    shapes: status.shapes,
    available: availablePieces(position),
    legalMoveCount: legalMoves(position, rules).length,
    position: positionOutput(position),
    rules: rulesOutput(rules),
  };
}

// ---- the engine ----

/** The node budgets of a search (settings.ts): the default when the caller names none, and the most it may ask. */
export type EngineLimits = Pick<Settings, "defaultNodes" | "maxNodes">;

function moveOutput(move: Move): { place?: number; give?: number; quarto?: boolean; text: string } {
  return {
    ...(move.place === undefined ? {} : { place: move.place }),
    ...(move.give === undefined ? {} : { give: move.give }),
    ...(move.quarto ? { quarto: true } : {}),
    text: makeMoveText(move),
  };
}

function budget(requested: number | undefined, limits: EngineLimits): number {
  if (requested === undefined) return limits.defaultNodes;
  if (requested > limits.maxNodes) {
    throw new ProblemError("engine/budget_too_large", `maxNodes ${requested} is over this service's limit of ${limits.maxNodes}`, {
      errors: [{ path: ["maxNodes"], message: `at most ${limits.maxNodes}` }],
    });
  }
  return requested;
}

function ongoingPosition(input: PositionInput, rules: Rules): Position {
  const position = readPositionField(input, rules);
  const status = positionStatus(position, rules);
  if (status.status !== "ongoing") {
    throw new ProblemError("engine/game_over", `the game in this position is over (${status.status}): there is nothing to search`, {
      errors: [{ path: ["position"], message: `the game is ${status.status}` }],
    });
  }
  return position;
}

export interface SuggestInput {
  position: PositionInput;
  rules: Rules;
  level?: Level;
  maxNodes?: number;
  seed?: number;
}

/**
 * Sets the isolate's engine slices and queue from the settings (ENGINE_SLICE_NODES, ENGINE_QUEUE_LENGTH;
 * settings.ts). Called by everything that searches in the Worker: the engine routes, the built-in bots'
 * routes, the match object (engine seats) and the tournament object (built-in bots).
 */
export function configureEngineTurns(settings: Pick<Settings, "sliceNodes" | "queueLength">): void {
  configureTurns({ sliceNodes: settings.sliceNodes, queueLength: settings.queueLength });
}

/** The API's searches: a person (or a program a person runs) waits for them; refused when the line is full. */
export const PERSON_ASKING: WorkOptions = { priority: "interactive", refusable: true };

/**
 * Runs an API search in the isolate's engine scheduler (src/engine/scheduler.ts): when the interactive
 * line is full, a 503 `engine/busy` problem with Retry-After, the line's expected wait.
 */
export async function inTurn<T>(search: () => Promise<T>): Promise<T> {
  try {
    return await search();
  } catch (error) {
    if (!(error instanceof EngineBusy)) throw error;
    throw new ProblemError("engine/busy", error.message, {}, { "Retry-After": String(error.retryAfterS) });
  }
}

/** POST/GET /v1/suggest-move: the engine's move at a level, within the node budget. */
export async function suggest(input: SuggestInput, limits: EngineLimits) {
  const position = ongoingPosition(input.position, input.rules);
  const maxNodes = budget(input.maxNodes, limits);
  const level = input.level ?? "perfect";
  const suggestion = await inTurn(() => suggestMoveInTurn(position, input.rules, { level, maxNodes, ...(input.seed === undefined ? {} : { seed: input.seed }) }, PERSON_ASKING));
  return {
    move: moveOutput(suggestion.move),
    ...(suggestion.value === undefined ? {} : { value: suggestion.value }),
    exact: suggestion.exact,
    ...(suggestion.pliesToEnd === undefined ? {} : { pliesToEnd: suggestion.pliesToEnd }),
    nodes: suggestion.nodes,
    maxNodes,
    ...(suggestion.principalVariation ? { principalVariation: suggestion.principalVariation.map(makeMoveText) } : {}),
    source: suggestion.source,
    ...(suggestion.note ? { note: suggestion.note } : {}),
    level,
    position: positionOutput(position),
    rules: rulesOutput(input.rules),
  };
}

export interface EvaluateInput {
  position: PositionInput;
  rules: Rules;
  maxNodes?: number;
  moves?: boolean;
  distance?: boolean;
}

/** POST/GET /v1/evaluate: the position's value (and every move's, and the distances) within the node budget. */
export async function evaluatePosition(input: EvaluateInput, limits: EngineLimits) {
  const position = ongoingPosition(input.position, input.rules);
  const maxNodes = budget(input.maxNodes, limits);
  const evaluation = await inTurn(() => evaluateInTurn(position, input.rules, { maxNodes, moves: input.moves === true, distance: input.distance === true }, PERSON_ASKING));
  return {
    value: evaluation.value as Value | null,
    exact: evaluation.exact,
    ...(evaluation.pliesToEnd === undefined ? {} : { pliesToEnd: evaluation.pliesToEnd }),
    nodes: evaluation.nodes,
    maxNodes,
    ...(evaluation.moves
      ? {
          moves: evaluation.moves.map((entry) => ({
            move: moveOutput(entry.move),
            value: entry.value,
            exact: entry.exact,
            ...(entry.pliesToEnd === undefined ? {} : { pliesToEnd: entry.pliesToEnd }),
          })),
        }
      : {}),
    source: evaluation.source,
    ...(evaluation.note ? { note: evaluation.note } : {}),
    position: positionOutput(position),
    rules: rulesOutput(input.rules),
  };
}
