/**
 * The local runner: a whole round robin in one process, used by the `arena` CLI. It hosts the
 * tournament step (step.ts) in memory, as the tournament Durable Object hosts it in storage: matches
 * live in a map and change only through the reducer, bots are called directly, one game at a time (so
 * a bot's clock is never shared with another game). Standings and crosstable are computed from the
 * game records at the end.
 */
import { type Rules, rulesToJson } from "../rules/index.ts";
import { applyAction, type ClockConfig, type MatchState, newMatch, recordText } from "../match/machine.ts";
import type { Player } from "../bots/protocol.ts";
import type { GameRecord } from "./game.ts";
import { type ScheduledGame, scheduleProblem } from "./schedule.ts";
import { type Crosstable, type Standing, tableOf } from "./standings.ts";
import {
  drive,
  type GameState,
  pendingGame,
  scheduleGames,
  sendEndNotices,
  type StepCommand,
  type StepEvent,
  type StepHost,
  type StepPolicy,
  type TournamentProgress,
  type TournamentState,
  untimedBots,
} from "./step.ts";
import { askBot } from "./turn.ts";

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

type LocalOptions = Pick<TournamentOptions, "rules" | "clock" | "onGameStart" | "onGameEnd"> & { now: () => number };

/** The step's host in memory: every game and match in maps, the clock and the bots of the caller. */
class LocalHost implements StepHost<TournamentProgress> {
  readonly matches = new Map<string, MatchState>();

  state: TournamentState<TournamentProgress>;
  private readonly players: ReadonlyMap<string, Player>;
  private readonly options: LocalOptions;

  constructor(state: TournamentState<TournamentProgress>, players: ReadonlyMap<string, Player>, options: LocalOptions) {
    this.state = state;
    this.players = players;
    this.options = options;
  }

  load(): TournamentState<TournamentProgress> {
    return this.state;
  }

  save(before: TournamentState<TournamentProgress>, after: TournamentState<TournamentProgress>): void {
    this.state = after;
    for (const game of after.games) {
      const was = before.games[game.index];
      if (was !== game && was.status === "pending" && game.status === "playing") this.options.onGameStart?.(scheduledOf(game));
    }
    for (let index = before.tournament.current; index < after.tournament.current; index++) {
      this.options.onGameEnd?.(this.record(after.games[index]), index + 1, after.tournament.gameCount);
    }
  }

  private player(name: string): Player {
    const player = this.players.get(name);
    if (!player) throw new Error(`no player ${name}`);
    return player;
  }

  private match(matchId: string): MatchState {
    const match = this.matches.get(matchId);
    if (!match) throw new Error(`no match ${matchId}`);
    return match;
  }

  async execute(command: StepCommand): Promise<StepEvent | null> {
    const { game } = command;
    const now = this.options.now;
    switch (command.type) {
      case "newMatchId":
        return { type: "matchId", game, matchId: `${command.gameId}.${command.attempt}` };
      case "openMatch": {
        let match = this.matches.get(command.matchId);
        if (!match) {
          const untimedSeats = ([0, 1] as const).filter((seat) => command.seats[seat].untimed);
          match = newMatch({ rules: this.options.rules, clock: this.options.clock, firstSeat: 0, untimedSeats }, now());
          this.matches.set(command.matchId, match);
        }
        return { type: "match", game, matchId: command.matchId, match, at: now() };
      }
      case "askBot": {
        const { reply, at } = await askBot(this.player(command.ask.bot), command.ask, now);
        return { type: "reply", game, matchId: command.matchId, ask: command.ask, reply, at };
      }
      case "act": {
        const match = this.match(command.matchId);
        if (match.status !== "active" || match.moves.length !== command.ply) return { type: "stale", game, matchId: command.matchId };
        const applied = applyAction(match, command.action);
        if (!applied.ok) throw new Error(`match ${command.matchId}: the reducer refused ${command.action.type} (${applied.error.code})`);
        this.matches.set(command.matchId, applied.state);
        return { type: "match", game, matchId: command.matchId, match: applied.state, at: now() };
      }
      case "sendNotices":
        await sendEndNotices(this.match(command.matchId), command, [this.player(command.names[0]), this.player(command.names[1])]);
        return { type: "notified", game, matchId: command.matchId, at: now() };
      case "cancelMatch": {
        // Only a cancelled tournament cancels a match; the runner has no way to cancel, but would end it through the reducer.
        const cancelled = applyAction(this.match(command.matchId), { type: "cancel", at: now(), detail: command.detail });
        if (cancelled.ok) this.matches.set(command.matchId, cancelled.state);
        return null;
      }
    }
  }

  /** The record of a finished game. */
  record(game: GameState): GameRecord {
    if (game.outcome === null || game.matchId === null || game.plies === null || game.text === null) throw new Error(`game ${game.gameId} is not finished`);
    return {
      gameId: game.gameId,
      matchId: game.matchId,
      first: game.first,
      second: game.second,
      ...game.outcome,
      plies: game.plies,
      record: game.text,
      abortedAttempts: game.aborted.map((attempt) => ({ ...attempt, record: recordText(this.match(attempt.matchId)) })),
      match: this.match(game.matchId),
    };
  }
}

const scheduledOf = ({ index, gameId, round, first, second }: GameState): ScheduledGame => ({ index, gameId, round, first, second });

/** Plays `games` to the end with `players`; the host holds their records. */
async function play(id: string, games: GameState[], options: Omit<TournamentOptions, "id" | "gamesPerPair" | "seed">): Promise<LocalHost> {
  const now = options.now ?? Date.now;
  const state: TournamentState<TournamentProgress> = { tournament: { id, status: "running", gameCount: games.length, current: 0, finishedAt: null }, games };
  const host = new LocalHost(state, new Map(options.players.map((player) => [player.name, player])), { ...options, now });
  const policy: StepPolicy = { untimed: untimedBots(options.players), maxMoveMs: options.maxMoveMs };
  while (host.state.tournament.status === "running") await drive(host, { type: "wake", at: now() }, policy);
  return host;
}

/** Plays every scheduled game and returns the full report. Throws only for a bad configuration. */
export async function runTournament(options: TournamentOptions): Promise<TournamentReport> {
  const bots = options.players.map((player) => player.name);
  const problem = scheduleProblem(bots, options.gamesPerPair);
  if (problem) throw new RangeError(`tournament: ${problem}`);
  const id = options.id ?? `local-${options.seed}`;
  const host = await play(id, scheduleGames(bots, options.gamesPerPair, options.seed), options);
  const games = host.state.games.map((game) => host.record(game));
  const schedule = host.state.games.map(scheduledOf);
  return {
    id,
    seed: options.seed,
    gamesPerPair: options.gamesPerPair,
    rules: rulesToJson(options.rules),
    clock: options.clock,
    bots,
    schedule,
    games,
    ...tableOf(bots, games),
  };
}

export interface GameOptions {
  tournamentId?: string;
  gameId: string;
  rules: Rules;
  clock: ClockConfig;
  /** Makes the opening give. */
  first: Player;
  second: Player;
  maxMoveMs?: number;
  now?: () => number;
}

/** Plays one game to its end (replaying it once after an abort), as a tournament of that one game. */
export async function playGame(options: GameOptions): Promise<GameRecord> {
  const game = pendingGame({ index: 0, gameId: options.gameId, round: 0, first: options.first.name, second: options.second.name });
  const host = await play(options.tournamentId ?? "local", [game], { ...options, players: [options.first, options.second] });
  return host.record(host.state.games[0]);
}
