/**
 * Writes the unbalanced opening suites (src/tournament/openings/<variant>-unbalanced.json): positions
 * that are exact wins for the player to move with as few winning moves as the opening books hold, so
 * that in a game pair each bot gets the won side once and a bot that fails to convert it loses the pair
 * (the UHO books of chess engine testing). The sibling of scripts/openings.ts (balanced
 * suites: exact draws).
 *
 *   npm exec -- node scripts/unbalanced-openings.ts [--suite classic-unbalanced|squares-unbalanced] [--seed N] [--candidates N] [--count N]
 *
 * How (deterministic: the same arguments, books and engine give the same file):
 *  1. Candidates: every entry of the variant's opening book (books/<variant>-<depth>.bin) with 12 to 14
 *     empty cells whose value is a win for the player to move, except those won by a Quarto at once
 *     (the piece in hand completes a shape: any bot takes it). The book holds every canonical position
 *     (board symmetries and piece relabelling, src/engine/book.ts's canonicalForm), one entry each, so no
 *     two candidates are related by a symmetry or a relabelling. Each is its book representative (the
 *     position in the canonical frame, piece 0 in hand).
 *  2. Deep enough: of a seeded sample of `candidates` of them (all when fewer), those whose value the
 *     exact search without the book does not prove within `horizonNodes` (`evaluate` with no book
 *     installed; 400,000 nodes, a fifth of the service's default budget ENGINE_DEFAULT_NODES: what
 *     `hard` gives its exact attempt before it falls back on its heuristic). A searching bot at the
 *     default budget cannot yet see the end of these and has to find its way; the wins the search
 *     proves sooner are dropped (hard converts them as perfect does). Wins are proved far sooner than
 *     draws: at 12 empty cells most take 100,000-700,000 nodes, and in the squares variant all but a few
 *     of the wins at 13 are proved within 2 million.
 *  3. Winning moves: of those, every legal move is solved exactly (`evaluate` with `moves: true`, with
 *     the book: the children below its deepest tier are searched, at most `maxNodes` a position; one not
 *     solved is dropped).
 *  4. Choice: the fewest winning moves first (ties by fewer placements to the end with best play, then
 *     the position string), at most `perShape` per board shape (the canonical occupancy, the cells
 *     filled up to a symmetry), so the suite spreads over distinct structures: the first `count`.
 * The file records the arguments, the book, the node budget, the counts at each step, and per opening its
 * moves (the record that places the pieces in cell order, src/tournament/openings.ts's movesToPosition),
 * its position, its empty cells, its winning moves (text) and its legal move count. CI re-solves a sample
 * without the book (test/core/unbalanced-openings.test.ts).
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { installBookFiles } from "../arena/books.ts";
import { type Book, openBook, tierEntry } from "../src/engine/book.ts";
import { type BookFiles, evaluate, installBooks } from "../src/engine/index.ts";
import { seededRandom, shuffleInPlace } from "../src/engine/random.ts";
import { completedShapes, makeMoveText, makePositionString, makeRules, type Position, positionFromTrustedSetup, type Rules } from "../src/rules/index.ts";
import { movesToPosition } from "../src/tournament/openings.ts";
import { representative, unpackKey } from "./book-builder.ts";

interface SuiteSpec {
  rules: { squares: boolean };
  /** The book the candidates come from. */
  book: string;
}

const SUITES: Record<string, SuiteSpec> = {
  "classic-unbalanced": { rules: { squares: false }, book: "classic-12" },
  "squares-unbalanced": { rules: { squares: true }, book: "squares-13" },
};

const MIN_EMPTIES = 12;
const MAX_EMPTIES = 14;
const MAX_NODES = 100_000_000;
/** A fifth of the service's default node budget (wrangler.toml's ENGINE_DEFAULT_NODES, 2 million): hard's exact attempt. */
const HORIZON_NODES = 400_000;

const { values } = parseArgs({
  options: {
    suite: { type: "string" },
    seed: { type: "string" },
    candidates: { type: "string" },
    count: { type: "string" },
    "per-shape": { type: "string" },
  },
  strict: true,
});
const seed = Number(values.seed ?? 1);
const candidateCount = Number(values.candidates ?? 400);
const count = Number(values.count ?? 32);
const perShape = Number(values["per-shape"] ?? 2);
const names = values.suite ? [values.suite] : Object.keys(SUITES);

/** True when the piece in hand completes a shape somewhere: a win any bot takes. */
function winsAtOnce(position: Position, rules: Rules): boolean {
  for (let cell = 0; cell < 16; cell++) {
    if (position.board[cell] !== null) continue;
    const board = [...position.board];
    board[cell] = position.inHand;
    if (completedShapes(positionFromTrustedSetup({ board, inHand: null }), rules).length > 0) return true;
  }
  return false;
}

interface Candidate {
  position: Position;
  positionString: string;
  empties: number;
  /** The canonical occupancy: the board's shape up to a symmetry. */
  shape: number;
  pliesToEnd: number;
}

