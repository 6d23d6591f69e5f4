/**
 * The tournament step (src/tournament/step.ts) driven by a fake host: matches in memory through the
 * reducer, scripted bot replies, a fake clock. A whole tournament, the replay of an aborted attempt
 * and the forfeit on a second failure, each forfeit, losses on time decided by the reducer's clock,
 * end notices owed until sent, cancellation, and hosts that crash or run a step twice at any point.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, legalMoves, makeRules, type Move, readPosition } from "../../src/rules/index.ts";
import { applyAction, type ClockConfig, deadline, type MatchAction, type MatchState, newMatch, recordText } from "../../src/match/machine.ts";
import { endNoticeFor, type MoveRequest, type Player, type PlayerReply } from "../../src/bots/protocol.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { drive, sendEndNotices, type StepHost } from "../../src/tournament/drive.ts";
import {
  type GameState,
  scheduleGames,
  type StepCommand,
  type StepEvent,
  type StepPolicy,
  step,
  type TournamentProgress,
  type TournamentState,
} from "../../src/tournament/step.ts";
import { type Ask, decideAction, turnAsk } from "../../src/tournament/turn.ts";
import { playRecord } from "./arena-records.ts";

/** A bot's scripted behaviour: its reply to a request and how long it "takes" on the fake clock. */
type Script = (request: MoveRequest, call: number) => { reply: PlayerReply; ms?: number };

/** The first legal move, announcing any Quarto. */
function firstLegal(request: MoveRequest): PlayerReply {
  const rules = makeRules(request.rules);
  const position = readPosition(request.position, rules);
  if (!position.ok) throw new Error(position.error.detail);
  const moves = legalMoves(position.value, rules);
  return { ok: true, answer: moves.find((move) => move.quarto) ?? moves[0] };
}

const legal: Script = (request) => ({ reply: firstLegal(request), ms: 10 });
const unreachable: PlayerReply = { ok: false, code: "bot/connection_error", detail: "POST /move: fetch failed (ECONNREFUSED)" };

interface Notice {
  matchId: string;
  /** What the game held when the notices were sent: its result must already be stored. */
  game: GameState;
  outcomes: string[];
}

/**
 * A fake host: every game and match in memory, bots scripted by name. `crash` is consulted before each
 * command: true drops it and every queued one, as an evicted host would (a `wake` restarts).
 */
class FakeHost implements StepHost<TournamentProgress> {
  state: TournamentState<TournamentProgress>;
  readonly matches = new Map<string, MatchState>();
  readonly actions: { matchId: string; action: MatchAction }[] = [];
  readonly asks: { matchId: string; ask: Ask }[] = [];
  readonly notices: Notice[] = [];
  readonly cancelled: string[] = [];
  readonly commands: StepCommand[] = [];
  readonly calls = new Map<string, number>();
  t = 1_000_000;
  private ids = 0;

  private readonly scripts: Record<string, Script>;
  private readonly options: { clock?: ClockConfig; gamesPerPair?: number; seed?: number; rules?: typeof CLASSIC_RULES };

  constructor(bots: string[], scripts: Record<string, Script>, options: FakeHost["options"] = {}) {
    this.scripts = scripts;
    this.options = options;
    const games = scheduleGames(bots, options.gamesPerPair ?? 2, options.seed ?? 1);
    this.state = { tournament: { id: "t1", status: "running", gameCount: games.length, current: 0, finishedAt: null }, games };
  }

  load(): TournamentState<TournamentProgress> {
    return this.state;
  }

  save(_before: TournamentState<TournamentProgress>, after: TournamentState<TournamentProgress>): void {
    this.state = after;
  }

