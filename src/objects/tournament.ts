/**
 * One Durable Object per tournament: a host of the tournament step (src/tournament/step.ts, whose header
 * says why no game is played twice nor lost on eviction), storing the tournament and one record per game;
 * each game is a hosted match between two bot seats (src/objects/match.ts). Alarms drive it one bounded
 * invocation at a time (each game in play making its bot calls one after the other, for TOURNAMENT_CALLS_MS), keeping the alarm a lease ahead so a
 * crashed invocation runs again within seconds; it first restarts bot clocks the server's time ran down.
 */
import { DurableObject } from "cloudflare:workers";
import { retentionMs } from "./retention.ts";
import { type DocumentSchema, deleteStorage, readRoot, writeRoot } from "./storage.ts";
import { botPlayer } from "./bot-players.ts";
import { type CallRecorder, callRecorder } from "./bot-link.ts";
import type { Player } from "../bots/index.ts";
import { type MatchState, newId } from "../match/index.ts";
import { err, ok } from "../rules/index.ts";
import {
  askBot,
  DEFAULT_MAX_MOVE_MS,
  drive,
  formatOf,
  gamesRead,
  newTournament,
  pairRound,
  playingGames,
  sendEndNotices,
  type StepCommand,
  type StepEvent,
  type StepHost,
  type StepPolicy,
  stepPolicy,
  type TournamentProgress,
  type TournamentState,
  untimedBots,
  withFirstRound,
} from "../tournament/index.ts";
import {
  configureEngineTurns,
  gameKey,
  gameOutput,
  objectNamed,
  readSettings,
  type Reply,
  type StoredEntry,
  type StoredGame,
  type StoredGameReview,
  reviewKey,
  type StoredTournament,
  settingsOf,
  type TournamentGameOutput,
  type TournamentOutput,
  tournamentView,
} from "../wire/index.ts";

/**
 * What the Worker passes to `create`: the new id and the checked request, entrants resolved; the stored
 * record's own fields, so the two cannot drift apart (absent `kind`: a round robin; absent
 * `concurrency`: one game at a time).
 */
export type CreateTournamentInput = Pick<
  StoredTournament,
  | "id"
  | "name"
  | "tokenHash"
  | "entries"
  | "kind"
  | "gamesPerPair"
  | "concurrency"
  | "openings"
  | "openingSuite"
  | "sprtSettings"
  | "swissRounds"
  | "rules"
  | "clock"
  | "seed"
  | "maxNodes"
>;

/**
 * The tournament object's storage (storage.ts): its root is the tournament record; beside it one
 * document per scheduled game (`game:000012`) and one per reviewed game (`review:<match id>`).
 */
const TOURNAMENT_SCHEMA: DocumentSchema = { object: "tournament", rootKey: "tournament", version: 1, migrations: {} };
/** How far ahead a running invocation keeps its alarm: if it dies (eviction, crash), the alarm runs it again that soon. */
const LEASE_MS = 5_000;
/** How often a running invocation pushes its lease forward. */
const LEASE_RENEW_MS = 2_000;
/**
 * An invocation still marked running after this long is taken as lost: it cannot last longer, since it
 * makes no bot call after `callsMs` (TOURNAMENT_CALLS_MS) and each call is bounded.
 */
const stepStaleMs = (callsMs: number) => callsMs + DEFAULT_MAX_MOVE_MS + 30_000;
/** A bot turn older than this when an invocation starts has its clock restarted (the server lost that time). */
const SERVER_LOST_MIN_MS = 250;

const entryOf = (tournament: StoredTournament, name: string): StoredEntry => {
  const entry = tournament.entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`tournament ${tournament.id}: no entrant ${name}`);
  return entry;
};

const playerNamed = (tournament: StoredTournament, name: string, env: Env, calls?: CallRecorder): Player =>
  botPlayer(env, entryOf(tournament, name), tournament.maxNodes, calls);

