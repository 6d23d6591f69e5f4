/**
 * The exact review of a game (src/match/review.ts), checked against the independent brute force of
 * engine-brute.ts: games are played perfectly by the engine down to 8 empty cells, then with deliberate
 * mistakes (a placement after which every give loses the value, a give that loses it, a Quarto left
 * unannounced, with and without the claim), in classic play, the squares variant and other rules options, ending on
 * the board, by a claim, a resignation or a loss on time. Every move whose position the brute force can
 * solve (8 empty cells or fewer) has its values and distances confirmed; every deliberate mistake is
 * found with its kind, no perfect move is called a mistake, and the moves offered instead keep the value.
 */
import { describe, expect, it } from "vitest";
import { installBookFiles } from "../../arena/books.ts";
import { suggestMove } from "../../src/engine/index.ts";
import { type GameReview, type MistakeKind, type RecordedMove, reviewGame, type SeatIndex } from "../../src/match/index.ts";
import {
  completedShapes,
  legalMoves,
  makeRules,
  type Move,
  parseMoveText,
  type Position,
  playMove,
  positionFromTrustedSetup,
  positionStatus,
  readPosition,
  type Rules,
  START_POSITION_STRING,
} from "../../src/rules/index.ts";
import { brutePlies, bruteScore, bruteValue } from "./engine-brute.ts";

installBookFiles();

type Value = "win" | "draw" | "loss";
const RANK: Record<Value, number> = { loss: 0, draw: 1, win: 2 };
const BRUTE_EMPTIES = 8;
const MAX_NODES = 20_000_000;

const empties = (position: Position): number => position.board.filter((piece) => piece === null).length;

/** The brute force's value (and distance) of an ongoing position for the player to move. */
function brute(position: Position, rules: Rules): { value: Value; plies: number } {
  const score = bruteScore(position, rules, true);
  return { value: bruteValue(score), plies: brutePlies(position, score) };
}

/** The value for the mover after `move` from `position` (brute force), and after its placement alone. */
function valuesOf(position: Position, move: Move, rules: Rules): { after: Value; afterPlacement: Value | null } {
  let afterPlacement: Value | null = null;
  if (move.place !== undefined && position.inHand !== null) {
    const board = [...position.board];
    board[move.place] = position.inHand;
    const placed = positionFromTrustedSetup({ board, inHand: null });
    if (completedShapes(placed, rules, move.place).length > 0) afterPlacement = "win";
    else if (board.every((piece) => piece !== null)) afterPlacement = "draw";
    else afterPlacement = brute(placed, rules).value;
  }
  const played = playMove(position, move, rules);
  if (!played.ok) throw new Error(played.error.detail);
  const status = positionStatus(played.value.position, rules);
  if (played.value.outcome.status === "won") return { after: "win", afterPlacement };
  if (status.status === "drawn") return { after: "draw", afterPlacement };
  const next = brute(played.value.position, rules).value;
  return { after: next === "win" ? "loss" : next === "loss" ? "win" : "draw", afterPlacement };
}

type Plan = MistakeKind | "perfect";

interface Game {
  rules: Rules;
  moves: RecordedMove[];
  /** The plies of the deliberate mistakes, with their kind. */
  mistakes: Map<number, MistakeKind>;
  result?: { winner: SeatIndex | null; reason: "claim" | "resignation" | "timeout" };
}

/**
 * A game: the engine's perfect moves until BRUTE_EMPTIES empty cells, then `plan` in order (each
 * mistake made at the first move where one of its kind exists), then perfect moves to the end; `stop`
 * ends it early by a resignation or a loss on time of the seat to move.
 */
