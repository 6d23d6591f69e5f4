/**
 * A match's review in its object's storage: computed once, after the game ends, by the match object's
 * alarm as idle work (the engine serves people, then games, then reviews), stored under its own key beside the
 * match, and read from there afterwards. An object evicted or restarted while reviewing runs its alarm
 * again and starts the review over; nothing partial is stored.
 */
import type { WorkOptions } from "../engine/index.ts";
import { type GameReview, openingPlies, replayRecord, reviewGameInTurn } from "../match/index.ts";
import { offerMinedPuzzle } from "./puzzle-mining.ts";
import { configureEngineTurns, objectNamed, readSettings, type ReviewedSeat, type StoredMatch } from "../wire/index.ts";

const REVIEW_KEY = "review";
/** Set when a review is asked for while reviews after every game are off (REVIEW_GAMES=false). */
const ASKED_KEY = "reviewAsked";
/** Set once a tournament game's review is reported to its tournament (the bots' accuracy). */
const REPORTED_KEY = "reviewReported";
/** The stored form's version: a stored review of another version is computed again. */
const REVIEW_VERSION = 1;

interface StoredReview {
  version: number;
  review: GameReview;
}

/** The match's stored review, or null (none yet, or of another version). */
export function storedReview(storage: DurableObjectStorage): GameReview | null {
  const stored = storage.kv.get<StoredReview>(REVIEW_KEY);
  return stored !== undefined && stored.version === REVIEW_VERSION ? stored.review : null;
}

/** Whether the match's object owes it a review now: it is over, has moves, has none stored, and one is wanted. */
export function reviewDue(storage: DurableObjectStorage, match: StoredMatch, env: Env): boolean {
  if (match.state.status !== "finished" || match.state.moves.length === 0) return false;
  if (storedReview(storage) !== null) return false;
  return readSettings(env).reviewGames || storage.kv.get<boolean>(ASKED_KEY) === true;
}

/** Notes that the review was asked for (the alarm then computes it even when reviews after every game are off). */
export function askForReview(storage: DurableObjectStorage): void {
  storage.kv.put(ASKED_KEY, true);
}

/**
 * How a match's review enters the engine: idle work (after people and games), and ahead of a backlog of
 * tournament games' reviews when it is a hosted match (someone's game, which they may be waiting to read)
 * or its review was asked for.
 */
export function reviewWork(storage: DurableObjectStorage, match: StoredMatch): WorkOptions {
  return { priority: "idle", ahead: match.tournamentId === undefined || storage.kv.get<boolean>(ASKED_KEY) === true };
}

/** Reviews the finished match as `work` (reviewWork), each value exact within ENGINE_MAX_NODES; the caller stores it (saveReview). */
export async function computeReview(match: StoredMatch, env: Env, work: WorkOptions): Promise<GameReview> {
  const settings = readSettings(env);
  configureEngineTurns(settings);
  const { state } = match;
  const reviewed = await reviewGameInTurn(
    {
      rules: state.config.rules,
      firstSeat: state.config.firstSeat,
      moves: state.moves.map((record) => ({ move: record.move })),
      openingPlies: openingPlies(state.config),
      maxNodes: settings.maxNodes,
    },
    work,
  );
  // Every stored match replays (the reducer made it): a failure here is a defect, not a bad input.
  if (!reviewed.ok) throw new Error(`match ${match.id} does not replay for its review: ${reviewed.error.code} ${reviewed.error.detail}`);
  return reviewed.value;
}

/** Stores the match's review (and forgets that it was asked for). */
export function saveReview(storage: DurableObjectStorage, review: GameReview): void {
  storage.kv.put(REVIEW_KEY, { version: REVIEW_VERSION, review } satisfies StoredReview);
  storage.kv.delete(ASKED_KEY);
}

/** Whether the match, a tournament game, owes its tournament the report of its review. */
export function reportDue(storage: DurableObjectStorage, match: StoredMatch): boolean {
  return match.tournamentId !== undefined && storedReview(storage) !== null && storage.kv.get<boolean>(REPORTED_KEY) !== true;
}

/** Tells the game's tournament what each bot did (`names`: the bots by seat), then notes it was told. */
export async function reportReview(storage: DurableObjectStorage, match: StoredMatch, names: [string, string], env: Env): Promise<void> {
  const review = storedReview(storage);
  if (review === null || match.tournamentId === undefined) return;
  const seats = review.seats.map(
    (summary, seat): ReviewedSeat => ({ bot: names[seat], moves: summary.moves, kept: summary.kept, mistakes: summary.mistakes.length, winsThrownAway: summary.winsThrownAway }),
  ) as [ReviewedSeat, ReviewedSeat];
  await objectNamed(env.TOURNAMENTS, match.tournamentId).gameReviewed({ matchId: match.id, seats });
  storage.kv.put(REPORTED_KEY, true);
}

/**
 * Offers the puzzle store every position of the game where the player to move, holding a piece, had a
 * forced win and threw it away (a mistake from a win, not an opening's move): those with at most two
 * winning moves become mined puzzles, once per canonical position and a bounded number a day
 * (puzzle-mining.ts). Best effort: a failure is logged, and the game's review stands.
 */
export async function mineReview(env: Env, match: StoredMatch, review: GameReview): Promise<void> {
  const thrown = review.moves.filter((move) => !move.opening && move.mistake?.from === "win");
  if (thrown.length === 0) return;
  const { rules, firstSeat } = match.state.config;
  const replayed = replayRecord({ rules, firstSeat, moves: match.state.moves.map((record) => ({ move: record.move })) });
  if (!replayed.ok) return;
  for (const move of thrown) {
    const position = replayed.value.steps[move.ply]?.position;
    if (position?.inHand === null || position === undefined) continue;
    await offerMinedPuzzle(env, position, rules).catch((error: unknown) => console.error("mining a puzzle failed", match.id, move.ply, error));
  }
}
