/**
 * One game through the match reducer with scripted players and a fake clock (no network, no waiting):
 * the forfeit for each kind of failed reply, late answers, the abort-and-replay-once policy for a bot
 * unreachable before its first move, clock charging, claims under manual announcing, end notices.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, legalMoves, makeRules, type Move, START_POSITION_STRING } from "../../src/rules/index.ts";
import { newMatch } from "../../src/match/machine.ts";
import { type EndNotice, type MoveRequest, type Player, type PlayerReply, readMoveRequest, referenceBot } from "../../src/bots/index.ts";
import { playGame, playTurn, runTournament } from "../../src/tournament/index.ts";
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
  const checked = readMoveRequest(request);
  if (!checked.ok) throw new Error(checked.error);
  const moves = legalMoves(checked.value.position, checked.value.rules);
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
    expect(a.requests[0]).toMatchObject({ seat: "first", phase: "give", position: START_POSITION_STRING, tournamentId: "t1", gameId: "g1", matchId: "g1.1", opponent: { name: "b" } });
    expect(b.requests[0].seat).toBe("second");
    const outcomes = [a.ends[0].outcome, b.ends[0].outcome].sort();
    expect(outcomes).toEqual(record.winner === null ? ["draw", "draw"] : ["loss", "win"]);
  });

  // Each failed reply maps to a forfeit with the same code, whoever the opponent.
  for (const code of ["bot/timeout", "bot/http_status", "bot/redirect", "bot/invalid_json", "bot/body_too_large"] as const) {
    it(`a ${code} reply forfeits the game`, async () => {
      const clock = { t: 0 };
      const bad = scripted("bad", () => ({ ok: false, code, detail: "scripted" }), clock);
      const record = await playGame(setup(scripted("good", firstLegal, clock), bad, clock));
      expect(record).toMatchObject({ winner: "good", reason: "forfeit", forfeitCode: code, forfeitedBy: "bad", plies: 1 });
    });
  }

  it("an illegal move (refused by the reducer) or a malformed answer forfeits with bot/illegal_move", async () => {
    const clock = { t: 0 };
    const occupied = scripted("occupied", (request) => ({ ok: true, answer: request.phase === "give" ? { give: request.availablePieces[0] } : { place: 5, give: request.availablePieces[0] } }), clock);
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

describe("playTurn", () => {
  it("under announce manual, a reference bot claims the Quarto its opponent did not announce", async () => {
    const rules = makeRules({ announce: "manual" });
    // a1 b1 c1 will hold tall pieces (8, 9, A) with piece B (tall) in hand: d1 completes a tall row.
    const clock = { t: 0 };
    // Seat 0 (first) places B on d1 without announcing, and gives piece 0.
    const silent = scripted("silent", () => ({ ok: true, answer: { place: 3, give: 0 } }), clock);
    const claimer = referenceBot("easy");
    // Reach the position through a real game record: -8 a1-9 b1-A c1-B, then seat 0 to move.
    let state = newMatch({ rules, clock: { kind: "none" }, firstSeat: 0 }, 0);
    const script: Move[] = [{ give: 8 }, { place: 0, give: 9 }, { place: 1, give: 10 }, { place: 2, give: 11 }];
    const replay = scripted("replay", (_request, index) => ({ ok: true, answer: script[index * 2 + 1] ?? {} }), clock);
    const opener = scripted("opener", (_request, index) => ({ ok: true, answer: script[index * 2] }), clock);
    const context = (seats: [Player, Player]) => ({ tournamentId: null, gameId: "c", matchId: "c.1", seats, mayAbort: false, now: () => clock.t });
    for (let ply = 0; ply < 4; ply++) state = await playTurn(state, context([opener, replay]));
    expect(state.position).toBe(`89A${".".repeat(13)}B`);
    state = await playTurn(state, context([silent, claimer]));
    expect(state.pendingClaim?.claimant).toBe(1);
    state = await playTurn(state, context([silent, claimer]));
    expect(state.result).toMatchObject({ winner: 1, reason: "claim" });
  });
});

describe("runTournament", () => {
  it("is reproduced by its seed: the same seed replays the same games, another seed plays others", async () => {
    const records = async (seed: number) => {
      const report = await runTournament({ players: [referenceBot("random"), referenceBot("easy")], gamesPerPair: 4, rules: CLASSIC_RULES, clock: { kind: "move", moveMs: 1000 }, seed });
      return report.games.map((game) => `${game.first}-${game.second} ${game.record}`);
    };
    const first = await records(3);
    expect(await records(3)).toEqual(first);
    expect(await records(4)).not.toEqual(first);
  });
});
