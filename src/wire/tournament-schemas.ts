/**
 * Wire schemas of tournaments on the service: the request that starts one, and its public view
 * (progress, standings, crosstable, games). The stored forms and the view function are in
 * tournament.ts; the examples are computed by `npm run openapi` (examples.json).
 */
import { z } from "@hono/zod-openapi";
import { LEVELS } from "../engine/index.ts";
import { RESULT_REASONS } from "../match/index.ts";
import {
  MAX_GAMES_PER_PAIR,
  MAX_SPRT_TOURNAMENT_GAMES,
  MAX_SWISS_BOTS,
  MAX_TOURNAMENT_BOTS,
  MAX_TOURNAMENT_GAMES,
  SPRT_MODELS,
  TOURNAMENT_KINDS,
} from "../tournament/index.ts";
import { ClockSchema, OpeningInputSchema, SeatIndexSchema } from "./match-schemas.ts";
import { RoleSchema, RulesInputSchema, RulesSchema, withDefault } from "./schemas.ts";
import { EXAMPLE_BOT_ID, EXAMPLE_MANAGEMENT_TOKEN, EXAMPLE_TOURNAMENT_ID } from "./example-inputs.ts";
import examples from "./examples.json" with { type: "json" };
import { NextLinkSchema } from "./pagination.ts";

/** At most this many games in a tournament's view (the first of the schedule); `moreGames` links to the rest. */
export const TOURNAMENT_VIEW_GAMES = 100;

/** A per-move limit longer than one call may wait (DEFAULT_MAX_MOVE_MS) could not be honoured. */
export const MAX_TOURNAMENT_MOVE_MS = 60_000;
/** The most games one tournament plays at once. */
const MAX_TOURNAMENT_CONCURRENCY = 8;
/** The most openings a request may list. */
const MAX_TOURNAMENT_OPENINGS = 200;

/** The SPRT's defaults (the request may leave these out). */
export const SPRT_DEFAULTS = { alpha: 0.05, beta: 0.05, model: "normalized", maxGames: 200 } as const;

const SprtInputSchema = z
  .strictObject({
    elo0: z.number().min(-1000).max(1000).openapi({ description: "H0: the bot under test is better by at most this many Elo.", example: 0 }),
    elo1: z.number().min(-1000).max(1000).openapi({ description: "H1: it is better by at least this many Elo (more than `elo0`).", example: 10 }),
    alpha: z
      .number()
      .gt(0)
      .lt(0.5)
      .optional()
      .openapi({ description: `The chance of accepting H1 when H0 holds. Default: ${SPRT_DEFAULTS.alpha}.`, example: 0.05 }),
    beta: z
      .number()
      .gt(0)
      .lt(0.5)
      .optional()
      .openapi({ description: `The chance of accepting H0 when H1 holds. Default: ${SPRT_DEFAULTS.beta}.`, example: 0.05 }),
    model: z
      .enum(SPRT_MODELS as unknown as ["normalized", "logistic"])
      .optional()
      .openapi({
        description:
          "The Elo model of `elo0` and `elo1`: normalized Elo (fastchess's default, OpenBench's pentanomial SPRT) or logistic Elo. Default: `normalized`.",
      }),
    maxGames: z
      .number()
      .int()
      .min(2)
      .max(MAX_SPRT_TOURNAMENT_GAMES)
      .multipleOf(2)
      .optional()
      .openapi({
        multipleOf: 2,
        description: `The game limit (even; at most ${MAX_SPRT_TOURNAMENT_GAMES}): the test stops there if no bound was crossed. Default: ${SPRT_DEFAULTS.maxGames}.`,
        example: 200,
      }),
  })
  .openapi("SprtInput", {
    description:
      "An SPRT on game pairs: the log-likelihood ratio of H1 against H0 over the pentanomial counts of pair scores, stopped at Wald's bounds or at the game limit.",
    example: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 200 },
  });

// ---- tournaments ----

