/**
 * The match's lifecycle in the reducer: seats (open, taken by `join`, engine, bot), the start when no
 * seat is left open, cancellation at any ply, stale plies on every action, the engine seat's action
 * (with its fallback), and the promise behind them: every state the reducer ends in replays from its
 * moves and result to the same result.
 */
import { describe, expect, it } from "vitest";
import { engineAction } from "../../src/match/engine-seat.ts";
import {
  type ActionResult,
  type AnyMatchAction,
  applyAction,
  clocksAt,
  currentPly,
  deadline,
  type MatchConfig,
  type MatchSeat,
  type MatchState,
  newMatch,
  openSeats,
  positionOf,
  type SeatIndex,
  seatOfTokenHash,
  seatToMove,
} from "../../src/match/machine.ts";
import { replayRecord } from "../../src/match/replay.ts";
import { legalMoves, makeRules, type Move, parseMoveText, playMove } from "../../src/rules/index.ts";
import { seededRandom } from "../../src/engine/random.ts";

const T0 = 1_700_000_000_000;
const timed: MatchConfig = { rules: makeRules(), clock: { kind: "move", moveMs: 60_000 }, firstSeat: 0 };
const open = (name: string | null = null): MatchSeat => ({ kind: "human", name, tokenHash: null });
const taken = (tokenHash: string, name: string | null = null): MatchSeat => ({ kind: "human", name, tokenHash });

