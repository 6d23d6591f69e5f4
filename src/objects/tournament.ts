/**
 * One Durable Object per tournament: it plays the round robin's games one after another, each as an
 * ordinary hosted match between two bot seats (src/objects/match.ts), driven by ALARMS one bounded step
 * at a time: a step creates the next match, or asks one bot for one move (`playTurn`, the local runner's
 * own code) and hands the resulting action to the match, or records a finished match, or sends its bots
 * `POST /end`. Never more than one bot call per invocation.
 *
 * Why a game is never played twice nor lost, whenever the object is evicted:
 * - the match id of an attempt is written here before the match is created, and creation is
 *   idempotent, so a repeated step finds the same match instead of starting another;
 * - the game's progress lives only in the match; every step reads it afresh, and the match refuses an
 *   action computed for another ply, so an answer is applied once even if a step runs twice;
 * - after every `await` the step re-reads this object's storage and stops if the game or the
 *   tournament moved on meanwhile (a concurrent step, a cancellation);
 * - a result is written (synchronously, with the end notices still owed) before the tournament moves
 *   to the next game; a watchdog alarm is set before each step, so a step that dies is run again.
 */
import { DurableObject } from "cloudflare:workers";
import { endNoticeFor, httpBot, type Player, referenceBot } from "../bots/index.ts";
import type { ClockConfig, MatchState, SeatIndex } from "../match/machine.ts";
import { otherSeatIndex, recordText } from "../match/machine.ts";
import type { Reply } from "../wire/problems.ts";
import { newMatchId } from "../match/secrets.ts";
import { err, ok, type RulesInput } from "../rules/index.ts";
import { DEFAULT_MAX_MOVE_MS, gameOutcome, playTurn, roundRobinSchedule } from "../tournament/index.ts";
import type { TournamentOutput } from "../wire/tournament-schemas.ts";
import { transitionAction } from "./transition.ts";
import { gameKey, pendingGame, type StoredEntry, type StoredGame, type StoredTournament, tournamentView } from "../wire/tournament.ts";

/** What the Worker passes to `create`: the new id and the checked request, entrants resolved. */
export interface CreateTournamentInput {
  id: string;
  name: string | null;
  tokenHash: string;
  entries: StoredEntry[];
  gamesPerPair: number;
  rules: RulesInput;
  clock: ClockConfig;
  seed: number;
  maxNodes: number;
}

const TOURNAMENT_KEY = "tournament";
/** Armed before each step: if the step dies (eviction, crash), the alarm runs it again. */
export const WATCHDOG_MS = DEFAULT_MAX_MOVE_MS + 30_000;
const CANCELLED_DETAIL = "the tournament was cancelled";

const entryOf = (tournament: StoredTournament, name: string): StoredEntry => {
  const entry = tournament.entries.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`tournament ${tournament.id}: no entrant ${name}`);
  return entry;
};

/** A tournament entrant as a player: built-in bots in-process (untimed), registered bots over HTTP. */
export function playerOf(entry: StoredEntry, maxNodes: number): Player {
  return entry.kind === "builtIn"
    ? referenceBot(entry.level, { name: entry.name, maxNodes })
    : httpBot({ name: entry.name, url: entry.url, secret: entry.secret });
}

export class TournamentObject extends DurableObject<Env> {
  // ---- storage: the only state there is ----

  private load(): StoredTournament | undefined {
    return this.ctx.storage.kv.get<StoredTournament>(TOURNAMENT_KEY);
  }

  private save(tournament: StoredTournament): void {
    this.ctx.storage.kv.put(TOURNAMENT_KEY, tournament);
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
    return tournamentView(tournament, this.allGames());
  }

  private matchStub(matchId: string) {
    return this.env.MATCHES.get(this.env.MATCHES.idFromName(matchId));
  }

  /** True while `matchId` is still the match of the tournament's current game and the tournament runs. */
  private stillPlaying(index: number, matchId: string): boolean {
    const tournament = this.load();
    const game = this.loadGame(index);
    return tournament?.status === "running" && tournament.current === index && game?.matchId === matchId && game.status === "playing";
  }

  // ---- RPC methods, called by the Worker ----