const TournamentBotEntrySchema = z
  .strictObject({
    id: z.string().min(1).max(40).openapi({ description: "The registered bot's id.", example: EXAMPLE_BOT_ID }),
    token: z.string().min(1).max(200).openapi({ description: "Its management token: the owner's consent to enter it.", example: EXAMPLE_MANAGEMENT_TOKEN }),
  })
  .openapi("TournamentBotEntry", {
    description: "A registered bot entered with its management token (needed when its `entry` is `owner`).",
    example: { id: EXAMPLE_BOT_ID, token: EXAMPLE_MANAGEMENT_TOKEN },
  });

export const CreateTournamentRequestSchema = z
  .strictObject({
    name: z.string().min(1).max(80).optional().openapi({ description: "A name to show.", example: "Friday round robin" }),
    bots: z
      .array(z.union([z.string().min(1).max(40), TournamentBotEntrySchema]))
      .min(2)
      .max(MAX_SWISS_BOTS)
      .openapi({
        description: `The entrants, 2-${MAX_TOURNAMENT_BOTS} (a Swiss: 2-${MAX_SWISS_BOTS}): registered bot ids and/or built-in bot names (${LEVELS.join(", ")}); each at most once. A registered bot whose \`entry\` is \`owner\` is entered with its management token, as \`{"id", "token"}\` (without it: 403 \`registry/entry_refused\`).`,
        example: [EXAMPLE_BOT_ID, "easy"],
      }),
    // zod-openapi does not carry multipleOf into the document by itself: said again for the spec.
    gamesPerPair: withDefault(z.number().int().min(2).max(MAX_GAMES_PER_PAIR).multipleOf(2).openapi({ multipleOf: 2 }), 2, {
      description: `Games each pair plays, even: half with each bot giving first (at most ${MAX_TOURNAMENT_GAMES} games in all).`,
      example: 2,
    }),
    kind: z.enum(TOURNAMENT_KINDS).optional().openapi({
      description:
        "`roundRobin` (the default): every pair of bots plays `gamesPerPair` games; `gauntlet`: the first bot of `bots` plays `gamesPerPair` games against each of the others, which never meet; `sprt`: the first bot (under test) plays game pairs against the second until the SPRT of `sprt` decides or its game limit is reached; `swiss`: `rounds` rounds, each paired by score groups when the one before has ended (no pairing repeated, at most one bye per bot), each pairing `gamesPerPair` games.",
      example: "roundRobin",
    }),
    rounds: z.number().int().min(1).max(MAX_SWISS_BOTS).optional().openapi({
      description: "For a Swiss: its rounds, at most N - 1 for N bots (N when N is odd). Default ceil(log2 N) + 1. Refused for the other kinds.",
      example: 5,
    }),
    openings: z
      .union([
        z.string().min(1).max(40).openapi({
          description:
            "A built-in opening suite, by name: `classic` (play without squares) or `squares`, exact draws; `classic-unbalanced` or `squares-unbalanced`, exact wins for the player to move, to tell strong bots apart.",
          example: "classic",
        }),
        z.array(OpeningInputSchema).min(1).max(MAX_TOURNAMENT_OPENINGS),
      ])
      .optional()
      .openapi({
        description: `Openings the games start from, in pairs: each opening is played twice by the same two bots, each making the first move once, the two games next to each other (openings taken in a seeded order, round and round the list). A built-in suite by name, or a list (at most ${MAX_TOURNAMENT_OPENINGS}). Absent: every game starts from the empty board.`,
      }),
    concurrency: z
      .number()
      .int()
      .min(1)
      .max(MAX_TOURNAMENT_CONCURRENCY)
      .optional()
      .openapi({
        description: `Games played at once (1-${MAX_TOURNAMENT_CONCURRENCY}; default 1), each in its own match with its own clock. In a round robin or a Swiss no bot plays two games at once (games start in schedule order as their bots become free); in a gauntlet or an SPRT the first bot may play up to this many.`,
        example: 4,
      }),
    sprt: SprtInputSchema.optional().openapi({ description: "The SPRT's settings: required with `kind: sprt`, refused otherwise." }),
    rules: RulesInputSchema.optional(),
    clock: withDefault(
      ClockSchema,
      { kind: "move", moveMs: 10_000 },
      {
        description: `The bots' clock. A per-move limit is at most ${MAX_TOURNAMENT_MOVE_MS} ms, and no single call waits longer than that whatever the clock. Built-in bots play untimed.`,
        shown: "10 s per move",
      },
    ),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional()
      .openapi({ description: "Shuffles the bots before pairing and picks who gives first; also seeds the built-in bots. Random when absent.", example: 7 }),
  })
  .openapi("CreateTournamentRequest", {
    description: "A round robin, a gauntlet, an SPRT match or a Swiss between registered and built-in bots.",
    example: { name: "Friday round robin", bots: [EXAMPLE_BOT_ID, "easy"], gamesPerPair: 2, clock: { kind: "move", moveMs: 2000 }, seed: 7 },
  });

