/**
 * Seats and roles side by side (docs/rules.md, section Who is who): whichever seat gives first, every
 * match answer names each seat's role, the turn's role is the position's `toMove`, each move and each
 * replayed position carries the mover's seat and role, and a result its winning seat and role. The
 * document gives every result schema that names a winning seat its role too.
 */
import { describe, expect, it } from "vitest";
import spec from "../../openapi/openapi.json" with { type: "json" };
import type { MatchView, ReplayOutput } from "../../src/wire/match-schemas.ts";
import { json200, postJson } from "./http.ts";
import { createMatch, DRAWN_GAME, getRecord, ROW_QUARTO_SETUP, sendMove, tokenOf } from "./match-client.ts";

const roleOfSeat = (seat: 0 | 1, firstSeat: 0 | 1) => (seat === firstSeat ? "first" : "second");
const roleOfPly = (ply: number) => (ply % 2 === 0 ? "first" : "second");

/** Plays `moves` in a fresh match whose seat `firstSeat` gives first, checking every state on the way. */
async function playChecked(firstSeat: 0 | 1, moves: string[]): Promise<MatchView> {
  const created = await createMatch({ firstSeat });
  let state = created.state;
  expect(state.seats.map((seat) => seat.role)).toEqual([roleOfSeat(0, firstSeat), roleOfSeat(1, firstSeat)]);
  for (const text of moves) {
    expect(state.turn?.role).toBe(state.position.toMove);
    expect(state.turn?.role).toBe(roleOfSeat(state.turn?.seat ?? 0, firstSeat));
    const seat = state.turn?.seat ?? 0;
    const response = await sendMove(created.id, tokenOf(created, seat), state.ply, text);
    state = (await json200<{ state: MatchView }>(response)).state;
  }
  state.moves.forEach((move, ply) => {
    expect(move.role).toBe(roleOfPly(ply));
    expect(move.role).toBe(roleOfSeat(move.seat, firstSeat));
  });
  return state;
}

describe("seats and roles in match answers", () => {
  it.each([0, 1] as const)("a Quarto won with firstSeat %i: the winner's seat and role", async (firstSeat) => {
    const state = await playChecked(firstSeat, [...ROW_QUARTO_SETUP, "d1!"]);
    // The fifth move (ply 4) is the first player's: it completes the row.
    expect(state.result).toMatchObject({ reason: "quarto", winner: firstSeat, winnerRole: "first" });
    const record = await getRecord(state.id);
    expect(record.result).toMatchObject({ winner: firstSeat, winnerRole: "first" });
    expect(record.seats[firstSeat].role).toBe("first");
    const replay = await json200<ReplayOutput>(postJson("/v1/replay", record));
    expect(replay.result).toMatchObject({ winner: firstSeat, winnerRole: "first" });
    expect(replay.positions.map((step) => [step.seat, step.role])).toEqual([[null, null], ...record.moves.map((move, ply) => [move.seat, roleOfPly(ply)])]);
  });

  it("a draw: no winning seat, no winning role", async () => {
    const state = await playChecked(1, DRAWN_GAME);
    expect(state.result).toMatchObject({ reason: "draw", winner: null, winnerRole: null });
  });
});

type Json = Record<string, { type?: string; properties?: Record<string, unknown> }>;

describe("the document", () => {
  it("gives a role beside every winning seat", () => {
    const schemas = spec.components.schemas as Json;
    const seatRef = "#/components/schemas/SeatIndex";
    const namesSeat = (property: unknown) => JSON.stringify(property).includes(seatRef);
    const withWinnerSeat = Object.entries(schemas).filter(([, schema]) =>
      Object.entries(schema.properties ?? {}).some(([name, property]) => /^winner(Seat)?$/.test(name) && namesSeat(property)),
    );
    expect(withWinnerSeat.map(([name]) => name).sort()).toEqual(["GameResult", "MatchResult"]);
    for (const [, schema] of withWinnerSeat) expect(Object.keys(schema.properties ?? {})).toContain("winnerRole");
    for (const name of ["SeatView", "Turn", "MatchMove", "ReplayStep"])
      expect(Object.keys(schemas[name].properties ?? {}), name).toEqual(expect.arrayContaining(["seat", "role"]));
  });
});
