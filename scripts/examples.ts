/**
 * The spec's computed examples: hosted matches through the reducer and the views the Durable Object
 * answers with, the bot protocol's requests, tournaments through the tournament view, and the answers
 * of the rules and engine endpoints, all from the service's own functions at fixed times and inputs
 * (src/wire/example-inputs.ts), so the documented answers cannot drift from real ones. `npm run
 * openapi` writes them to src/wire/examples.json, which the schemas and routes read as data (the app
 * never computes them); test/worker/openapi.test.ts fails when the committed file differs.
 */
import { conformanceMatch, endNoticeFor, moveRequestFor } from "../src/bots/index.ts";
import { applyAction, type MatchAction, type MatchConfig, type MatchSeat, type MatchState, newMatch, recordText, seatToMove } from "../src/match/machine.ts";
import { CLASSIC_RULES, makeRules, type Move, parseMoveText, readPosition, type RulesInput } from "../src/rules/index.ts";
import { committedPuzzle, NEW_SOLVER, rateAttempt, untriedPuzzle } from "../src/puzzles/index.ts";
import { evaluate } from "../src/engine/index.ts";
import { judgePuzzleMove, puzzleOutput } from "../src/wire/puzzles.ts";
import { gameOutcome, pendingGame, roundRobinSchedule } from "../src/tournament/index.ts";
import { checkWin, type EngineLimits, evaluatePosition, suggest, validateMove } from "../src/wire/answers.ts";
import { botOutput } from "../src/wire/bots.ts";
import {
  EXAMPLE_BOT_ID,
  EXAMPLE_ENDGAME,
  EXAMPLE_MANAGEMENT_TOKEN,
  EXAMPLE_MATCH_ID,
  EXAMPLE_PUZZLE_ID,
  EXAMPLE_PUZZLE_MOVE,
  EXAMPLE_T0 as T0,
  EXAMPLE_TALL_ROW,
  EXAMPLE_TOURNAMENT_ID,
} from "../src/wire/example-inputs.ts";
import { matchRecord, matchView, replayAnswer, type StoredMatch } from "../src/wire/match.ts";
import { reviewAnswer } from "../src/wire/review.ts";
import { type StoredGame, type StoredTournament, tournamentView } from "../src/wire/tournament.ts";

// ---- hosted matches ----

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

/** Applies a non-move action to an example match. */
function after(match: StoredMatch, action: MatchAction): StoredMatch {
  const result = applyAction(match.state, action);
  if (!result.ok) throw new Error(`example: ${result.error.detail}`);
  return { ...match, state: result.state };
}

const OPENING: [string, number][] = [
  ["-8", 5],
  ["a1-9", 12],
  ["b1-A", 20],
];
const WON: [string, number][] = [...OPENING, ["c1-B", 31], ["d1!", 40]];

function matchExamples() {
  const opened = exampleMatch([], undefined, undefined, [
    { kind: "human", name: null, tokenHash: "x" },
    { kind: "human", name: null, tokenHash: null },
  ]);
  // announce: manual: seat 0 completed row 1 without announcing it; seat 1 claimed it.
  const missed = exampleMatch([...OPENING, ["c1-B", 31], ["d1-0", 40]], { kind: "none" }, { announce: "manual" });
  return {
    /** A match in progress: seat 1 to place piece A. */
    active: matchView(exampleMatch(OPENING), T0 + 27_000),
    /** A match just created: seat 1 open, nothing played. */
    created: matchView(opened, T0),
    /** A finished match: seat 0 placed the fourth tall piece on row 1. */
    finished: matchView(exampleMatch(WON), T0 + 41_000),
    record: matchRecord(exampleMatch(WON, { kind: "none" })),
    claimed: matchView(after(missed, { type: "claim", seat: 1, ply: 5, at: T0 + 44_000 }), T0 + 44_000),
    resigned: matchView(after(exampleMatch(OPENING), { type: "resign", seat: 1, at: T0 + 30_000 }), T0 + 30_000),
    aborted: matchView(after(exampleMatch(OPENING.slice(0, 1)), { type: "abort", seat: 0, at: T0 + 9_000 }), T0 + 9_000),
    /** POST /v1/replay of a game won by a row of tall pieces. */
    replay: replayAnswer({ text: "................. -8 a1-9 b1-A c1-B d1" }),
  };
}