function applied(result: ActionResult): MatchState {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.detail}`);
  return result.state;
}
const codeOf = (result: ActionResult): string => (result.ok ? "ok" : result.error.code);
const move = (text: string): Move => parseMoveText(text) ?? { give: -1 };
const play = (state: MatchState, text: string, at: number): MatchState =>
  applied(applyAction(state, { type: "move", seat: seatToMove(state), ply: currentPly(state), move: move(text), at }));

describe("seats, joining and the start", () => {
  it("a match with an open seat waits: no move, no deadline, until the seat is taken", () => {
    const waiting = newMatch(timed, T0, [taken("h0", "Ada"), open()]);
    expect(waiting.status).toBe("waiting");
    expect(openSeats(waiting)).toEqual([1]);
    expect(deadline(waiting)).toBeNull();
    // The clock stands still while waiting: the seat to move will have its whole time.
    expect(clocksAt(waiting, T0 + 999_000)).toEqual([60_000, null]);
    const early = applyAction(waiting, { type: "move", seat: 0, ply: 0, move: move("-3"), at: T0 + 1000 });
    expect(early).toMatchObject({
      ok: false,
      error: { code: "match/waiting_for_players", detail: "seat 1 still open: the match starts when every seat is taken" },
    });
    expect(codeOf(applyAction(waiting, { type: "resign", seat: 0, at: T0 + 1000 }))).toBe("match/waiting_for_players");
    expect(codeOf(applyAction(waiting, { type: "flag", at: T0 + 999_000 }))).toBe("match/waiting_for_players");
  });

  it("the last join starts the match, its clocks running from the join", () => {
    const waiting = newMatch(timed, T0, [open("Ada"), open()]);
    const one = applied(applyAction(waiting, { type: "join", tokenHash: "h0", at: T0 + 5_000 }));
    expect(one.status).toBe("waiting");
    expect(one.seats?.[0]).toEqual({ kind: "human", name: "Ada", tokenHash: "h0" });
    const both = applied(applyAction(one, { type: "join", name: "Grace", tokenHash: "h1", at: T0 + 9_000 }));
    expect(both.status).toBe("active");
    expect(both.seats?.[1]).toEqual({ kind: "human", name: "Grace", tokenHash: "h1" });
    expect(both.turnStartedAt).toBe(T0 + 9_000);
    expect(deadline(both)).toBe(T0 + 69_000);
    expect([seatOfTokenHash(both, "h0"), seatOfTokenHash(both, "h1"), seatOfTokenHash(both, "nope")]).toEqual([0, 1, null]);
  });

  it("a taken seat cannot be joined; a full or finished match refuses joins", () => {
    const waiting = newMatch(timed, T0, [taken("h0"), open()]);
    expect(applyAction(waiting, { type: "join", seat: 0, tokenHash: "x", at: T0 })).toMatchObject({
      ok: false,
      error: { code: "match/no_open_seat", detail: "seat 0 is not open" },
    });
    const started = applied(applyAction(waiting, { type: "join", seat: 1, tokenHash: "h1", at: T0 }));
    expect(applyAction(started, { type: "join", tokenHash: "x", at: T0 })).toMatchObject({
      ok: false,
      error: { code: "match/no_open_seat", detail: "every seat of this match is taken" },
    });
    const over = applied(applyAction(started, { type: "resign", seat: 0, at: T0 + 1 }));
    expect(codeOf(applyAction(over, { type: "join", tokenHash: "x", at: T0 + 2 }))).toBe("match/finished");
    // A match without seats (the local runner's) has no seat to join.
    expect(codeOf(applyAction(newMatch(timed, T0), { type: "join", tokenHash: "x", at: T0 }))).toBe("match/no_open_seat");
  });

  it("a player may abort while waiting for an opponent", () => {
    const waiting = newMatch(timed, T0, [taken("h0"), open()]);
    expect(applied(applyAction(waiting, { type: "abort", seat: 0, at: T0 + 1 })).result).toMatchObject({ winner: null, reason: "aborted" });
  });

  it("engine seats are untimed; a match whose seats are all taken starts at once", () => {
    const engine: MatchSeat = { kind: "engine", level: "random", maxNodes: 1000 };
    const state = newMatch({ ...timed, untimedSeats: [0] }, T0, [taken("h0"), engine]);
    expect(state.status).toBe("active");
    expect(state.config.untimedSeats).toEqual([0, 1]);
    expect(
      newMatch(timed, T0, [
        { kind: "bot", name: "alice" },
        { kind: "bot", name: "bob" },
      ]).status,
    ).toBe("active");
    // The caller's seats are copied, not shared.
    const seats: [MatchSeat, MatchSeat] = [open(), open()];
    const created = newMatch(timed, T0, seats);
    applied(applyAction(created, { type: "join", tokenHash: "h0", at: T0 }));
    expect(seats[0]).toEqual(open());
  });
});

describe("cancellation", () => {
  it("ends a match at any ply without a winner, with its own reason; an ended match stays as it is", () => {
    let state = newMatch(timed, T0, [
      { kind: "bot", name: "alice" },
      { kind: "bot", name: "bob" },
    ]);
    state = play(play(play(state, "-8", T0 + 1000), "a1-9", T0 + 2000), "b1-A", T0 + 3000);
    const cancelled = applied(applyAction(state, { type: "cancel", at: T0 + 4000, detail: "the tournament was cancelled" }));
    expect(cancelled.status).toBe("finished");
    expect(cancelled.result).toEqual({ winner: null, reason: "cancelled", detail: "the tournament was cancelled", at: T0 + 4000 });
    expect(cancelled.moves).toHaveLength(3);
    expect(applyAction(cancelled, { type: "cancel", at: T0 + 5000 })).toMatchObject({ ok: true, changed: false, state: cancelled });
    const resigned = applied(applyAction(state, { type: "resign", seat: 1, at: T0 + 4000 }));
    expect(applyAction(resigned, { type: "cancel", at: T0 + 5000 })).toMatchObject({ ok: true, changed: false, state: resigned });
    // A waiting match can be cancelled too; a player's abort cannot come after a placement.
    expect(applied(applyAction(newMatch(timed, T0, [open(), open()]), { type: "cancel", at: T0 })).result?.reason).toBe("cancelled");
    expect(codeOf(applyAction(state, { type: "abort", seat: 0, at: T0 + 4000 }))).toBe("match/cannot_abort");
  });

  it("a cancellation is not a loss on time, even after the deadline", () => {
    const state = newMatch(timed, T0);
    expect(applied(applyAction(state, { type: "cancel", at: T0 + 600_000 })).result?.reason).toBe("cancelled");
  });
});

describe("stale plies", () => {
  it("every action computed for another ply is refused, changing nothing", () => {
    const state = play(play(newMatch(timed, T0), "-8", T0 + 1000), "a1-9", T0 + 2000);
    const stale: Exclude<AnyMatchAction, { type: "join" }>[] = [
      { type: "move", seat: 0, ply: 1, move: move("b1-A"), at: T0 + 3000 },
      { type: "claim", seat: 0, ply: 1, at: T0 + 3000 },
      { type: "resign", seat: 0, ply: 1, at: T0 + 3000 },
      { type: "abort", seat: 0, ply: 1, at: T0 + 3000 },
      { type: "forfeit", seat: 0, ply: 3, code: "bot/illegal_move", detail: "x", at: T0 + 3000 },
      { type: "flag", ply: 1, at: T0 + 999_000 },
      { type: "cancel", ply: 1, at: T0 + 3000 },
    ];
    for (const action of stale) {
      expect(applyAction(state, action), action.type).toMatchObject({
        ok: false,
        error: { code: "match/stale_ply", detail: `the match is at ply 2, not ${action.ply}` },
      });
    }
    const current: AnyMatchAction[] = [
      { type: "resign", seat: 0, ply: 2, at: T0 + 3000 },
      { type: "forfeit", seat: 0, ply: 2, code: "bot/illegal_move", detail: "x", at: T0 + 3000 },
      { type: "flag", ply: 2, at: T0 + 62_000 },
      { type: "cancel", ply: 2, at: T0 + 3000 },
    ];
    expect(current.map((action) => applyAction(state, action).ok)).toEqual([true, true, true, true]);
  });

  it("an action after the match ended is refused as finished, whatever its ply", () => {
    const over = applied(applyAction(newMatch(timed, T0), { type: "resign", seat: 0, at: T0 + 1 }));
    expect(codeOf(applyAction(over, { type: "forfeit", seat: 1, ply: 0, code: "bot/timeout", detail: "x", at: T0 + 2 }))).toBe("match/finished");
    expect(codeOf(applyAction(over, { type: "flag", ply: 5, at: T0 + 2 }))).toBe("match/finished");
  });
});

describe("the engine seat's action", () => {
  const engine = (level: "random" | "hard", maxNodes = 20_000): MatchSeat => ({ kind: "engine", level, maxNodes });

  it("is the engine's move for the seat to move, reproducible by seed, and null out of turn", async () => {
    const state = newMatch(timed, T0, [taken("h0"), engine("hard")]);
    expect(await engineAction(state, 1, 7)).toBeNull();
    const opened = play(state, "-8", T0 + 1000);
    const first = await engineAction(opened, 1, 7);
    expect(first).toMatchObject({ type: "move", seat: 1, ply: 1 });
    expect(await engineAction(opened, 1, 7)).toEqual(first);
    expect(await engineAction(opened, 0, 7)).toBeNull();
    if (first?.type !== "move") throw new Error("expected a move");
    expect(playMove(positionOf(opened), first.move, opened.config.rules).ok).toBe(true);
    // A human seat is never moved by the engine.
    expect(await engineAction(newMatch(timed, T0, [taken("h0"), taken("h1")]), 0, 7)).toBeNull();
  });

  it("claims a missed Quarto it may claim", async () => {
    const manual: MatchConfig = { ...timed, rules: makeRules({ announce: "manual" }) };
    let state = newMatch(manual, T0, [taken("h0"), engine("random")]);
    for (const [index, text] of ["-8", "a1-9", "b1-A", "c1-B", "d1-0"].entries()) {
      if (seatToMove(state) === 0) state = play(state, text, T0 + index);
      else state = applied(applyAction(state, { type: "move", seat: 1, ply: currentPly(state), move: move(text), at: T0 + index }));
    }
    expect(state.pendingClaim?.claimant).toBe(1);
    expect(await engineAction(state, 1, 1)).toEqual({ type: "claim", seat: 1, ply: 5 });
  });

  it("falls back to the first legal move when the engine fails", async () => {
    // A negative node budget makes the engine throw: the seat still moves, legally.
    const state = play(newMatch(timed, T0, [taken("h0"), engine("hard", -1)]), "-8", T0 + 1000);
    expect(await engineAction(state, 1, 3)).toEqual({ type: "move", seat: 1, ply: 1, move: legalMoves(positionOf(state), state.config.rules)[0] });
  });
});

// ---- every ending replays ----

type Ending = "play" | "resign" | "forfeit" | "flag" | "abort" | "cancel" | "claim" | "open";
const ENDINGS: Ending[] = ["play", "resign", "forfeit", "flag", "abort", "cancel", "claim", "open"];

/** Plays random legal moves (a Quarto announced or not at random) and ends the game as `ending` asks, at a random ply. */
function randomGame(seed: number, ending: Ending): MatchState {
  const random = seededRandom(seed);
  const rules = makeRules({ announce: random() < 0.5 ? "manual" : "auto" });
  const config: MatchConfig = { rules, clock: { kind: "move", moveMs: 10_000 }, firstSeat: random() < 0.5 ? 0 : 1 };
  let state = newMatch(config, T0, [
    { kind: "bot", name: "a" },
    { kind: "bot", name: "b" },
  ]);
  const stopAt = ending === "abort" ? Math.floor(random() * 2) : Math.floor(random() * 17);
  let at = T0;
  while (state.status === "active") {
    at += 1000;
    const ply = currentPly(state);
    const seat = seatToMove(state);
    if (ending !== "play" && ending !== "claim" && ply >= stopAt) break;
    if (state.pendingClaim && ending === "claim") {
      return applied(applyAction(state, { type: "claim", seat: state.pendingClaim.claimant, ply, at }));
    }
    const moves = legalMoves(positionOf(state), rules);
    const chosen = moves[Math.floor(random() * moves.length)];
    // Under manual announcement a completed Quarto is announced (and wins) half of the time, else missed.
    const announced = { ...chosen, quarto: true };
    const announce = rules.announce === "manual" && random() < 0.5 && playMove(positionOf(state), announced, rules).ok;
    state = applied(applyAction(state, { type: "move", seat, ply, move: announce ? announced : chosen, at }));
  }
  if (state.status !== "active") return state;
  const seat = seatToMove(state);
  const ply = currentPly(state);
  switch (ending) {
    case "resign":
      return applied(applyAction(state, { type: "resign", seat: random() < 0.5 ? 0 : 1, ply, at }));
    case "forfeit":
      return applied(applyAction(state, { type: "forfeit", seat, ply, code: "bot/illegal_move", detail: "x", at }));
    case "flag":
      return applied(applyAction(state, { type: "flag", ply, at: at + 60_000 }));
    case "abort":
      return applied(applyAction(state, { type: "abort", seat, ply, at }));
    case "cancel":
      return applied(applyAction(state, { type: "cancel", at }));
    default:
      return state;
  }
}

describe("every state the reducer ends in replays to its own result", () => {
  it.each(ENDINGS)("%s", (ending) => {
    const reasons = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const state = randomGame(seed * 7919 + ENDINGS.indexOf(ending), ending);
      const result = state.result && { winner: state.result.winner, reason: state.result.reason };
      const replayed = replayRecord({
        rules: state.config.rules,
        firstSeat: state.config.firstSeat,
        moves: state.moves.map((record) => ({ move: record.move, ply: record.ply, seat: record.seat as SeatIndex, text: record.text })),
        result,
      });
      if (!replayed.ok) throw new Error(`seed ${seed} ${ending}: ${replayed.error.code} ${replayed.error.detail}`);
      expect(replayed.value.state.status).toBe(state.status);
      expect(replayed.value.state.result && { winner: replayed.value.state.result.winner, reason: replayed.value.state.result.reason }).toEqual(result);
      expect(replayed.value.state.position).toBe(state.position);
      reasons.add(state.result?.reason ?? "ongoing");
    }
    // Each ending really happened (a game may end by a Quarto or a draw before the ending is reached).
    const expected = {
      play: "quarto",
      resign: "resignation",
      forfeit: "forfeit",
      flag: "timeout",
      abort: "aborted",
      cancel: "cancelled",
      claim: "claim",
      open: "ongoing",
    }[ending];
    expect([...reasons]).toContain(expected);
  });
});
