/**
 * The ladder's stored forms (rows of the LadderObject's SQLite tables, src/objects/ladder-store.ts) and
 * their public views. A member row keeps the bot's status, counters, rating and pairing state; a
 * pairing row is one two-game tournament between two members, while it is played; a game row is one
 * finished ladder game in one of its bots' lists; a history row is a member's rating after one of its
 * pairings.
 */
import { type GameReview, type ResultReason, replayRecord, type SeatIndex, seatOfRole } from "../match/index.ts";
import { makePositionString, parseMoveText, type Rules } from "../rules/index.ts";
import {
  LADDER_RATING,
  LADDER_RECENT_MISTAKES,
  type LadderAccuracyOutput,
  type LadderEntryOutput,
  type LadderGameOutput,
  type LadderMistakeOutput,
  type LadderSettingsOutput,
  type LadderStatus,
  type RatingPointOutput,
} from "./ladder-schemas.ts";

/** The one LadderObject (`idFromName`). */
export const LADDER_NAME = "ladder";

/** How the ladder pairs and rates (see the settings in its public view). */
export const LADDER_SETTINGS = {
  /** Games a bot may start in any hour. */
  gamesPerHour: 12,
  /** Games an anchor may start in any hour (one pairing at a time, as a bot): its engine work is bounded by it. */
  anchorGamesPerHour: 60,
  /** A pairing: one opening, each bot making the first move once. */
  gamesPerPairing: 2,
  /** The clock of ladder games. */
  moveMs: 5000,
  /** Forfeits in a row that pause a bot. */
  pauseAfterForfeits: 3,
  /** The most bots on the ladder at once (active or paused). */
  maxBots: 10_000,
} as const;

export interface MemberRow {
  bot_id: string;
  name: string;
  status: LadderStatus;
  paused_reason: string | null;
  paused_at: number | null;
  joined_at: number;
  rating: number;
  deviation: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  forfeits: number;
  forfeit_streak: number;
  last_game_at: number | null;
  /** Its opponent in its latest pairing. */
  last_opponent: string | null;
  /** The start times of its recorded pairings in the last hour (as of its latest), a JSON array. */
  starts: string;
  /** When the hourly budget allows its next pairing (ms; 0: now). */
  ready_at: number;
  /** 1 for an anchor: a built-in bot (its level is its id and name) at a fixed rating; 0 for a registered bot. */
  anchor: number;
}

export interface PairingRow {
  /** The pairing's tournament id. */
  id: string;
  seq: number;
  a_id: string;
  a_name: string;
  b_id: string;
  b_name: string;
  /** The opening, as JSON ({name, moves}); null for the empty board. */
  opening: string | null;
  /** `creating`: its id is stored, the tournament may not exist yet; `playing`; `done`; `failed`: never played. */
  status: "creating" | "playing" | "done" | "failed";
  created_at: number;
  finished_at: number | null;
}

export interface GameRow {
  id: number;
  /** The bot whose list of games this row is in (each game has a row for each of its bots). */
  bot_id: string;
  pairing: string;
  game_id: string;
  match_id: string | null;
  first_id: string;
  second_id: string;
  /** The first bot's score: 1, 0.5 or 0; null for a game that does not count. */
  score_first: number | null;
  reason: ResultReason;
  forfeit_code: string | null;
  forfeited_by: string | null;
  detail: string | null;
  opening: string | null;
  finished_at: number;
}

export interface HistoryRow {
  bot_id: string;
  at: number;
  games: number;
  rating: number;
  deviation: number;
}

const instant = (ms: number): string => new Date(ms).toISOString();
const tenths = (value: number): number => Math.round(value * 10) / 10;

/** The ladder's settings as its view shows them: `anchors` on the ladder now (none when the service runs without them). */
export function ladderSettings(openings: string | null, anchors: readonly { level: string; rating: number }[]): LadderSettingsOutput {
  const { gamesPerHour, gamesPerPairing, moveMs, pauseAfterForfeits, anchorGamesPerHour } = LADDER_SETTINGS;
  return {
    gamesPerHour,
    gamesPerPairing,
    moveMs,
    pauseAfterForfeits,
    openings,
    rating: LADDER_RATING,
    anchors: anchors.map(({ level, rating }) => ({ bot: level, rating })),
    anchorGamesPerHour,
  };
}

