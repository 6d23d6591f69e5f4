/**
 * The OpenAPI examples of hosted matches, produced by the reducer and the same view functions the
 * Durable Object answers with, at fixed times, so the documented answers cannot drift from real ones.
 * They are typed `unknown` on purpose: the schemas that show them also define the view types, and a
 * typed example would make those types refer to themselves.
 */
import { makeRules, parseMoveText, type RulesInput } from "../rules/index.ts";
import { applyAction, type MatchAction, type MatchConfig, type MatchSeat, type MatchState, newMatch, seatToMove } from "../match/machine.ts";
import { matchRecord, matchView, replayAnswer, type StoredMatch } from "./match.ts";

export const EXAMPLE_MATCH_ID = "k3v7tq2mz5xj4c6rb8wn2hd5fa";
export const EXAMPLE_TOKEN = "q2T9xV0b3fYk8mR1sW6dN4pL7hC5jZaE_uGiO-tKyX4";
export const EXAMPLE_TOKEN_2 = "Zk4pQ7wX1cV9bN2mL5sD8fG3hJ6kA0eR_tYuIoP-qW8";
const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);

/** Plays text moves at the given seconds after T0 (the seat to move plays each). */
function played(state: MatchState, moves: [string, number][]): MatchState {
  for (const [text, second] of moves) {
    const move = parseMoveText(text);
    if (!move) throw new Error(`example: bad move ${text}`);
    const result = applyAction(state, { type: "move", seat: seatToMove(state), ply: state.moves.length, move, at: T0 + second * 1000 });
    if (!result.ok) throw new Error(`example: ${text}: ${result.error.detail}`);
    state = result.state;
  }
  return state;
}

const ADA: MatchSeat = { kind: "human", name: "Ada", tokenHash: "x" };
const GRACE: MatchSeat = { kind: "human", name: "Grace", tokenHash: "x" };

function exampleMatch(
  moves: [string, number][],
  clock: MatchConfig["clock"] = { kind: "move", moveMs: 60_000 },
  rules: RulesInput = {},
  seats: [MatchSeat, MatchSeat] = [ADA, GRACE],
): StoredMatch {
  const state = newMatch({ rules: makeRules(rules), clock, firstSeat: 0 }, T0, seats);
  return { id: EXAMPLE_MATCH_ID, state: played(state, moves) };
}

const OPENING: [string, number][] = [
  ["-8", 5],
  ["a1-9", 12],
  ["b1-A", 20],
];

/** A match in progress: seat 1 to place piece A. */
export const exampleMatchView = (): unknown => matchView(exampleMatch(OPENING), T0 + 27_000);

/** A match just created: seat 1 open, nothing played. */
export function exampleNewMatchView(): unknown {
  const match = exampleMatch([], undefined, undefined, [
    { kind: "human", name: null, tokenHash: "x" },
    { kind: "human", name: null, tokenHash: null },
  ]);
  return matchView(match, T0);
}

/** A finished match: seat 0 placed the fourth tall piece on row 1. */
export const exampleFinishedView = (): unknown => matchView(exampleMatch([...OPENING, ["c1-B", 31], ["d1!", 40]]), T0 + 41_000);

export const exampleRecord = (): unknown => matchRecord(exampleMatch([...OPENING, ["c1-B", 31], ["d1!", 40]], { kind: "none" }));

/** Applies a non-move action to an example match. */
function after(match: StoredMatch, action: MatchAction): StoredMatch {
  const result = applyAction(match.state, action);
  if (!result.ok) throw new Error(`example: ${result.error.detail}`);
  return { ...match, state: result.state };
}

/** announce: manual: seat 0 completed row 1 without announcing it; seat 1 claimed it. */
export const exampleClaimedView = (): unknown =>
  matchView(
    after(exampleMatch([...OPENING, ["c1-B", 31], ["d1-0", 40]], { kind: "none" }, { announce: "manual" }), {
      type: "claim",
      seat: 1,
      ply: 5,
      at: T0 + 44_000,
    }),
    T0 + 44_000,
  );

export const exampleResignedView = (): unknown => matchView(after(exampleMatch(OPENING), { type: "resign", seat: 1, at: T0 + 30_000 }), T0 + 30_000);

export const exampleAbortedView = (): unknown => matchView(after(exampleMatch(OPENING.slice(0, 1)), { type: "abort", seat: 0, at: T0 + 9_000 }), T0 + 9_000);

/** POST /v1/replay of a game won by a row of tall pieces. */
export const exampleReplay = (): unknown => replayAnswer({ text: "................. -8 a1-9 b1-A c1-B d1" });