/** The step's policy, as the tournament's format sets it (how many games at once, a bot in how many of them, a test that stops it). */
const policyOf = (tournament: Omit<StoredTournament, keyof TournamentProgress>): StepPolicy => {
  // Only whether each entrant moves in-process matters here, which no player needs an environment to say.
  const env = {} as Env;
  const untimed = untimedBots(tournament.entries.map((entry) => botPlayer(env, entry, tournament.maxNodes)));
  return stepPolicy(formatOf(tournament.kind), settingsOf(tournament), untimed, DEFAULT_MAX_MOVE_MS);
};

export class TournamentObject extends DurableObject<Env> {
  /** When this instance's running invocation started (memory only: a crash ends it). */
  private steppingSince: number | null = null;
  /** The bots' call logs, written in the background of the invocation (the games never wait for them). */
  private readonly calls = callRecorder(this.env, (work) => this.ctx.waitUntil(work));

  // ---- storage: the only state there is ----

  private load(): StoredTournament | undefined {
    return readRoot<StoredTournament>(this.ctx.storage, TOURNAMENT_SCHEMA);
  }

  private save(tournament: StoredTournament): void {
    writeRoot(this.ctx.storage, TOURNAMENT_SCHEMA, tournament);
  }

  private loadGame(index: number): StoredGame | undefined {
    return this.ctx.storage.kv.get<StoredGame>(gameKey(index));
  }

  private saveGame(game: StoredGame): void {
    this.ctx.storage.kv.put(gameKey(game.index), game);
  }

  private allGames(): StoredGame[] {
    return [...this.ctx.storage.kv.list<StoredGame>({ prefix: "game:" })].map(([, game]) => game);
  }

  private view(tournament: StoredTournament): TournamentOutput {
    const reviews = [...this.ctx.storage.kv.list<StoredGameReview>({ prefix: "review:" })].map(([, review]) => review);
    return tournamentView(tournament, this.allGames(), reviews);
  }

  private matchStub(matchId: string) {
    return objectNamed(this.env.MATCHES, matchId);
  }

  /** The step's host: state from storage (only the games a step reads), commands carried out on match objects and bots. */
  private host(): StepHost<StoredTournament> {
    return {
      load: (event) => this.stepState(event),
      save: (before, after) => {
        if (after.tournament !== before.tournament) this.save(after.tournament);
        for (const game of after.games) if (!before.games.includes(game)) this.saveGame(game);
      },
      execute: (command) => this.execute(command),
    };
  }

  private stepState(event: StepEvent): TournamentState<StoredTournament> | undefined {
    const tournament = this.load();
    if (!tournament) return undefined;
    return { tournament, games: gamesRead(tournament, event, policyOf(tournament)).flatMap((index) => this.loadGame(index) ?? []) };
  }

