/**
 * The exact review of a finished game: every move valued by the solved game, before it, after its
 * placement and after the whole move, for the player who made it. A move whose value after is worse
 * than before is a mistake, told by what threw the value away (the placement, the give, a Quarto left
 * unannounced, a claim not made) with moves that kept it; per seat, how many moves kept the value.
 *
 * The review is a generator of the evaluations it needs (reviewSteps), so that one definition runs
 * synchronously (a benchmark, the local runner) or in the isolate's engine scheduler at a priority of
 * the caller's choosing (a hosted match reviews in the background once the game is over).
 */
import { type Evaluation, type EvaluateOptions, evaluate, evaluationsInTurn, type Value, type WorkOptions } from "../engine/index.ts";
import {
  availablePieces,
  completedShapes,
  legalMoves,
  type Move,
  makeMoveText,
  ok,
  playMove,
  type Position,
  positionFromTrustedSetup,
  positionStatus,
  type Result,
} from "../rules/index.ts";
import type { SeatIndex } from "./machine.ts";
import { type ReplayError, type ReplayInput, replayRecord } from "./replay.ts";

/** What threw the value away. */
export type MistakeKind = "placement" | "give" | "announcement" | "claim";

interface Mistake {
  kind: MistakeKind;
  from: Value;
  to: Value;
  /** Moves (text) that kept the value, best first; `claim` when claiming the missed Quarto kept it. */
  better: string[];
}

interface MoveReview {
  ply: number;
  seat: SeatIndex;
  /** The move's text as in the record. */
  move: string;
  /** A move of the opening the game was started from (not the seat's own choice): left out of the summaries. */
  opening: boolean;
  /** The value for the player making the move, just before it. */
  before: Value | null;
  /** Placements to the end with best play from before the move, for a win or a loss. */
  pliesToEnd?: number;
  /** For a placing move: the value for the same player after the placement, before the give (the best some give keeps). */
  afterPlacement?: Value | null;
  /** The value for the same player after the whole move. */
  after: Value | null;
  /** Placements to the end with best play after the move, for a win or a loss. */
  afterPliesToEnd?: number;
  /** Every value of this move was solved exactly. */
  exact: boolean;
  /** The placement completed a Quarto that the move did not announce (announce: manual). */
  unannounced?: true;
  /** The player could claim the opponent's unannounced Quarto instead of moving. */
  claimable?: true;
  mistake?: Mistake;
}

interface SeatSummary {
  seat: SeatIndex;
  /** Moves of the seat's own (the opening's left out). */
  moves: number;
  /** Of those, the moves whose value after is the value before. */
  kept: number;
  /** kept / moves; null with no move. */
  accuracy: number | null;
  /** Mistakes that turned a win into a draw or a loss. */
  winsThrownAway: number;
  mistakes: { ply: number; kind: MistakeKind; from: Value; to: Value }[];
}

export interface GameReview {
  moves: MoveReview[];
  seats: [SeatSummary, SeatSummary];
  /** Every value in the review is exact. */
  exact: boolean;
  /** Nodes the engine searched for the whole review. */
  nodes: number;
}

export interface ReviewInput extends ReplayInput {
  /** The node budget of each evaluation. */
  maxNodes: number;
}

/** One evaluation the review needs: the generator yields it and is given the answer. */
interface Ask {
  position: Position;
  options: EvaluateOptions;
}

/** A position's value for the player to move, with the placements to the end for a win or a loss when solved. */
interface Valued {
  value: Value | null;
  pliesToEnd?: number;
  exact: boolean;
}

const RANK: Record<Value, number> = { loss: 0, draw: 1, win: 2 };
const worse = (after: Value | null, before: Value | null): boolean => after !== null && before !== null && RANK[after] < RANK[before];
const flip = (value: Value | null): Value | null => (value === "win" ? "loss" : value === "loss" ? "win" : value);
const decided = (value: Value | null): boolean => value === "win" || value === "loss";

/** How many moves that kept the value a mistake lists. */
const BETTER_MOVES = 3;
/**
 * From this many empty cells up (the opening books' range), the moves that keep a value are looked for
 * one by one, each answered by a book, instead of valuing every move at once, whose children a search
 * would have to solve below the book.
 */
const BOOK_EMPTIES = 12;