  async execute(command: StepCommand): Promise<StepEvent | null> {
    this.commands.push(command);
    const { game } = command;
    switch (command.type) {
      case "newId":
        return { type: "matchId", game, matchId: `m${++this.ids}` };
      case "openMatch": {
        let match = this.matches.get(command.matchId);
        if (!match) {
          const untimedSeats = ([0, 1] as const).filter((seat) => command.seats[seat].untimed);
          match = newMatch(
            { rules: this.options.rules ?? CLASSIC_RULES, clock: this.options.clock ?? { kind: "move", moveMs: 1000 }, firstSeat: 0, untimedSeats },
            this.t,
          );
          this.matches.set(command.matchId, match);
        }
        return { type: "match", game, matchId: command.matchId, match, at: this.t };
      }
      case "askBot": {
        this.asks.push({ matchId: command.matchId, ask: command.ask });
        const call = this.calls.get(command.ask.bot) ?? 0;
        this.calls.set(command.ask.bot, call + 1);
        const { reply, ms = 10 } = this.scripts[command.ask.bot](command.ask.request, call);
        this.t += ms;
        return { type: "reply", game, matchId: command.matchId, ask: command.ask, reply, at: this.t };
      }
      case "act": {
        const match = this.matches.get(command.matchId) as MatchState;
        if (match.status !== "active" || match.moves.length !== command.ply) return { type: "stale", game, matchId: command.matchId };
        const applied = applyAction(match, command.action);
        if (!applied.ok) throw new Error(`the reducer refused a decided action: ${applied.error.code}`);
        this.actions.push({ matchId: command.matchId, action: command.action });
        this.matches.set(command.matchId, applied.state);
        return { type: "match", game, matchId: command.matchId, match: applied.state, at: this.t };
      }
      case "sendNotices": {
        const match = this.matches.get(command.matchId) as MatchState;
        const ids = { tournamentId: command.tournamentId, gameId: command.gameId, matchId: command.matchId };
        const outcomes = ([0, 1] as const).map((seat) => endNoticeFor(match, seat, { ...ids, opponent: command.names[1 - seat] }).outcome);
        this.notices.push({ matchId: command.matchId, game: this.state.games[game], outcomes });
        return { type: "notified", game, matchId: command.matchId, at: this.t };
      }
      case "cancelMatch": {
        this.cancelled.push(command.matchId);
        const match = this.matches.get(command.matchId);
        const cancelled = match && applyAction(match, { type: "cancel", at: this.t, detail: command.detail });
        if (cancelled?.ok) this.matches.set(command.matchId, cancelled.state);
        return null;
      }
      case "pairRound":
        throw new Error("this host plays no Swiss");
    }
  }

  /** Wakes the step until the tournament is over, as the runner's loop (or the alarms) would. */
  async run(policy: StepPolicy = { untimed: [] }, maxWakes = 10_000): Promise<void> {
    for (let wakes = 0; this.state.tournament.status === "running"; wakes++) {
      if (wakes > maxWakes) throw new Error("the tournament does not end");
      await drive(this, { type: "wake", at: this.t }, policy);
    }
  }

  game(index = 0): GameState {
    return this.state.games[index];
  }
}

