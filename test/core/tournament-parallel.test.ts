/**
 * The tournament step with several games in play: a fake host whose bot calls and match reads take
 * seeded numbers of event-loop turns, so games interleave. Checks that no more than `concurrency` games
 * are in play and no bot is in more than `gamesPerBot` of them at any moment, that concurrency is
 * actually reached, that every game is played once through crashes and doubled steps, that games start
 * from their openings in pairs with the seats swapped (and their records replay), that an SPRT stops the
 * tournament at its decision (cancelling the games in play), and that a cancellation ends every game in play.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, legalMoves, makeRules, readPosition } from "../../src/rules/index.ts";
import { applyAction, type MatchOpening, type MatchState, newMatch, openingPlies, recordText } from "../../src/match/machine.ts";
import { replayRecord } from "../../src/match/replay.ts";
import type { MoveRequest, PlayerReply } from "../../src/bots/protocol.ts";
import { seededRandom } from "../../src/engine/random.ts";
import {
  drive,
  type GameState,
  gamesRead,
  newProgress,
  pendingGame,
  roundRobinSchedule,
  type ScheduledGame,
  sprtSchedule,
  type StepCommand,
  type StepEvent,
  type StepHost,
  type StepPolicy,
  step,
  type TournamentProgress,
  type TournamentState,
} from "../../src/tournament/index.ts";
import { parseRecordText } from "../../src/match/replay.ts";

type Script = (request: MoveRequest) => PlayerReply;

/** The first legal move, announcing any Quarto. */
const legal: Script = (request) => {
  const rules = makeRules(request.rules);
  const position = readPosition(request.position, rules);
  if (!position.ok) throw new Error(position.error.detail);
  const moves = legalMoves(position.value, rules);
  return { ok: true, answer: moves.find((move) => move.quarto) ?? moves[0] };
};

class Crash extends Error {}

/** A host with every game in memory whose commands take a seeded number of event-loop turns. */
class SlowHost implements StepHost<TournamentProgress> {
  state: TournamentState<TournamentProgress>;
  readonly matches = new Map<string, MatchState>();
  readonly cancelled: string[] = [];
  readonly requests: MoveRequest[] = [];
  /** The most games seen in play at once, and the most games one bot was in at once. */
  maxPlaying = 0;
  maxPerBot = 0;
  private ids = 0;
  t = 1_000_000;
  private readonly random: () => number;
  private readonly scripts: Record<string, Script>;
  private readonly policy: StepPolicy;

  constructor(schedule: readonly ScheduledGame[], scripts: Record<string, Script>, policy: StepPolicy, seed: number) {
    this.scripts = scripts;
    this.policy = policy;
    this.random = seededRandom(seed);
    this.state = { tournament: newProgress("t", schedule.length, policy), games: schedule.map(pendingGame) };
  }

  load(event: StepEvent): TournamentState<TournamentProgress> {
    // Only what the step says it reads, as the tournament object loads it.
    const read = new Set(gamesRead(this.state.tournament, event, this.policy));
    return { ...this.state, games: this.state.games.filter((game) => read.has(game.index)) };
  }

  save(_before: TournamentState<TournamentProgress>, after: TournamentState<TournamentProgress>): void {
    const games = [...this.state.games];
    for (const game of after.games) games[game.index] = game;
    this.state = { tournament: after.tournament, games };
    const inPlay = games.filter((game) => game.status === "playing" && this.matches.get(game.matchId ?? "")?.status === "active");
    this.maxPlaying = Math.max(this.maxPlaying, inPlay.length);
    const perBot = new Map<string, number>();
    for (const game of inPlay) for (const bot of [game.first, game.second]) perBot.set(bot, (perBot.get(bot) ?? 0) + 1);
    this.maxPerBot = Math.max(this.maxPerBot, ...perBot.values());
  }