const emptiesOf = (position: Position): number => 16 - position.board.filter((piece) => piece !== null).length;

type Steps<T> = Generator<Ask, T, Evaluation>;

/**
 * The review of a record, as a generator of evaluations: `yield` an ask, get its Evaluation back. The
 * record is replayed first (reviewGame's callers get its ReplayError when it does not replay).
 */
function* reviewSteps(input: ReviewInput): Steps<Result<GameReview, ReplayError>> {
  const replayed = replayRecord(input);
  if (!replayed.ok) return replayed;
  const { steps, state } = replayed.value;
  const rules = input.rules;
  const openingPlies = Math.min(input.openingPlies ?? 0, steps.length - 1);
  let nodes = 0;
  let exact = true;
  const ask = function* (position: Position, options: EvaluateOptions = {}): Steps<Evaluation> {
    const answer = yield { position, options: { maxNodes: input.maxNodes, ...options } };
    nodes += answer.nodes;
    return answer;
  };

  /** The value of an ongoing position for the player to move; the distance is asked only for a win or a loss (a second search). */
  const valued = function* (position: Position): Steps<Valued> {
    const answer = yield* ask(position);
    if (!answer.exact || answer.value === null) return { value: null, exact: false };
    if (!decided(answer.value)) return { value: answer.value, exact: true };
    const distance = yield* ask(position, { distance: true });
    return { value: answer.value, exact: true, ...(distance.exact && distance.pliesToEnd !== undefined ? { pliesToEnd: distance.pliesToEnd } : {}) };
  };

  /** The value for the player to move, who has no piece in hand, as the best of its gives. */
  const bestGive = function* (position: Position): Steps<Valued> {
    let best: Value | null = null;
    for (const piece of availablePieces(position)) {
      const child = yield* valued(positionFromTrustedSetup({ board: [...position.board], inHand: piece }));
      if (!child.exact || child.value === null) return { value: null, exact: false };
      const value = flip(child.value) as Value;
      if (best === null || RANK[value] > RANK[best]) best = value;
    }
    return { value: best, exact: best !== null };
  };

  /** The value for the mover after `move` from `position` (a finished game's value, or the opponent's flipped). */
  const valueAfter = function* (position: Position, move: Move): Steps<Value | null> {
    const played = playMove(position, move, rules);
    if (!played.ok) return null;
    if (played.value.outcome.status === "won") return "win";
    if (played.value.outcome.status === "drawn") return "draw";
    if (played.value.outcome.missed && rules.missedClaim) return "loss";
    if (positionStatus(played.value.position, rules).status !== "ongoing") return null;
    return flip((yield* valued(played.value.position)).value);
  };

  /** Up to BETTER_MOVES moves from `position` that keep `value` for the mover, best first as the engine orders them. */
  const keepers = function* (position: Position, value: Value): Steps<string[]> {
    if (emptiesOf(position) < BOOK_EMPTIES) {
      const all = yield* ask(position, { moves: true });
      return (all.moves ?? [])
        .filter((entry) => entry.exact && entry.value === value)
        .slice(0, BETTER_MOVES)
        .map((entry) => makeMoveText(entry.move));
    }
    const found: string[] = [];
    for (const move of legalMoves(position, rules)) {
      if (found.length === BETTER_MOVES) break;
      if ((yield* valueAfter(position, move)) === value) found.push(makeMoveText(move));
    }
    return found;
  };

  const moves: MoveReview[] = [];
  // The value of the position after the last move, for the player to move there: the next move's `before`.
  let carried: Valued | null = null;
  for (let index = 0; index + 1 < steps.length; index++) {
    const from = steps[index].position;
    const to = steps[index + 1].position;
    const seat = steps[index + 1].seat as SeatIndex;
    const text = steps[index + 1].move as string;
    const record = state.moves[index];
    const claimable = index > 0 && moves[index - 1]?.unannounced === true && rules.missedClaim;
    const start = carried ?? (yield* valued(from));
    const before: Value | null = claimable ? "win" : start.value;
    const review: MoveReview = { ply: index, seat, move: text, opening: index < openingPlies, before, after: null, exact: claimable || start.exact };
    if (!claimable && start.pliesToEnd !== undefined) review.pliesToEnd = start.pliesToEnd;
    if (claimable) review.claimable = true;

    // After the placement, before the give.
    if (record.move.place !== undefined && from.inHand !== null) {
      const board = [...from.board];
      board[record.move.place] = from.inHand;
      const placed = positionFromTrustedSetup({ board, inHand: null });
      const completes = completedShapes(placed, rules, record.move.place).length > 0;
      if (completes) review.afterPlacement = "win";
      else if (placed.occupied === 0xffff) review.afterPlacement = "draw";
      else if (positionStatus(placed, rules).status !== "ongoing") {
        // A Quarto left unannounced earlier (missedClaim: false) lapsed but stays on the board, and a
        // position without a piece in hand reads as won: valued through its gives instead, each a
        // position with a piece in hand, where a lapsed Quarto counts for nothing.
        const gives = yield* bestGive(placed);
        review.afterPlacement = gives.value;
        review.exact &&= gives.exact;
      } else {
        const placedValue = yield* valued(placed);
        review.afterPlacement = placedValue.value;
        review.exact &&= placedValue.exact;
      }
      if (completes && !record.move.quarto && rules.announce === "manual") review.unannounced = true;
    }

    // After the whole move, for the same player.
    const status = positionStatus(to, rules);
    carried = null;
    if (status.status === "won") review.after = "win";
    else if (status.status === "drawn") review.after = "draw";
    else if (review.unannounced && rules.missedClaim) {
      // The opponent may claim the Quarto left on the board: a loss with best play, at once.
      review.after = "loss";
      review.afterPliesToEnd = 0;
    } else {
      const next = yield* valued(to);
      review.after = flip(next.value);
      review.exact &&= next.exact;
      if (next.pliesToEnd !== undefined) review.afterPliesToEnd = next.pliesToEnd;
      carried = next;
    }
    exact &&= review.exact;

    if (worse(review.after, review.before)) {
      const kind: MistakeKind = claimable ? "claim" : review.unannounced ? "announcement" : worse(review.afterPlacement ?? null, review.before) ? "placement" : "give";
      let better: string[];
      if (kind === "claim") better = ["claim"];
      else if (kind === "announcement") better = [makeMoveText({ place: record.move.place as number, quarto: true })];
      else better = yield* keepers(from, review.before as Value);
      review.mistake = { kind, from: review.before as Value, to: review.after as Value, better };
    }
    moves.push(review);
  }
  return ok({ moves, seats: [summaryOf(moves, 0), summaryOf(moves, 1)], exact, nodes });
}