describe("the tournament step, driven by a fake host", () => {
  it("plays a whole round robin: one match per game, each action applied as chosen, results stored before the notices", async () => {
    const host = new FakeHost(["a", "b", "c"], { a: legal, b: legal, c: legal }, { gamesPerPair: 2, seed: 5 });
    await host.run();
    const { tournament, games } = host.state;
    expect(tournament).toMatchObject({ status: "finished", current: 6, finishedAt: host.t });
    expect(games).toHaveLength(6);
    expect(host.matches.size).toBe(6);
    for (const game of games) {
      const match = host.matches.get(game.matchId as string) as MatchState;
      expect(game).toMatchObject({
        status: "finished",
        attempt: 1,
        matchCreated: true,
        aborted: [],
        pendingNotice: null,
        plies: match.moves.length,
        text: recordText(match),
      });
      expect(["quarto", "draw"]).toContain(game.outcome?.reason);
      expect(playRecord(game.text as string, CLASSIC_RULES)).toBe(match.position);
      // The match holds exactly the actions the step chose, in order: nothing was rebuilt from a diff.
      const actions = host.actions.filter((entry) => entry.matchId === game.matchId).map((entry) => entry.action);
      // (A winning placement is recorded announced, `quarto: true`, whether or not the bot said so under `announce: auto`.)
      const placed = (move: { place?: number; give?: number }) => ({ place: move.place, give: move.give });
      expect(actions.map((action) => (action.type === "move" ? placed(action.move) : action.type))).toEqual(match.moves.map((record) => placed(record.move)));
      // Notices went out once, after the result was stored.
      const notices = host.notices.filter((notice) => notice.matchId === game.matchId);
      expect(notices).toHaveLength(1);
      expect(notices[0].game.outcome).toEqual(game.outcome);
      expect(notices[0].game.pendingNotice).toBe(game.matchId);
      expect(notices[0].outcomes.sort()).toEqual(game.outcome?.winner === null ? ["draw", "draw"] : ["loss", "win"]);
    }
    // The bots were asked in their seats, with the game's ids; games ran one after another.
    const first = host.asks[0];
    expect(first.ask.request).toMatchObject({
      tournamentId: "t1",
      gameId: games[0].gameId,
      matchId: games[0].matchId,
      ply: 0,
      seat: "first",
      phase: "give",
      opponent: { name: games[0].second },
    });
    expect(first.ask.bot).toBe(games[0].first);
    const order = host.asks.map((entry) => entry.matchId).filter((id, index, all) => all.indexOf(id) === index);
    expect(order).toEqual(games.map((game) => game.matchId));
  });

  it("a bot unreachable before its first move: the attempt is aborted, both bots are told, the game is replayed once in a new match", async () => {
    const host = new FakeHost(
      ["good", "flaky"],
      { good: legal, flaky: (request, call) => (call === 0 ? { reply: unreachable } : legal(request, call)) },
      { seed: 1 },
    );
    await host.run();
    const replayed = host.state.games.find((game) => game.aborted.length > 0) as GameState;
    expect(host.state.games.filter((game) => game.aborted.length > 0)).toHaveLength(1);
    const [attempt] = replayed.aborted;
    expect(attempt.detail).toContain("flaky could not be reached before its first move");
    expect(host.matches.get(attempt.matchId)?.result).toMatchObject({ reason: "aborted", winner: null });
    expect(replayed).toMatchObject({ status: "finished", attempt: 2 });
    expect(replayed.matchId).not.toBe(attempt.matchId);
    expect(["quarto", "draw"]).toContain(replayed.outcome?.reason);
    // The aborted attempt's notices were sent (outcome aborted) before the replay's match was made.
    const abortedNotice = host.notices.findIndex((notice) => notice.matchId === attempt.matchId);
    expect(host.notices[abortedNotice].outcomes).toEqual(["aborted", "aborted"]);
    const replayCreated = host.commands.findIndex((command) => command.type === "openMatch" && command.matchId === replayed.matchId);
    const abortedSent = host.commands.findIndex((command) => command.type === "sendNotices" && command.matchId === attempt.matchId);
    expect(abortedSent).toBeLessThan(replayCreated);
    expect(host.matches.size).toBe(3);
  });

  it("unreachable again on the replay: a forfeit, never a second replay", async () => {
    const host = new FakeHost(["down", "good"], { down: () => ({ reply: unreachable }), good: legal }, { seed: 2 });
    await host.run();
    for (const game of host.state.games) {
      expect(game.aborted).toHaveLength(1);
      expect(game).toMatchObject({ status: "finished", attempt: 2, plies: game.first === "down" ? 0 : 1 });
      expect(game.outcome).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: "bot/connection_error", forfeitedBy: "down" });
    }
  });

  it("unreachable after its first move: a forfeit, not an abort", async () => {
    const host = new FakeHost(
      ["drops", "good"],
      { drops: (request, call) => (call === 0 ? legal(request, call) : { reply: unreachable }), good: legal },
      { gamesPerPair: 2, seed: 3 },
    );
    await host.run();
    const game = host.state.games[0];
    expect(game.aborted).toEqual([]);
    expect(game.outcome).toMatchObject({ reason: "forfeit", forfeitCode: "bot/connection_error", forfeitedBy: "drops" });
  });

  for (const code of ["bot/http_status", "bot/redirect", "bot/invalid_json", "bot/body_too_large"] as const) {
    it(`a ${code} reply forfeits the game with that code`, async () => {
      const host = new FakeHost(["bad", "good"], { bad: () => ({ reply: { ok: false, code, detail: "scripted" } }), good: legal });
      await host.run();
      for (const game of host.state.games) expect(game.outcome).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: code, forfeitedBy: "bad" });
    });
  }

  it("an illegal move (refused by the reducer) or a malformed answer forfeits with bot/illegal_move", async () => {
    const occupied: Script = (request) => ({
      reply: { ok: true, answer: request.phase === "give" ? { give: request.availablePieces[0] } : { place: 5, give: request.availablePieces[0] } },
    });
    const host = new FakeHost(["occupied", "good"], { occupied, good: legal });
    await host.run();
    for (const game of host.state.games) {
      expect(game.outcome).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: "bot/illegal_move", forfeitedBy: "occupied" });
      expect(game.outcome?.detail).toMatch(/^move\/(cell_occupied|piece_not_available)/);
    }
    const malformed = new FakeHost(["malformed", "good"], { malformed: () => ({ reply: { ok: true, answer: { place: "z9" } } }), good: legal });
    await malformed.run();
    expect(malformed.state.games.map((game) => game.outcome?.forfeitCode)).toEqual(["bot/illegal_move", "bot/illegal_move"]);
  });

  it("a claim under manual announcing: the claimant wins", async () => {
    // Seat 0 plays -8, b1-A, d1-0 (completing a tall row a1-d1 with 8 9 A B, unannounced); seat 1 plays a1-9, c1-B, then claims.
    const script =
      (moves: (Move | "claim")[]): Script =>
      (_request, call) => {
        const move = moves[call];
        return { reply: { ok: true, answer: move === "claim" ? { claim: true } : move } };
      };
    const host = new FakeHost(
      ["silent", "claimer"],
      {
        silent: script([{ give: 8 }, { place: 1, give: 10 }, { place: 3, give: 0 }]),
        claimer: script([{ place: 0, give: 9 }, { place: 2, give: 11 }, "claim"]),
      },
      { rules: makeRules({ announce: "manual" }), gamesPerPair: 2, seed: 1 },
    );
    const policy = { untimed: [] };
    // Play the first game only: whoever gives first, the script is the first game's.
    host.state = { ...host.state, games: host.state.games.map((game) => ({ ...game, first: "silent", second: "claimer" })) };
    while (host.state.tournament.current === 0) await drive(host, { type: "wake", at: host.t }, policy);
    expect(host.game(0).outcome).toMatchObject({ winner: "claimer", reason: "claim" });
    expect(host.game(0).text).toBe(`${recordText(newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0 }, 0))} -8 a1-9 b1-A c1-B d1-0`);
  });
});