// ---- bots and tournaments ----

const IDS = { tournamentId: EXAMPLE_TOURNAMENT_ID, gameId: "g12", matchId: EXAMPLE_MATCH_ID, opponent: "bob" };

/** A game won by the first seat with a row of tall pieces. */
function wonGame(): MatchState {
  let state = newMatch({ rules: makeRules(), clock: { kind: "move", moveMs: 2000 }, firstSeat: 0 }, T0);
  for (const [index, text] of ["-8", "a1-9", "b1-A", "c1-B", "d1!"].entries()) {
    const move = parseMoveText(text);
    if (!move) throw new Error(`example: bad move ${text}`);
    const result = applyAction(state, { type: "move", seat: seatToMove(state), ply: index, move, at: T0 + (index + 1) * 1000 });
    if (!result.ok) throw new Error(`example: ${text}: ${result.error.detail}`);
    state = result.state;
  }
  return state;
}

function botExamples() {
  // The conformance game after three moves: the second seat places piece 5.
  const midGame = conformanceMatch(3, T0);
  return {
    moveRequest: moveRequestFor(midGame, seatToMove(midGame), IDS, 1000),
    endNotice: endNoticeFor(wonGame(), 0, IDS),
    bot: botOutput({
      id: EXAMPLE_BOT_ID,
      name: "alice",
      connection: "webhook",
      url: "http://127.0.0.1:9001/",
      secret: "",
      tokenHash: "",
      info: { name: "alice", author: "Ada", version: "0.3" },
      entry: "owner",
      createdAt: T0,
    }),
  };
}

/** A round robin of two games between a registered bot and `easy`, as stored. */
function exampleStored(played: boolean, cancelled = false): { tournament: StoredTournament; games: StoredGame[] } {
  const tournament: StoredTournament = {
    id: EXAMPLE_TOURNAMENT_ID,
    name: "Friday round robin",
    tokenHash: "",
    status: cancelled ? "cancelled" : "running",
    entries: [
      { name: "alice", kind: "registered", botId: EXAMPLE_BOT_ID, url: "http://127.0.0.1:9001/", secret: "" },
      { name: "easy", kind: "builtIn", level: "easy" },
    ],
    gamesPerPair: 2,
    rules: {},
    clock: { kind: "move", moveMs: 2000 },
    seed: 7,
    maxNodes: 2_000_000,
    gameCount: 2,
    current: played ? 1 : 0,
    createdAt: T0,
    finishedAt: cancelled ? T0 + 30_000 : null,
  };
  const games: StoredGame[] = roundRobinSchedule(["alice", "easy"], 2, 7).map(pendingGame);
  if (played) {
    const won = wonGame();
    Object.assign(games[0], {
      status: "finished",
      matchId: EXAMPLE_MATCH_ID,
      matchCreated: true,
      outcome: gameOutcome(won, [games[0].first, games[0].second]),
      plies: won.moves.length,
      text: recordText(won),
    });
    Object.assign(games[1], { status: cancelled ? "cancelled" : "playing", matchId: "p6d3wz7kq2xm5vb4nc3rj2ht6y", matchCreated: true });
  }
  return { tournament, games };
}

function tournamentExamples() {
  const view = (played: boolean, cancelled = false) => {
    const { tournament, games } = exampleStored(played, cancelled);
    return tournamentView(tournament, games);
  };
  return {
    /** One game over, one being played. */
    running: view(true),
    created: { id: EXAMPLE_TOURNAMENT_ID, url: `/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}`, token: EXAMPLE_MANAGEMENT_TOKEN, state: view(false) },
    /** Cancelled while its second game was being played. */
    cancelled: view(true, true),
  };
}

