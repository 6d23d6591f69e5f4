/**
 * Puzzles mined from games played on this service: a position where a player had a forced win that
 * at most two moves keep (and, in a reviewed game, threw it away) is proved by the engine as idle work
 * (people's searches and games' first) and offered to the puzzle store, which keeps it once per canonical
 * position and at most MINED_PER_DAY a UTC day. Whoever finds the positions (a game's review) calls
 * `offerMinedPuzzle`; it refuses nothing loudly: the answer says what happened.
 */
import { evaluateInTurn } from "../engine/index.ts";
import { type Evaluator, provePuzzle, puzzleId, puzzleKey } from "../puzzles/index.ts";
import { makePositionString, type Position, type Rules, rulesToJson } from "../rules/index.ts";
import { type MinedVerdict, puzzleStore } from "./puzzles.ts";

/** At most this many mined puzzles are added on one UTC day. */
const MINED_PER_DAY = 50;

/** A mined puzzle's proof gets this budget for every move's value (far more than a puzzle's few empty cells need). */
const PROOF_NODES = 20_000_000;

/** Mining follows reviews: idle work, after people's searches and games'. */
const backgroundEvaluator: Evaluator = (position, rules) =>
  evaluateInTurn(position, rules, { moves: true, distance: true, maxNodes: PROOF_NODES }, { priority: "idle" });

/** What became of an offered position: added, already known, over the day's bound, or not a puzzle (and why). */
export type MiningResult = { verdict: MinedVerdict; id: string } | { verdict: "not_a_puzzle"; reason: string };

/** Proves `position` is a puzzle under `rules` and offers it to the puzzle store, as of `now`. */
export async function offerMinedPuzzle(env: Env, position: Position, rules: Rules, now = Date.now(), evaluator = backgroundEvaluator): Promise<MiningResult> {
  const proof = await provePuzzle(position, rules, evaluator);
  if (!proof.ok) return { verdict: "not_a_puzzle", reason: proof.reason };
  const key = puzzleKey(position, rules);
  const id = puzzleId(key);
  const store = puzzleStore(env);
  const day = new Date(now).toISOString().slice(0, 10);
  const verdict = await store.addMined({ id, key, position: makePositionString(position), rules: rulesToJson(rules), moves: proof.moves }, day, MINED_PER_DAY);
  return { verdict, id };
}
