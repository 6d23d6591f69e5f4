/**
 * The ladder's stored forms (rows of the LadderObject's SQLite tables, src/objects/ladder-store.ts) and
 * their public views. A member row keeps the bot's status, counters, rating and pairing state; a
 * pairing row is one two-game tournament between two members, while it is played; a game row is one
 * finished ladder game in one of its bots' lists; a history row is a member's rating after one of its
 * pairings.
 */
import type { ResultReason } from "../match/index.ts";
import {
  LADDER_RATING,
  type LadderEntryOutput,
  type LadderGameOutput,
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
  /** A pairing: one opening, each bot making the first move once. */
  gamesPerPairing: 2,
  /** The clock of ladder games. */
  moveMs: 5000,
  /** Forfeits in a row that pause a bot. */
  pauseAfterForfeits: 3,
  /** How often the ladder looks at the pairings in play between two cron ticks. */
  pollMs: 10_000,
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

export function ladderSettings(openings: string | null): LadderSettingsOutput {
  const { gamesPerHour, gamesPerPairing, moveMs, pauseAfterForfeits } = LADDER_SETTINGS;
  return { gamesPerHour, gamesPerPairing, moveMs, pauseAfterForfeits, openings, rating: LADDER_RATING };
}

export function entryOutput(member: MemberRow, rank: number | null, gamesLastHour: number, playing: PairingRow | null): LadderEntryOutput {
  const opponent =
    playing === null ? null : playing.a_id === member.bot_id ? { id: playing.b_id, name: playing.b_name } : { id: playing.a_id, name: playing.a_name };
  return {
    rank,
    bot: { id: member.bot_id, name: member.name },
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
