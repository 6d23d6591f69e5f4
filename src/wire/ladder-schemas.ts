/**
 * Wire schemas of the ladder: the standing competition where registered bots that opted in are paired
 * all the time (by the ladder object's alarm) and keep one rating across all their ladder games, beside
 * the built-in anchors at fixed ratings (src/objects/ladder.ts). The stored forms and the view functions are in ladder.ts.
 */
import { z } from "@hono/zod-openapi";
import { RESULT_REASONS } from "../match/index.ts";
import { ValueSchema } from "./engine-schemas.ts";
import { MistakeKindSchema } from "./review-schemas.ts";
import { EXAMPLE_BOT_ID, EXAMPLE_TOURNAMENT_ID } from "./example-inputs.ts";
import { NextLinkSchema } from "./pagination.ts";

const EXAMPLE_OPPONENT_ID = "c5p7ys3nr3ua4ld6wk7xe3jq7f";

/** How ladder ratings are computed, in words (the settings' `rating`). */
export const LADDER_RATING = "Bradley-Terry, fitted incrementally: each pairing moves its two bots against their opponents' current ratings";

const LadderStatusSchema = z.enum(["active", "paused", "left"]).openapi("LadderStatus", {
  description:
    "`active`: paired by the ladder; `paused`: not paired because it forfeited repeatedly (see `pausedReason`; its owner resumes it with `PUT /v1/ladder/{bot}`); `left`: its owner took it off the ladder (its games and rating stay).",
  example: "active",
});

const LADDER_ANCHORS_EXAMPLE = [
  { bot: "easy", rating: 1290 },
  { bot: "medium", rating: 1500 },
  { bot: "hard", rating: 1710 },
];

const LadderAnchorSchema = z
  .object({
    bot: z.string().openapi({ description: "The built-in bot (its ladder entry's id and name).", example: "medium" }),
    rating: z.number().openapi({ description: "Its fixed rating.", example: 1500 }),
  })
  .openapi("LadderAnchor", { description: "A built-in bot on the ladder at a fixed rating.", example: { bot: "medium", rating: 1500 } });

const LadderSettingsSchema = z
  .object({
    gamesPerHour: z.number().int().openapi({ description: "The most ladder games a bot starts in any hour.", example: 12 }),
    gamesPerPairing: z
      .number()
      .int()
      .openapi({ description: "Games of one pairing: a pair from one opening, each bot making the first move once.", example: 2 }),
    moveMs: z.number().int().openapi({ description: "The clock of ladder games: this many ms per move.", example: 5000 }),
    pauseAfterForfeits: z.number().int().openapi({ description: "A bot that forfeits this many ladder games in a row is paused.", example: 3 }),
    openings: z
      .union([z.string(), z.null()])
      .openapi({ description: "The opening suite pairings are played from (in turn); null: the empty board.", example: null }),
    rating: z.string().openapi({ description: "How ratings are computed.", example: LADDER_RATING }),
    anchors: z.array(LadderAnchorSchema).openapi({
      description:
        "The built-in bots on the ladder at fixed ratings (empty when the service runs without them): they never move, so ratings mean the same on every install, and a bot alone on the ladder has opponents at once. Each is paired with registered bots only, one pairing at a time, at most `anchorGamesPerHour` games an hour.",
      example: LADDER_ANCHORS_EXAMPLE,
    }),
    anchorGamesPerHour: z.number().int().openapi({ description: "The most ladder games an anchor starts in any hour.", example: 60 }),
  })
  .openapi("LadderSettings", {
    description: "How the ladder pairs and rates.",
    example: {
      gamesPerHour: 12,
      gamesPerPairing: 2,
      moveMs: 5000,
      pauseAfterForfeits: 3,
      openings: "classic",
      rating: LADDER_RATING,
      anchors: LADDER_ANCHORS_EXAMPLE,
      anchorGamesPerHour: 60,
    },
  });

const LadderPlayingSchema = z
  .object({
    tournamentId: z.string().openapi({ description: "The pairing's tournament (its games are ordinary tournament games).", example: EXAMPLE_TOURNAMENT_ID }),
    opponent: z.object({ id: z.string(), name: z.string() }).openapi({ description: "Who it plays.", example: { id: EXAMPLE_OPPONENT_ID, name: "bob" } }),
    startedAt: z.string().openapi({ format: "date-time", example: "2026-10-01T12:00:00.000Z" }),
  })
  .openapi("LadderPlaying", {
    description: "The pairing a bot is playing now.",
    example: { tournamentId: EXAMPLE_TOURNAMENT_ID, opponent: { id: EXAMPLE_OPPONENT_ID, name: "bob" }, startedAt: "2026-10-01T12:00:00.000Z" },
  });