  private async pause(): Promise<void> {
    const turns = Math.floor(this.random() * 4);
    for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setImmediate(resolve));
  }

  async execute(command: StepCommand): Promise<StepEvent | null> {
    await this.pause();
    const { game } = command;
    switch (command.type) {
      case "newId":
        return { type: "matchId", game, matchId: `m${++this.ids}` };
      case "openMatch": {
        let match = this.matches.get(command.matchId);
        if (!match) {
          match = newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0, ...(command.opening ? { opening: command.opening } : {}) }, this.t);
          this.matches.set(command.matchId, match);
        }
        return { type: "match", game, matchId: command.matchId, match, at: this.t };
      }
      case "askBot": {
        this.requests.push(command.ask.request);
        const reply = this.scripts[command.ask.bot](command.ask.request);
        this.t += 10;
        return { type: "reply", game, matchId: command.matchId, ask: command.ask, reply, at: this.t };
      }
      case "act": {
        const match = this.matches.get(command.matchId) as MatchState;
        if (match.status !== "active" || match.moves.length !== command.ply) return { type: "stale", game, matchId: command.matchId };
        const applied = applyAction(match, command.action);
        if (!applied.ok) throw new Error(`the reducer refused a decided action: ${applied.error.code}`);
        this.matches.set(command.matchId, applied.state);
        return { type: "match", game, matchId: command.matchId, match: applied.state, at: this.t };
      }
      case "sendNotices":
        return { type: "notified", game, matchId: command.matchId, at: this.t };
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

  async run(maxWakes = 10_000): Promise<void> {
    for (let wakes = 0; this.state.tournament.status === "running"; wakes++) {
      if (wakes > maxWakes) throw new Error("the tournament does not end");
      await drive(this, { type: "wake", at: this.t }, this.policy);
    }
  }
}

const bots = (n: number) => Array.from({ length: n }, (_, index) => `bot${index}`);
const scriptsFor = (names: readonly string[], script: Script = legal) => Object.fromEntries(names.map((name) => [name, script]));

describe("games in parallel", () => {
  it("keeps up to `concurrency` games in play, no bot in two at once, and plays each game once", async () => {
    for (const seed of [1, 2, 3]) {
      const names = bots(7);
      const policy: StepPolicy = { untimed: [], concurrency: 3 };
      const host = new SlowHost(roundRobinSchedule(names, 2, seed), scriptsFor(names), policy, seed);
      await host.run();
      expect(host.state.tournament).toMatchObject({ status: "finished", current: 42, next: 42, playing: [] });
      expect(host.maxPlaying).toBe(3);
      expect(host.maxPerBot).toBe(1);
      // One match per game, each played to its end and recorded from its match.
      expect(host.matches.size).toBe(42);
      for (const game of host.state.games) {
        const match = host.matches.get(game.matchId as string) as MatchState;
        expect(game).toMatchObject({ status: "finished", pendingNotice: null, text: recordText(match) });
      }
    }
  });

  it("a bot may be in several games when gamesPerBot allows it (a gauntlet's challenger, an SPRT's bots)", async () => {
    const policy: StepPolicy = { untimed: [], concurrency: 4, gamesPerBot: 4 };
    const host = new SlowHost(sprtSchedule("new", "old", 16, 5), scriptsFor(["new", "old"]), policy, 5);
    await host.run();
    expect(host.maxPlaying).toBe(4);
    expect(host.maxPerBot).toBe(4);
    expect(host.state.games.every((game) => game.status === "finished")).toBe(true);
  });

  it("with a function for maxBotCalls, each game goes on from move to move while it answers true; the calls owed wait for the next wake", async () => {
    const names = bots(6);
    const policy: StepPolicy = { untimed: [], concurrency: 3 };
    const host = new SlowHost(roundRobinSchedule(names, 2, 4), scriptsFor(names), policy, 4);
    let allowed = 20;
    await drive(host, { type: "wake", at: host.t }, policy, () => allowed-- > 0);
    // 20 bot calls in one drive (moves, and end notices of the games that ended): several moves per game,
    // where one call per game in play would be 3.
    const ended = host.state.games.filter((game) => game.status === "finished").length;
    expect(host.requests.length + ended).toBe(20);
    expect(new Set(host.requests.map((request) => request.gameId)).size).toBeLessThan(host.requests.length);
    expect(host.state.tournament.status).toBe("running");
    await host.run();
    expect(host.state.tournament).toMatchObject({ status: "finished", playing: [] });
    expect(host.maxPerBot).toBe(1);
    expect(host.state.games.every((game) => game.status === "finished")).toBe(true);
  });

  it("concurrency 1 plays the games one after another, in schedule order", async () => {
    const names = bots(4);
    const host = new SlowHost(roundRobinSchedule(names, 2, 9), scriptsFor(names), { untimed: [] }, 9);
    await host.run();
    expect(host.maxPlaying).toBe(1);
    const order = host.requests.map((request) => request.gameId).filter((id, index, all) => all.indexOf(id) === index);
    expect(order).toEqual(host.state.games.map((game) => game.gameId));
  });

  it("every game is played once through crashes and doubled steps, several at a time", async () => {
    for (const seed of [11, 12, 13, 14]) {
      const names = bots(5);
      const policy: StepPolicy = { untimed: [], concurrency: 2 };
      const host = new SlowHost(roundRobinSchedule(names, 2, seed), scriptsFor(names), policy, seed);
      const random = seededRandom(seed * 7);
      let crashes = 0;
      let doubles = 0;
      const execute = host.execute.bind(host);
      host.execute = async (command) => {
        if (random() < 0.08) {
          crashes++;
          throw new Crash();
        }
        const event = await execute(command);
        if (random() < 0.08) {
          crashes++;
          throw new Crash();
        }
        if (event !== null && random() < 0.1) {
          doubles++;
          const before = host.load(event);
          host.save(before, step(before, event, policy).state);
        }
        return event;
      };
      for (let wakes = 0; host.state.tournament.status === "running"; wakes++) {
        if (wakes > 20_000) throw new Error("the tournament does not end");
        await drive(host, { type: "wake", at: host.t }, policy).catch((error: unknown) => {
          if (!(error instanceof Crash)) throw error;
        });
      }
      expect(crashes).toBeGreaterThan(5);
      expect(doubles).toBeGreaterThan(3);
      for (const game of host.state.games) {
        expect(game.status).toBe("finished");
        const match = host.matches.get(game.matchId as string) as MatchState;
        expect(game.text).toBe(recordText(match));
      }
      // Extra matches exist only for ids chosen twice and never used (a doubled newId), never a game played twice.
      const used = new Set(host.state.games.map((game) => game.matchId));
      for (const [id, match] of host.matches) if (!used.has(id)) expect(match.moves.length).toBe(0);
    }
  });

  it("a tournament stored before games ran at once (no next, no playing) goes on from its current game", () => {
    const games = roundRobinSchedule(bots(2), 2, 1).map(pendingGame);
    const legacy: TournamentState = { tournament: { id: "t", status: "running", gameCount: 2, current: 0, finishedAt: null }, games };
    const woken = step(legacy, { type: "wake", at: 1 }, { untimed: [] });
    expect(woken.commands).toEqual([{ type: "newId", game: 0, gameId: "g1", attempt: 1 }]);
    expect(gamesRead(legacy.tournament, { type: "wake", at: 1 })).toEqual([0, 1]);
  });
});