function playGame(rules: Rules, seed: number, plan: Plan[], stop?: "resignation" | "timeout"): Game {
  const start = readPosition(START_POSITION_STRING, rules);
  if (!start.ok) throw new Error("start");
  let position = start.value;
  const moves: RecordedMove[] = [];
  const mistakes = new Map<number, MistakeKind>();
  const steps = [...plan];
  for (let ply = 0; positionStatus(position, rules).status === "ongoing"; ply++) {
    let move = suggestMove(position, rules, { level: "perfect", seed: seed + ply, maxNodes: MAX_NODES }).move;
    const want = empties(position) <= BRUTE_EMPTIES ? steps[0] : undefined;
    if (want === "placement" || want === "give") {
      const before = brute(position, rules).value;
      const found = legalMoves(position, rules).find((candidate) => {
        if (candidate.give === undefined) return false;
        const values = valuesOf(position, candidate, rules);
        if (RANK[values.after] >= RANK[before]) return false;
        return want === "placement" ? RANK[values.afterPlacement ?? before] < RANK[before] : values.afterPlacement === before;
      });
      if (found) {
        move = found;
        mistakes.set(ply, want);
        steps.shift();
      }
    } else if (want === "announcement" && position.inHand !== null) {
      const quarto = legalMoves(position, rules).find((candidate) => candidate.quarto === true);
      const give = legalMoves(position, rules).find((candidate) => candidate.quarto !== true && candidate.place === quarto?.place && candidate.give !== undefined);
      if (quarto && give) {
        move = give;
        mistakes.set(ply, "announcement");
        steps.shift();
        if (rules.missedClaim) {
          moves.push({ move });
          return { rules, moves, mistakes, result: { winner: ((ply + 1) % 2) as SeatIndex, reason: "claim" } };
        }
      }
    } else if (want === "perfect") steps.shift();
    moves.push({ move });
    const played = playMove(position, move, rules);
    if (!played.ok) throw new Error(played.error.detail);
    position = played.value.position;
    if (stop && steps.length === 0 && empties(position) < BRUTE_EMPTIES - 1 && positionStatus(position, rules).status === "ongoing") {
      const loser = ((ply + 1) % 2) as SeatIndex;
      return { rules, moves, mistakes, result: { winner: (1 - loser) as SeatIndex, reason: stop } };
    }
  }
  return { rules, moves, mistakes };
}

/** Checks a review against the brute force, the deliberate mistakes and its own summaries. */
function check(game: Game, review: GameReview): void {
  const start = readPosition(START_POSITION_STRING, game.rules);
  if (!start.ok) throw new Error("start");
  let position = start.value;
  expect(review.exact).toBe(true);
  expect(review.moves).toHaveLength(game.moves.length);
  for (const [ply, { move }] of game.moves.entries()) {
    const reviewed = review.moves[ply];
    expect(reviewed.ply).toBe(ply);
    expect(reviewed.seat).toBe(ply % 2);
    const claimable = ply > 0 && review.moves[ply - 1].unannounced === true && game.rules.missedClaim;
    if (empties(position) <= BRUTE_EMPTIES && !claimable) {
      const before = brute(position, game.rules);
      expect(reviewed.before, `ply ${ply} before`).toBe(before.value);
      if (before.value !== "draw") expect(reviewed.pliesToEnd, `ply ${ply} plies`).toBe(before.plies);
      const values = valuesOf(position, move, game.rules);
      if (reviewed.unannounced && game.rules.missedClaim) expect(reviewed.after).toBe("loss");
      else expect(reviewed.after, `ply ${ply} after`).toBe(values.after);
      if (values.afterPlacement !== null) expect(reviewed.afterPlacement, `ply ${ply} after placement`).toBe(values.afterPlacement);
      for (const better of reviewed.mistake?.better ?? []) {
        if (better === "claim") continue;
        const parsed = parseMoveText(better);
        expect(parsed !== null && playMove(position, parsed, game.rules).ok, `ply ${ply}: ${better} is legal`).toBe(true);
        expect(valuesOf(position, parsed as Move, game.rules).after, `ply ${ply}: ${better} keeps the value`).toBe(before.value);
      }
    }
    const deliberate = game.mistakes.get(ply);
    // Without the claim, a Quarto left unannounced lapses, and may lose nothing.
    const mayKeep = deliberate === "announcement" && !game.rules.missedClaim;
    if (deliberate && !mayKeep) expect(reviewed.mistake?.kind, `ply ${ply}`).toBe(deliberate);
    if (mayKeep && reviewed.mistake) expect(reviewed.mistake.kind).toBe("announcement");
    // A mistake is exactly a move whose value after is worse than before.
    expect(reviewed.mistake !== undefined, `ply ${ply}`).toBe(RANK[reviewed.after as Value] < RANK[reviewed.before as Value]);
    if (ply + 1 < game.moves.length && !reviewed.unannounced) {
      const next = review.moves[ply + 1];
      if (next.claimable !== true) expect(flipValue(next.before as Value)).toBe(reviewed.after);
    }
    const played = playMove(position, move, game.rules);
    if (!played.ok) throw new Error(played.error.detail);
    position = played.value.position;
  }
  for (const seat of [0, 1] as const) {
    const own = review.moves.filter((move) => move.seat === seat);
    const summary = review.seats[seat];
    expect(summary.moves).toBe(own.length);
    expect(summary.mistakes.map((mistake) => mistake.ply)).toEqual(own.filter((move) => move.mistake).map((move) => move.ply));
    expect(summary.kept).toBe(own.length - summary.mistakes.length);
    expect(summary.accuracy).toBeCloseTo(summary.kept / own.length, 10);
    expect(summary.winsThrownAway).toBe(summary.mistakes.filter((mistake) => mistake.from === "win").length);
  }
}

