/**
 * Matches that start from an opening (MatchConfig.opening): the opening's moves are played at creation
 * (in the record, charged to no clock), the seats play on from there, an abort stays possible until
 * both seats have moved after it, bad openings are refused with a reason, and the record replays.
 */
import { describe, expect, it } from "vitest";
import { CLASSIC_RULES, makeRules } from "../../src/rules/index.ts";
import { applyAction, type MatchConfig, newMatch, openingError, openingPlies, recordText, seatToMove } from "../../src/match/machine.ts";
import { parseRecordText, replayRecord } from "../../src/match/replay.ts";
import { moveRequestFor } from "../../src/bots/protocol.ts";

const T0 = 1_000_000;
const OPENING = { name: "test/1", moves: ["-8", "a1-1", "d4-2", "b3-4"] };
const config = (overrides: Partial<MatchConfig> = {}): MatchConfig => ({
  rules: CLASSIC_RULES,
  clock: { kind: "game", initialMs: 60_000, incrementMs: 1000 },
  firstSeat: 0,
  opening: OPENING,
  ...overrides,
});

describe("a match from an opening", () => {
  it("holds the opening's moves from its creation, at no clock cost, and the next seat moves on", () => {
    const match = newMatch(config(), T0);
    expect(match.status).toBe("active");
    expect(match.moves.map((move) => move.text)).toEqual(OPENING.moves);
    expect(match.moves.map((move) => move.seat)).toEqual([0, 1, 0, 1]);
    expect(match.moves.every((move) => move.at === T0 && move.elapsedMs === 0)).toBe(true);
    expect(match.remainingMs).toEqual([60_000, 60_000]);
    expect(match.position).toBe("8........2.....14");
    expect(openingPlies(match.config)).toBe(4);
    expect(seatToMove(match)).toBe(0);
    // The seats' own moves follow; a move for another ply is stale.
    const played = applyAction(match, { type: "move", seat: 0, ply: 4, move: { place: 5, give: 3 }, at: T0 + 500 });
    expect(played.ok && played.state.moves.at(-1)).toMatchObject({ ply: 4, text: "b2-3", elapsedMs: 500 });
    expect(applyAction(match, { type: "move", seat: 0, ply: 0, move: { give: 3 }, at: T0 })).toMatchObject({ ok: false, error: { code: "match/stale_ply" } });
  });

  it("may be aborted until both seats have moved after the opening, not after", () => {
    const match = newMatch(config(), T0);
    expect(applyAction(match, { type: "abort", seat: 0, at: T0 }).ok).toBe(true);
    const one = applyAction(match, { type: "move", seat: 0, ply: 4, move: { place: 5, give: 3 }, at: T0 });
    if (!one.ok) throw new Error(one.error.detail);
    expect(applyAction(one.state, { type: "abort", seat: 1, at: T0 }).ok).toBe(true);
    const two = applyAction(one.state, { type: "move", seat: 1, ply: 5, move: { place: 6, give: 0 }, at: T0 });
    if (!two.ok) throw new Error(two.error.detail);
    expect(applyAction(two.state, { type: "abort", seat: 0, at: T0 })).toMatchObject({ ok: false, error: { code: "match/cannot_abort" } });
    // Without an opening the rule is the old one: no abort after the first placement.
    const plain = newMatch(config({ opening: undefined }), T0);
    const given = applyAction(plain, { type: "move", seat: 0, ply: 0, move: { give: 3 }, at: T0 });
    if (!given.ok) throw new Error(given.error.detail);
    expect(applyAction(given.state, { type: "abort", seat: 1, at: T0 }).ok).toBe(true);
    const placed = applyAction(given.state, { type: "move", seat: 1, ply: 1, move: { place: 0, give: 4 }, at: T0 });
    if (!placed.ok) throw new Error(placed.error.detail);
    expect(applyAction(placed.state, { type: "abort", seat: 0, at: T0 })).toMatchObject({ ok: false, error: { code: "match/cannot_abort" } });
  });

  it("refuses openings that are not one: bad notation, illegal moves, a finished game, a Quarto left to claim", () => {
    expect(openingError(OPENING.moves, CLASSIC_RULES)).toBeNull();
    expect(openingError([], CLASSIC_RULES)).toBeNull();
    expect(openingError(["-8", "zz"], CLASSIC_RULES)).toMatch(/move 2 'zz' is not a move/);
    expect(openingError(["-8", "a1-8"], CLASSIC_RULES)).toMatch(/move 2 'a1-8'/);
    // Four tall pieces on a row: a win under auto, a claimable Quarto under manual.
    const row = ["-8", "a1-9", "b1-A", "c1-B", "d1-0"];
    expect(openingError(row.slice(0, 4), CLASSIC_RULES)).toBeNull();
    expect(openingError([...row.slice(0, 4), "d1!"], CLASSIC_RULES)).toMatch(/ends the game/);
    expect(openingError(row, makeRules({ announce: "manual" }))).toMatch(/completes a Quarto/);
    expect(() => newMatch(config({ opening: { name: "bad", moves: ["-8", "a1-8"] } }), T0)).toThrow(RangeError);
  });

  it("tells the bots about it, and its record replays (an abort after the opening too)", () => {
    const match = newMatch(config(), T0);
    const request = moveRequestFor(match, 0, { tournamentId: "t", gameId: "g1", matchId: "m1", opponent: "b" }, 1000);
    expect(request).toMatchObject({ ply: 4, seat: "first", phase: "place", opening: { name: "test/1", plies: 4 } });
    expect(request.moves.map((move) => move.text)).toEqual(OPENING.moves);
    const plain = moveRequestFor(newMatch(config({ opening: undefined }), T0), 0, { tournamentId: "t", gameId: "g1", matchId: "m1", opponent: "b" }, 1000);
    expect(plain).not.toHaveProperty("opening");
    const moves = parseRecordText(recordText(match));
    if (!moves.ok) throw new Error(moves.error.detail);
    const recorded = moves.value.map((move) => ({ move }));
    const aborted = { winner: null, reason: "aborted" as const };
    expect(replayRecord({ rules: CLASSIC_RULES, firstSeat: 0, moves: recorded, openingPlies: 4, result: aborted }).ok).toBe(true);
    // Read without its opening, the same record has placements: no abort.
    expect(replayRecord({ rules: CLASSIC_RULES, firstSeat: 0, moves: recorded, result: aborted })).toMatchObject({
      ok: false,
      error: { code: "replay/result_mismatch" },
    });
  });
});