  private async execute(command: StepCommand): Promise<StepEvent | null> {
    const tournament = this.load();
    if (!tournament) throw new Error("the tournament is gone");
    const { game } = command;
    switch (command.type) {
      case "newId":
        return { type: "matchId", game, matchId: newId() };
      case "openMatch": {
        const created = await this.matchStub(command.matchId).createBotMatch({
          id: command.matchId,
          rules: tournament.rules,
          clock: tournament.clock,
          seats: command.seats,
          tournamentId: tournament.id,
          ...(command.opening ? { opening: command.opening } : {}),
        });
        if (!created.ok) throw new Error(`tournament ${tournament.id}: match ${command.matchId} could not be created (${created.error.detail})`);
        // RPC typing drops tuple lengths; the value is the match's own MatchState.
        return { type: "match", game, matchId: command.matchId, match: created.value as MatchState, at: Date.now() };
      }
      case "askBot": {
        // A built-in bot searches in the isolate's engine queue and slices, set from this Worker's vars.
        configureEngineTurns(readSettings(this.env));
        const sentAt = Date.now();
        const { reply, at } = await askBot(playerNamed(tournament, command.ask.bot, this.env), command.ask, Date.now);
        this.calls.move(entryOf(tournament, command.ask.bot), command.ask, reply, sentAt, at);
        return { type: "reply", game, matchId: command.matchId, ask: command.ask, reply, at };
      }
      case "act": {
        const applied = await this.matchStub(command.matchId).botAct(command.ply, command.action);
        return applied.ok
          ? { type: "match", game, matchId: command.matchId, match: applied.value as MatchState, at: Date.now() }
          : { type: "stale", game, matchId: command.matchId };
      }
      case "sendNotices": {
        const read = await this.matchStub(command.matchId).botState();
        if (read.ok && read.value.status === "finished") {
          await sendEndNotices(read.value as MatchState, command, [
            playerNamed(tournament, command.names[0], this.env, this.calls),
            playerNamed(tournament, command.names[1], this.env, this.calls),
          ]);
        }
        return { type: "notified", game, matchId: command.matchId, at: Date.now() };
      }
      case "cancelMatch": {
        // A match not created yet answers not found: the step cancels it when it reads it.
        const ended = await this.matchStub(command.matchId).cancelBotMatch(command.detail);
        const stored = this.loadGame(game);
        if (!ended.ok || stored === undefined) return null;
        const match = ended.value as MatchState;
        // Both bots hear how it ended (a connected bot's open request closes), however it ended.
        const notices: Extract<StepCommand, { type: "sendNotices" }> = {
          type: "sendNotices",
          game,
          matchId: command.matchId,
          tournamentId: tournament.id,
          gameId: stored.gameId,
          names: [stored.first, stored.second],
        };
        await sendEndNotices(match, notices, [
          playerNamed(tournament, stored.first, this.env, this.calls),
          playerNamed(tournament, stored.second, this.env, this.calls),
        ]);
        // It ended on the board just before the cancellation reached it: the step records its result.
        return match.result?.reason === "cancelled" ? null : { type: "match", game, matchId: command.matchId, match, at: Date.now() };
      }
      case "pairRound":
        // Every game so far, read once a round; the pairing is a pure function of them and the seed.
        return pairRound(formatOf(tournament.kind), settingsOf(tournament), this.allGames(), tournament, command, Date.now());
    }
  }

  // ---- RPC methods, called by the Worker ----

  async create(input: CreateTournamentInput): Promise<Reply<TournamentOutput>> {
    if (this.load() !== undefined) throw new Error(`tournament ${input.id} already exists`);
    const format = formatOf(input.kind);
    const settings = settingsOf(input);
    const config = {
      name: input.name,
      tokenHash: input.tokenHash,
      entries: input.entries,
      kind: format.kind,
      gamesPerPair: input.gamesPerPair,
      concurrency: settings.concurrency,
      ...(input.openings?.length ? { openings: input.openings, openingSuite: input.openingSuite ?? null } : {}),
      ...(input.sprtSettings ? { sprtSettings: input.sprtSettings } : {}),
      ...(input.swissRounds !== undefined ? { swissRounds: input.swissRounds } : {}),
      rules: input.rules,
      clock: input.clock,
      seed: input.seed,
      maxNodes: input.maxNodes,
      createdAt: Date.now(),
    };
    const policy = policyOf(config);
    const state = newTournament(format, input.id, settings, policy);
    // A format that pairs rounds has its first paired now, so a new tournament shows its pairings.
    const { tournament, games } = withFirstRound(format, settings, { tournament: { ...state.tournament, ...config }, games: state.games }, policy, Date.now());
    for (const game of games) this.saveGame(game);
    this.save(tournament);
    await this.ctx.storage.setAlarm(Date.now());
    return ok(this.view(tournament));
  }

  async get(): Promise<Reply<TournamentOutput>> {
    const tournament = this.load();
    return tournament ? ok(this.view(tournament)) : notFound();
  }

  /** A page of the games in play order: at most `limit` after the game with index `after` (-1: from the first), and whether more follow. */
  async games(after: number, limit: number): Promise<Reply<{ games: TournamentGameOutput[]; more: boolean }>> {
    const tournament = this.load();
    if (!tournament) return notFound();
    const page = [...this.ctx.storage.kv.list<StoredGame>({ prefix: "game:", ...(after >= 0 ? { startAfter: gameKey(after) } : {}), limit: limit + 1 })].map(
      ([, game]) => game,
    );
    return ok({ games: page.slice(0, limit).map((game) => gameOutput(game, tournament)), more: page.length > limit });
  }

