/**
 * An engine seat's turn as an ordinary reducer action, computed by a pure function: the hosted match's
 * Durable Object only stamps it with the time and applies it like any other action. The fallback for an
 * engine that fails (or answers a move the reducer refuses) lives here, once: the seat then plays the
 * first legal move, so a match never stalls on the server's own seat. The search is interactive work
 * (a person is waiting for it): it runs before background work, is never refused, and yields between slices.
 */
import { suggestMoveInTurn } from "../engine/index.ts";
import { legalMoves, type Move } from "../rules/index.ts";
import { applyAction, currentPly, type MatchState, positionOf, type SeatIndex, seatToMove } from "./machine.ts";

/** What an engine seat does on its turn; the caller adds `at` (when it applies it). */
export type EngineAction = { type: "move"; seat: SeatIndex; ply: number; move: Move } | { type: "claim"; seat: SeatIndex; ply: number };

/**
 * The action of engine seat `seat` in `state`: claim a missed Quarto it may claim (an engine always
 * notices), else the engine's move at the seat's level within its node budget, seeded so that a match
 * replays alike (the hosted match seeds with its id and the ply). Null when it is not that engine
 * seat's turn (the match is not active, another seat is to move, or the seat is not an engine).
 */
export async function engineAction(state: MatchState, seat: SeatIndex, seed: number): Promise<EngineAction | null> {
  const engine = state.seats?.[seat];
  if (state.status !== "active" || seatToMove(state) !== seat || engine?.kind !== "engine") return null;
  const ply = currentPly(state);
  if (state.pendingClaim?.claimant === seat) return { type: "claim", seat, ply };
  const position = positionOf(state);
  const rules = state.config.rules;
  let move: Move | null = null;
  try {
    move = (await suggestMoveInTurn(position, rules, { level: engine.level, maxNodes: engine.maxNodes, seed }, { priority: "interactive" })).move;
  } catch (error) {
    console.error("engine failed; playing the first legal move", ply, error);
  }
  // Checked with the reducer itself (at the turn's start, so no clock can interfere): a move it
  // would refuse is replaced by a legal one.
  if (move !== null) {
    const tried = applyAction(state, { type: "move", seat, ply, move, at: state.turnStartedAt });
    if (tried.ok) return { type: "move", seat, ply, move };
    console.error("engine move refused; playing the first legal move", ply, move, tried.error);
  }
  return { type: "move", seat, ply, move: legalMoves(position, rules)[0] };
}