const LADDER_GAME_EXAMPLE = {
  tournamentId: EXAMPLE_TOURNAMENT_ID,
  gameId: "g2",
  matchId: "k3v7tq2mz5xj4c6rb3wn2hd5fa",
  opponent: { id: EXAMPLE_OPPONENT_ID, name: "bob" },
  role: "second",
  opening: "classic/7",
  result: "win",
  reason: "quarto",
  forfeitCode: null,
  forfeitedBy: null,
  detail: null,
  finishedAt: "2026-10-01T13:05:00.000Z",
};

const LADDER_ENTRY_EXAMPLE = {
  rank: 1,
  bot: { id: EXAMPLE_BOT_ID, name: "alice" },
  anchor: false,
  status: "active" as const,
  pausedReason: null,
  pausedAt: null,
  rating: 1587.3,
  deviation: 96.4,
  games: 24,
  wins: 9,
  draws: 12,
  losses: 3,
  forfeits: 1,
  forfeitStreak: 0,
  gamesLastHour: 4,
  joinedAt: "2026-10-01T12:00:00.000Z",
  lastGameAt: "2026-10-01T13:05:00.000Z",
  playing: null,
};

const LADDER_PAGE_EXAMPLE = {
  bots: [LADDER_ENTRY_EXAMPLE],
  next: null,
  total: 1,
  pairingsInPlay: 0,
  settings: {
    gamesPerHour: 12,
    gamesPerPairing: 2,
    moveMs: 5000,
    pauseAfterForfeits: 3,
    openings: "classic",
    rating: LADDER_RATING,
    anchors: LADDER_ANCHORS_EXAMPLE,
    anchorGamesPerHour: 60,
  },
};

export const LadderEntrySchema = z
  .object({
    rank: z.union([z.number().int().min(1), z.null()]).openapi({
      description: "1 for the highest rating among bots on the ladder (equal ratings share a rank); null once the bot has left.",
      example: 1,
    }),
    bot: z
      .object({ id: z.string(), name: z.string() })
      .openapi({ description: "The registered bot (an anchor: the built-in bot, its name as its id).", example: { id: EXAMPLE_BOT_ID, name: "alice" } }),
    anchor: z.boolean().openapi({
      description: "true for an anchor: a built-in bot at a fixed rating (see the settings' `anchors`), paired with registered bots only; its rating and deviation never move.",
      example: false,
    }),
    status: LadderStatusSchema,
    pausedReason: z.union([z.string(), z.null()]).openapi({
      description: "Why the bot is paused, in words (null unless paused).",
      example: null,
    }),
    pausedAt: z.union([z.string(), z.null()]).openapi({ format: "date-time", description: "When it was paused.", example: null }),
    rating: z.number().openapi({
      description:
        "A Bradley-Terry rating on the Elo scale around 1500 (rounded to 0.1), fitted incrementally: each pairing moves its two bots to their best rating against their opponents' current ones (over each bot's latest 100 opponents).",
      example: 1587.3,
    }),
    deviation: z.number().min(0).openapi({ description: "The rating's uncertainty: one standard deviation, in the same points.", example: 96.4 }),
    games: z.number().int().min(0).openapi({ description: "Ladder games played (that count).", example: 24 }),
    wins: z.number().int().min(0).openapi({ example: 9 }),
    draws: z.number().int().min(0).openapi({ example: 12 }),
    losses: z.number().int().min(0).openapi({ description: "Games lost, forfeits included.", example: 3 }),
    forfeits: z.number().int().min(0).openapi({ description: "Games lost by forfeit (included in `losses`).", example: 1 }),
    forfeitStreak: z.number().int().min(0).openapi({ description: "Forfeits in a row, up to its latest game.", example: 0 }),
    gamesLastHour: z.number().int().min(0).openapi({ description: "Ladder games started in the last hour (at most `gamesPerHour`).", example: 4 }),
    joinedAt: z.string().openapi({ format: "date-time", example: "2026-10-01T12:00:00.000Z" }),
    lastGameAt: z
      .union([z.string(), z.null()])
      .openapi({ format: "date-time", description: "When its latest ladder game ended.", example: "2026-10-01T13:05:00.000Z" }),
    playing: z.union([LadderPlayingSchema, z.null()]).openapi({ description: "The pairing it is playing now, if any." }),
  })
  .openapi("LadderEntry", { description: "A bot on the ladder: status, rating and record.", example: LADDER_ENTRY_EXAMPLE });