const flipValue = (value: Value): Value => (value === "win" ? "loss" : value === "loss" ? "win" : "draw");

function reviewed(game: Game, openingPlies = 0): GameReview {
  const review = reviewGame({ rules: game.rules, firstSeat: 0, moves: game.moves, maxNodes: MAX_NODES, openingPlies, ...(game.result ? { result: game.result } : {}) });
  if (!review.ok) throw new Error(`${review.error.code}: ${review.error.detail}`);
  return review.value;
}

describe("the review of a game, against the brute force", () => {
  const cases: [string, Rules, number, Plan[], ("resignation" | "timeout")?][] = [
    ["classic: a placement mistake, then a give mistake", makeRules(), 11, ["placement", "give"]],
    ["classic: two give mistakes", makeRules(), 23, ["give", "give"]],
    ["squares: a give mistake, then a placement mistake", makeRules({ squares: true }), 37, ["give", "placement"]],
    ["three attributes: a placement mistake, then a resignation", makeRules({ attributes: ["height", "color", "fill"] }), 41, ["placement"], "resignation"],
    ["classic: a give mistake, then a loss on time", makeRules(), 53, ["give"], "timeout"],
  ];
  for (const [name, rules, seed, plan, stop] of cases) {
    it(name, () => {
      // The first of a few seeds whose game gives every planned mistake a chance.
      let game = playGame(rules, seed, plan, stop);
      for (let next = seed + 1; game.mistakes.size < plan.length && next < seed + 10; next++) game = playGame(rules, next, plan, stop);
      expect(game.mistakes.size, "the planned mistakes were made").toBe(plan.length);
      check(game, reviewed(game));
    });
  }

  it("announce manual: a Quarto left unannounced, claimed by the opponent", () => {
    const rules = makeRules({ announce: "manual" });
    let game: Game | null = null;
    for (let seed = 60; seed < 90 && game === null; seed++) {
      const tried = playGame(rules, seed, ["give", "announcement"]);
      if (tried.mistakes.size === 2) game = tried;
    }
    if (game === null) throw new Error("no game with a Quarto to leave unannounced");
    const review = reviewed(game);
    const last = review.moves[review.moves.length - 1];
    expect(last).toMatchObject({ unannounced: true, before: "win", afterPlacement: "win", after: "loss", mistake: { kind: "announcement" } });
    expect(last.mistake?.better[0]).toMatch(/!$/);
    check(game, review);
  });

  it("announce manual without claims: the unannounced Quarto lapses and stays on the board; the values after it are exact", () => {
    const rules = makeRules({ announce: "manual", missedClaim: false });
    let game: Game | null = null;
    for (let seed = 90; seed < 130 && game === null; seed++) {
      const tried = playGame(rules, seed, ["give", "announcement"]);
      if (tried.mistakes.size === 2 && tried.moves.length > [...tried.mistakes.keys()][1] + 2) game = tried;
    }
    if (game === null) throw new Error("no game with a Quarto to leave unannounced");
    const review = reviewed(game);
    expect(review.moves.some((move) => move.claimable)).toBe(false);
    check(game, review);
  });

  it("leaves an opening's moves out of the seats' accuracy", () => {
    const game = playGame(makeRules(), 71, ["give"]);
    const review = reviewed(game, 4);
    expect(review.moves.slice(0, 4).every((move) => move.opening)).toBe(true);
    expect(review.seats[0].moves + review.seats[1].moves).toBe(game.moves.length - 4);
  });

  it("refuses a record that does not replay, naming the move", () => {
    const result = reviewGame({ rules: makeRules(), firstSeat: 0, moves: [{ move: { give: 3 } }, { move: { place: 0, give: 3 } }], maxNodes: MAX_NODES });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ code: "move/piece_not_available", moveIndex: 1 });
  });
});