describe("losses on time: the reducer's clock decides", () => {
  // A call cut by the caller's own timer a millisecond before the reducer's deadline.
  const cutEarly: Script = () => ({ reply: { ok: false, code: "bot/timeout", detail: "POST /move took longer than 1000 ms" }, ms: 999 });

  it("a call that timed out at the clock's deadline is the reducer's flag, stamped at the deadline", async () => {
    const host = new FakeHost(["slow", "good"], { slow: cutEarly, good: legal }, { clock: { kind: "move", moveMs: 1000 } });
    await host.run();
    for (const game of host.state.games) {
      const match = host.matches.get(game.matchId as string) as MatchState;
      expect(match.result).toMatchObject({ reason: "timeout", winner: game.first === "slow" ? 1 : 0 });
      // The turn began when the last move was made; the flag fell exactly moveMs later.
      expect(match.result?.at).toBe((match.moves.at(-1)?.at ?? match.turnStartedAt) + 1000);
      expect(game.outcome).toMatchObject({ reason: "timeout", forfeitCode: "bot/timeout", forfeitedBy: "slow" });
    }
  });

  it("a call cut by the runner's cap (no clock) stays a bot/timeout forfeit", async () => {
    const host = new FakeHost(
      ["slow", "good"],
      { slow: () => ({ reply: { ok: false, code: "bot/timeout", detail: "cap" }, ms: 60_000 }), good: legal },
      { clock: { kind: "none" } },
    );
    await host.run({ untimed: [], maxMoveMs: 60_000 });
    expect(host.asks.find((entry) => entry.ask.bot === "slow")?.ask).toMatchObject({ limit: "cap", timeoutMs: 60_000 });
    for (const game of host.state.games) expect(game.outcome).toMatchObject({ reason: "forfeit", forfeitCode: "bot/timeout", forfeitedBy: "slow" });
  });

  it("a legal answer that arrives after the deadline loses on time", async () => {
    const host = new FakeHost(["late", "good"], { late: (request, call) => ({ ...legal(request, call), ms: 1001 }), good: legal });
    await host.run();
    for (const game of host.state.games) expect(game.outcome).toMatchObject({ reason: "timeout", winner: "good", forfeitedBy: "late" });
  });

  it("decides the limit: the clock when it ends first, the cap otherwise; untimed seats are never flagged", () => {
    const at = 5_000;
    const context = { tournamentId: "t", gameId: "g1", matchId: "m", names: ["a", "b"] as const, mayAbort: true, maxMoveMs: 60_000 };
    const timed = (clock: ClockConfig, untimedSeats: (0 | 1)[] = []) => newMatch({ rules: CLASSIC_RULES, clock, firstSeat: 0, untimedSeats }, at);
    expect(turnAsk(timed({ kind: "move", moveMs: 1000 }), context, at + 200)).toMatchObject({
      type: "ask",
      ask: { limit: "clock", timeoutMs: 800, request: { clock: { timeLeftMs: 800 } } },
    });
    expect(turnAsk(timed({ kind: "game", initialMs: 300_000, incrementMs: 0 }), context, at)).toMatchObject({
      type: "ask",
      ask: { limit: "cap", timeoutMs: 60_000 },
    });
    expect(turnAsk(timed({ kind: "move", moveMs: 1000 }, [0]), context, at + 5000)).toMatchObject({ type: "ask", ask: { limit: "cap", timeoutMs: 60_000 } });
    // No time left when the match is read: the flag, without asking.
    expect(turnAsk(timed({ kind: "move", moveMs: 1000 }), context, at + 1000)).toEqual({ type: "act", action: { type: "flag", at: at + 1000 } });

    const start = turnAsk(timed({ kind: "game", initialMs: 300_000, incrementMs: 0 }), context, at);
    if (start.type !== "ask") throw new Error("expected a question");
    const capped = decideAction(start.ask, { ok: false, code: "bot/timeout", detail: "cap" }, at + 60_000);
    expect(capped).toMatchObject({ type: "forfeit", code: "bot/timeout" });
    const clocked = turnAsk(timed({ kind: "move", moveMs: 1000 }), context, at);
    if (clocked.type !== "ask") throw new Error("expected a question");
    expect(decideAction(clocked.ask, { ok: false, code: "bot/timeout", detail: "early timer" }, at + 999)).toEqual({
      type: "flag",
      at: deadline(clocked.ask.match),
    });
  });
});

