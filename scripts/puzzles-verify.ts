/**
 * `npm run puzzles:verify`: every committed puzzle re-proved by the second route of scripts/puzzle-proof.ts
 * (a search that shares no code with the engine): a forced win for the player to move, 1 to
 * MAX_WINNING_MOVES winning first moves, and the puzzle's `moves`. It writes what it proved to
 * src/puzzles/sets/proofs.json after each puzzle (so a run resumes where it stopped, and the file is
 * committed); test/core/puzzles-set.test.ts checks that the file covers every committed puzzle and agrees
 * with it, and re-proves a sample of it. Exits 1 on any puzzle the proof refutes.
 *
 *   npm run puzzles:verify -- [--limit N]   (at most N new puzzles this run)
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { committedPuzzles, MAX_WINNING_MOVES } from "../src/puzzles/index.ts";
import { makeRules, readPosition } from "../src/rules/index.ts";
import { proveBySearch } from "./puzzle-proof.ts";

const { values } = parseArgs({ options: { limit: { type: "string" } } });
const limit = values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit);
const FILE = join(import.meta.dirname, "..", "src", "puzzles", "sets", "proofs.json");

type Proofs = Record<string, { winningMoves: number; moves: number; ms: number }>;
const proofs: Proofs = existsSync(FILE) ? (JSON.parse(readFileSync(FILE, "utf8")) as { proofs: Proofs }).proofs : {};
const save = () => {
  const sorted = Object.fromEntries(Object.entries(proofs).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(FILE, `${JSON.stringify({ script: "scripts/puzzles-verify.ts", proofs: sorted }, null, 1)}\n`);
};

let failures = 0;
let fresh = 0;
for (const [name, rules] of [
  ["classic", makeRules()],
  ["squares", makeRules({ squares: true })],
] as const) {
  const puzzles = committedPuzzles(rules);
  let slowest = 0;
  for (const puzzle of puzzles) {
    if (puzzle.id in proofs || fresh >= limit) continue;
    const read = readPosition(puzzle.position, rules);
    if (!read.ok || read.value.inHand === null) throw new Error(`${puzzle.id}: not a position with a piece in hand`);
    const started = performance.now();
    const proof = proveBySearch({ board: read.value.board, inHand: read.value.inHand }, rules);
    const ms = Math.round(performance.now() - started);
    slowest = Math.max(slowest, ms);
    if (proof.winningMoves < 1 || proof.winningMoves > MAX_WINNING_MOVES || proof.moves !== puzzle.moves) {
      failures++;
      console.error(`${name} ${puzzle.id}: ${proof.winningMoves} winning first moves, a win in ${proof.moves} (the puzzle says ${puzzle.moves})`);
      continue;
    }
    proofs[puzzle.id] = { winningMoves: proof.winningMoves, moves: proof.moves, ms };
    fresh++;
    save();
  }
  const done = puzzles.filter((puzzle) => puzzle.id in proofs).length;
  console.log(`${name}: ${done} of ${puzzles.length} puzzles proved (slowest this run ${slowest} ms)`);
}
process.exit(failures > 0 ? 1 : 0);
