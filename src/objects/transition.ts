/**
 * One step of a tournament game as a reducer action. `playTurn` (src/tournament/game.ts) asks a bot and
 * returns the match state after its answer (or after the forfeit or abort that replaces it); the
 * tournament hands the action behind that step to the match's own Durable Object, which applies it
 * through the same reducer. The reducer is pure, so the action replays to exactly the same state.
 */
import { applyAction, type MatchAction, type MatchState, otherSeatIndex, seatToMove } from "../match/machine.ts";

/** The action that took the match from `before` to `after`, one `playTurn` step later. Throws if there is none. */
export function transitionAction(before: MatchState, after: MatchState): MatchAction {
  const ply = before.moves.length;
  const action = actionOf(before, after, ply);
  const replayed = applyAction(before, action);
  if (!replayed.ok || JSON.stringify(replayed.state) !== JSON.stringify(after)) {
    throw new Error(`transitionAction: the ${action.type} at ply ${ply} does not reproduce the step`);
  }
  return action;
}

function actionOf(before: MatchState, after: MatchState, ply: number): MatchAction {
  if (after.moves.length === ply + 1) {
    const record = after.moves[ply];
    return { type: "move", seat: record.seat, ply, move: record.move, at: record.at };
  }
  const result = after.result;
  if (after.moves.length !== ply || result === null) throw new Error(`transitionAction: ply ${ply} to ${after.moves.length} is not one step`);
  switch (result.reason) {
    case "forfeit":
      if (result.winner === null) break;
      return { type: "forfeit", seat: otherSeatIndex(result.winner), code: result.forfeitCode ?? "forfeit", detail: result.detail ?? "", at: result.at };
    case "aborted":
      return { type: "abort", seat: seatToMove(before), at: result.at, ...(result.detail === undefined ? {} : { detail: result.detail }) };
    case "claim":
      if (result.winner === null) break;
      return { type: "claim", seat: result.winner, ply, at: result.at };
    case "timeout":
      return { type: "flag", at: result.at };
  }
  throw new Error(`transitionAction: a step cannot end a match by ${result.reason}`);
}