describe("cancellation", () => {
  it("ends the game in play without a result, cancels its match and plays nothing more", async () => {
    const host = new FakeHost(["a", "b"], { a: legal, b: legal }, { gamesPerPair: 4 });
    const policy = { untimed: [] };
    // Play into the second game, then cancel.
    while (!(host.state.tournament.current === 1 && (host.matches.get(host.game(1).matchId ?? "")?.moves.length ?? 0) >= 3)) {
      await drive(host, { type: "wake", at: host.t }, policy, 1);
    }
    const inPlay = host.game(1).matchId as string;
    await drive(host, { type: "cancel", at: host.t }, policy);
    expect(host.state.tournament).toMatchObject({ status: "cancelled", finishedAt: host.t, current: 1 });
    expect(host.game(1).status).toBe("cancelled");
    expect(host.game(0).status).toBe("finished");
    expect(host.state.games.slice(2).map((game) => game.status)).toEqual(["pending", "pending"]);
    expect(host.cancelled).toEqual([inPlay]);
    // Nothing more is owed, and events about the old match change nothing.
    const after = host.state;
    expect(step(after, { type: "wake", at: host.t }, policy)).toEqual({ state: after, commands: [] });
    const match = host.matches.get(inPlay) as MatchState;
    expect(step(after, { type: "notified", game: 1, matchId: inPlay, at: host.t }, policy).state).toBe(after);
    expect(step(after, { type: "cancel", at: host.t + 1 }, policy)).toEqual({ state: after, commands: [] });
    // A match read for the cancelled tournament while still active (created as it was cancelled) is cancelled too.
    const active = { ...match, status: "active" as const, result: null };
    expect(step(after, { type: "match", game: 1, matchId: inPlay, match: active, at: host.t }, policy).commands).toEqual([
      { type: "cancelMatch", game: 1, matchId: inPlay, detail: "the tournament was cancelled" },
    ]);
  });

  it("cancels the match whose id is stored even if it may not exist yet; a game not started stays pending", () => {
    const games = scheduleGames(["a", "b"], 2, 1);
    const policy = { untimed: [] };
    let state: TournamentState = { tournament: { id: "t", status: "running", gameCount: 2, current: 0, finishedAt: null }, games };
    state = step(state, { type: "matchId", game: 0, matchId: "m1" }, policy).state;
    const cancelled = step(state, { type: "cancel", at: 7 }, policy);
    expect(cancelled.commands).toEqual([{ type: "cancelMatch", game: 0, matchId: "m1", detail: "the tournament was cancelled" }]);
    const notStarted = step({ ...state, games }, { type: "cancel", at: 7 }, policy);
    expect(notStarted.commands).toEqual([]);
    expect(notStarted.state.games[0].status).toBe("pending");
  });
});

