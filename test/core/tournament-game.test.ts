/**
 * One game and a whole round robin through the local runner (the tournament step hosted in memory),
 * with scripted players and an injected clock (no network, no waiting): the forfeit for each kind of
 * failed reply, losses on time decided by the reducer's clock, the abort-and-replay-once policy for a
 * bot unreachable before its first move, clock charging, claims under manual announcing, end notices.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, legalMoves, makeRules, type Move, readPosition, START_POSITION_STRING } from "../../src/rules/index.ts";
import { applyAction, type MatchState, newMatch, seatToMove } from "../../src/match/machine.ts";
import { type EndNotice, type MoveRequest, type Player, type PlayerReply, builtInBot } from "../../src/bots/index.ts";
import { askBot, decideAction, playGame, runTournament, turnAsk } from "../../src/tournament/index.ts";
import { playRecord } from "./arena-records.ts";

interface Scripted extends Player {
  requests: MoveRequest[];
  ends: EndNotice[];
}

/** A player that answers with `reply`, "taking" `delayMs` on the fake clock. */
function scripted(name: string, reply: (request: MoveRequest, index: number) => PlayerReply, clock: { t: number }, delayMs = 10, inProcess = false): Scripted {
  const requests: MoveRequest[] = [];
  const ends: EndNotice[] = [];
  return {
    name,
    inProcess,
    requests,
    ends,
    async move(request) {
      requests.push(request);
      clock.t += delayMs;
      return reply(request, requests.length - 1);
    },
    async end(notice) {
      ends.push(notice);
    },
  };
}

/** The first legal move, announcing any Quarto. */
function firstLegal(request: MoveRequest): PlayerReply {
  const rules = makeRules(request.rules);
  const position = readPosition(request.position, rules);
  if (!position.ok) throw new Error(position.error.detail);
  const moves = legalMoves(position.value, rules);
  return { ok: true, answer: moves.find((move) => move.quarto) ?? moves[0] };
}

const unreachable: PlayerReply = { ok: false, code: "bot/connection_error", detail: "POST /move: fetch failed (ECONNREFUSED)" };
const setup = (first: Player, second: Player, clock: { t: number }, moveMs = 1000) => ({
  tournamentId: "t1",
  gameId: "g1",
  rules: CLASSIC_RULES,
  clock: { kind: "move" as const, moveMs },
  first,
  second,
  now: () => clock.t,
});

