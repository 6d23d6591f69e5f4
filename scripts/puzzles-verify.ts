/**
 * `npm run puzzles:verify`: every committed puzzle re-proved by the independent brute force of
 * test/core/engine-brute.ts (plain negamax written from the rules text, sharing no code with the
 * engine): a forced win for the player to move, 1 to MAX_WINNING_MOVES winning moves, and the puzzle's
 * length. CI re-proves a seeded sample (test/core/puzzles-set.test.ts); this goes through all of them,
 * on one core, at about a second a puzzle up to 9 empty cells and more at 10. It checkpoints the ids
 * done in `--progress` (default .puzzles-verify.json, git-ignored) and resumes from there; it prints a
 * line per variant and exits 1 on any puzzle the brute force refutes.
 *
 *   npm run puzzles:verify -- [--progress .puzzles-verify.json]
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { committedPuzzles, MAX_WINNING_MOVES } from "../src/puzzles/index.ts";
import { makeRules, readPosition } from "../src/rules/index.ts";
import { brutePlies, bruteScore, bruteWinningMoves } from "../test/core/engine-brute.ts";

const { values } = parseArgs({ options: { progress: { type: "string", default: ".puzzles-verify.json" } } });
const done = new Set<string>(existsSync(values.progress) ? (JSON.parse(readFileSync(values.progress, "utf8")) as string[]) : []);
let failures = 0;
for (const [name, rules] of [
  ["classic", makeRules()],
  ["squares", makeRules({ squares: true })],
] as const) {
  const puzzles = committedPuzzles(rules);
  let checked = 0;
  for (const puzzle of puzzles) {
    if (!done.has(puzzle.id)) {
      const read = readPosition(puzzle.position, rules);
      if (!read.ok) throw new Error(`${puzzle.id}: ${read.error.detail}`);
      const start = { board: read.value.board, inHand: read.value.inHand };
      const winning = bruteWinningMoves(start, rules);
      const score = bruteScore(start, rules, true);
      const moves = (brutePlies(start, score) + 1) / 2;
      if (winning < 1 || winning > MAX_WINNING_MOVES || score <= 0 || moves !== puzzle.moves) {
        failures++;
        console.error(`${name} ${puzzle.id}: ${winning} winning moves, score ${score}, ${moves} moves (the puzzle says ${puzzle.moves})`);
        continue;
      }
      done.add(puzzle.id);
      writeFileSync(values.progress, JSON.stringify([...done]));
    }
    checked++;
  }
  console.log(`${name}: ${checked} of ${puzzles.length} puzzles confirmed by the brute force`);
}
process.exit(failures > 0 ? 1 : 0);