  async create(input: CreateTournamentInput): Promise<Reply<TournamentOutput>> {
    if (this.load() !== undefined) throw new Error(`tournament ${input.id} already exists`);
    const names = input.entries.map((entry) => entry.name);
    const schedule = roundRobinSchedule(names, input.gamesPerPair, input.seed);
    const tournament: StoredTournament = {
      id: input.id,
      name: input.name,
      tokenHash: input.tokenHash,
      status: "running",
      entries: input.entries,
      gamesPerPair: input.gamesPerPair,
      rules: input.rules,
      clock: input.clock,
      seed: input.seed,
      maxNodes: input.maxNodes,
      gameCount: schedule.length,
      current: 0,
      createdAt: Date.now(),
      finishedAt: null,
    };
    for (const game of schedule) {
      this.saveGame(pendingGame(game));
    }
    this.save(tournament);
    await this.ctx.storage.setAlarm(Date.now());
    return ok(this.view(tournament));
  }

  async get(): Promise<Reply<TournamentOutput>> {
    const tournament = this.load();
    return tournament ? ok(this.view(tournament)) : notFound();
  }

  /** Stops the tournament: the game being played is ended without a result, the rest are not played. */
  async cancel(tokenHash: string): Promise<Reply<TournamentOutput>> {
    const tournament = this.load();
    if (!tournament) return notFound();
    if (tournament.tokenHash !== tokenHash) return err({ code: "tournament/wrong_token", detail: "the token is not this tournament's management token" });
    if (tournament.status !== "running") return err({ code: "tournament/over", detail: `the tournament is already ${tournament.status}` });
    tournament.status = "cancelled";
    tournament.finishedAt = Date.now();
    const game = this.loadGame(tournament.current);
    const matchId = game?.status === "playing" ? game.matchId : null;
    if (game?.status === "playing") this.saveGame({ ...game, status: "cancelled" });
    this.save(tournament);
    await this.ctx.storage.deleteAlarm();
    // A match not created yet answers not found; a step creating it right now cancels it itself.
    if (matchId !== null) await this.matchStub(matchId).cancelBotMatch(CANCELLED_DETAIL);
    return ok(this.view(this.load() as StoredTournament));
  }

  // ---- the steps ----

  override async alarm(): Promise<void> {
    const tournament = this.load();
    if (tournament?.status !== "running") return;
    await this.ctx.storage.setAlarm(Date.now() + WATCHDOG_MS);
    const more = await this.step();
    if (more) await this.ctx.storage.setAlarm(Date.now());
    else if (this.load()?.status !== "running") await this.ctx.storage.deleteAlarm();
  }

  /** One bounded step; true when there is more to do. */
  private async step(): Promise<boolean> {
    const tournament = this.load();
    if (tournament?.status !== "running") return false;
    const game = this.loadGame(tournament.current);
    if (!game) {
      this.save({ ...tournament, status: "finished", finishedAt: Date.now() });
      return false;
    }
    if (game.pendingNotice !== null) {
      await this.sendEndNotices(tournament, game, game.pendingNotice);
      this.noticesSent(game.index, game.pendingNotice);
      return this.load()?.status === "running";
    }
    if (game.matchId === null) {
      // Written before the match exists: a repeated step creates (or finds) this same match.
      const matchId = newMatchId();
      this.saveGame({ ...game, matchId, status: "playing" });
      const created = await this.createMatch(tournament, game, matchId);
      // Written after: from now on the game shows its match.
      if (created !== null && this.stillPlaying(game.index, matchId)) this.saveGame({ ...(this.loadGame(game.index) as StoredGame), matchCreated: true });
      return this.load()?.status === "running";
    }
    return this.playStep(tournament, game, game.matchId);
  }

  /**
   * Creates the game's match, or finds it if it exists (creation is idempotent). Null when the game or
   * the tournament moved on meanwhile (a match created for a cancelled tournament is cancelled too).
   */
  private async createMatch(tournament: StoredTournament, game: StoredGame, matchId: string): Promise<MatchState | null> {
    const stub = this.matchStub(matchId);
    const created = await stub.createBotMatch({
      id: matchId,
      rules: tournament.rules,
      clock: tournament.clock,
      seats: [
        { name: game.first, untimed: entryOf(tournament, game.first).kind === "builtIn" },
        { name: game.second, untimed: entryOf(tournament, game.second).kind === "builtIn" },
      ],
    });
    if (!created.ok) throw new Error(`tournament ${tournament.id}: match ${matchId} could not be created (${created.error.detail})`);
    if (!this.stillPlaying(game.index, matchId)) {
      if (this.load()?.status === "cancelled") await stub.cancelBotMatch(CANCELLED_DETAIL);
      return null;
    }
    // RPC typing drops tuple lengths; the value is the match's own MatchState.
    return created.value as MatchState;
  }

