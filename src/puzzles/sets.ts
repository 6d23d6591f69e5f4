/**
 * The committed puzzle sets (sets/<variant>.json, written by scripts/puzzles.ts from games of the
 * built-in bots, each puzzle proved with the engine), so a fresh install has puzzles: looked up by id,
 * listed by rules, and the daily puzzle. Mined puzzles are not here: the puzzle store keeps them.
 */
import { makeRules, type Rules, type RulesInput } from "../rules/index.ts";
import { hashSeed } from "../engine/index.ts";
import { rulesKey } from "./key.ts";
import classic from "./sets/classic.json" with { type: "json" };
import squares from "./sets/squares.json" with { type: "json" };

/** The name of the one Durable Object that stores the puzzles' ratings and the mined puzzles. */
export const PUZZLE_STORE_NAME = "puzzles";

/** A puzzle as the service serves it. `rating` is its initial rating (the store keeps the current one). */
export interface Puzzle {
  id: string;
  /** The position the solver starts from (the solver is the player to move). */
  position: string;
  rules: Rules;
  /** The solver's moves on the line with best play on both sides; the last completes a Quarto. */
  moves: number;
  rating: number;
}

interface SetFile {
  rules: RulesInput;
  puzzles: { id: string; position: string; moves: number; rating: number }[];
}

const SETS: Puzzle[][] = [classic as SetFile, squares as SetFile].map((set) => {
  const rules = makeRules(set.rules);
  return set.puzzles.map(({ id, position, moves, rating }) => ({ id, position, rules, moves, rating }));
});

const BY_ID = new Map(SETS.flat().map((puzzle) => [puzzle.id, puzzle]));
const BY_RULES = new Map(SETS.map((set) => [rulesKey(set[0].rules), set]));

/** The committed puzzle with this id. */
export const committedPuzzle = (id: string): Puzzle | undefined => BY_ID.get(id);

/** The committed puzzles under these rules (the classic game and the squares variant have sets; other rules none). */
export const committedPuzzles = (rules: Rules): readonly Puzzle[] => BY_RULES.get(rulesKey(rules)) ?? [];

/** The daily puzzle of a UTC day (`YYYY-MM-DD`): a classic puzzle picked by the day's hash, the same for everyone. */
export function dailyPuzzle(day: string): Puzzle {
  const set = SETS[0];
  return set[hashSeed(`daily:${day}`) % set.length];
}