describe("playGame", () => {
  it("two legal players finish the game; the record replays to the final position; both get /end", async () => {
    const clock = { t: 0 };
    const a = scripted("a", firstLegal, clock);
    const b = scripted("b", firstLegal, clock);
    const record = await playGame(setup(a, b, clock));
    expect(["quarto", "draw"]).toContain(record.reason);
    expect(record.abortedAttempts).toEqual([]);
    expect(playRecord(record.record, CLASSIC_RULES)).toBe(record.match.position);
    expect(a.requests.map((request) => request.ply)).toEqual(record.match.moves.filter((move) => move.seat === 0).map((move) => move.ply));
    expect(a.requests[0]).toMatchObject({
      seat: "first",
      phase: "give",
      position: START_POSITION_STRING,
      tournamentId: "t1",
      gameId: "g1",
      matchId: "g1.1",
      opponent: { name: "b" },
    });
    expect(b.requests[0].seat).toBe("second");
    const outcomes = [a.ends[0].outcome, b.ends[0].outcome].sort();
    expect(outcomes).toEqual(record.winner === null ? ["draw", "draw"] : ["loss", "win"]);
  });

  // Each failed reply maps to a forfeit with the same code, whoever the opponent.
  for (const code of ["bot/http_status", "bot/redirect", "bot/invalid_json", "bot/body_too_large"] as const) {
    it(`a ${code} reply forfeits the game`, async () => {
      const clock = { t: 0 };
      const bad = scripted("bad", () => ({ ok: false, code, detail: "scripted" }), clock);
      const record = await playGame(setup(scripted("good", firstLegal, clock), bad, clock));
      expect(record).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: code, forfeitedBy: "bad", plies: 1 });
    });
  }

  it("an illegal move (refused by the reducer) or a malformed answer forfeits with bot/illegal_move", async () => {
    const clock = { t: 0 };
    const occupied = scripted(
      "occupied",
      (request) => ({ ok: true, answer: request.phase === "give" ? { give: request.availablePieces[0] } : { place: 5, give: request.availablePieces[0] } }),
      clock,
    );
    const record = await playGame(setup(occupied, scripted("good", firstLegal, clock), clock));
    // ply 0 gives, ply 2 places on cell 5 ... until cell 5 is taken: then the reducer refuses.
    expect(record).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: "bot/illegal_move", forfeitedBy: "occupied" });
    expect(record.detail).toMatch(/^move\/(cell_occupied|piece_not_available)/);

    const malformed = scripted("malformed", () => ({ ok: true, answer: { place: "z9" } }), clock);
    const second = await playGame(setup(malformed, scripted("good", firstLegal, clock), clock));
    expect(second).toMatchObject({ forfeitCode: "bot/illegal_move", forfeitedBy: "malformed", plies: 0 });
  });

  it("an answer that arrives after the time left is a timeout, even if legal", async () => {
    const clock = { t: 0 };
    const slow = scripted("slow", firstLegal, clock, 1001);
    const record = await playGame(setup(scripted("good", firstLegal, clock), slow, clock, 1000));
    expect(record).toMatchObject({ winner: "good", forfeitCode: "bot/timeout", forfeitedBy: "slow", plies: 1 });
    // The bot was told how long it had.
    expect(slow.requests[0].clock.timeLeftMs).toBe(1000);
  });

  it("a call cut by the runner's own timer a millisecond before the deadline is the reducer's flag, reason timeout", async () => {
    // The HTTP client's timer fires at the deadline on its own clock; here it reports the timeout 1 ms
    // early on the runner's clock. The reducer's clock decides: a loss on time, stamped at the deadline.
    const clock = { t: 0 };
    const cut = scripted(
      "cut",
      (request) => ({ ok: false, code: "bot/timeout", detail: `POST /move took longer than ${request.clock.timeLeftMs} ms` }),
      clock,
      999,
    );
    const record = await playGame(setup(scripted("good", firstLegal, clock), cut, clock, 1000));
    expect(record).toMatchObject({ winner: "good", reason: "timeout", forfeitCode: "bot/timeout", forfeitedBy: "cut", plies: 1 });
    expect(record.match.result?.at).toBe(record.match.moves[0].at + 1000);
    // Without a clock, the runner's cap is the only limit: a call cut there is a bot/timeout forfeit.
    const capped = scripted("capped", () => ({ ok: false, code: "bot/timeout", detail: "POST /move took longer than 50 ms" }), clock, 50);
    const uncapped = await playGame({ ...setup(scripted("good", firstLegal, clock), capped, clock), clock: { kind: "none" }, maxMoveMs: 50 });
    expect(capped.requests[0].clock.timeLeftMs).toBe(50);
    expect(uncapped).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: "bot/timeout", forfeitedBy: "capped" });
  });

  it("an in-process player is never charged clock time", async () => {
    const clock = { t: 0 };
    const slowEngine = scripted("engine", firstLegal, clock, 5000, true);
    const record = await playGame(setup(slowEngine, scripted("good", firstLegal, clock, 10), clock, 1000));
    expect(record.reason).not.toBe("forfeit");
    expect(record.match.config.untimedSeats).toEqual([0]);
    // It took 5 s a move against a 1 s limit, was told no clock limit applies, and was not flagged.
    for (const move of record.match.moves) expect(move.elapsedMs).toBe(move.seat === 0 ? 5000 : 10);
    expect(slowEngine.requests[0].clock.timeLeftMs).toBe(60_000);
  });

  it("unreachable before its first move: the game is aborted and replayed once, then played normally", async () => {
    const clock = { t: 0 };
    const flaky = scripted("flaky", (request, index) => (index === 0 ? unreachable : firstLegal(request)), clock);
    const good = scripted("good", firstLegal, clock);
    const record = await playGame(setup(good, flaky, clock));
    expect(record.abortedAttempts).toHaveLength(1);
    expect(record.abortedAttempts[0]).toMatchObject({ matchId: "g1.1" });
    expect(record.abortedAttempts[0].detail).toContain("flaky could not be reached");
    expect(record.matchId).toBe("g1.2");
    expect(record.reason).not.toBe("forfeit");
    expect(record.reason).not.toBe("aborted");
    // Both were told the first attempt was aborted.
    expect(good.ends.map((notice) => notice.outcome)[0]).toBe("aborted");
    expect(flaky.ends.map((notice) => notice.outcome)[0]).toBe("aborted");
  });

  it("unreachable on the replay too: a forfeit, not a second replay", async () => {
    const clock = { t: 0 };
    const down = scripted("down", () => unreachable, clock);
    const record = await playGame(setup(down, scripted("good", firstLegal, clock), clock));
    expect(record.abortedAttempts).toHaveLength(1);
    expect(record).toMatchObject({ matchId: "g1.2", winner: "good", forfeitCode: "bot/connection_error", forfeitedBy: "down", plies: 0 });
  });

  it("unreachable after its first move: a forfeit, never an abort", async () => {
    const clock = { t: 0 };
    const drops = scripted("drops", (request, index) => (index === 0 ? firstLegal(request) : unreachable), clock);
    const record = await playGame(setup(drops, scripted("good", firstLegal, clock), clock));
    expect(record.abortedAttempts).toEqual([]);
    expect(record).toMatchObject({ winner: "good", forfeitCode: "bot/connection_error", forfeitedBy: "drops", plies: 2 });
  });
});

