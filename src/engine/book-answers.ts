/**
 * Answers from an installed opening book (books.ts) in the engine's answer shapes: `suggestMove` at the
 * `perfect` level and `evaluate` answer a booked position with no search, except the moves of `evaluate`
 * at the book's deepest tier, whose children lie below it and are searched within the budget.
 */
import { type Move, playMove, positionFromTrustedSetup } from "../rules/index.ts";
import { bookAnswer, bookRange } from "./books.ts";
import { nodesSearched } from "./budget.ts";
import type { RandomSource } from "./random.ts";
import type { Evaluation, Suggestion } from "./requests.ts";
import { BUDGET_NOTE, concreteGive, expandMoves, moveScore, moveValue, type Root, type RootMove, type ValuedMove, withinBudget } from "./root.ts";
import { negate, type Value } from "./score.ts";

const bookNote = (name: string): string => `exact from the opening book ${name} (${bookRange(name)}), no search`;

/**
 * The book's move with its value, distance and a principal variation that follows the book as far as
 * it goes. The give is a seeded piece of the book's class, as with searched moves. Null outside the book.
 */
export function bookSuggestion(root: Root, random: RandomSource): Suggestion | null {
  const booked = bookAnswer(root.position, root.rules);
  if (!booked) return null;
  const first: Move = booked.move.give === undefined ? booked.move : { ...booked.move, give: concreteGive(booked.move.give, random) };
  const principalVariation = [first];
  let current = root.position;
  let move = first;
  while (principalVariation.length < 16) {
    const played = playMove(current, move, root.rules);
    if (!played.ok || played.value.outcome.status !== "ongoing") break;
    current = played.value.position;
    const next = bookAnswer(current, root.rules);
    if (!next) break;
    move = next.move;
    principalVariation.push(move);
  }
  return {
    move: first,
    value: booked.value,
    exact: true,
    nodes: nodesSearched(),
    principalVariation,
    pliesToEnd: booked.pliesToEnd,
    source: "book",
    note: bookNote(booked.book),
  };
}

/** The value for the mover after a root move, from the book when the position it leads to is in it. */
function bookChild(root: Root, move: RootMove): { value: Value; plies: number } | undefined {
  if (move.wins) return { value: "win", plies: 1 };
  if (move.give < 0) return { value: "draw", plies: 1 };
  const board = [...root.position.board];
  if (move.cell >= 0) board[move.cell] = root.hand;
  const child = bookAnswer(positionFromTrustedSetup({ board, inHand: move.give }), root.rules);
  return child ? { value: negate(child.value), plies: child.pliesToEnd + (move.cell >= 0 ? 1 : 0) } : undefined;
}

/** evaluate's answer for a position in the book (`booked`), with every move's value when asked. */
export function bookEvaluation(
  root: Root,
  moves: RootMove[],
  booked: NonNullable<ReturnType<typeof bookAnswer>>,
  withMoves: boolean,
  distance: boolean,
): Evaluation {
  const evaluation: Evaluation = {
    value: booked.value,
    exact: true,
    ...(distance ? { pliesToEnd: booked.pliesToEnd } : {}),
    nodes: 0,
    source: "book",
    note: bookNote(booked.book),
  };
  if (!withMoves) return evaluation;
  const valued: ValuedMove[] = moves.map((move) => ({ move, value: null, score: null }));
  let searched = false;
  for (const entry of valued) {
    const child = bookChild(root, entry.move);
    if (child) {
      entry.value = child.value;
      entry.plies = child.plies;
      continue;
    }
    // Below the book's deepest tier: the live solver, within the budget, as without a book.
    searched = true;
    const value = withinBudget(root, () => moveValue(root, entry.move));
    if (value === null) continue;
    entry.value = value;
    if (distance) {
      const score = withinBudget(root, () => moveScore(root, entry.move, value));
      if (score !== null) entry.score = score;
    }
  }
  evaluation.moves = expandMoves(valued, root, distance);
  evaluation.nodes = nodesSearched();
  if (searched) {
    const complete = valued.every(
      (entry) => entry.value !== null && (!distance || entry.plies !== undefined || entry.score !== null || entry.move.wins || entry.move.blunder),
    );
    evaluation.note = `${evaluation.note}; the moves' values below the book's deepest tier from search${complete ? "" : ` (${BUDGET_NOTE} for some)`}`;
    evaluation.note = evaluation.note.replace(", no search;", ";");
  }
  return evaluation;
}
