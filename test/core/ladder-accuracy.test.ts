/**
 * A ladder bot's accuracy and recent mistakes (ladderAccuracy, src/wire/ladder.ts) from its games'
 * reviews: the bot's seat is read from its role, pending reviews and games without a move count for
 * nothing, an opening's moves are not the bot's, and at most ten mistakes are listed, the newest game
 * first, each with the position before it. The reviews are of the README's game, where the second
 * player's `c1-B` hands over the fourth tall piece.
 */
import { describe, expect, it } from "vitest";
import { installBookFiles } from "../../arena/books.ts";
import { type GameReview, reviewGame } from "../../src/match/index.ts";
import { makeRules, parseMoveText } from "../../src/rules/index.ts";
import type { LadderGameOutput } from "../../src/wire/ladder-schemas.ts";
import { type LadderGameReview, ladderAccuracy } from "../../src/wire/ladder.ts";

installBookFiles();

const RULES = makeRules({});
const WON = ["-8", "a1-9", "b1-A", "c1-B", "d1"];

function reviewOf(moves: string[], openingPlies = 0): GameReview {
  const reviewed = reviewGame({
    rules: RULES,
    firstSeat: 0,
    moves: moves.map((text) => ({ move: parseMoveText(text) as NonNullable<ReturnType<typeof parseMoveText>> })),
    openingPlies,
    maxNodes: 20_000_000,
  });
  if (!reviewed.ok) throw new Error(reviewed.error.detail);
  return reviewed.value;
}

const game = (matchId: string, role: "first" | "second"): LadderGameOutput => ({
  tournamentId: "t",
  gameId: "g1",
  matchId,
  opponent: { id: "o", name: "other" },
  role,
  opening: null,
  result: role === "first" ? "win" : "loss",
  reason: "quarto",
  forfeitCode: null,
  forfeitedBy: null,
  detail: null,
  finishedAt: "2026-10-01T13:05:00.000Z",
});

const ready = (matchId: string, role: "first" | "second", review: GameReview): LadderGameReview => ({
  game: game(matchId, role),
  status: "ready",
  review,
  rules: RULES,
  firstSeat: 0,
});

describe("ladderAccuracy", () => {
  const won = reviewOf(WON);

  it("sums the bot's seat over its reviewed games and lists its mistakes with the position before each", () => {
    const { accuracy, recentMistakes } = ladderAccuracy([
      { game: game("pending", "second"), status: "pending" },
      ready("lost", "second", won),
      ready("won", "first", won),
      // A game forfeited before its first move: reviewed, but nothing to count.
      ready("empty", "second", reviewOf([])),
    ]);
    // Second in "lost" (2 moves, c1-B the mistake), first in "won" (3 moves, all kept).
    expect(accuracy).toEqual({ games: 2, pending: 1, moves: 5, kept: 4, accuracy: 0.8, mistakes: 1, winsThrownAway: 0 });
    expect(recentMistakes).toEqual([
      { matchId: "lost", ply: 3, move: "c1-B", kind: "give", from: "draw", to: "loss", better: won.moves[3].mistake?.better, position: "89..............A" },
    ]);
  });

  it("leaves an opening's moves out: they are not the bot's", () => {
    const { accuracy, recentMistakes } = ladderAccuracy([ready("opened", "second", reviewOf(WON, 4))]);
    expect(accuracy).toEqual({ games: 1, pending: 0, moves: 0, kept: 0, accuracy: null, mistakes: 0, winsThrownAway: 0 });
    expect(recentMistakes).toEqual([]);
  });

  it("lists at most ten mistakes, the newest game first, and still counts every game", () => {
    const games = Array.from({ length: 12 }, (_, index) => ready(`m${String(index).padStart(2, "0")}`, "second", won));
    const { accuracy, recentMistakes } = ladderAccuracy(games);
    expect(accuracy).toMatchObject({ games: 12, moves: 24, kept: 12, accuracy: 0.5, mistakes: 12 });
    expect(recentMistakes.map((mistake) => mistake.matchId)).toEqual(games.slice(0, 10).map((entry) => entry.game.matchId));
  });

  it("lists a game's mistakes from its latest ply back", () => {
    // After c1-B both players keep missing the win on d1: the second player's c1-B (give) and b2-D (placement) are its mistakes.
    const missed = reviewOf(["-8", "a1-9", "b1-A", "c1-B", "a2-C", "b2-D", "c2-E", "d2!"]);
    const { accuracy, recentMistakes } = ladderAccuracy([ready("missed", "second", missed)]);
    expect(accuracy).toEqual({ games: 1, pending: 0, moves: 4, kept: 2, accuracy: 0.5, mistakes: 2, winsThrownAway: 1 });
    expect(recentMistakes.map(({ ply, move, kind, from, to, position }) => ({ ply, move, kind, from, to, position }))).toEqual([
      { ply: 5, move: "b2-D", kind: "placement", from: "win", to: "loss", position: "89A.B...........C" },
      { ply: 3, move: "c1-B", kind: "give", from: "draw", to: "loss", position: "89..............A" },
    ]);
  });
});