/** The book's won positions with 12-14 empty cells that no Quarto wins at once, and how many of each kind were seen. */
function candidatesOf(book: Book, rules: Rules) {
  const found: Candidate[] = [];
  const seen: Record<string, { entries: number; wins: number; winsAtOnce: number }> = {};
  for (const tier of book.tiers) {
    if (tier.empties < MIN_EMPTIES || tier.empties > MAX_EMPTIES) continue;
    const counts = { entries: tier.count, wins: 0, winsAtOnce: 0 };
    seen[tier.empties] = counts;
    for (let index = 0; index < tier.count; index++) {
      const { key, entry } = tierEntry(book, tier, index);
      if (entry.value !== "win") continue;
      counts.wins++;
      const position = positionFromTrustedSetup(representative(key, tier.empties, book.buildAttributeMask));
      if (winsAtOnce(position, rules)) {
        counts.winsAtOnce++;
        continue;
      }
      const { occupancy } = unpackKey(key, 16 - tier.empties, book.attributeCount);
      found.push({ position, positionString: makePositionString(position), empties: tier.empties, shape: occupancy, pliesToEnd: entry.pliesToEnd });
    }
  }
  return { found, seen };
}

async function buildSuite(name: string, files: BookFiles): Promise<void> {
  const spec = SUITES[name];
  if (!spec) throw new Error(`no suite ${name}: ${Object.keys(SUITES).join(", ")}`);
  const rules = makeRules(spec.rules);
  const book = openBook(files[spec.book], rules);
  const { found, seen } = candidatesOf(book, rules);
  const sampled = shuffleInPlace([...found], seededRandom(seed)).slice(0, candidateCount);
  const solved: (Candidate & { winning: string[]; legal: number })[] = [];
  let unsolved = 0;
  let nodes = 0;
  const started = process.cpuUsage();
  // Deep enough: not proved by the search alone within the default budget.
  installBooks({});
  const deep = sampled.filter((candidate) => {
    const evaluation = evaluate(candidate.position, rules, { maxNodes: HORIZON_NODES });
    nodes += evaluation.nodes;
    if (evaluation.value !== null && evaluation.value !== "win")
      throw new Error(`${candidate.positionString}: the book says win, the search ${evaluation.value}`);
    return evaluation.value === null;
  });
  installBooks(files);
  process.stderr.write(
    `${name}: ${deep.length} of ${sampled.length} not proved within ${HORIZON_NODES} nodes, ${Math.round(process.cpuUsage(started).user / 1e6)} CPU s\n`,
  );
  for (const [index, candidate] of deep.entries()) {
    const evaluation = evaluate(candidate.position, rules, { moves: true, maxNodes: MAX_NODES });
    nodes += evaluation.nodes;
    const moves = evaluation.moves ?? [];
    if (evaluation.value !== "win" || moves.some((move) => move.value === null)) unsolved++;
    else solved.push({ ...candidate, winning: moves.filter((move) => move.value === "win").map((move) => makeMoveText(move.move)), legal: moves.length });
    if ((index + 1) % 10 === 0)
      process.stderr.write(`${name}: ${index + 1}/${deep.length} candidates solved, ${Math.round(process.cpuUsage(started).user / 1e6)} CPU s\n`);
  }
  solved.sort(
    (a, b) =>
      a.winning.length - b.winning.length ||
      a.pliesToEnd - b.pliesToEnd ||
      (a.positionString < b.positionString ? -1 : a.positionString > b.positionString ? 1 : 0),
  );
  const perShapeCount = new Map<number, number>();
  const chosen: typeof solved = [];
  for (const candidate of solved) {
    if (chosen.length === count) break;
    const taken = perShapeCount.get(candidate.shape) ?? 0;
    if (taken >= perShape) continue;
    perShapeCount.set(candidate.shape, taken + 1);
    chosen.push(candidate);
  }
  const winningCounts = chosen.map((opening) => opening.winning.length);
  const suite = {
    name,
    rules: spec.rules,
    description: `${chosen.length} positions with ${[...new Set(chosen.map((opening) => opening.empties))].join(" or ")} empty cells, exact wins for the player to move that the search alone does not prove within ${HORIZON_NODES} nodes, with the fewest winning moves (${Math.min(...winningCounts)} to ${Math.max(...winningCounts)}), at most ${perShape} per board shape`,
    generator: {
      script: "scripts/unbalanced-openings.ts",
      book: spec.book,
      seed,
      empties: [MIN_EMPTIES, MAX_EMPTIES],
      tiers: seen,
      candidates: found.length,
      sampled: sampled.length,
      horizonNodes: HORIZON_NODES,
      deep: deep.length,
      count,
      perShape,
      maxNodes: MAX_NODES,
      nodes,
      unsolved,
      shapes: new Set(solved.map((candidate) => candidate.shape)).size,
    },
    openings: chosen.map((opening, index) => {
      const reached = movesToPosition(opening.positionString, rules);
      if (!reached.ok) throw new Error(`${opening.positionString}: ${reached.detail}`);
      return {
        name: `${name}/${String(index + 1).padStart(2, "0")}`,
        moves: reached.moves,
        position: opening.positionString,
        empties: opening.empties,
        pliesToEnd: opening.pliesToEnd,
        winningMoves: opening.winning,
        legalMoves: opening.legal,
      };
    }),
  };
  const target = fileURLToPath(new URL(`../src/tournament/openings/${name}.json`, import.meta.url));
  await writeFile(target, `${JSON.stringify(suite, null, 2)}\n`);
  process.stderr.write(
    `wrote ${target}: ${chosen.length} openings from ${solved.length} solved of ${deep.length} deep of ${sampled.length} sampled of ${found.length} candidates (${unsolved} unsolved), ${nodes} nodes, ${Math.round(process.cpuUsage(started).user / 1e6)} CPU s\n`,
  );
}

const files = installBookFiles();
for (const name of names) await buildSuite(name, files);