/** Two openings from the classic suite's form: a record and a position's canonical moves. */
const OPENINGS: MatchOpening[] = [
  { name: "test/1", moves: ["-8", "a1-1", "d4-2", "b3-4"] },
  { name: "test/2", moves: ["-F", "b2-0", "c3-9", "a4-6", "d1-3"] },
];

describe("openings in pairs", () => {
  it("each game starts from its opening, a pair's two games with the seats swapped, and every record replays", async () => {
    const names = bots(3);
    const schedule = roundRobinSchedule(names, 4, 3, OPENINGS);
    const policy: StepPolicy = { untimed: [], concurrency: 2 };
    const host = new SlowHost(schedule, scriptsFor(names), policy, 3);
    await host.run();
    const byPair = new Map<number, GameState[]>();
    for (const game of host.state.games) byPair.set(game.pair as number, [...(byPair.get(game.pair as number) ?? []), game]);
    expect(byPair.size).toBe(6);
    for (const [a, b] of byPair.values()) {
      expect(a.opening).toEqual(b.opening);
      expect([a.first, a.second]).toEqual([b.second, b.first]);
    }
    // Both openings are used, by every pair of bots.
    expect(new Set(host.state.games.map((game) => game.opening?.name))).toEqual(new Set(["test/1", "test/2"]));
    for (const game of host.state.games) {
      const opening = game.opening as MatchOpening;
      const match = host.matches.get(game.matchId as string) as MatchState;
      expect(match.config.opening).toEqual(opening);
      expect(match.moves.slice(0, opening.moves.length).map((move) => move.text)).toEqual(opening.moves);
      expect(match.moves.slice(0, openingPlies(match.config)).every((move) => move.elapsedMs === 0)).toBe(true);
      // The record is the opening's moves and the bots'; it replays to the match's end.
      expect(game.text?.startsWith(`................. ${opening.moves.join(" ")} `)).toBe(true);
      const moves = parseRecordText(game.text as string);
      if (!moves.ok) throw new Error(moves.error.detail);
      const replay = replayRecord({
        rules: CLASSIC_RULES,
        firstSeat: 0,
        moves: moves.value.map((move) => ({ move })),
        openingPlies: opening.moves.length,
        result: match.result,
      });
      expect(replay.ok && replay.value.state.position).toBe(match.position);
    }
    // The first request of each game is at the opening's last ply and says so.
    const first = host.requests.find((request) => request.gameId === "g1") as MoveRequest;
    expect(first.opening).toEqual({ name: schedule[0].opening?.name, plies: schedule[0].opening?.moves.length });
    expect(first.ply).toBe(schedule[0].opening?.moves.length);
  });
});