const TournamentEntrySchema = z
  .object({
    name: z.string().openapi({ description: "The bot's name: its row in the standings.", example: "alice" }),
    kind: z.enum(["builtIn", "registered"]).openapi({ description: "A built-in bot, or a registered one.", example: "registered" }),
    botId: z.union([z.string(), z.null()]).openapi({ description: "The registered bot's id (null for a built-in bot).", example: EXAMPLE_BOT_ID }),
  })
  .openapi("TournamentEntry", { description: "An entrant.", example: { name: "alice", kind: "registered", botId: EXAMPLE_BOT_ID } });

const StandingSchema = z
  .object({
    rank: z.number().int().min(1).openapi({ description: "1 for the leader; bots level on points and Sonneborn-Berger share a rank.", example: 1 }),
    bot: z.string().openapi({ description: "The bot's name.", example: "alice" }),
    games: z.number().int().min(0).openapi({ description: "Games played (that count).", example: 2 }),
    wins: z.number().int().min(0).openapi({ description: "Games won.", example: 1 }),
    draws: z.number().int().min(0).openapi({ description: "Games drawn.", example: 1 }),
    losses: z.number().int().min(0).openapi({ description: "Games lost, forfeits included.", example: 0 }),
    forfeits: z.number().int().min(0).openapi({ description: "Games lost by forfeit (included in `losses`).", example: 0 }),
    points: z.number().openapi({ description: "Win 1, draw 1/2, loss 0.", example: 1.5 }),
    buchholz: z
      .number()
      .openapi({ description: "A tie-break (a Swiss's first): the final points of every opponent the bot met, each counted once.", example: 0.5 }),
    sonnebornBerger: z.number().openapi({ description: "The tie-break: each opponent's points times the score against them, summed.", example: 0.75 }),
    rating: z.number().openapi({ description: "A Bradley-Terry rating over all games, on the Elo scale around 1500 (rounded to 0.1).", example: 1561.2 }),
    ratingDeviation: z.number().min(0).openapi({ description: "The rating's uncertainty: one standard deviation, in the same points.", example: 310.4 }),
  })
  .openapi("Standing", { description: "A row of the standings.", example: examples.tournament.running.standings[0] as never });

const BotAccuracySchema = z
  .object({
    bot: z.string().openapi({ description: "The bot's name.", example: "alice" }),
    games: z
      .number()
      .int()
      .min(0)
      .openapi({ description: "Its finished games reviewed so far (GET /v1/matches/{id}/review; reviews follow the games, in the background).", example: 2 }),
    moves: z.number().int().min(0).openapi({ description: "Its own moves in those games (openings left out).", example: 15 }),
    kept: z.number().int().min(0).openapi({ description: "The moves that kept the value they found.", example: 14 }),
    accuracy: z
      .union([z.number().min(0).max(1), z.null()])
      .openapi({ description: "kept / moves, to three decimals; null before a game of its is reviewed.", example: 0.933 }),
    mistakes: z.number().int().min(0).openapi({ description: "Moves that made the value worse.", example: 1 }),
    winsThrownAway: z.number().int().min(0).openapi({ description: "Of those, the mistakes that turned a win into a draw or a loss.", example: 0 }),
  })
  .openapi("BotAccuracy", {
    description: "A bot's accuracy over its reviewed games: the share of its moves that kept the exact value.",
    example: { bot: "alice", games: 2, moves: 15, kept: 14, accuracy: 0.933, mistakes: 1, winsThrownAway: 0 },
  });

