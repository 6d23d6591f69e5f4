/**
 * suggestMove: a move at one of five levels, within a node budget. `random` and `easy` read the position
 * only; `medium` and `hard` search heuristically (hard exactly when that is cheap); `perfect` reads the
 * book, then solves, hurries or delays, and falls back on the heuristic search when the budget runs out.
 */
import { legalMoves, type Move, playMove, type Position, type Rules } from "../rules/index.ts";
import { completesShape } from "./board.ts";
import { bookSuggestion } from "./book-answers.ts";
import { nodesSearched, setNodeLimit } from "./budget.ts";
import { randomIndex, type RandomSource, seededRandom } from "./random.ts";
import { type AnswerSource, budgetOf, LEVELS, type Suggestion, type SuggestOptions } from "./requests.ts";
import {
  BUDGET_NOTE,
  bestScore,
  concreteGive,
  type ExactResult,
  FIRST_PLACEMENT_NOTE,
  heuristicRoot,
  isClassicFirstPlacement,
  isClassicStart,
  KNOWN_DRAW_NOTE,
  openRoot,
  orderMoves,
  pliesFromScore,
  type Root,
  type RootMove,
  rootMoves,
  solveRoot,
  toMove,
  VARIANT_START_NOTE,
  withinBudget,
} from "./root.ts";
import { PROVEN, SCORE_LIMIT, type Value } from "./score.ts";
import { startRequest } from "./search.ts";
import { activeContinuation } from "./slices.ts";

/**
 * A move for the player to move. Throws RangeError when the game is over.
 * @example suggestMove(readPosition("0A3.............5").value, CLASSIC_RULES, { level: "hard", seed: 7 })
 */
export function suggestMove(position: Position, rules: Rules, options: SuggestOptions = {}): Suggestion {
  const level = options.level ?? "perfect";
  if (!LEVELS.includes(level)) throw new RangeError(`engine: unknown level ${String(level)}`);
  const maxNodes = budgetOf(options.maxNodes);
  const random = seededRandom(options.seed ?? Math.floor(Math.random() * 2 ** 32));
  const root = openRoot(position, rules);
  startRequest(maxNodes, activeContinuation()?.resume);
  const moves = orderMoves(rootMoves(root), random);
  const answer = (move: RootMove, fields: Omit<Suggestion, "move" | "nodes" | "source"> & { source?: AnswerSource }): Suggestion => ({
    move: toMove(move, move.give < 0 ? -1 : concreteGive(move.give, random)),
    nodes: nodesSearched(),
    source: "search",
    ...fields,
  });

  if (level === "random") return randomSuggestion(root, random);
  if (level === "easy") {
    if (moves[0].wins) return answer(moves[0], { value: "win", exact: true, pliesToEnd: 1 });
    const safe = moves.filter((move) => !move.blunder);
    return answer(safe[randomIndex(random, safe.length)] ?? moves[0], { exact: false });
  }
  // Only `perfect` reads the book: `hard` and `medium` stay beatable, exact only where their own search reaches.
  if (level === "perfect") {
    const booked = bookSuggestion(root, random);
    if (booked) return booked;
  }
  if (isClassicStart(root)) return answer(moves[0], { value: "draw", exact: true, pliesToEnd: 16, source: "known", note: KNOWN_DRAW_NOTE });
  if (moves[0].wins) return answer(moves[0], { value: "win", exact: true, pliesToEnd: 1, principalVariation: [toMove(moves[0], -1)] });
  if (level === "medium") {
    setNodeLimit(Math.min(maxNodes, 20_000));
    const found = heuristicRoot(root, moves, 1);
    return answer(found.move, { exact: false, ...provenValue(found.score) });
  }
  const fullStart = root.placed === 0;
  const exactShare = level === "perfect" ? 0.85 : 0.2;
  if (!fullStart) {
    setNodeLimit(Math.floor(maxNodes * exactShare));
    const solved = withinBudget(root, () => solveRoot(root, moves));
    if (solved) {
      const refined = level === "perfect" ? hurryOrDelay(root, moves, solved, maxNodes) : null;
      const chosen = refined ?? { move: solved.move };
      const move = toMove(chosen.move, chosen.move.give < 0 ? -1 : concreteGive(chosen.move.give, random));
      const principalVariation =
        options.line === false
          ? undefined
          : principalLine(
              position,
              rules,
              move,
              random,
              markOnce("line", () => nodesSearched() + Math.floor((maxNodes - nodesSearched()) / 10)),
            );
      return {
        move,
        value: solved.value,
        exact: true,
        nodes: nodesSearched(),
        source: "search",
        ...(principalVariation ? { principalVariation } : {}),
        ...(refined ? { pliesToEnd: refined.plies } : {}),
      };
    }
  }
  setNodeLimit(maxNodes);
  const found = heuristicRoot(root, moves, root.empties);
  if (isClassicFirstPlacement(root)) return answer(found.move, { value: "draw", exact: false, source: "known", note: FIRST_PLACEMENT_NOTE });
  return answer(found.move, {
    exact: false,
    ...provenValue(found.score),
    note: fullStart ? `${VARIANT_START_NOTE}: heuristic search` : BUDGET_NOTE,
  });
}

