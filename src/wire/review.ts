/**
 * Reviews on the wire: the conversion of a review (src/match/review.ts) to its answer, with each seat's
 * role, and POST /v1/review's answer, computed as interactive engine work (a person waits for it).
 */
import { type GameReview, reviewGame, reviewGameInTurn, roleOf, type SeatIndex } from "../match/index.ts";
import type { Rules } from "../rules/index.ts";
import { rulesOutput } from "./convert.ts";
import { failReplay, replayInputOf } from "./match.ts";
import { inTurn, PERSON_ASKING } from "./answers.ts";
import type { GameReviewOutput, ReviewRequest } from "./review-schemas.ts";

/** A review as answered: each move and seat with its role. */
export function reviewOutput(review: GameReview, rules: Rules, firstSeat: SeatIndex, matchId?: string): GameReviewOutput {
  return {
    status: "ready",
    ...(matchId === undefined ? {} : { matchId }),
    rules: rulesOutput(rules),
    firstSeat,
    exact: review.exact,
    nodes: review.nodes,
    moves: review.moves.map(({ ply, seat, ...move }) => ({ ply, seat, role: roleOf(seat, firstSeat), ...move })),
    seats: review.seats.map(({ seat, ...summary }) => ({ seat, role: roleOf(seat, firstSeat), ...summary })),
  };
}

/** The review of a record read from a request, at once on this thread (the spec's examples). */
export function reviewAnswer(request: ReviewRequest, maxNodes: number): GameReviewOutput {
  const input = { ...replayInputOf(request), openingPlies: request.openingPlies, maxNodes };
  const reviewed = reviewGame(input);
  if (!reviewed.ok) failReplay(reviewed.error);
  return reviewOutput(reviewed.value, input.rules, input.firstSeat);
}

/**
 * POST /v1/review: the record replayed (a 422 problem where it does not), then every position valued in
 * the isolate's engine scheduler as interactive, refusable work (503 `engine/busy` when the line is full).
 */
export async function reviewRecord(request: ReviewRequest, maxNodes: number): Promise<GameReviewOutput> {
  const input = { ...replayInputOf(request), openingPlies: request.openingPlies, maxNodes };
  const reviewed = await inTurn(() => reviewGameInTurn(input, PERSON_ASKING));
  if (!reviewed.ok) failReplay(reviewed.error);
  return reviewOutput(reviewed.value, input.rules, input.firstSeat);
}
