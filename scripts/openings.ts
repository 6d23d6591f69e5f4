/**
 * Writes the built-in opening suites (src/tournament/openings/<suite>.json): positions a few plies
 * deep that are exact draws yet leave the player to move few moves that keep the draw, so that games
 * between strong bots from them are decided by mistakes, not drawn out from the empty board.
 *
 *   npm exec -- node scripts/openings.ts [--suite classic|squares] [--seed N] [--candidates N] [--count N]
 *
 * How (deterministic: the same arguments and engine give the same file):
 *  1. Candidates: `candidates` games of `plies` moves from the empty board, each move the engine's
 *     `easy` choice (it takes a win and never hands over a piece that wins at once), seeded per
 *     candidate from the suite, the seed and the candidate's number. A game that ends (or leaves a
 *     Quarto on the board) before its last ply is dropped, and so is a position already seen.
 *  2. Values: every legal move of each position is solved exactly (`evaluate` with `moves: true`
 *     and the node budget `maxNodes`); a position not solved within it is dropped.
 *  3. Choice: the draws (for the player to move) with the smallest share of moves that keep the draw,
 *     ties broken by fewer such moves, then by the position string: the first `count`.
 * The file records the arguments, the node budget, how many candidates were dropped at each step, and
 * per opening its moves, its position, and its drawing and legal move counts.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { evaluate, suggestMove } from "../src/engine/index.ts";
import { hashSeed } from "../src/engine/random.ts";
import { makeMoveText, makePositionString, makeRules, playMove, type Position, readPosition, type Rules, START_POSITION_STRING } from "../src/rules/index.ts";

interface SuiteSpec {
  rules: { squares: boolean };
  /** Moves from the empty board (the opening give counts one). */
  plies: number;
}

/** Classic: 6 plies (five pieces placed, one in hand, 11 empty cells). Squares: the same depth. */
const SUITES: Record<string, SuiteSpec> = {
  classic: { rules: { squares: false }, plies: 6 },
  squares: { rules: { squares: true }, plies: 6 },
};

const MAX_NODES = 50_000_000;

const { values } = parseArgs({
  options: {
    suite: { type: "string" },
    seed: { type: "string" },
    candidates: { type: "string" },
    count: { type: "string" },
  },
  strict: true,
});
const seed = Number(values.seed ?? 1);
const candidateCount = Number(values.candidates ?? 240);
const count = Number(values.count ?? 32);
const names = values.suite ? [values.suite] : Object.keys(SUITES);

interface Candidate {
  moves: string[];
  position: Position;
  positionString: string;
}

/** A seeded game of `plies` easy moves, or null when it ends (or leaves a Quarto on the board) first. */
function candidate(rules: Rules, plies: number, seedOf: (ply: number) => number): Candidate | null {
  const start = readPosition(START_POSITION_STRING, rules);
  if (!start.ok) throw new Error(start.error.detail);
  let position = start.value;
  const moves: string[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const { move } = suggestMove(position, rules, { level: "easy", seed: seedOf(ply) });
    const played = playMove(position, move, rules);
    if (!played.ok) throw new Error(`easy played an illegal move: ${played.error.detail}`);
    if (played.value.outcome.status !== "ongoing" || played.value.outcome.missed) return null;
    position = played.value.position;
    moves.push(makeMoveText(move));
  }
  return { moves, position, positionString: makePositionString(position) };
}

async function buildSuite(name: string): Promise<void> {
  const spec = SUITES[name];
  if (!spec) throw new Error(`no suite ${name}: ${Object.keys(SUITES).join(", ")}`);
  const rules = makeRules(spec.rules);
  const seen = new Set<string>();
  const dropped = { ended: 0, repeated: 0, unsolved: 0, notDrawn: 0 };
  const drawn: (Candidate & { drawing: number; legal: number })[] = [];
  const started = Date.now();
  let nodes = 0;
  for (let index = 0; index < candidateCount; index++) {
    const found = candidate(rules, spec.plies, (ply) => hashSeed(`${name}:${seed}:${index}:${ply}`));
    if (found === null) {
      dropped.ended++;
      continue;
    }
    if (seen.has(found.positionString)) {
      dropped.repeated++;
      continue;
    }
    seen.add(found.positionString);
    const evaluation = evaluate(found.position, rules, { maxNodes: MAX_NODES, moves: true });
    nodes += evaluation.nodes;
    const moves = evaluation.moves ?? [];
    if (evaluation.value === null || moves.some((move) => move.value === null)) dropped.unsolved++;
    else if (evaluation.value !== "draw") dropped.notDrawn++;
    else drawn.push({ ...found, drawing: moves.filter((move) => move.value === "draw").length, legal: moves.length });
    if ((index + 1) % 20 === 0)
      process.stderr.write(`${name}: ${index + 1}/${candidateCount} candidates, ${drawn.length} draws, ${Math.round((Date.now() - started) / 1000)} s\n`);
  }
  drawn.sort((a, b) => a.drawing / a.legal - b.drawing / b.legal || a.drawing - b.drawing || (a.positionString < b.positionString ? -1 : 1));
  const chosen = drawn.slice(0, count);
  const suite = {
    name,
    rules: spec.rules,
    description: `${chosen.length} positions ${spec.plies} plies deep, exact draws in which the player to move has the fewest moves that keep the draw`,
    generator: {
      script: "scripts/openings.ts",
      seed,
      plies: spec.plies,
      candidates: candidateCount,
      count,
      maxNodes: MAX_NODES,
      nodes,
      dropped,
      draws: drawn.length,
    },
    openings: chosen.map((opening, index) => ({
      name: `${name}/${String(index + 1).padStart(2, "0")}`,
      moves: opening.moves,
      position: opening.positionString,
      drawingMoves: opening.drawing,
      legalMoves: opening.legal,
    })),
  };
  const target = fileURLToPath(new URL(`../src/tournament/openings/${name}.json`, import.meta.url));
  await writeFile(target, `${JSON.stringify(suite, null, 2)}\n`);
  process.stderr.write(
    `wrote ${target}: ${chosen.length} openings from ${drawn.length} draws (${JSON.stringify(dropped)}), ${nodes} nodes, ${Math.round((Date.now() - started) / 1000)} s\n`,
  );
}

for (const name of names) await buildSuite(name);