function summaryOf(moves: readonly MoveReview[], seat: SeatIndex): SeatSummary {
  const own = moves.filter((move) => move.seat === seat && !move.opening);
  const mistakes = own.flatMap((move) => (move.mistake ? [{ ply: move.ply, kind: move.mistake.kind, from: move.mistake.from, to: move.mistake.to }] : []));
  return {
    seat,
    moves: own.length,
    kept: own.length - mistakes.length,
    accuracy: own.length === 0 ? null : (own.length - mistakes.length) / own.length,
    winsThrownAway: mistakes.filter((mistake) => mistake.from === "win").length,
    mistakes,
  };
}

/** The review of a record, computed at once on this thread (no slices). */
export function reviewGame(input: ReviewInput): Result<GameReview, ReplayError> {
  const steps = reviewSteps(input);
  let next = steps.next();
  while (!next.done) next = steps.next(evaluate(next.value.position, input.rules, next.value.options));
  return next.value;
}

/**
 * The review of a record in the isolate's engine scheduler as `work`: one search of the scheduler for
 * the whole review, its evaluations in slices that yield (evaluationsInTurn). A record that does not
 * replay is answered at once, before any turn.
 */
export async function reviewGameInTurn(input: ReviewInput, work: WorkOptions): Promise<Result<GameReview, ReplayError>> {
  const steps = reviewSteps(input);
  const first = steps.next();
  if (first.done) return first.value;
  return evaluationsInTurn(work, input.maxNodes, async (evaluateNow) => {
    let next: IteratorResult<Ask, Result<GameReview, ReplayError>> = first;
    while (!next.done) next = steps.next(await evaluateNow(next.value.position, input.rules, next.value.options));
    return next.value;
  });
}
