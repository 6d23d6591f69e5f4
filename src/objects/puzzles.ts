/**
 * The puzzle store: one Durable Object (`idFromName(PUZZLE_STORE_NAME)`) holding every puzzle's rating (Glicko-2,
 * src/puzzles/rating.ts) and the puzzles mined from games played here. The committed sets are in the
 * code (src/puzzles/sets); a set puzzle gets a row at its first attempt. Nothing per solver is stored.
 * Truth is in SQLite only (its tables and their version: storage.ts): every method reads and writes without an `await`
 * in between, so two attempts on one puzzle cannot both start from the same rating.
 */
import { DurableObject } from "cloudflare:workers";
import { seededRandom } from "../engine/index.ts";
import { committedPuzzle, committedPuzzles, NEW_SOLVER, type Puzzle, PUZZLE_STORE_NAME, rateAttempt, rulesKey, untriedPuzzle } from "../puzzles/index.ts";
import { makeRules, type Rules, type RulesInput, rulesToJson } from "../rules/index.ts";
import type { Glicko2Rating } from "../tournament/index.ts";
import { objectNamed } from "../wire/index.ts";
import { openTables, sqlOf, type TableSchema } from "./storage.ts";

/** The store's tables (storage.ts): each puzzle's rating (a row from its first attempt), and the mined puzzles. */
const PUZZLES_SCHEMA: TableSchema = {
  object: "puzzle store",
  version: 1,
  migrations: {},
  create(sql) {
    sql.exec(`CREATE TABLE ratings (
      id TEXT PRIMARY KEY,
      rating REAL NOT NULL,
      deviation REAL NOT NULL,
      volatility REAL NOT NULL,
      attempts INTEGER NOT NULL
    )`);
    sql.exec(`CREATE TABLE mined (
      id TEXT PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      rules_key TEXT NOT NULL,
      position TEXT NOT NULL,
      rules TEXT NOT NULL,
      moves INTEGER NOT NULL,
      day TEXT NOT NULL
    )`);
    sql.exec("CREATE INDEX mined_by_rules ON mined (rules_key)");
    sql.exec("CREATE INDEX mined_by_day ON mined (day)");
  },
};

/** The puzzle store: a single object. */
export const puzzleStore = (env: Env) => objectNamed(env.PUZZLES, PUZZLE_STORE_NAME);
/** `next` draws among this many puzzles nearest the solver's rating. */
const NEAREST = 12;

/** A puzzle with its rating as it stands. */
export interface RatedPuzzle {
  puzzle: Puzzle;
  rating: Glicko2Rating;
  attempts: number;
  source: "set" | "mined";
}

/** What `attempt` answers: the puzzle's rating after it, and the solver's when one was sent. */
export interface AttemptResult {
  puzzle: { rating: Glicko2Rating; attempts: number };
  solver: Glicko2Rating | null;
}

/** A proved puzzle offered to the store (puzzle-mining.ts proves it first). */
export interface MinedCandidate {
  id: string;
  key: string;
  position: string;
  rules: RulesInput;
  moves: number;
}

export type MinedVerdict = "added" | "known" | "daily_limit";

interface RatingRow {
  id: string;
  rating: number;
  deviation: number;
  volatility: number;
  attempts: number;
}

interface MinedRow {
  id: string;
  position: string;
  rules: string;
  moves: number;
}