  /** A game's match reports its review (what each bot did): kept for the bots' accuracy. Ignored once the tournament is gone. */
  async gameReviewed(review: StoredGameReview): Promise<void> {
    if (!this.load()) return;
    this.ctx.storage.kv.put(reviewKey(review.matchId), review);
  }

  /** The deep health check's ping: a storage read, nothing written. */
  async ping(): Promise<true> {
    this.load();
    return true;
  }

  /** Stops the tournament: the games being played are ended without a result, the rest are not played. */
  async cancel(tokenHash: string): Promise<Reply<TournamentOutput>> {
    const tournament = this.load();
    if (!tournament) return notFound();
    if (tournament.tokenHash !== tokenHash) return err({ code: "tournament/wrong_token", detail: "the token is not this tournament's management token" });
    if (tournament.status !== "running") return err({ code: "tournament/over", detail: `the tournament is already ${tournament.status}` });
    // The step stores the cancellation before its first await, then cancels the match in play.
    await drive(this.host(), { type: "cancel", at: Date.now() }, policyOf(tournament));
    await this.ctx.storage.setAlarm(this.expiry(this.load() as StoredTournament));
    return ok(this.view(this.load() as StoredTournament));
  }

  // ---- the steps ----

  override async alarm(): Promise<void> {
    const tournament = this.load();
    if (!tournament) return;
    if (tournament.status !== "running") return this.expire(tournament);
    // The lease fell due while this instance's invocation computes (an in-process bot): that one re-arms the alarm when it ends.
    const callsMs = readSettings(this.env).tournamentCallsMs;
    if (this.steppingSince !== null && Date.now() - this.steppingSince < stepStaleMs(callsMs)) return;
    const started = Date.now();
    this.steppingSince = started;
    const lease = setInterval(() => void this.ctx.storage.setAlarm(Date.now() + LEASE_MS), LEASE_RENEW_MS);
    try {
      await this.ctx.storage.setAlarm(Date.now() + LEASE_MS);
      await this.restartLostClocks(tournament);
      // One bot call per game in play, then more for TOURNAMENT_CALLS_MS, each game asking its next move as
      // soon as the last is applied (no wait for the others, nor for an alarm): the state owes the calls not made, and the next alarm makes them.
      const policy = policyOf(tournament);
      let calls = 0;
      await drive(this.host(), { type: "wake", at: Date.now() }, policy, () => ++calls <= (policy.concurrency ?? 1) || Date.now() - started < callsMs);
    } finally {
      clearInterval(lease);
      if (this.steppingSince === started) this.steppingSince = null;
    }
    if (this.load()?.status === "running") await this.ctx.storage.setAlarm(Date.now());
    else await this.ctx.storage.setAlarm(this.expiry(this.load() as StoredTournament));
  }

  /**
   * No bot call is in flight when an invocation starts, so the time every bot turn in play has run so
   * far was lost by the server (the invocation that asked died, or the next one came late): those
   * turns start again now, charged to no one (the match records each restart).
   */
  private async restartLostClocks(tournament: StoredTournament): Promise<void> {
    const games = playingGames(tournament).flatMap((index) => this.loadGame(index) ?? []);
    const inPlay = games.filter((game) => game.status === "playing" && game.matchCreated && game.matchId !== null);
    await Promise.all(inPlay.map((game) => this.matchStub(game.matchId as string).botRestartClock(SERVER_LOST_MIN_MS)));
  }

  // ---- retention: a tournament that is over keeps one alarm, its deletion (retention.ts) ----

  private expiry(tournament: StoredTournament): number {
    return (tournament.finishedAt ?? tournament.createdAt) + retentionMs(this.env);
  }

  /** Deletes a tournament that is over once its retention has passed (its games' matches expire on their own); otherwise re-arms the alarm for then. */
  private async expire(tournament: StoredTournament): Promise<void> {
    const due = this.expiry(tournament);
    if (Date.now() < due) return this.ctx.storage.setAlarm(due);
    await deleteStorage(this.ctx.storage);
  }
}

const notFound = () => err({ code: "tournament/not_found" as const, detail: "there is no such tournament" });
