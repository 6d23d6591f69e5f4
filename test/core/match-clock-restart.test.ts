/**
 * The reducer's `restartClock`: time the server lost during a turn (a crash while a bot was
 * asked) is charged to no one. The turn starts again with its full clock, even past a flag that fell in
 * the lost time; a restart for another ply is stale; the record keeps each restart and still replays.
 */
import { describe, expect, it } from "vitest";
import { makeRules, parseMoveText } from "../../src/rules/index.ts";
import { type ActionResult, applyAction, clocksAt, deadline, type MatchConfig, type MatchState, newMatch } from "../../src/match/machine.ts";
import { replayRecord } from "../../src/match/replay.ts";

const T0 = 1_700_000_000_000;

function applied(result: ActionResult): MatchState {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.detail}`);
  return result.state;
}

const give = (text: string) => {
  const move = parseMoveText(text);
  if (!move) throw new Error(text);
  return move;
};

describe("restartClock", () => {
  it("gives the mover a full move clock from the restart, even after the flag fell in the lost time", () => {
    const config: MatchConfig = { rules: makeRules(), clock: { kind: "move", moveMs: 5_000 }, firstSeat: 0 };
    const start = newMatch(config, T0);
    // The server was down for 8 s: the flag fell in that time, but it is not the player's.
    const restarted = applied(applyAction(start, { type: "restartClock", ply: 0, at: T0 + 8_000 }));
    expect(restarted.turnStartedAt).toBe(T0 + 8_000);
    expect(deadline(restarted)).toBe(T0 + 13_000);
    expect(clocksAt(restarted, T0 + 9_000)[0]).toBe(4_000);
    expect(restarted.clockRestarts).toEqual([{ ply: 0, at: T0 + 8_000, lostMs: 8_000 }]);
    // The move 3 s after the restart is in time and charged 3 s; a flag before the new deadline is refused.
    expect(applyAction(restarted, { type: "flag", at: T0 + 12_000 })).toMatchObject({ ok: false, error: { code: "match/time_not_up" } });
    const moved = applied(applyAction(restarted, { type: "move", seat: 0, ply: 0, move: give("-A"), at: T0 + 11_000 }));
    expect(moved.moves[0]).toMatchObject({ elapsedMs: 3_000 });
    expect(moved.status).toBe("active");
  });

  it("without the restart, the same move loses on time (the case it exists for)", () => {
    const config: MatchConfig = { rules: makeRules(), clock: { kind: "move", moveMs: 5_000 }, firstSeat: 0 };
    const late = applied(applyAction(newMatch(config, T0), { type: "move", seat: 0, ply: 0, move: give("-A"), at: T0 + 11_000 }));
    expect(late.result).toMatchObject({ reason: "timeout", winner: 1 });
  });

  it("gives back a game clock's time of the turn, and the increment still applies once", () => {
    const config: MatchConfig = { rules: makeRules(), clock: { kind: "game", initialMs: 10_000, incrementMs: 1_000 }, firstSeat: 0 };
    const restarted = applied(applyAction(newMatch(config, T0), { type: "restartClock", at: T0 + 4_000 }));
    const moved = applied(applyAction(restarted, { type: "move", seat: 0, ply: 0, move: give("-A"), at: T0 + 6_000 }));
    expect(moved.remainingMs).toEqual([9_000, 10_000]);
  });

  it("is refused for another ply, in a waiting or finished match, and changes nothing for a time not after the turn's start", () => {
    const config: MatchConfig = { rules: makeRules(), clock: { kind: "move", moveMs: 5_000 }, firstSeat: 0 };
    const start = newMatch(config, T0);
    expect(applyAction(start, { type: "restartClock", ply: 1, at: T0 + 1 })).toMatchObject({ ok: false, error: { code: "match/stale_ply" } });
    expect(applyAction(start, { type: "restartClock", at: T0 })).toMatchObject({ ok: true, changed: false });
    const waiting = newMatch(config, T0, [
      { kind: "human", name: null, tokenHash: null },
      { kind: "human", name: null, tokenHash: "x" },
    ]);
    expect(applyAction(waiting, { type: "restartClock", at: T0 + 1 })).toMatchObject({ ok: false, error: { code: "match/waiting_for_players" } });
    const resigned = applied(applyAction(start, { type: "resign", seat: 0, at: T0 + 1 }));
    expect(applyAction(resigned, { type: "restartClock", at: T0 + 2 })).toMatchObject({ ok: false, error: { code: "match/finished" } });
  });

  it("leaves the record replayable: the moves replay to the same position", () => {
    const config: MatchConfig = { rules: makeRules(), clock: { kind: "move", moveMs: 5_000 }, firstSeat: 0 };
    let state = newMatch(config, T0);
    let at = T0;
    for (const [ply, text] of ["-A", "a1-B", "b2-C", "c3-D"].entries()) {
      at += 1_000;
      if (ply === 2) state = applied(applyAction(state, { type: "restartClock", ply, at: (at += 9_000) }));
      state = applied(applyAction(state, { type: "move", seat: (ply % 2) as 0 | 1, ply, move: give(text), at: (at += 500) }));
    }
    expect(state.status).toBe("active");
    expect(state.clockRestarts).toHaveLength(1);
    const replay = replayRecord({ rules: config.rules, firstSeat: 0, moves: state.moves.map((record) => ({ move: record.move, ply: record.ply, seat: record.seat })), result: null });
    expect(replay.ok).toBe(true);
    if (replay.ok) expect(replay.value.state.position).toBe(state.position);
  });
});