describe("a turn: ask, then decide", () => {
  it("under announce manual, a built-in bot claims the Quarto its opponent did not announce", async () => {
    const rules = makeRules({ announce: "manual" });
    // -8 a1-9 b1-A c1-B, then seat 0 places B on d1 (a row of four tall pieces) without announcing.
    let state: MatchState = newMatch({ rules, clock: { kind: "none" }, firstSeat: 0 }, 0);
    const script: Move[] = [{ give: 8 }, { place: 0, give: 9 }, { place: 1, give: 10 }, { place: 2, give: 11 }, { place: 3, give: 0 }];
    for (const [ply, move] of script.entries()) {
      const played = applyAction(state, { type: "move", seat: seatToMove(state), ply, move, at: ply });
      if (!played.ok) throw new Error(played.error.detail);
      state = played.state;
    }
    expect(state.pendingClaim?.claimant).toBe(1);
    const context = { tournamentId: null, gameId: "c", matchId: "c.1", names: ["silent", "easy"] as const, mayAbort: false };
    const start = turnAsk(state, context, 10);
    if (start.type !== "ask") throw new Error("expected a question");
    expect(start.ask.request.canClaim).toBe(true);
    const { reply, at } = await askBot(builtInBot("easy"), start.ask, () => 11);
    const action = decideAction(start.ask, reply, at);
    expect(action).toEqual({ type: "claim", seat: 1, ply: 5, at: 11 });
    const claimed = applyAction(state, action);
    expect(claimed.ok && claimed.state.result).toMatchObject({ winner: 1, reason: "claim" });
  });
});

describe("runTournament", () => {
  it("is reproduced by its seed: the same seed replays the same games, another seed plays others", async () => {
    const records = async (seed: number) => {
      const report = await runTournament({
        players: [builtInBot("random"), builtInBot("easy")],
        gamesPerPair: 4,
        rules: CLASSIC_RULES,
        clock: { kind: "move", moveMs: 1000 },
        seed,
      });
      return report.games.map((game) => `${game.first}-${game.second} ${game.record}`);
    };
    const first = await records(3);
    expect(await records(3)).toEqual(first);
    expect(await records(4)).not.toEqual(first);
  });
});
