/**
 * The review of a game on the wire (GET /v1/matches/{id}/review, POST /v1/review): every move valued
 * exactly for the player who made it, the mistakes with moves that kept the value, and per seat the
 * share of moves that kept it. The review itself is src/match/review.ts; src/wire/review.ts converts.
 */
import { z } from "@hono/zod-openapi";
import { ValueSchema } from "./engine-schemas.ts";
import { SeatIndexSchema } from "./match-schemas.ts";
import { EXAMPLE_MATCH_ID } from "./example-inputs.ts";
import { examples } from "./examples.ts";
import { MoveTextSchema, RoleSchema, RulesSchema } from "./schemas.ts";
import { ReplayRequestSchema } from "./match-schemas.ts";

const MISTAKE_KINDS = ["placement", "give", "announcement", "claim"] as const;

export const MistakeKindSchema = z.enum(MISTAKE_KINDS).openapi("MistakeKind", {
  description:
    "What threw the value away: `placement` (no give after it could keep the value), `give` (the placement kept it, the piece given lost it), `announcement` (a Quarto completed and not announced, under `announce: manual`), `claim` (the opponent's unannounced Quarto could be claimed, and the move was made instead).",
  example: "give",
});

const MistakeSchema = z
  .object({
    kind: MistakeKindSchema,
    from: ValueSchema.openapi({ description: "The value before the move." }),
    to: ValueSchema.openapi({ description: "The value after it." }),
    better: z.array(z.string()).openapi({
      description: "Moves that kept the value (text notation, at most three); `claim` when claiming the missed Quarto kept it.",
      example: ["c3-5"],
    }),
  })
  .openapi("Mistake", { description: "A move whose value after is worse than before, for the player who made it.", example: { kind: "give", from: "draw", to: "loss", better: ["c3-5"] } });

const ReviewedMoveSchema = z
  .object({
    ply: z.number().int().min(0).max(16).openapi({ description: "The ply before the move (0: the opening give).", example: 3 }),
    seat: SeatIndexSchema,
    role: RoleSchema,
    move: MoveTextSchema.openapi({ description: "The move as in the record." }),
    opening: z.boolean().openapi({ description: "A move of the opening the game started from, not the seat's own: left out of the seat's accuracy." }),
    before: z.union([ValueSchema, z.null()]).openapi({ description: "The exact value for the player making the move, just before it (null only if not solved within the budget)." }),
    pliesToEnd: z.number().int().min(0).max(16).optional().openapi({ description: "With `before` a win or a loss: placements to the end with best play (the winner hurries, the loser delays)." }),
    afterPlacement: z
      .union([ValueSchema, z.null()])
      .optional()
      .openapi({ description: "For a move that places a piece: the value for the same player after the placement, before the give (the best some give keeps). Absent for the opening give." }),
    after: z.union([ValueSchema, z.null()]).openapi({ description: "The exact value for the same player after the whole move." }),
    afterPliesToEnd: z.number().int().min(0).max(16).optional().openapi({ description: "With `after` a win or a loss: placements to the end with best play." }),
    exact: z.boolean().openapi({ description: "Every value of this move is exact (the review's budget is the service's largest: in practice always true)." }),
    unannounced: z.boolean().optional().openapi({ description: "true: the placement completed a Quarto that the move did not announce (`announce: manual`)." }),
    claimable: z.boolean().optional().openapi({ description: "true: the opponent's unannounced Quarto could be claimed instead of making this move." }),
    mistake: MistakeSchema.optional(),
  })
  .openapi("ReviewedMove", {
    description: "One move of the game, valued exactly for the player who made it.",
    example: { ply: 2, seat: 0, role: "first", move: "b1-A", opening: false, before: "draw", afterPlacement: "draw", after: "draw", exact: true },
  });

const SeatAccuracySchema = z
  .object({
    seat: SeatIndexSchema,
    role: RoleSchema,
    moves: z.number().int().min(0).openapi({ description: "The seat's own moves (an opening's moves left out).", example: 8 }),
    kept: z.number().int().min(0).openapi({ description: "Of those, the moves that kept the value they found.", example: 7 }),
    accuracy: z.union([z.number().min(0).max(1), z.null()]).openapi({ description: "kept / moves (null with no move).", example: 0.875 }),
    winsThrownAway: z.number().int().min(0).openapi({ description: "Mistakes that turned a win into a draw or a loss.", example: 0 }),
    mistakes: z
      .array(
        z.object({
          ply: z.number().int().min(0).max(16).openapi({ description: "The ply of the move." }),
          kind: MistakeKindSchema,
          from: ValueSchema.openapi({ description: "The value before the move." }),
          to: ValueSchema.openapi({ description: "The value after it." }),
        }),
      )
      .openapi({ description: "The seat's mistakes in order: which ply, what kind, from what value to what." }),
  })
  .openapi("SeatAccuracy", {
    description: "One seat's accuracy over the game.",
    example: { seat: 1, role: "second", moves: 2, kept: 1, accuracy: 0.5, winsThrownAway: 0, mistakes: [{ ply: 3, kind: "give", from: "draw", to: "loss" }] },
  });

export const GameReviewSchema = z
  .object({
    status: z.literal("ready").openapi({ description: "`ready`: the review is complete (a pending one is answered 202, ReviewPending)." }),
    matchId: z.string().optional().openapi({ description: "The match reviewed (GET /v1/matches/{id}/review)." }),
    rules: RulesSchema,
    firstSeat: SeatIndexSchema,
    exact: z.boolean().openapi({ description: "Every value of the review is exact." }),
    nodes: z.number().int().min(0).openapi({ description: "Nodes the engine searched for the review." }),
    moves: z.array(ReviewedMoveSchema).openapi({ description: "Every move in order: the opening give, then each placement with the give after it." }),
    seats: z.array(SeatAccuracySchema).length(2).openapi({ description: "Seats 0 and 1.", minItems: 2, maxItems: 2 }),
  })
  .openapi("GameReview", { description: "The exact review of a game: every move valued by the solved game.", example: examples.review.game as never });

export const ReviewPendingSchema = z
  .object({
    status: z.literal("pending").openapi({ description: "`pending`: the match's object is reviewing the game." }),
    matchId: z.string().openapi({ description: "The match whose review is pending." }),
    retryAfterS: z.number().int().min(1).openapi({ description: "Seconds to wait before asking again (also in `Retry-After`).", example: 2 }),
  })
  .openapi("ReviewPending", {
    description: "The review is being computed in the background: ask again after `Retry-After`.",
    example: { status: "pending", matchId: EXAMPLE_MATCH_ID, retryAfterS: 2 },
  });

export const ReviewRequestSchema = ReplayRequestSchema.extend({
  openingPlies: z.number().int().min(0).max(15).optional().openapi({ description: "How many first moves are an opening the players did not choose (left out of their accuracy); default 0." }),
}).openapi("ReviewRequest", {
  description: "A game record in any form POST /v1/replay accepts, and optionally how many of its first moves are an opening.",
  example: { text: "................. -8 a1-9 b1-A c1-B d1" },
});

export type GameReviewOutput = z.infer<typeof GameReviewSchema>;
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;