const CrosstableCellSchema = z
  .object({
    games: z.number().int().min(0).openapi({ description: "Games between the row bot and the column bot.", example: 2 }),
    wins: z.number().int().min(0).openapi({ description: "The row bot's wins.", example: 1 }),
    draws: z.number().int().min(0).openapi({ description: "Draws.", example: 1 }),
    losses: z.number().int().min(0).openapi({ description: "The row bot's losses.", example: 0 }),
    points: z.number().openapi({ description: "The row bot's points against the column bot.", example: 1.5 }),
  })
  .openapi("CrosstableCell", {
    description: "The row bot's results against the column bot.",
    example: { games: 2, wins: 1, draws: 1, losses: 0, points: 1.5 },
  });

const CrosstableSchema = z
  .object({
    bots: z
      .array(z.string())
      .openapi({ description: "Row and column order: the standings order. Empty for a Swiss (its pairings are in `swiss`).", example: ["alice", "easy"] }),
    cells: z
      .array(z.array(z.union([CrosstableCellSchema, z.null()])))
      .openapi({ description: "`cells[row][column]`: the row bot against the column bot; null on the diagonal." }),
  })
  .openapi("Crosstable", { description: "Every pair's results.", example: examples.tournament.running.crosstable as never });

const MatchLinksSchema = z
  .object({
    match: z
      .string()
      .openapi({ format: "uri-reference", description: "The match (live state; also `/ws` to watch it).", example: "/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    record: z.string().openapi({
      format: "uri-reference",
      description: "Its game record (replays with POST /v1/replay).",
      example: "/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa/record",
    }),
    page: z.string().openapi({ format: "uri-reference", description: "Its web page.", example: "/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
  })
  .openapi("MatchLinks", {
    description: "Where to see a match.",
    example: {
      match: "/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa",
      record: "/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa/record",
      page: "/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa",
    },
  });

const GameResultSchema = z
  .object({
    winner: z.union([z.string(), z.null()]).openapi({ description: "The winning bot's name; null for a draw.", example: "alice" }),
    winnerSeat: z.union([SeatIndexSchema, z.null()]).openapi({ description: "The winner's seat in the game's match; null for a draw." }),
    winnerRole: z.union([RoleSchema, z.null()]).openapi({ description: "The winner's role: `first` when it is the game's `first` bot; null for a draw." }),
    reason: z.enum(RESULT_REASONS).openapi({ description: "How the match ended.", example: "forfeit" }),
    forfeitCode: z
      .union([z.string(), z.null()])
      .openapi({ description: "For a loss by misbehaviour: its code (`bot/timeout`, `bot/illegal_move`, ...).", example: "bot/illegal_move" }),
    forfeitedBy: z.union([z.string(), z.null()]).openapi({ description: "The bot that forfeited.", example: "easy" }),
    detail: z.union([z.string(), z.null()]).openapi({ description: "More about the ending, in words.", example: "move/cell_occupied: cell c3 is occupied" }),
  })
  .openapi("GameResult", {
    description: "How a game ended, with bot names.",
    example: {
      winner: "alice",
      winnerSeat: 0,
      winnerRole: "first",
      reason: "forfeit",
      forfeitCode: "bot/illegal_move",
      forfeitedBy: "easy",
      detail: "move/cell_occupied: cell c3 is occupied",
    },
  });

const AbortedAttemptSchema = z
  .object({
    matchId: z.string().openapi({ description: "The aborted match.", example: "x5ba2rpcm4wq7nfj3ytz6kd2he" }),
    detail: z.string().openapi({
      description: "Why it was aborted.",
      example: "alice could not be reached before its first move (POST /move: connection refused); the game is replayed",
    }),
    links: MatchLinksSchema,
  })
  .openapi("AbortedAttempt", {
    description: "An attempt at a game that was aborted (a bot could not be reached before its first move) and replayed.",
    example: {
      matchId: "x5ba2rpcm4wq7nfj3ytz6kd2he",
      detail: "alice could not be reached before its first move (POST /move: connection refused); the game is replayed",
      links: {
        match: "/v1/matches/x5ba2rpcm4wq7nfj3ytz6kd2he",
        record: "/v1/matches/x5ba2rpcm4wq7nfj3ytz6kd2he/record",
        page: "/matches/x5ba2rpcm4wq7nfj3ytz6kd2he",
      },
    },
  });

const TournamentGameSchema = z
  .object({
    index: z.number().int().min(0).openapi({ description: "Position in play order, from 0.", example: 0 }),
    gameId: z.string().openapi({ description: "The game's id in the tournament.", example: "g1" }),
    round: z.number().int().min(1).openapi({ description: "The pairing round it belongs to, from 1 (as the pages number rounds).", example: 1 }),
    first: z.string().openapi({ description: "The bot in the role `first`: it makes the opening give, from seat `firstSeat` of the match.", example: "alice" }),
    second: z.string().openapi({ description: "The bot in the role `second`, in the other seat.", example: "easy" }),
    firstSeat: SeatIndexSchema.openapi({ description: "The match seat of the `first` bot: 0 for every tournament game (so `second` holds seat 1)." }),
    status: z.enum(["pending", "playing", "finished", "cancelled"]).openapi({
      description: "Not started, being played, over, or not played (the tournament was cancelled, or its SPRT decided first).",
      example: "finished",
    }),
    matchId: z
      .union([z.string(), z.null()])
      .openapi({ description: "The match of the attempt that counts (or is being played); null before it starts.", example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    links: z.union([MatchLinksSchema, z.null()]).openapi({ description: "Where to see that match; null before it starts." }),
    result: z.union([GameResultSchema, z.null()]).openapi({ description: "How it ended; null until it does." }),
    opening: z.union([z.string(), z.null()]).openapi({ description: "The opening it started from, by name; null for the empty board.", example: null }),
    pair: z
      .union([z.number().int().min(0), z.null()])
      .openapi({ description: "Its game pair: the two games from one opening with the seats swapped share this number; null when unpaired.", example: null }),
    plies: z.union([z.number().int().min(0).max(17), z.null()]).openapi({ description: "Moves played, once over.", example: 9 }),
    text: z.union([z.string(), z.null()]).openapi({ description: "The game record in text, once over.", example: "................. -8 a1-9 b1-A c1-B d1!" }),
    abortedAttempts: z.array(AbortedAttemptSchema).openapi({ description: "Attempts aborted and replayed (at most one)." }),
  })
  .openapi("TournamentGame", { description: "One game of the tournament.", example: examples.tournament.running.games[0] as never });

const PentanomialSchema = z
  .array(z.number().int().min(0))
  .length(5)
  .openapi({ description: "Complete game pairs by the tested bot's points in them: 0, 1/2, 1, 3/2, 2.", example: [1, 3, 10, 5, 1] });

const EloSchema = z
  .object({
    elo: z.number().openapi({ description: "The logistic Elo difference of the mean pair score (rounded to 0.1).", example: 17.4 }),
    low: z.number().openapi({ description: "Its 95% interval's lower end.", example: -21.3 }),
    high: z.number().openapi({ description: "Its 95% interval's upper end.", example: 57.2 }),
    score: z.number().openapi({ description: "The tested bot's mean score per game.", example: 0.525 }),
  })
  .openapi("EloEstimate", {
    description: "An Elo difference from game pairs, with its 95% interval.",
    example: { elo: 17.4, low: -21.3, high: 57.2, score: 0.525 },
  });

const GauntletRowSchema = z
  .object({
    opponent: z.string().openapi({ description: "A bot of the field.", example: "easy" }),
    games: z.number().int().openapi({ example: 4 }),
    wins: z.number().int().openapi({ description: "The challenger's wins against it.", example: 3 }),
    draws: z.number().int().openapi({ example: 1 }),
    losses: z.number().int().openapi({ example: 0 }),
    pentanomial: z.union([PentanomialSchema, z.null()]).openapi({ description: "The challenger's game pairs against it (paired games only)." }),
    elo: z.union([EloSchema, z.null()]).openapi({ description: "The Elo difference those pairs show (paired games only)." }),
  })
  .openapi("GauntletRow", {
    description: "The challenger against one bot of the field.",
    example: { opponent: "easy", games: 4, wins: 3, draws: 1, losses: 0, pentanomial: [0, 0, 0, 1, 1], elo: { elo: 338, low: 46.2, high: 1200, score: 0.875 } },
  });

const SprtStateSchema = z
  .object({
    test: z.string().openapi({ description: "The bot under test.", example: "new" }),
    base: z.string().openapi({ description: "The bot it is measured against.", example: "old" }),
    elo0: z.number().openapi({ example: 0 }),
    elo1: z.number().openapi({ example: 10 }),
    alpha: z.number().openapi({ example: 0.05 }),
    beta: z.number().openapi({ example: 0.05 }),
    model: z.enum(SPRT_MODELS as unknown as ["normalized", "logistic"]).openapi({ example: "normalized" }),
    maxGames: z.number().int().openapi({ example: 200 }),
    llr: z.number().openapi({ description: "The log-likelihood ratio of H1 against H0 after the last complete pair.", example: 1.234 }),
    lower: z.number().openapi({ description: "H0 is accepted at or below this LLR: ln(beta / (1 - alpha)).", example: -2.944 }),
    upper: z.number().openapi({ description: "H1 is accepted at or above this LLR: ln((1 - beta) / alpha).", example: 2.944 }),
    decision: z.union([z.enum(["H0", "H1"]), z.null()]).openapi({
      description: "`H1`: the bot under test is better by `elo1` or more; `H0`: by `elo0` or less; null while undecided (or when the game limit came first).",
      example: null,
    }),
    pentanomial: PentanomialSchema,
    pairs: z.number().int().openapi({ description: "Complete pairs counted.", example: 20 }),
    wins: z.number().int().openapi({ description: "The tested bot's wins over every finished game.", example: 12 }),
    draws: z.number().int().openapi({ example: 20 }),
    losses: z.number().int().openapi({ example: 8 }),
    elo: EloSchema,
  })
  .openapi("SprtState", {
    description: "An SPRT's live state: LLR and bounds, decision, pentanomial and W/D/L counts, and the Elo difference with its 95% interval.",
    example: {
      test: "new",
      base: "old",
      elo0: 0,
      elo1: 10,
      alpha: 0.05,
      beta: 0.05,
      model: "normalized",
      maxGames: 200,
      llr: 1.234,
      lower: -2.944,
      upper: 2.944,
      decision: null,
      pentanomial: [1, 3, 10, 5, 1],
      pairs: 20,
      wins: 12,
      draws: 20,
      losses: 8,
      elo: { elo: 34.9, low: -21.3, high: 92.1, score: 0.55 },
    },
  });

const SwissBoardSchema = z
  .object({
    first: z.string().openapi({ description: "The bot that moves first in the pairing's first game (the second game swaps the seats).", example: "alice" }),
    second: z.string().openapi({ example: "bob" }),
    firstPoints: z.number().openapi({ description: "`first`'s points in the pairing's games so far.", example: 1.5 }),
    secondPoints: z.number().openapi({ example: 0.5 }),
    games: z.number().int().openapi({ description: "The pairing's games (`gamesPerPair`).", example: 2 }),
    over: z.number().int().openapi({ description: "Those over.", example: 2 }),
  })
  .openapi("SwissBoard", {
    description: "One pairing of a Swiss round.",
    example: { first: "alice", second: "bob", firstPoints: 1.5, secondPoints: 0.5, games: 2, over: 2 },
  });

const SwissRoundSchema = z
  .object({
    round: z.number().int().min(1).openapi({ description: "The round, from 1 (as the games' `round`).", example: 1 }),
    status: z.enum(["playing", "finished"]).openapi({ description: "Whether every game of the round is over.", example: "finished" }),
    boards: z.array(SwissBoardSchema).openapi({ description: "Its pairings, top board first." }),
    byes: z.array(z.string()).openapi({ description: "The bot without an opponent this round (an odd field), if any.", example: ["carol"] }),
  })
  .openapi("SwissRound", {
    description: "A Swiss round: its pairings and its bye.",
    example: {
      round: 1,
      status: "finished",
      boards: [{ first: "alice", second: "bob", firstPoints: 1.5, secondPoints: 0.5, games: 2, over: 2 }],
      byes: ["carol"],
    },
  });

const SwissStateSchema = z
  .object({
    rounds: z.number().int().openapi({ description: "The rounds to play.", example: 5 }),
    paired: z.number().int().openapi({ description: "Rounds paired so far (each is paired when the one before has ended).", example: 3 }),
    byePoints: z.number().openapi({ description: "What a bye is worth: half a pairing's points (gamesPerPair / 2).", example: 1 }),
    stopped: z.union([z.string(), z.null()]).openapi({
      description: "Why the Swiss ended before its last round (no legal pairing was left), or null.",
      example: null,
    }),
    byRound: z.array(SwissRoundSchema).openapi({ description: "Every round paired so far." }),
  })
  .openapi("SwissState", {
    description:
      "A Swiss's rounds. Each round is paired by score groups (a Dutch system after FIDE C.04.3) when the one before has ended: no pairing repeated, at most one bye per bot, each pairing game pairs in which each bot moves first once.",
    example: {
      rounds: 5,
      paired: 1,
      byePoints: 1,
      stopped: null,
      byRound: [
        { round: 1, status: "finished", boards: [{ first: "alice", second: "bob", firstPoints: 1.5, secondPoints: 0.5, games: 2, over: 2 }], byes: ["carol"] },
      ],
    },
  });

export type SwissStateOutput = z.infer<typeof SwissStateSchema>;

export const TournamentSchema = z
  .object({
    id: z.string().openapi({ description: "The tournament's id.", example: EXAMPLE_TOURNAMENT_ID }),
    name: z.union([z.string(), z.null()]).openapi({ description: "Its name, if given.", example: "Friday round robin" }),
    status: z
      .enum(["running", "finished", "cancelled"])
      .openapi({ description: "Games are being played, all are over, or it was cancelled.", example: "running" }),
    createdAt: z.string().openapi({ format: "date-time", description: "When it was created.", example: "2026-10-01T12:00:00.000Z" }),
    finishedAt: z.union([z.string(), z.null()]).openapi({ format: "date-time", description: "When it finished or was cancelled." }),
    rules: RulesSchema,
    clock: ClockSchema,
    gamesPerPair: z.number().int().openapi({ description: "Games each pair plays.", example: 2 }),
    seed: z.number().int().openapi({ description: "The seed of the schedule and of the built-in bots.", example: 7 }),
    bots: z.array(TournamentEntrySchema).openapi({ description: "The entrants, in the order given." }),
    progress: z
      .object({
        total: z.number().int().openapi({ description: "Games in the schedule (a Swiss's grows as its rounds are paired).", example: 2 }),
        finished: z.number().int().openapi({ description: "Games over.", example: 1 }),
        playing: z.number().int().openapi({ description: "Games being played (at most `concurrency`).", example: 1 }),
        pending: z.number().int().openapi({ description: "Games not started.", example: 0 }),
        cancelled: z
          .number()
          .int()
          .openapi({ description: "Games not played (or not finished) because the tournament was cancelled or its SPRT decided.", example: 0 }),
        replays: z.number().int().openapi({ description: "Attempts aborted and replayed so far.", example: 0 }),
      })
      .openapi({ description: "How far it has got." }),
    standings: z
      .array(StandingSchema)
      .openapi({
        description:
          "Recomputed from the finished games: points, then Sonneborn-Berger, then rating (a Swiss: its byes counted, Buchholz before Sonneborn-Berger).",
      }),
    crosstable: CrosstableSchema,
    accuracy: z.array(BotAccuracySchema).openapi({ description: "Each bot's accuracy over its games reviewed so far, in the order of `bots`." }),
    kind: z.enum(TOURNAMENT_KINDS).openapi({ description: "A round robin, a gauntlet, an SPRT match or a Swiss.", example: "roundRobin" }),
    concurrency: z.number().int().openapi({ description: "Games played at once, at most.", example: 1 }),
    openings: z
      .union([
        z.object({
          suite: z.union([z.string(), z.null()]).openapi({ description: "The built-in suite's name; null for a list given in the request." }),
          count: z.number().int().openapi({ description: "How many openings." }),
        }),
        z.null(),
      ])
      .openapi({ description: "The openings games start from; null: the empty board." }),
    gauntlet: z
      .union([z.array(GauntletRowSchema), z.null()])
      .openapi({ description: "For a gauntlet: the first bot's results against each bot of the field; null otherwise." }),
    sprt: z.union([SprtStateSchema, z.null()]).openapi({ description: "For an SPRT: its live state; null otherwise." }),
    swiss: z.union([SwissStateSchema, z.null()]).openapi({ description: "For a Swiss: its rounds, each with its pairings and byes; null otherwise." }),
    games: z.array(TournamentGameSchema).openapi({
      description: `The games of the schedule in play order: all of them, or the first ${TOURNAMENT_VIEW_GAMES} when there are more (see \`moreGames\`).`,
    }),
    moreGames: z.union([z.string(), z.null()]).openapi({
      format: "uri-reference",
      description: `When the schedule has more than ${TOURNAMENT_VIEW_GAMES} games: the page of \`GET /v1/tournaments/{id}/games\` that follows \`games\`; null when \`games\` lists them all.`,
    }),
  })
  .openapi("Tournament", { description: "A tournament: progress, standings, crosstable and every game.", example: examples.tournament.running as never });

export const CreatedTournamentSchema = z
  .object({
    id: z.string().openapi({ description: "The tournament's id.", example: EXAMPLE_TOURNAMENT_ID }),
    url: z.string().openapi({ format: "uri-reference", description: "The tournament's URL.", example: `/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}` }),
    token: z
      .string()
      .openapi({ description: "The management token: `Authorization: Bearer <token>` cancels it. Shown only once.", example: EXAMPLE_MANAGEMENT_TOKEN }),
    state: TournamentSchema,
  })
  .openapi("CreatedTournament", { description: "The tournament just created, and its token.", example: examples.tournament.created as never });

export type CreateTournamentRequest = z.infer<typeof CreateTournamentRequestSchema>;
export type TournamentOutput = z.infer<typeof TournamentSchema>;
export type TournamentGameOutput = z.infer<typeof TournamentGameSchema>;
export type SprtStateOutput = z.infer<typeof SprtStateSchema>;

export const TournamentGamePageSchema = z
  .object({
    games: z.array(TournamentGameSchema).openapi({ description: "A page of the games, in play order." }),
    next: NextLinkSchema,
  })
  .openapi("TournamentGamePage", {
    description: "A page of a tournament's games.",
    example: { games: examples.tournament.running.games as never, next: null },
  });