describe("an SPRT stops the tournament", () => {
  const forfeits: Script = () => ({ ok: true, answer: { place: "z9" } });

  it("at H1 when the tested bot wins every pair: the games in play are cancelled, the rest never start", async () => {
    const policy: StepPolicy = { untimed: [], concurrency: 3, gamesPerBot: 3, sprt: { bot: "new", elo0: 0, elo1: 50, alpha: 0.05, beta: 0.05 } };
    const host = new SlowHost(sprtSchedule("new", "old", 400, 2, OPENINGS), { new: legal, old: forfeits }, policy, 2);
    await host.run();
    const { tournament, games } = host.state;
    const sprt = tournament.sprt;
    expect(tournament.status).toBe("finished");
    expect(sprt?.decision).toBe("H1");
    expect(sprt?.llr).toBeGreaterThanOrEqual(Math.log(0.95 / 0.05));
    // Every pair counted was won twice; the counts are exactly the finished games' pairs.
    const finished = games.filter((game) => game.status === "finished");
    expect(finished.every((game) => game.outcome?.winner === "new")).toBe(true);
    const pairs = new Map<number, number>();
    for (const game of finished) pairs.set(game.pair as number, (pairs.get(game.pair as number) ?? 0) + 1);
    const complete = [...pairs.values()].filter((count) => count === 2).length;
    expect(sprt?.pentanomial).toEqual([0, 0, 0, 0, complete]);
    // It stopped long before the limit; what was in play was cancelled (its match too), the rest never started.
    expect(finished.length).toBeLessThan(200);
    const cancelled = games.filter((game) => game.status === "cancelled");
    for (const game of cancelled) expect(host.matches.get(game.matchId as string)?.result?.reason ?? "not created").toMatch(/cancelled|not created/);
    expect(games.filter((game) => game.status === "pending").length).toBe(games.length - finished.length - cancelled.length);
    expect(host.matches.size).toBeLessThanOrEqual(finished.length + cancelled.length);
  });

  it("at H0 when the bots are equal, and at the game limit without a decision", async () => {
    const policy: StepPolicy = { untimed: [], sprt: { bot: "new", elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05 } };
    const host = new SlowHost(sprtSchedule("new", "old", 400, 4, OPENINGS), { new: legal, old: legal }, policy, 4);
    await host.run();
    expect(host.state.tournament.sprt?.decision).toBe("H0");
    const limited = new SlowHost(sprtSchedule("new", "old", 4, 4, OPENINGS), { new: legal, old: legal }, { ...policy }, 4);
    await limited.run();
    expect(limited.state.tournament).toMatchObject({ status: "finished", current: 4 });
    expect(limited.state.tournament.sprt?.decision).toBeNull();
    expect(limited.state.tournament.sprt?.pentanomial.reduce((sum, count) => sum + count, 0)).toBe(2);
  });
});

describe("cancellation with several games in play", () => {
  it("ends every game in play and cancels each match", async () => {
    const names = bots(6);
    const policy: StepPolicy = { untimed: [], concurrency: 3 };
    const host = new SlowHost(roundRobinSchedule(names, 2, 4), scriptsFor(names), policy, 4);
    // Drive until three games are under way, then cancel.
    const ask = host.execute.bind(host);
    let stop: () => void = () => {};
    const threeInPlay = new Promise<void>((resolve) => {
      stop = resolve;
    });
    host.execute = async (command) => {
      if (host.maxPlaying === 3) {
        stop();
        await new Promise(() => {}); // the host stops here: nothing more is carried out
      }
      return ask(command);
    };
    void drive(host, { type: "wake", at: host.t }, policy);
    await threeInPlay;
    const inPlay = host.state.games.filter((game) => game.status === "playing");
    expect(inPlay).toHaveLength(3);
    host.execute = ask;
    await drive(host, { type: "cancel", at: host.t }, policy);
    expect(host.state.tournament.status).toBe("cancelled");
    // (A read already under way when it was cancelled may cancel a match again: that changes nothing.)
    expect([...new Set(host.cancelled)].sort()).toEqual(inPlay.map((game) => game.matchId as string).sort());
    for (const game of inPlay) {
      expect(host.state.games[game.index].status).toBe("cancelled");
      expect(host.matches.get(game.matchId as string)?.result?.reason).toBe("cancelled");
    }
  });
});
