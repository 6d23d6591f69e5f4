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

/** Evaluations that a session answers at once before it waits for its next turn (an answer from a book costs well under a millisecond). */
const EVALUATIONS_PER_TURN = 8;

/**
 * Many evaluations as one search of the isolate's scheduler (a review's): `session` gets an `evaluate`
 * that runs in slices within this one turn of the line, so that a session of small evaluations (most
 * of a review's come from a book or fit in one slice) needs a handful of turns rather than one per
 * evaluation. It waits for its next turn after each evaluation that searched, and after every
 * EVALUATIONS_PER_TURN that did not.
 */
export function evaluationsInTurn<T>(work: WorkOptions, maxNodes: number, session: (evaluate: (position: Position, rules: Rules, options: EvaluateOptions) => Promise<Evaluation>) => Promise<T>): Promise<T> {
  return turns.scheduler.run(work, budgetOf(maxNodes), (pause) => {
    const slices: SliceOptions = { sliceNodes: turns.sliceNodes, pause, bank: work.priority === "interactive" ? 0 : 1 };
    let sinceTurn = 0;
    return session(async (position, rules, options) => {
      if (sinceTurn >= EVALUATIONS_PER_TURN) {
        await pause();
        sinceTurn = 0;
      }
      const evaluation = await evaluateSliced(position, rules, options, slices);
      sinceTurn += evaluation.nodes > 0 ? EVALUATIONS_PER_TURN : 1;
      return evaluation;
    });
  });
}

/** evaluate for a service: in this isolate's scheduler and in slices, as suggestMoveInTurn. */
export function evaluateInTurn(position: Position, rules: Rules, options: EvaluateOptions, work: WorkOptions): Promise<Evaluation> {
  return inTurn(work, options.maxNodes, (slices) => evaluateSliced(position, rules, options, slices));
}