export function entryOutput(member: MemberRow, rank: number | null, gamesLastHour: number, playing: PairingRow | null): LadderEntryOutput {
  const opponent =
    playing === null ? null : playing.a_id === member.bot_id ? { id: playing.b_id, name: playing.b_name } : { id: playing.a_id, name: playing.a_name };
  return {
    rank,
    bot: { id: member.bot_id, name: member.name },
    anchor: member.anchor === 1,
    status: member.status,
    pausedReason: member.status === "paused" ? member.paused_reason : null,
    pausedAt: member.status === "paused" && member.paused_at !== null ? instant(member.paused_at) : null,
    rating: tenths(member.rating),
    deviation: tenths(member.deviation),
    games: member.games,
    wins: member.wins,
    draws: member.draws,
    losses: member.losses,
    forfeits: member.forfeits,
    forfeitStreak: member.forfeit_streak,
    gamesLastHour,
    joinedAt: instant(member.joined_at),
    lastGameAt: member.last_game_at === null ? null : instant(member.last_game_at),
    playing: playing === null || opponent === null ? null : { tournamentId: playing.id, opponent, startedAt: instant(playing.created_at) },
  };
}

export const pointOutput = (row: HistoryRow): RatingPointOutput => ({
  at: instant(row.at),
  games: row.games,
  rating: tenths(row.rating),
  deviation: tenths(row.deviation),
});

/** A game from the side of `botId`; `names` maps bot ids to names. */
export function ladderGameOutput(row: GameRow, botId: string, names: ReadonlyMap<string, string>): LadderGameOutput {
  const first = row.first_id === botId;
  const opponentId = first ? row.second_id : row.first_id;
  const score = row.score_first === null ? null : first ? row.score_first : 1 - row.score_first;
  return {
    tournamentId: row.pairing,
    gameId: row.game_id,
    matchId: row.match_id,
    opponent: { id: opponentId, name: names.get(opponentId) ?? opponentId },
    role: first ? "first" : "second",
    opening: row.opening,
    result: score === null ? "none" : score === 1 ? "win" : score === 0 ? "loss" : "draw",
    reason: row.reason,
    forfeitCode: row.forfeit_code,
    forfeitedBy: row.forfeited_by,
    detail: row.detail,
    finishedAt: instant(row.finished_at),
  };
}

/** One of a bot's ladder games with its review as the game's match object answers it: ready, or still being computed. */
export type LadderGameReview =
  | { game: LadderGameOutput; status: "pending" }
  | { game: LadderGameOutput; status: "ready"; review: GameReview; rules: Rules; firstSeat: SeatIndex };

/**
 * A bot's accuracy over its reviewed ladder games (its seat's summaries summed, as a tournament sums
 * them) and its latest mistakes in them, newest first, each with the position before it (the game
 * replayed from its moves, only for the games whose mistakes are listed). `games` come newest first; a
 * game without a move (forfeited before the first) is left out, as tournaments leave it out.
 */
export function ladderAccuracy(games: readonly LadderGameReview[]): { accuracy: LadderAccuracyOutput; recentMistakes: LadderMistakeOutput[] } {
  const accuracy = { games: 0, pending: 0, moves: 0, kept: 0, accuracy: null as number | null, mistakes: 0, winsThrownAway: 0 };
  const recentMistakes: LadderMistakeOutput[] = [];
  for (const entry of games) {
    if (entry.status === "pending") {
      accuracy.pending++;
      continue;
    }
    const { game, review, rules, firstSeat } = entry;
    if (review.moves.length === 0) continue;
    const seat = seatOfRole(game.role, firstSeat);
    const summary = review.seats[seat];
    accuracy.games++;
    accuracy.moves += summary.moves;
    accuracy.kept += summary.kept;
    accuracy.mistakes += summary.mistakes.length;
    accuracy.winsThrownAway += summary.winsThrownAway;
    if (recentMistakes.length === LADDER_RECENT_MISTAKES) continue;
    const own = review.moves.filter((move) => move.seat === seat && !move.opening && move.mistake !== undefined).reverse();
    if (own.length === 0) continue;
    const positions = positionsBefore(review, rules, firstSeat);
    for (const move of own.slice(0, LADDER_RECENT_MISTAKES - recentMistakes.length)) {
      const { kind, from, to, better } = move.mistake as NonNullable<typeof move.mistake>;
      recentMistakes.push({ matchId: game.matchId as string, ply: move.ply, move: move.move, kind, from, to, better, position: positions[move.ply] });
    }
  }
  accuracy.accuracy = accuracy.moves === 0 ? null : Math.round((1000 * accuracy.kept) / accuracy.moves) / 1000;
  return { accuracy, recentMistakes };
}

/** The position string before each move of a reviewed game, replayed from the review's moves (a stored match always replays). */
function positionsBefore(review: GameReview, rules: Rules, firstSeat: SeatIndex): string[] {
  const moves = review.moves.map((move) => {
    const parsed = parseMoveText(move.move);
    if (parsed === null) throw new Error(`a reviewed move is not a move: ${move.move}`);
    return { move: parsed };
  });
  const replayed = replayRecord({ rules, firstSeat, moves });
  if (!replayed.ok) throw new Error(`a reviewed game does not replay: ${replayed.error.code} ${replayed.error.detail}`);
  return replayed.value.steps.map((step) => makePositionString(step.position));
}