// ---- the stateless endpoints ----

/** Small budgets: the examples are computed in a second. */
const EXAMPLE_LIMITS: EngineLimits = { defaultNodes: 200_000, maxNodes: 20_000_000 };

function rulesExamples() {
  return {
    validateMove: {
      legal: validateMove("0A3.............5", { place: 10, give: 6 }, CLASSIC_RULES),
      winning: validateMove("8A9.............F", { place: 3 }, CLASSIC_RULES),
      illegal: validateMove("0A3.............5", { place: 0, give: 1 }, CLASSIC_RULES),
    },
    checkWin: {
      ongoing: checkWin("0A3.............5", CLASSIC_RULES),
      won: checkWin(EXAMPLE_TALL_ROW, CLASSIC_RULES),
    },
  };
}

/** The engine's examples, through the same queue and slices as the service's searches (one after another). */
async function engineExamples() {
  return {
    suggest: {
      endgame: await suggest({ position: EXAMPLE_ENDGAME, rules: CLASSIC_RULES, level: "perfect", seed: 7 }, EXAMPLE_LIMITS),
      start: await suggest({ position: ".................", rules: CLASSIC_RULES, seed: 7 }, EXAMPLE_LIMITS),
    },
    evaluate: {
      endgame: await evaluatePosition({ position: EXAMPLE_ENDGAME, rules: CLASSIC_RULES, moves: true, distance: true }, EXAMPLE_LIMITS),
    },
  };
}

/** Every computed example, as plain JSON (what examples.json holds). */
/** The review of the game won by a row of tall pieces: seat 1 handed over the fourth tall piece (a give that lost). */
function reviewExamples() {
  return { game: reviewAnswer({ text: "................. -8 a1-9 b1-A c1-B d1" }, 20_000_000) };
}

/**
 * The puzzles' examples: a classic puzzle of two moves as served before anyone tried it, the verdict on
 * its one winning first move (the defence played), and on the move that solves it (the ratings after
 * that attempt, by a new solver).
 */
async function puzzleExamples() {
  const puzzle = committedPuzzle(EXAMPLE_PUZZLE_ID);
  if (!puzzle) throw new Error(`example: no puzzle ${EXAMPLE_PUZZLE_ID}`);
  const untried = untriedPuzzle(puzzle.moves);
  const served = puzzleOutput(puzzle, untried, 0, "set");
  const rounded = (rating: { rating: number; deviation: number }, attempts: number) => ({ rating: Math.round(rating.rating), deviation: Math.round(rating.deviation), attempts });
  const first = await judgePuzzleMove(puzzle, puzzle.position, parseMoveText(EXAMPLE_PUZZLE_MOVE) as Move);
  const at = first.verdict.position?.string as string;
  const reached = readPosition(at, puzzle.rules);
  if (!reached.ok) throw new Error(`example: ${reached.error.detail}`);
  const winning = evaluate(reached.value, puzzle.rules, { moves: true }).moves?.find((entry) => entry.value === "win");
  if (!winning) throw new Error(`example: no winning move from ${at}`);
  const last = await judgePuzzleMove(puzzle, at, winning.move);
  const after = rateAttempt(untried, NEW_SOLVER, true);
  return {
    puzzle: served,
    daily: { ...served, day: "2026-12-06" },
    right: { ...first.verdict, puzzle: rounded(untried, 0) },
    solved: { ...last.verdict, puzzle: rounded(after.puzzle, 1), solver: after.solver },
    solvedFrom: at,
  };
}

export async function computeExamples() {
  const examples = {
    match: matchExamples(),
    bots: botExamples(),
    tournament: tournamentExamples(),
    rules: rulesExamples(),
    engine: await engineExamples(),
    review: reviewExamples(),
    puzzles: await puzzleExamples(),
  };
  return JSON.parse(JSON.stringify(examples)) as typeof examples;
}