export class PuzzleStore extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    openTables(sqlOf(ctx.storage), PUZZLES_SCHEMA);
  }

  private rows<T>(query: string, ...bindings: (string | number | null)[]): T[] {
    return this.ctx.storage.sql.exec(query, ...bindings).toArray() as unknown as T[];
  }

  private minedPuzzle(row: MinedRow): Puzzle {
    const rules = makeRules(JSON.parse(row.rules) as RulesInput);
    return { id: row.id, position: row.position, rules, moves: row.moves, rating: untriedPuzzle(row.moves).rating };
  }

  private rated(puzzle: Puzzle, source: "set" | "mined"): RatedPuzzle {
    const row = this.rows<RatingRow>("SELECT * FROM ratings WHERE id = ?", puzzle.id)[0];
    if (row === undefined) return { puzzle, rating: untriedPuzzle(puzzle.moves), attempts: 0, source };
    return { puzzle, rating: { rating: row.rating, deviation: row.deviation, volatility: row.volatility }, attempts: row.attempts, source };
  }

  /** The puzzle with this id and its rating, or null. */
  async lookup(id: string): Promise<RatedPuzzle | null> {
    return this.find(id);
  }

  private find(id: string): RatedPuzzle | null {
    const committed = committedPuzzle(id);
    if (committed) return this.rated(committed, "set");
    const row = this.rows<MinedRow>("SELECT id, position, rules, moves FROM mined WHERE id = ?", id)[0];
    return row === undefined ? null : this.rated(this.minedPuzzle(row), "mined");
  }

  /** A puzzle under `rules` drawn among the NEAREST whose rating is closest to `target`, or null when the rules have none. */
  async next(rules: Rules, target: number, seed: number): Promise<RatedPuzzle | null> {
    const ratings = new Map(this.rows<RatingRow>("SELECT * FROM ratings").map((row) => [row.id, row]));
    const mined = this.rows<MinedRow>("SELECT id, position, rules, moves FROM mined WHERE rules_key = ?", rulesKey(rules));
    const candidates = [
      ...committedPuzzles(rules).map((puzzle) => ({ puzzle, source: "set" as const })),
      ...mined.map((row) => ({ puzzle: this.minedPuzzle(row), source: "mined" as const })),
    ];
    if (candidates.length === 0) return null;
    const ratingOf = (puzzle: Puzzle) => ratings.get(puzzle.id)?.rating ?? puzzle.rating;
    const nearest = candidates
      .map((candidate) => ({ ...candidate, distance: Math.abs(ratingOf(candidate.puzzle) - target) }))
      .sort((a, b) => a.distance - b.distance || a.puzzle.id.localeCompare(b.puzzle.id))
      .slice(0, NEAREST);
    const chosen = nearest[Math.floor(seededRandom(seed)() * nearest.length)];
    return this.rated(chosen.puzzle, chosen.source);
  }

  /**
   * Records an ended attempt (solved, or a wrong move): the puzzle's rating and the solver's move as
   * one Glicko-2 game between them. Null when there is no such puzzle.
   */
  async attempt(id: string, solved: boolean, solver: Glicko2Rating | null): Promise<AttemptResult | null> {
    const found = this.find(id);
    if (found === null) return null;
    // A solver who sends no rating counts as a new one (1500, deviation 350): their result moves the puzzle little.
    const after = rateAttempt(found.rating, solver ?? NEW_SOLVER, solved);
    const attempts = found.attempts + 1;
    this.rows(
      "INSERT OR REPLACE INTO ratings (id, rating, deviation, volatility, attempts) VALUES (?, ?, ?, ?, ?)",
      id,
      after.puzzle.rating,
      after.puzzle.deviation,
      after.puzzle.volatility,
      attempts,
    );
    return { puzzle: { rating: after.puzzle, attempts }, solver: solver === null ? null : after.solver };
  }

  /**
   * Adds a proved puzzle mined from a game: once per canonical key (a committed puzzle's key included),
   * and at most `dailyLimit` on one UTC `day`.
   */
  async addMined(candidate: MinedCandidate, day: string, dailyLimit: number): Promise<MinedVerdict> {
    if (committedPuzzle(candidate.id) || this.rows("SELECT id FROM mined WHERE key = ? OR id = ?", candidate.key, candidate.id).length > 0) return "known";
    const today = this.rows<{ count: number }>("SELECT COUNT(*) AS count FROM mined WHERE day = ?", day)[0].count;
    if (today >= dailyLimit) return "daily_limit";
    const rules = makeRules(candidate.rules);
    this.rows(
      "INSERT INTO mined (id, key, rules_key, position, rules, moves, day) VALUES (?, ?, ?, ?, ?, ?, ?)",
      candidate.id,
      candidate.key,
      rulesKey(rules),
      candidate.position,
      JSON.stringify(rulesToJson(rules)),
      candidate.moves,
      day,
    );
    return "added";
  }
}
