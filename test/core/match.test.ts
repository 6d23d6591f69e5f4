/**
 * The match reducer as a specification: turns, stale plies, retried moves, announcements and the
 * missed-Quarto claim of the official rules, clocks (per move and game clock with increment, never
 * charging the server's own time), resignation, abort and flag fall.
 */
import { describe, expect, it } from "vitest";
import { type Move, makeRules, parseMoveText } from "../../src/rules/index.ts";
import {
  type ActionResult,
  applyAction,
  clocksAt,
  currentPly,
  deadline,
  type MatchConfig,
  type MatchState,
  newMatch,
  recordText,
  type SeatIndex,
  seatToMove,
} from "../../src/match/machine.ts";

const T0 = 1_700_000_000_000;
const classic: MatchConfig = { rules: makeRules(), clock: { kind: "none" }, firstSeat: 0 };
const manual: MatchConfig = { ...classic, rules: makeRules({ announce: "manual" }) };

function move(text: string): Move {
  const parsed = parseMoveText(text);
  if (!parsed) throw new Error(`bad move text ${text}`);
  return parsed;
}

function applied(result: ActionResult): MatchState {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.detail}`);
  return result.state;
}

/** Plays moves in turn order, one second apart. */
function playAll(state: MatchState, texts: string[], start = T0): MatchState {
  let at = start;
  for (const text of texts) {
    at += 1000;
    state = applied(applyAction(state, { type: "move", seat: seatToMove(state), ply: currentPly(state), move: move(text), at }));
  }
  return state;
}

// Pieces 8, 9, A, B are tall and light: a1-d1 with them is a row-1 Quarto.
const ROW_QUARTO_SETUP = ["-8", "a1-9", "b1-A", "c1-B"];
// A full classic game without a Quarto, found by a seeded random search over legal moves
// (each move chosen among those that do not complete a Quarto).
const DRAWN_GAME = "-1 c1-7 a3-2 d4-0 c3-9 a1-5 a2-4 a4-B b4-8 d3-3 b3-E b2-C b1-6 d1-F c4-A c2-D d2".split(" ");

describe("turns and plies", () => {
  it("seat firstSeat gives first, then the seats alternate", () => {
    const state = newMatch({ ...classic, firstSeat: 1 }, T0);
    expect(seatToMove(state)).toBe(1);
    const after = playAll(state, ["-3"]);
    expect(seatToMove(after)).toBe(0);
    expect(after.moves[0]).toMatchObject({ ply: 0, seat: 1, text: "-3", at: T0 + 1000, elapsedMs: 1000 });
    expect(after.position).toBe("................3");
  });

  it("refuses a move out of turn, a stale ply and an illegal move with stable codes, changing nothing", () => {
    const state = playAll(newMatch(classic, T0), ["-3"]);
    const cases: [SeatIndex, number, string, string][] = [
      [0, 1, "a1-4", "match/not_your_turn"],
      [1, 0, "a1-4", "match/stale_ply"],
      [1, 2, "a1-4", "match/stale_ply"],
      [1, 1, "a1-3", "move/piece_not_available"],
      [1, 1, "-4", "move/place_required"],
      [1, 1, "a1", "move/give_required"],
    ];
    for (const [seat, ply, text, code] of cases) {
      const result = applyAction(state, { type: "move", seat, ply, move: move(text), at: T0 + 5000 });
      expect(result.ok ? "ok" : result.error.code, `${seat} ${ply} ${text}`).toBe(code);
    }
  });

  it("of two different moves for the same ply the second is stale (409), not out of turn", () => {
    const state = playAll(newMatch(classic, T0), ["-3"]);
    const first = applied(applyAction(state, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 2000 }));
    const second = applyAction(first, { type: "move", seat: 1, ply: 1, move: move("b2-5"), at: T0 + 2000 });
    expect(second.ok ? "ok" : second.error.code).toBe("match/stale_ply");
  });

  it("a retried move is recognised and not applied twice, even after the opponent replied", () => {
    const state = playAll(newMatch(classic, T0), ["-3", "a1-4"]);
    const retry = applyAction(state, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 9000 });
    expect(retry).toMatchObject({ ok: true, changed: false, duplicate: true });
    if (retry.ok) expect(retry.state).toBe(state);
    const replied = playAll(state, ["b1-5"]);
    const late = applyAction(replied, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 9000 });
    expect(late).toMatchObject({ ok: true, changed: false, duplicate: true });
  });

  it("a retried winning move is answered as a duplicate after the game is over", () => {
    const won = playAll(newMatch(classic, T0), [...ROW_QUARTO_SETUP, "d1"]);
    expect(won.status).toBe("finished");
    expect(applyAction(won, { type: "move", seat: 0, ply: 4, move: move("d1"), at: T0 + 9000 })).toMatchObject({ ok: true, duplicate: true });
    const other = applyAction(won, { type: "move", seat: 1, ply: 5, move: move("a2"), at: T0 + 9000 });
    expect(other.ok ? "ok" : other.error.code).toBe("match/finished");
  });

  it("records the game as one line of text", () => {
    const state = playAll(newMatch(classic, T0), ROW_QUARTO_SETUP);
    expect(recordText(state)).toBe("................. -8 a1-9 b1-A c1-B");
  });
});

describe("endings", () => {
  it("a completed Quarto wins at once under announce auto", () => {
    const state = playAll(newMatch(classic, T0), [...ROW_QUARTO_SETUP, "d1"]);
    expect(state.result).toMatchObject({ winner: 0, reason: "quarto" });
    expect(state.result?.shapes?.map((shape) => [shape.kind, shape.cellNames, shape.attributes])).toEqual([
      ["row", ["a1", "b1", "c1", "d1"], ["tall", "light"]],
    ]);
  });

  it("a full board without a Quarto is a draw", () => {
    const state = playAll(newMatch(classic, T0), DRAWN_GAME);
    expect(state.status).toBe("finished");
    expect(state.result).toMatchObject({ winner: null, reason: "draw" });
    expect(currentPly(state)).toBe(17);
  });

  it("resignation ends the game for the other seat; abort only before the first placement", () => {
    const opened = playAll(newMatch(classic, T0), ["-3"]);
    expect(applied(applyAction(opened, { type: "abort", seat: 0, at: T0 + 5 })).result).toMatchObject({ winner: null, reason: "aborted" });
    const placed = playAll(opened, ["a1-4"], T0 + 1000);
    const abort = applyAction(placed, { type: "abort", seat: 0, at: T0 + 5000 });
    expect(abort.ok ? "ok" : abort.error.code).toBe("match/cannot_abort");
    expect(applied(applyAction(placed, { type: "resign", seat: 0, at: T0 + 5000 })).result).toMatchObject({ winner: 1, reason: "resignation" });
  });
});

describe("announce manual and the missed Quarto", () => {
  const unannounced = () => playAll(newMatch(manual, T0), [...ROW_QUARTO_SETUP, "d1-0"]);

  it("a completion without an announcement does not win", () => {
    const state = unannounced();
    expect(state.status).toBe("active");
    expect(state.pendingClaim).toMatchObject({ claimant: 1, ply: 4 });
  });

  it("a correct announcement wins; a wrong one is refused and changes nothing", () => {
    const state = playAll(newMatch(manual, T0), ROW_QUARTO_SETUP);
    const base = { type: "move" as const, seat: 0 as SeatIndex, ply: 4, move: move("d1"), at: T0 + 9000 };
    const wrongShape = applyAction(state, { ...base, announcement: { shape: 4, attribute: "tall" } });
    const wrongAttribute = applyAction(state, { ...base, announcement: { shape: [0, 1, 2, 3], attribute: "dark" } });
    expect([wrongShape, wrongAttribute].map((result) => (result.ok ? "ok" : result.error.code))).toEqual([
      "match/wrong_announcement",
      "match/wrong_announcement",
    ]);
    const right = applied(applyAction(state, { ...base, announcement: { shape: [3, 2, 1, 0], attribute: "light" } }));
    expect(right.result).toMatchObject({ winner: 0, reason: "quarto" });
    expect(right.moves[4].text).toBe("d1!");
  });

  it("the opponent may claim it before placing", () => {
    const claimed = applied(applyAction(unannounced(), { type: "claim", seat: 1, ply: 5, announcement: { shape: 0, attribute: "tall" }, at: T0 + 9000 }));
    expect(claimed.result).toMatchObject({ winner: 1, reason: "claim" });
  });

  it("only the opponent, only with a right announcement, only before placing", () => {
    const state = unannounced();
    const bySelf = applyAction(state, { type: "claim", seat: 0, at: T0 + 9000 });
    const wrong = applyAction(state, { type: "claim", seat: 1, announcement: { shape: 0, attribute: "dark" }, at: T0 + 9000 });
    const lapsed = playAll(state, ["a2-1"], T0 + 5000);
    const late = applyAction(lapsed, { type: "claim", seat: 1, at: T0 + 9000 });
    expect([bySelf, wrong, late].map((result) => (result.ok ? "ok" : result.error.code))).toEqual([
      "match/nothing_to_claim",
      "match/wrong_announcement",
      "match/nothing_to_claim",
    ]);
    expect(lapsed.status).toBe("active");
  });

  it("with missedClaim false there is nothing to claim", () => {
    const noClaim = { ...manual, rules: makeRules({ announce: "manual", missedClaim: false }) };
    const state = playAll(newMatch(noClaim, T0), [...ROW_QUARTO_SETUP, "d1-0"]);
    expect(state.pendingClaim).toBeNull();
    const claim = applyAction(state, { type: "claim", seat: 1, at: T0 + 9000 });
    expect(claim.ok ? "ok" : claim.error.code).toBe("match/nothing_to_claim");
  });
});

describe("clocks", () => {
  it("a limit per move: the deadline follows each move, a late move loses on time", () => {
    const config: MatchConfig = { ...classic, clock: { kind: "move", moveMs: 60_000 } };
    const state = playAll(newMatch(config, T0), ["-3"]);
    expect(deadline(state)).toBe(T0 + 1000 + 60_000);
    expect(clocksAt(state, T0 + 11_000)).toEqual([null, 50_000]);
    const late = applied(applyAction(state, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 61_000 }));
    expect(late.moves).toHaveLength(1);
    expect(late.result).toMatchObject({ winner: 0, reason: "timeout", at: T0 + 61_000 });
  });

  it("a game clock charges the mover and adds the increment", () => {
    const config: MatchConfig = { ...classic, clock: { kind: "game", initialMs: 10_000, incrementMs: 2_000 } };
    let state = newMatch(config, T0);
    state = applied(applyAction(state, { type: "move", seat: 0, ply: 0, move: move("-3"), at: T0 + 3_000 }));
    expect(state.remainingMs).toEqual([9_000, 10_000]);
    state = applied(applyAction(state, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 4_000 }));
    expect(state.remainingMs).toEqual([9_000, 11_000]);
    expect(clocksAt(state, T0 + 5_000)).toEqual([8_000, 11_000]);
    expect(deadline(state)).toBe(T0 + 4_000 + 9_000);
  });

  it("flag fall: refused before the deadline, applied once at it", () => {
    const config: MatchConfig = { ...classic, clock: { kind: "game", initialMs: 10_000, incrementMs: 0 } };
    const state = newMatch(config, T0);
    const early = applyAction(state, { type: "flag", at: T0 + 9_999 });
    expect(early.ok ? "ok" : early.error.code).toBe("match/time_not_up");
    const flagged = applied(applyAction(state, { type: "flag", at: T0 + 10_500 }));
    expect(flagged.result).toMatchObject({ winner: 1, reason: "timeout", at: T0 + 10_000 });
    expect(flagged.remainingMs).toEqual([0, 10_000]);
    expect(deadline(flagged)).toBeNull();
    const again = applyAction(flagged, { type: "flag", at: T0 + 11_000 });
    expect(again.ok ? "ok" : again.error.code).toBe("match/finished");
  });

  it("the server's own time is never charged: a move given elapsedMs 0 keeps the clock and cannot flag", () => {
    const config: MatchConfig = { ...classic, clock: { kind: "move", moveMs: 1_000 } };
    const state = newMatch(config, T0);
    const engineMove = applied(applyAction(state, { type: "move", seat: 0, ply: 0, move: move("-3"), at: T0 + 5_000, elapsedMs: 0 }));
    expect(engineMove.status).toBe("active");
    expect(engineMove.moves[0]).toMatchObject({ at: T0 + 5_000, elapsedMs: 0 });
    expect(engineMove.turnStartedAt).toBe(T0 + 5_000);
  });

  it("an untimed seat (the server's engine) has no deadline, is never charged and never flags", () => {
    const config: MatchConfig = { ...classic, clock: { kind: "game", initialMs: 10_000, incrementMs: 1_000 }, untimedSeats: [1] };
    let state = playAll(newMatch(config, T0), ["-3"]);
    expect(state.remainingMs).toEqual([10_000, 10_000]);
    expect(deadline(state)).toBeNull();
    expect(clocksAt(state, T0 + 50_000)).toEqual([10_000, null]);
    // A resignation long after: seat 1 did not lose on time.
    expect(applied(applyAction(state, { type: "resign", seat: 0, at: T0 + 99_000 })).result).toMatchObject({ winner: 1, reason: "resignation" });
    state = applied(applyAction(state, { type: "move", seat: 1, ply: 1, move: move("a1-4"), at: T0 + 99_000 }));
    expect(state.remainingMs).toEqual([10_000, 10_000]);
    expect(deadline(state)).toBe(T0 + 99_000 + 10_000);
  });
});
