/**
 * A worker thread of `npm run book`: solves positions of the deepest tier with the engine's perfect
 * level, a group of siblings (one board, different pieces in hand) per message, one answer posted per
 * position. The siblings share one table generation (they share most of their subtrees); each answer
 * depends only on its position and the fixed seed, not on the table (see shareTable in the engine's
 * search.ts), so it does not depend on which worker solved it, in which group, or what came before.
 */
import { parentPort } from "node:worker_threads";
import { suggestMove } from "../src/engine/index.ts";
import { shareTable } from "../src/engine/search.ts";
import { makeRules, positionFromTrustedSetup, type RulesInput } from "../src/rules/index.ts";
import { encodeEntry, entryFromMove, representative } from "./book-builder.ts";

export interface SolveRequest {
  rules: RulesInput;
  empties: number;
  /** Positions of the tier, by index into it, solved in this order. */
  members: { index: number; key: number }[];
}

export interface SolveResult {
  index: number;
  /** encodeEntry code. */
  entry: number;
  cpuMs: number;
  error?: string;
}

/** Solves one representative: value, a best move and the distance, as a book entry code. */
export function solveEntry(rulesInput: RulesInput, empties: number, key: number): number {
  const rules = makeRules(rulesInput);
  const setup = representative(key, empties, rules.attributeMask);
  const position = positionFromTrustedSetup(setup);
  const suggestion = suggestMove(position, rules, { level: "perfect", seed: 0, maxNodes: Number.MAX_SAFE_INTEGER, line: false });
  if (!suggestion.exact || suggestion.value === undefined) throw new Error(`the engine did not solve key ${key} exactly`);
  const pliesToEnd = suggestion.value === "draw" ? empties : suggestion.pliesToEnd;
  if (pliesToEnd === undefined) throw new Error(`the engine gave no distance for key ${key}`);
  return encodeEntry(entryFromMove(suggestion.value, pliesToEnd, suggestion.move, rules.attributeMask));
}

parentPort?.on("message", (request: SolveRequest) => {
  shareTable(true);
  for (const { index, key } of request.members) {
    const started = process.threadCpuUsage();
    try {
      const entry = solveEntry(request.rules, request.empties, key);
      const used = process.threadCpuUsage(started);
      parentPort?.postMessage({ index, entry, cpuMs: (used.user + used.system) / 1000 } satisfies SolveResult);
    } catch (error) {
      parentPort?.postMessage({ index, entry: -1, cpuMs: 0, error: String(error) } satisfies SolveResult);
      return;
    }
  }
});
