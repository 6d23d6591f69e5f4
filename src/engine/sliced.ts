/**
 * The engine as a service runs it: suggestMove and evaluate in slices that yield the thread (slices.ts),
 * and in the isolate's queue, one search at a time owning the table. The library's suggestMove and
 * evaluate stay synchronous and unsliced.
 */
import type { Position, Rules } from "../rules/index.ts";
import { evaluate } from "./evaluate.ts";
import { budgetOf, type Evaluation, type EvaluateOptions, type Suggestion, type SuggestOptions } from "./requests.ts";
import { runSliced, type SearchLane, type SliceOptions, turns } from "./slices.ts";
import { suggestMove } from "./suggest.ts";

/**
 * suggestMove in slices that yield (slices.ts): the same answer as suggestMove whenever that one is
 * exact, and the same as suggestMove for a request that fits in one slice. The seed is drawn once.
 */
export function suggestMoveSliced(position: Position, rules: Rules, options: SuggestOptions, slices: SliceOptions): Promise<Suggestion> {
  const seeded = { ...options, seed: options.seed ?? Math.floor(Math.random() * 2 ** 32) };
  return runSliced(() => suggestMove(position, rules, seeded), slices);
}

/** evaluate in slices that yield (slices.ts): the same answer whenever the unsliced one is exact. */
export function evaluateSliced(position: Position, rules: Rules, options: EvaluateOptions, slices: SliceOptions): Promise<Evaluation> {
  return runSliced(() => evaluate(position, rules, options), slices);
}

/**
 * suggestMove for a service: in this isolate's queue (one search at a time; `game` ahead of
 * `request`, a full request lane throws EngineBusy) and in slices that yield, so the thread keeps
 * serving. `random` and `easy` search nothing (they read the position only): they answer at once.
 */
export function suggestMoveInTurn(position: Position, rules: Rules, options: SuggestOptions, lane: SearchLane): Promise<Suggestion> {
  const level = options.level ?? "perfect";
  if (level === "random" || level === "easy") return Promise.resolve(suggestMove(position, rules, options));
  return turns.queue.run(lane, budgetOf(options.maxNodes), () => suggestMoveSliced(position, rules, options, turnSlices()));
}

/** The isolate's slices; each one tells the queue the search is alive. */
const turnSlices = (): SliceOptions => ({ sliceNodes: turns.sliceNodes, onSlice: () => turns.queue.heartbeat() });

/** evaluate for a service: in this isolate's queue and in slices, as suggestMoveInTurn. */
export function evaluateInTurn(position: Position, rules: Rules, options: EvaluateOptions, lane: SearchLane): Promise<Evaluation> {
  return turns.queue.run(lane, budgetOf(options.maxNodes), () => evaluateSliced(position, rules, options, turnSlices()));
}