  /** Reads the current match (creating it if a step died before it could), then records it if it is over or plays one turn. */
  private async playStep(tournament: StoredTournament, game: StoredGame, matchId: string): Promise<boolean> {
    const stub = this.matchStub(matchId);
    const state = await this.createMatch(tournament, game, matchId);
    if (state === null) return this.load()?.status === "running";
    if (!game.matchCreated) this.saveGame({ ...(this.loadGame(game.index) as StoredGame), matchCreated: true });
    if (state.status === "finished") {
      this.recordEnd(game.index, matchId, state);
      return true;
    }
    const seats = [playerOf(entryOf(tournament, game.first), tournament.maxNodes), playerOf(entryOf(tournament, game.second), tournament.maxNodes)] as const;
    const next = await playTurn(state, {
      tournamentId: tournament.id,
      gameId: game.gameId,
      matchId,
      seats,
      mayAbort: game.attempt === 1,
      maxMoveMs: DEFAULT_MAX_MOVE_MS,
    });
    if (!this.stillPlaying(game.index, matchId)) return this.load()?.status === "running";
    const applied = await stub.botAct(state.moves.length, transitionAction(state, next));
    // A refusal means the match moved on without this answer (its own alarm flagged the bot, or another
    // step got there first): nothing to do, the next step reads the match again.
    if (applied.ok && applied.value.status === "finished" && this.stillPlaying(game.index, matchId))
      this.recordEnd(game.index, matchId, applied.value as MatchState);
    return this.load()?.status === "running";
  }

  /**
   * Writes a finished match into its game: an attempt aborted before a bot's first move is replayed
   * once (a new match), anything else is the game's result. The bots' end notices are owed from here.
   */
  private recordEnd(index: number, matchId: string, state: MatchState): void {
    const game = this.loadGame(index);
    if (!game || game.matchId !== matchId || game.status !== "playing" || !state.result) return;
    if (state.result.reason === "aborted" && game.attempt === 1) {
      this.saveGame({
        ...game,
        attempt: 2,
        matchId: null,
        matchCreated: false,
        aborted: [...game.aborted, { matchId, detail: state.result.detail ?? "aborted" }],
        pendingNotice: matchId,
      });
      return;
    }
    this.saveGame({
      ...game,
      status: "finished",
      outcome: gameOutcome(state, [game.first, game.second]),
      plies: state.moves.length,
      text: recordText(state),
      pendingNotice: matchId,
    });
  }

  /** `POST /end` to both bots of a finished match (best effort: failures are ignored). */
  private async sendEndNotices(tournament: StoredTournament, game: StoredGame, matchId: string): Promise<void> {
    const reply = await this.matchStub(matchId).botState();
    if (!reply.ok || reply.value.status !== "finished") return;
    const state = reply.value as MatchState;
    const names = [game.first, game.second] as const;
    await Promise.all(
      ([0, 1] as const).map(async (seat: SeatIndex) => {
        const player = playerOf(entryOf(tournament, names[seat]), tournament.maxNodes);
        if (!player.end) return;
        const notice = endNoticeFor(state, seat, { tournamentId: tournament.id, gameId: game.gameId, matchId, opponent: names[otherSeatIndex(seat)] });
        await player.end(notice).catch(() => {});
      }),
    );
  }

  /** The notices of `matchId` are sent: a finished game gives way to the next one. */
  private noticesSent(index: number, matchId: string): void {
    const tournament = this.load();
    const game = this.loadGame(index);
    if (!tournament || !game || game.pendingNotice !== matchId) return;
    this.saveGame({ ...game, pendingNotice: null });
    if (game.status === "finished" && tournament.current === index && tournament.status === "running") {
      const current = index + 1;
      this.save(current >= tournament.gameCount ? { ...tournament, current, status: "finished", finishedAt: Date.now() } : { ...tournament, current });
    }
  }
}

const notFound = () => err({ code: "tournament/not_found" as const, detail: "there is no such tournament" });