const RatingPointSchema = z
  .object({
    at: z.string().openapi({ format: "date-time", description: "When the pairing that moved it was recorded." }),
    games: z.number().int().openapi({ description: "The bot's ladder games by then." }),
    rating: z.number().openapi({ description: "The rating then (rounded to 0.1)." }),
    deviation: z.number().openapi({ description: "Its uncertainty then: one standard deviation." }),
  })
  .openapi("RatingPoint", {
    description: "The bot's rating after one of its pairings.",
    example: { at: "2026-10-01T13:05:00.000Z", games: 24, rating: 1587.3, deviation: 96.4 },
  });

const LadderGameSchema = z
  .object({
    tournamentId: z.string().openapi({ example: EXAMPLE_TOURNAMENT_ID }),
    gameId: z.string().openapi({ example: "g2" }),
    matchId: z
      .union([z.string(), z.null()])
      .openapi({ description: "The match of the game (its page is `/matches/{matchId}`).", example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    opponent: z.object({ id: z.string(), name: z.string() }).openapi({ example: { id: EXAMPLE_OPPONENT_ID, name: "bob" } }),
    role: z.enum(["first", "second"]).openapi({ description: "`first`: the bot made the first move of the game.", example: "second" }),
    opening: z.union([z.string(), z.null()]).openapi({ description: "The opening the game started from, by name; null for the empty board.", example: null }),
    result: z.enum(["win", "draw", "loss", "none"]).openapi({ description: "For this bot; `none`: the game did not count (cancelled).", example: "win" }),
    reason: z.enum(RESULT_REASONS).openapi({ example: "quarto" }),
    forfeitCode: z.union([z.string(), z.null()]).openapi({ description: "For a loss by misbehaviour: its code.", example: null }),
    forfeitedBy: z.union([z.string(), z.null()]).openapi({ description: "The bot id that forfeited.", example: null }),
    detail: z.union([z.string(), z.null()]).openapi({ description: "More about the ending, in words.", example: null }),
    finishedAt: z.string().openapi({ format: "date-time", example: "2026-10-01T13:05:00.000Z" }),
  })
  .openapi("LadderGame", {
    description: "One ladder game, from one bot's side.",
    example: LADDER_GAME_EXAMPLE,
  });

/** Games of a bot, its latest first, whose reviews its ladder entry reads (one call to each game's match object per request). */
export const LADDER_REVIEWED_GAMES = 20;
/** Mistakes its ladder entry lists, newest first. */
export const LADDER_RECENT_MISTAKES = 10;

const LADDER_ACCURACY_EXAMPLE = { games: 2, pending: 0, moves: 15, kept: 14, accuracy: 0.933, mistakes: 1, winsThrownAway: 0 };

const LadderAccuracySchema = z
  .object({
    games: z
      .number()
      .int()
      .min(0)
      .openapi({
        description: `Of its latest ${LADDER_REVIEWED_GAMES} ladder games that count, those reviewed so far (GET /v1/matches/{id}/review).`,
        example: 2,
      }),
    pending: z
      .number()
      .int()
      .min(0)
      .openapi({
        description: `Of its latest ${LADDER_REVIEWED_GAMES} ladder games that count, those whose review is still being computed (in the background): not counted yet.`,
        example: 0,
      }),
    moves: z.number().int().min(0).openapi({ description: "Its own moves in the reviewed games (openings left out).", example: 15 }),
    kept: z.number().int().min(0).openapi({ description: "The moves that kept the value they found.", example: 14 }),
    accuracy: z
      .union([z.number().min(0).max(1), z.null()])
      .openapi({ description: "kept / moves, to three decimals; null with no reviewed move.", example: 0.933 }),
    mistakes: z.number().int().min(0).openapi({ description: "Moves that made the value worse.", example: 1 }),
    winsThrownAway: z.number().int().min(0).openapi({ description: "Of those, the mistakes that turned a win into a draw or a loss.", example: 0 }),
  })
  .openapi("LadderAccuracy", {
    description: `The bot's accuracy over its latest ${LADDER_REVIEWED_GAMES} ladder games that are reviewed: the share of its moves that kept the exact value (the fields of a tournament's BotAccuracy).`,
    example: LADDER_ACCURACY_EXAMPLE,
  });

const LADDER_MISTAKE_EXAMPLE = {
  matchId: "k3v7tq2mz5xj4c6rb3wn2hd5fa",
  ply: 3,
  move: "c1-B",
  kind: "give" as const,
  from: "draw" as const,
  to: "loss" as const,
  better: ["c1-4", "c1-5", "c1-6"],
  position: "89..............A",
};

const LadderMistakeSchema = z
  .object({
    matchId: z
      .string()
      .openapi({ description: "The game's match (its page `/matches/{matchId}` shows the whole review).", example: LADDER_MISTAKE_EXAMPLE.matchId }),
    ply: z.number().int().min(0).openapi({ description: "The move's ply in its game (0: the opening give).", example: 3 }),
    move: z.string().openapi({ description: "The move, as in the record.", example: "c1-B" }),
    kind: MistakeKindSchema,
    from: ValueSchema.openapi({ description: "The value for the bot before the move." }),
    to: ValueSchema.openapi({ description: "The value for the bot after it." }),
    better: z.array(z.string()).openapi({ description: "Moves that kept the value, best first (up to three).", example: ["c1-4", "c1-5", "c1-6"] }),
    position: z.string().openapi({
      description: "The position just before the move (a position string: open it with `/analyze?position=`).",
      example: LADDER_MISTAKE_EXAMPLE.position,
    }),
  })
  .openapi("LadderMistake", { description: "One mistake of the bot in a reviewed ladder game.", example: LADDER_MISTAKE_EXAMPLE });

export const LadderBotSchema = LadderEntrySchema.extend({
  history: z.array(RatingPointSchema).openapi({
    description:
      "The bot's rating after its pairings, oldest first: at most 256 points, thinned with age (when the limit is reached the oldest half keeps every other point), the latest ones all there.",
  }),
  recentGames: z.array(LadderGameSchema).openapi({ description: "Its latest ladder games, newest first (at most 50)." }),
  accuracy: LadderAccuracySchema,
  recentMistakes: z.array(LadderMistakeSchema).openapi({
    description: `Its mistakes in the reviewed games of \`accuracy\`, newest first (at most ${LADDER_RECENT_MISTAKES}).`,
  }),
}).openapi("LadderBot", {
  description: "A bot on the ladder, with its rating history, its latest games, and its accuracy and mistakes in the reviewed ones.",
  example: {
    ...LADDER_ENTRY_EXAMPLE,
    history: [{ at: "2026-10-01T13:05:00.000Z", games: 24, rating: 1587.3, deviation: 96.4 }],
    recentGames: [LADDER_GAME_EXAMPLE],
    accuracy: LADDER_ACCURACY_EXAMPLE,
    recentMistakes: [LADDER_MISTAKE_EXAMPLE],
  },
});

export const LadderPageSchema = z
  .object({
    bots: z.array(LadderEntrySchema).openapi({ description: "Bots on the ladder (active or paused), by rating, highest first." }),
    next: NextLinkSchema,
    total: z.number().int().openapi({ description: "Bots on the ladder in all.", example: 2 }),
    pairingsInPlay: z.number().int().openapi({ description: "Pairings being played now.", example: 1 }),
    settings: LadderSettingsSchema,
  })
  .openapi("LadderPage", { description: "One page of the ladder.", example: LADDER_PAGE_EXAMPLE });

export type LadderStatus = z.infer<typeof LadderStatusSchema>;
export type LadderEntryOutput = z.infer<typeof LadderEntrySchema>;
export type LadderBotOutput = z.infer<typeof LadderBotSchema>;
/** A bot's ladder entry as the LadderObject answers it: the accuracy and mistakes are read from the games' match objects. */
export type LadderBotRecord = Omit<LadderBotOutput, "accuracy" | "recentMistakes">;
export type LadderAccuracyOutput = z.infer<typeof LadderAccuracySchema>;
export type LadderMistakeOutput = z.infer<typeof LadderMistakeSchema>;
export type LadderPageOutput = z.infer<typeof LadderPageSchema>;
export type LadderGameOutput = z.infer<typeof LadderGameSchema>;
export type RatingPointOutput = z.infer<typeof RatingPointSchema>;
export type LadderSettingsOutput = z.infer<typeof LadderSettingsSchema>;
