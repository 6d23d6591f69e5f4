/**
 * A whole round robin in one process: the schedule, each game through `playGame` one at a time (so a
 * bot's clock is never shared with another game), then standings and crosstable recomputed from the
 * game records. The local `arena` runner uses it; the tournament Durable Object uses the same parts
 * (schedule, playTurn, standings) a step at a time.
 */
import { type Rules, rulesToJson } from "../rules/index.ts";
import type { ClockConfig } from "../match/machine.ts";
import type { Player } from "../bots/protocol.ts";
import { type GameRecord, playGame } from "./game.ts";
import { roundRobinSchedule, type ScheduledGame, scheduleProblem } from "./schedule.ts";
import { type Crosstable, computeCrosstable, computeStandings, type ScoredGame, type Standing } from "./standings.ts";

export interface TournamentOptions {
  id?: string;
  players: readonly Player[];
  /** Even: each pair plays half its games with each bot giving first. */
  gamesPerPair: number;
  rules: Rules;
  clock: ClockConfig;
  seed: number;
  maxMoveMs?: number;
  now?: () => number;
  onGameStart?: (game: ScheduledGame) => void;
  onGameEnd?: (record: GameRecord, played: number, total: number) => void;
}

export interface TournamentReport {
  id: string;
  seed: number;
  gamesPerPair: number;
  rules: ReturnType<typeof rulesToJson>;
  clock: ClockConfig;
  bots: string[];
  schedule: ScheduledGame[];
  games: GameRecord[];
  standings: Standing[];
  crosstable: Crosstable;
}

/** The part of a game record the table counts; aborted games (never final here) do not count. */
export function scoredGames(records: readonly GameRecord[]): ScoredGame[] {
  return records.filter((record) => record.reason !== "aborted").map((record) => ({ first: record.first, second: record.second, winner: record.winner, forfeitedBy: record.forfeitedBy ?? null }));
}

/** Standings and crosstable of `bots` from game records. */
export function tableOf(bots: readonly string[], records: readonly GameRecord[]): { standings: Standing[]; crosstable: Crosstable } {
  const scored = scoredGames(records);
  const standings = computeStandings(bots, scored);
  return { standings, crosstable: computeCrosstable(standings.map((row) => row.bot), scored) };
}

/** Plays every scheduled game and returns the full report. Throws only for a bad configuration. */
export async function runTournament(options: TournamentOptions): Promise<TournamentReport> {
  const bots = options.players.map((player) => player.name);
  const problem = scheduleProblem(bots, options.gamesPerPair);
  if (problem) throw new RangeError(`tournament: ${problem}`);
  const byName = new Map(options.players.map((player) => [player.name, player]));
  const id = options.id ?? `local-${options.seed}`;
  const schedule = roundRobinSchedule(bots, options.gamesPerPair, options.seed);
  const games: GameRecord[] = [];
  for (const scheduled of schedule) {
    options.onGameStart?.(scheduled);
    const record = await playGame({
      tournamentId: id,
      gameId: scheduled.gameId,
      rules: options.rules,
      clock: options.clock,
      first: byName.get(scheduled.first) as Player,
      second: byName.get(scheduled.second) as Player,
      maxMoveMs: options.maxMoveMs,
      now: options.now,
    });
    games.push(record);
    options.onGameEnd?.(record, games.length, schedule.length);
  }
  return { id, seed: options.seed, gamesPerPair: options.gamesPerPair, rules: rulesToJson(options.rules), clock: options.clock, bots, schedule, games, ...tableOf(bots, games) };
}