describe("hosts that crash or step twice", () => {
  it("an event about a game or match that moved on changes nothing", () => {
    const policy = { untimed: ["a"] };
    const games = scheduleGames(["a", "b"], 2, 1);
    let state: TournamentState = { tournament: { id: "t", status: "running", gameCount: 2, current: 0, finishedAt: null }, games };
    const opened = step(state, { type: "matchId", game: 0, matchId: "m1" }, policy);
    expect(opened.commands).toEqual([
      {
        type: "openMatch",
        game: 0,
        matchId: "m1",
        seats: [
          { name: games[0].first, untimed: games[0].first === "a" },
          { name: games[0].second, untimed: games[0].second === "a" },
        ],
      },
    ]);
    state = opened.state;
    // A second id chosen by a concurrent step is ignored: the first one stays the game's match.
    expect(step(state, { type: "matchId", game: 0, matchId: "m2" }, policy)).toEqual({ state, commands: [] });
    const match = newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0 }, 0);
    expect(step(state, { type: "match", game: 0, matchId: "m2", match, at: 0 }, policy)).toEqual({ state, commands: [] });
    expect(step(state, { type: "stale", game: 0, matchId: "m2" }, policy)).toEqual({ state, commands: [] });
    // Not the current game: nothing.
    expect(step(state, { type: "matchId", game: 1, matchId: "m3" }, policy)).toEqual({ state, commands: [] });
  });

  it("a cancelled match's bots hear of it: outcome aborted, reason cancelled (it does not count, and is not replayed)", async () => {
    const started = newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0 }, 0);
    const cancelled = applyAction(started, { type: "cancel", at: 1, detail: "the tournament was cancelled" });
    if (!cancelled.ok) throw new Error(cancelled.error.code);
    const ids = { tournamentId: "t1", gameId: "g1", matchId: "m1", opponent: "b" };
    expect(endNoticeFor(cancelled.state, 0, ids)).toMatchObject({ outcome: "aborted", reason: "cancelled", detail: "the tournament was cancelled" });
    const sent: unknown[] = [];
    const player = {
      name: "a",
      inProcess: true,
      move: async () => ({ ok: false }) as never,
      end: async (notice: unknown) => void sent.push(notice),
    } as unknown as Player;
    await sendEndNotices(cancelled.state, { type: "sendNotices", game: 0, matchId: "m1", tournamentId: "t1", gameId: "g1", names: ["a", "b"] }, [
      player,
      player,
    ]);
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual(expect.objectContaining({ matchId: "m1", outcome: "aborted", reason: "cancelled" }));
  });

  it("a host that crashes at random points, or runs a step twice, still plays each game once", async () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const random = seededRandom(seed);
      const flakyFailed = new Set<string>();
      const flaky: Script = (request, call) => {
        if (!flakyFailed.has(request.gameId)) {
          flakyFailed.add(request.gameId);
          return { reply: unreachable };
        }
        return legal(request, call);
      };
      const host = new FakeHost(["a", "flaky", "c"], { a: legal, flaky, c: legal }, { gamesPerPair: 2, seed });
      const policy = { untimed: ["c"] };
      let crashes = 0;
      let doubles = 0;
      // A command is sometimes dropped, or carried out and its outcome lost (with every command after
      // it), as an evicted host loses its invocation; an event is sometimes stepped twice, as by two
      // steps at once.
      const execute = host.execute.bind(host);
      host.execute = async (command) => {
        if (random() < 0.1) {
          crashes++;
          throw new Crash();
        }
        const event = await execute(command);
        // Done, but the host died before it stored what came back.
        if (random() < 0.1) {
          crashes++;
          throw new Crash();
        }
        if (event !== null && random() < 0.15) {
          doubles++;
          const again = step(host.state, event, policy);
          host.state = again.state;
        }
        return event;
      };
      for (let wakes = 0; host.state.tournament.status === "running"; wakes++) {
        if (wakes > 20_000) throw new Error("the tournament does not end");
        await drive(host, { type: "wake", at: host.t }, policy).catch((error: unknown) => {
          if (!(error instanceof Crash)) throw error;
        });
      }
      expect(crashes).toBeGreaterThan(10);
      expect(doubles).toBeGreaterThan(5);
      const counted = new Set<string>();
      for (const game of host.state.games) {
        expect(game.status).toBe("finished");
        expect(["quarto", "draw"]).toContain(game.outcome?.reason);
        for (const id of [game.matchId as string, ...game.aborted.map((attempt) => attempt.matchId)]) counted.add(id);
        const match = host.matches.get(game.matchId as string) as MatchState;
        expect(game.text).toBe(recordText(match));
        // Every match of the game was told its end, at least once.
        for (const id of [game.matchId as string, ...game.aborted.map((attempt) => attempt.matchId)])
          expect(host.notices.some((notice) => notice.matchId === id)).toBe(true);
      }
      // No match was created that the games do not name: no game was played twice.
      expect([...host.matches.keys()].sort()).toEqual([...counted].sort());
      expect(host.state.games.filter((game) => game.first === "flaky" || game.second === "flaky").some((game) => game.aborted.length === 1)).toBe(true);
    }
  });
});

class Crash extends Error {}