/**
 * A line of best play starting with `first`: each side's move from a win/draw/loss solve of the
 * position reached (cheap, the table is warm), until the game ends, 16 moves, or `nodeCap`.
 */
function principalLine(position: Position, rules: Rules, first: Move, random: RandomSource, nodeCap: number): Move[] {
  const line = [first];
  let current = position;
  let move = first;
  while (line.length < 16) {
    const played = playMove(current, move, rules);
    if (!played.ok || played.value.outcome.status !== "ongoing") break;
    current = played.value.position;
    const root = openRoot(current, rules);
    setNodeLimit(nodeCap);
    const moves = orderMoves(rootMoves(root), random);
    const solved = withinBudget(root, () => solveRoot(root, moves));
    if (!solved) break;
    move = toMove(solved.move, solved.move.give < 0 ? -1 : concreteGive(solved.move.give, random));
    line.push(move);
  }
  return line;
}

function provenValue(score: number): { value?: Value } {
  return score >= PROVEN ? { value: "win" } : score <= -PROVEN ? { value: "loss" } : {};
}

/**
 * Once the value is known, spends up to half the remaining budget on the distance search: the fastest
 * win, or the longest resistance. Null when the budget does not allow it or the game is a draw.
 */
function hurryOrDelay(root: Root, moves: RootMove[], solved: ExactResult, maxNodes: number): { move: RootMove; plies: number } | null {
  if (solved.value === "draw") return null;
  const spent = markOnce("distance", nodesSearched);
  setNodeLimit(spent + Math.floor((maxNodes - spent) / 2));
  const window = solved.value === "win" ? [0, SCORE_LIMIT] : [-SCORE_LIMIT, 0];
  const candidates = solved.value === "win" ? moves.filter((move) => !move.blunder) : moves;
  const found = withinBudget(root, () => bestScore(root, candidates, window[0], window[1]));
  if (!found || valueOfScore(found.score) !== solved.value) return null;
  return { move: found.move, plies: pliesFromScore(root, found.score) };
}

function randomSuggestion(root: Root, random: RandomSource): Suggestion {
  // Every legal move, with a completing placement always announced (its unannounced twin dropped).
  const seen = new Set<string>();
  const moves: Move[] = [];
  for (const move of legalMoves(root.position, root.rules)) {
    const announced = move.place !== undefined && root.hand >= 0 && completesShape(move.place, root.hand);
    const normal: Move = announced ? { place: move.place, quarto: true } : move;
    const key = `${normal.place}/${normal.give}/${normal.quarto}`;
    if (seen.has(key)) continue;
    seen.add(key);
    moves.push(normal);
  }
  return { move: moves[randomIndex(random, moves.length)], exact: false, nodes: 0, source: "search" };
}

/** A node count computed once per request: a sliced request's later runs reuse the first run's value. */
function markOnce(name: string, compute: () => number): number {
  const marks = activeContinuation()?.marks;
  const known = marks?.get(name);
  if (known !== undefined) return known;
  const value = compute();
  marks?.set(name, value);
  return value;
}

const valueOfScore = (score: number): Value => (score > 0 ? "win" : score < 0 ? "loss" : "draw");
