/**
 * The engine as a service runs it: suggestMove and evaluate in slices that yield the thread (slices.ts),
 * each slice given by the isolate's scheduler (scheduler.ts) by priority class. The library's
 * suggestMove and evaluate stay synchronous and unsliced.
 */
import type { Position, Rules } from "../rules/index.ts";
import { evaluate } from "./evaluate.ts";
import { budgetOf, type Evaluation, type EvaluateOptions, type Suggestion, type SuggestOptions } from "./requests.ts";
import { turns, type WorkOptions } from "./scheduler.ts";
import { runSliced, type SliceOptions } from "./slices.ts";
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
 * Runs a sliced search as one search of the isolate's scheduler: each slice when its class's turn
 * comes, in its class's table bank (interactive work has one of its own; background and idle work share the other).
 */
function inTurn<T>(work: WorkOptions, maxNodes: number | undefined, search: (slices: SliceOptions) => Promise<T>): Promise<T> {
  return turns.scheduler.run(work, budgetOf(maxNodes), (pause) =>
    search({ sliceNodes: turns.sliceNodes, pause, bank: work.priority === "interactive" ? 0 : 1 }),
  );
}

/**
 * suggestMove for a service: in this isolate's scheduler (interactive work before background work; a
 * refusable search finding the interactive line full throws EngineBusy) and in slices that yield, so the
 * thread keeps serving. `random` and `easy` search nothing (they read the position only): they answer at once.
 */
export function suggestMoveInTurn(position: Position, rules: Rules, options: SuggestOptions, work: WorkOptions): Promise<Suggestion> {
  const level = options.level ?? "perfect";
  if (level === "random" || level === "easy") return Promise.resolve(suggestMove(position, rules, options));
  return inTurn(work, options.maxNodes, (slices) => suggestMoveSliced(position, rules, options, slices));
}

/** evaluate for a service: in this isolate's scheduler and in slices, as suggestMoveInTurn. */
export function evaluateInTurn(position: Position, rules: Rules, options: EvaluateOptions, work: WorkOptions): Promise<Evaluation> {
  return inTurn(work, options.maxNodes, (slices) => evaluateSliced(position, rules, options, slices));
}
