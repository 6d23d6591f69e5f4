/**
 * A worker thread of `npm run book`: solves positions of the deepest tier with the engine's perfect
 * level, one per message. Each request starts a fresh table generation and a fixed seed, so an answer
 * does not depend on which worker solved it or what it solved before.
 */
import { parentPort } from "node:worker_threads";
import { encodeEntry, entryFromMove, representative } from "../src/engine/book.ts";
import { suggestMove } from "../src/engine/index.ts";
import { makeRules, positionFromTrustedSetup, type RulesInput } from "../src/rules/index.ts";

export interface SolveRequest {
  rules: RulesInput;
  empties: number;
  index: number;
  key: number;
}

export interface SolveResult {
  index: number;
  /** encodeEntry code. */
  entry: number;
  cpuMs: number;
  error?: string;
}

/** Solves one representative: value, a best move and the distance, as a book entry code. */
export function solveEntry(request: SolveRequest): number {
  const rules = makeRules(request.rules);
  const setup = representative(request.key, request.empties, rules.attributeMask);
  const position = positionFromTrustedSetup(setup);
  const suggestion = suggestMove(position, rules, { level: "perfect", seed: 0, maxNodes: Number.MAX_SAFE_INTEGER });
  if (!suggestion.exact || suggestion.value === undefined) throw new Error(`the engine did not solve key ${request.key} exactly`);
  const pliesToEnd = suggestion.value === "draw" ? request.empties : suggestion.pliesToEnd;
  if (pliesToEnd === undefined) throw new Error(`the engine gave no distance for key ${request.key}`);
  return encodeEntry(entryFromMove(suggestion.value, pliesToEnd, suggestion.move, rules.attributeMask));
}

parentPort?.on("message", (request: SolveRequest) => {
  const started = process.threadCpuUsage();
  try {
    const entry = solveEntry(request);
    const used = process.threadCpuUsage(started);
    parentPort?.postMessage({ index: request.index, entry, cpuMs: (used.user + used.system) / 1000 } satisfies SolveResult);
  } catch (error) {
    parentPort?.postMessage({ index: request.index, entry: -1, cpuMs: 0, error: String(error) } satisfies SolveResult);
  }
});
