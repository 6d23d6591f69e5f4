/**
 * Writes the committed puzzle sets (src/puzzles/sets/<variant>.json) from games of the built-in bots:
 * it plays seeded games between the reference levels (random, easy, medium, hard, each pair both ways),
 * and every position of a game where the player to move holds a piece, with at most MAX_EMPTIES empty
 * cells, is tried: a puzzle when provePuzzle (src/puzzles/solve.ts) proves it with the engine (every
 * move valued exactly: a forced win, at most 2 winning moves), kept once per canonical key (puzzleKey:
 * board symmetries and piece relabellings). One-move puzzles (a Quarto to see) are kept up to a fifth
 * of the set; the rest need a give that leaves the opponent no way out.
 *
 *   node --experimental-strip-types scripts/puzzles.ts --variant classic|squares [--count N] [--games N] [--out FILE] [--progress DIR]
 *
 * One core; deterministic (the same arguments and engine give the same file). It checkpoints after every
 * game into .puzzles-progress/<variant>.json (git-ignored) and resumes from there when run again; the set
 * is written when `count` puzzles are found or the games run out. CI re-proves a sample with a brute
 * force that shares no code with the engine (test/core/puzzles-set.test.ts).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { evaluate, hashSeed, type Level, suggestMove } from "../src/engine/index.ts";
import { makePositionString, makeRules, playMove, type Position, popcount, readPosition, rulesToJson, START_POSITION_STRING } from "../src/rules/index.ts";
import { type Evaluator, initialPuzzleRating, provePuzzle, puzzleId, puzzleKey } from "../src/puzzles/index.ts";

const { values } = parseArgs({
  options: {
    variant: { type: "string", default: "classic" },
    count: { type: "string" },
    games: { type: "string", default: "20000" },
    /** Where the set is written (default: src/puzzles/sets/<variant>.json) and where progress is kept. */
    out: { type: "string" },
    progress: { type: "string" },
  },
});

const VARIANTS: Record<string, { squares: boolean; count: number }> = {
  classic: { squares: false, count: 560 },
  squares: { squares: true, count: 240 },
};
const variant = VARIANTS[values.variant];
if (!variant) throw new Error(`--variant must be one of ${Object.keys(VARIANTS).join(", ")}`);
const rules = makeRules({ squares: variant.squares });
const COUNT = values.count === undefined ? variant.count : Number(values.count);
const GAMES = Number(values.games);
/** Positions with more empty cells are skipped: every move's exact value must stay cheap to prove. */
const MAX_EMPTIES = 10;
/** The budget of a bot's move in the games (they only need to be plausible games). */
const BOT_NODES = 200_000;
/** The budget of a proof; a position not proved within it is skipped. */
const PROOF_NODES = 50_000_000;
const PAIRS: [Level, Level][] = [];
for (const a of ["random", "easy", "medium", "hard"] as Level[])
  for (const b of ["random", "easy", "medium", "hard"] as Level[]) if (a !== b) PAIRS.push([a, b]);

interface Found {
  id: string;
  key: string;
  position: string;
  moves: number;
  game: number;
  ply: number;
}
interface Progress {
  variant: string;
  nextGame: number;
  tried: number;
  found: Found[];
}

const progressDir = values.progress ?? fileURLToPath(new URL("../.puzzles-progress/", import.meta.url));
const progressFile = join(progressDir, `${values.variant}.json`);
const setFile = values.out ?? fileURLToPath(new URL(`../src/puzzles/sets/${values.variant}.json`, import.meta.url));

const evaluator: Evaluator = (position, r) => Promise.resolve(evaluate(position, r, { moves: true, distance: true, maxNodes: PROOF_NODES }));

async function loadProgress(): Promise<Progress> {
  try {
    return JSON.parse(await readFile(progressFile, "utf8")) as Progress;
  } catch {
    return { variant: values.variant as string, nextGame: 0, tried: 0, found: [] };
  }
}

/** Whether one more puzzle of `moves` moves is welcome: one-move puzzles up to a fifth of the set. */
const welcome = (found: Found[], moves: number): boolean => moves > 1 || found.filter((puzzle) => puzzle.moves === 1).length < Math.floor(COUNT / 5);

async function playGame(game: number, progress: Progress, keys: Set<string>): Promise<void> {
  const [first, second] = PAIRS[game % PAIRS.length];
  const position = readPosition(START_POSITION_STRING, rules);
  if (!position.ok) throw new Error("start");
  let current: Position = position.value;
  for (let ply = 0; ; ply++) {
    const empties = 16 - popcount(current.occupied);
    if (current.inHand !== null && empties <= MAX_EMPTIES && empties >= 2) {
      const key = puzzleKey(current, rules);
      if (!keys.has(key)) {
        progress.tried++;
        const quick = evaluate(current, rules, { maxNodes: PROOF_NODES });
        if (quick.value === "win") {
          const proof = await provePuzzle(current, rules, evaluator);
          if (proof.ok && welcome(progress.found, proof.moves)) {
            keys.add(key);
            progress.found.push({ id: puzzleId(key), key, position: makePositionString(current), moves: proof.moves, game, ply });
          }
        }
      }
    }
    const level = ply % 2 === 0 ? first : second;
    const suggestion = suggestMove(current, rules, { level, seed: hashSeed(`${values.variant}:${game}:${ply}`), maxNodes: BOT_NODES, line: false });
    const played = playMove(current, suggestion.move, rules);
    if (!played.ok) throw new Error(`game ${game} ply ${ply}: ${played.error.detail}`);
    if (played.value.outcome.status !== "ongoing") return;
    current = played.value.position;
  }
}

async function main(): Promise<void> {
  const progress = await loadProgress();
  const keys = new Set(progress.found.map((puzzle) => puzzle.key));
  await mkdir(progressDir, { recursive: true });
  while (progress.found.length < COUNT && progress.nextGame < GAMES) {
    await playGame(progress.nextGame, progress, keys);
    progress.nextGame++;
    await writeFile(progressFile, JSON.stringify(progress));
    if (progress.nextGame % 10 === 0) console.log(`game ${progress.nextGame}: ${progress.found.length} puzzles of ${progress.tried} positions tried`);
  }
  const puzzles = [...progress.found]
    .sort((a, b) => a.moves - b.moves || a.id.localeCompare(b.id))
    .map(({ id, position, moves, game, ply }) => ({ id, position, moves, rating: initialPuzzleRating(moves), game, ply }));
  const set = {
    variant: values.variant,
    rules: rulesToJson(rules),
    generator: {
      script: "scripts/puzzles.ts",
      games: progress.nextGame,
      pairs: PAIRS.map(([a, b]) => `${a}-${b}`),
      botNodes: BOT_NODES,
      proofNodes: PROOF_NODES,
      maxEmpties: MAX_EMPTIES,
      positionsTried: progress.tried,
    },
    puzzles,
  };
  await writeFile(setFile, `${JSON.stringify(set, null, 2)}\n`);
  console.log(`wrote ${puzzles.length} puzzles to ${setFile}`);
}

await main();
