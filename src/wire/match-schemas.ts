/**
 * Wire schemas of hosted matches, shared by the HTTP routes (src/http/routes/matches.ts, replay.ts) and
 * the Durable Object, which checks WebSocket messages with the same schemas as the HTTP bodies, so a
 * move is refused alike whichever way it arrives. Seats are numbered 0 and 1 on the wire, as in the
 * reducer; `firstSeat` makes the opening give. The examples are computed by `npm run openapi`
 * (examples.json).
 */
import { z } from "@hono/zod-openapi";
import {
  AttributeValueSchema,
  CellNameSchema,
  CellSchema,
  LevelSchema,
  MoveInputSchema,
  MoveTextSchema,
  PhaseSchema,
  PieceSchema,
  PositionOutputSchema,
  RoleSchema,
  RulesInputSchema,
  RulesSchema,
  WinningShapeSchema,
  withDefault,
} from "./schemas.ts";
import { EXAMPLE_MATCH_ID, EXAMPLE_SEAT_TOKEN, EXAMPLE_SEAT_TOKEN_2 } from "./example-inputs.ts";
import examples from "./examples.json" with { type: "json" };
import { RESULT_REASONS } from "../match/index.ts";

const T = (second: number) => new Date(Date.UTC(2026, 9, 1, 12, 0, second)).toISOString();

// ---- inputs ----

export const SeatIndexSchema = z.literal([0, 1]).openapi("SeatIndex", {
  // One integer schema: a literal's document would give `type: number`, and a union of literals two
  // one-value enums.
  type: "integer",
  enum: [0, 1],
  description:
    "A seat of a match: 0 or 1, fixed when the match is created. The seat `firstSeat` holds the role `first` (it makes the opening give); see docs/rules.md, section Who is who: seats, roles and names.",
  example: 1,
});

const DAY_MS = 86_400_000;

export const ClockSchema = z
  .discriminatedUnion("kind", [
    z
      .strictObject({ kind: z.literal("none").openapi({ description: "No clock." }) })
      .openapi("NoClock", { description: "No clock.", example: { kind: "none" } }),
    z
      .strictObject({
        kind: z.literal("move").openapi({ description: "A limit per move (tournament play: one minute per move)." }),
        moveMs: z.number().int().min(1000).max(DAY_MS).openapi({ description: "Time for each move, in milliseconds.", example: 60_000 }),
      })
      .openapi("MoveClock", { description: "A time limit for each move.", example: { kind: "move", moveMs: 60_000 } }),
    z
      .strictObject({
        kind: z.literal("game").openapi({ description: "A game clock: a time budget per seat, plus an increment after each of its moves." }),
        initialMs: z.number().int().min(1000).max(DAY_MS).openapi({ description: "Each seat's starting time, in milliseconds.", example: 300_000 }),
        incrementMs: withDefault(z.number().int().min(0).max(3_600_000), 0, { description: "Added to a seat's time after each of its moves.", example: 2000 }),
      })
      .openapi("GameClock", { description: "A time budget per seat for the whole game.", example: { kind: "game", initialMs: 300_000, incrementMs: 2000 } }),
  ])
  .openapi("Clock", {
    description:
      "The match clock. On flag fall the player to move loses on time (enforced by the server even when nobody is connected). Engine seats play untimed.",
    example: { kind: "move", moveMs: 60_000 },
  });

const SeatInputSchema = z
  .discriminatedUnion("kind", [
    z
      .strictObject({
        kind: z.literal("human").openapi({ description: "A person, or any program holding the seat's token." }),
        take: withDefault(z.boolean(), false, {
          description: "Take this seat now (its token is in the answer); otherwise it stays open for `POST /v1/matches/{id}/join`.",
          example: true,
        }),
        name: z.string().min(1).max(40).optional().openapi({ description: "A display name.", example: "Ada" }),
      })
      .openapi("HumanSeatInput", { description: "A seat for a person (or a program with the token).", example: { kind: "human", take: true, name: "Ada" } }),
    z
      .strictObject({
        kind: z.literal("engine").openapi({ description: "The server's engine." }),
        level: withDefault(LevelSchema, "hard", { description: "How strongly the engine plays." }),
        maxNodes: z
          .number()
          .int()
          .min(1000)
          .optional()
          .openapi({ description: "Node budget per move (at most the server's ENGINE_MAX_NODES; default ENGINE_DEFAULT_NODES).", example: 200_000 }),
      })
      .openapi("EngineSeatInput", { description: "A seat for the server's engine.", example: { kind: "engine", level: "hard" } }),
    z
      .strictObject({
        kind: z.literal("bot").openapi({ description: "A registered bot (webhook or connected)." }),
        bot: z.string().min(1).max(40).openapi({ description: "The bot's id (from POST /v1/bots).", example: "b4n6xr2mq7tz3kc5vj3wd2hp6e" }),
        token: z.string().min(1).max(200).optional().openapi({
          description: "The bot's management token: needed when its `entry` is `owner` (without it: 403 `registry/entry_refused`).",
          example: "m8Xc2vB5nQ1wE7rT4yU9iO3pA6sD0fGh_jKlZ-xCvBn",
        }),
      })
      .openapi("BotSeatInput", {
        description:
          "A seat for a registered bot: the match asks it for its moves with the bot protocol (a webhook bot's `POST /move`, a connected bot's event stream), under the match's clock; a bot that misbehaves loses by forfeit, as in a tournament.",
        example: { kind: "bot", bot: "b4n6xr2mq7tz3kc5vj3wd2hp6e" },
      }),
  ])
  .openapi("SeatInput", {
    description: "Who plays a seat: a person (or any program holding the seat's token), or the server's engine.",
    example: { kind: "human", take: true, name: "Ada" },
  });

export const OpeningInputSchema = z
  .string()
  .min(1)
  .max(400)
  .regex(/^[^\n\r]*$/, "one line")
  .openapi("OpeningInput", {
    description:
      "An opening: a built-in suite's opening by name (`classic/07`), a game record in text from the empty board (`................. -8 a1-9`), or a position string (`8.9A............B`, recorded as the game that places its pieces in cell order). Its moves are played before the players move (the record keeps them as its first moves); it must leave the game going, with no Quarto on the board.",
    example: "................. -8 a1-9 b2-3",
  });

export const CreateMatchRequestSchema = z
  .strictObject({
    rules: RulesInputSchema.optional(),
    clock: withDefault(ClockSchema, { kind: "none" }, { description: "The match clock." }),
    firstSeat: withDefault(z.union([SeatIndexSchema, z.literal("random")]), "random", {
      description: "The seat that makes the opening give (the role `first`): 0, 1, or `random` (drawn by lot, as the rules say).",
      example: "random",
    }),
    opening: OpeningInputSchema.optional().openapi({
      description:
        "Start from an opening instead of the empty board (by default none); a built-in suite's name alone (`classic`, `squares`) draws one of its openings by lot. Its moves are played at creation and charged to no clock; the record keeps them as its first moves, made by `firstSeat` and then the other seat in turn (so the seat to move after an opening of an even number of moves is `firstSeat`), and `opening` in the state names it.",
      example: "classic/01",
    }),
    seats: withDefault(
      z.array(SeatInputSchema).length(2).openapi({ minItems: 2, maxItems: 2 }),
      [
        { kind: "human", take: true },
        { kind: "human", take: false },
      ],
      { description: "Seats 0 and 1, in that order.", shown: "the creator takes seat 0 and seat 1 is open" },
    ),
  })
  .openapi("CreateMatchRequest", {
    description: "A new match; every field is optional.",
    example: {
      rules: { announce: "manual" },
      clock: { kind: "move", moveMs: 60_000 },
      firstSeat: "random",
      seats: [{ kind: "human", take: true }, { kind: "human" }],
    },
  });

export const JoinRequestSchema = z
  .strictObject({
    seat: SeatIndexSchema.optional().openapi({ description: "The open seat to take; default the first open one." }),
    name: z.string().min(1).max(40).optional().openapi({ description: "A display name.", example: "Grace" }),
  })
  .openapi("JoinRequest", { description: "Which open seat to take (optional).", example: { seat: 1, name: "Grace" } });

const AnnouncementSchema = z
  .strictObject({
    shape: z.union([z.number().int().min(0).max(18), z.array(z.union([CellSchema, CellNameSchema])).length(4).openapi({ minItems: 4, maxItems: 4 })]).openapi({
      description: "The completed shape: its index (rows 0-3, columns 4-7, diagonals 8-9, squares 10-18) or its four cells.",
      example: ["a1", "b1", "c1", "d1"],
    }),
    attribute: AttributeValueSchema.openapi({ description: "The attribute value its four pieces share.", example: "tall" }),
  })
  .openapi("Announcement", {
    description: '"Quarto!": the shape and the attribute value it shares, checked by the server.',
    example: { shape: ["a1", "b1", "c1", "d1"], attribute: "tall" },
  });

const PlySchema = z.number().int().min(0).max(17);

export const MatchMoveRequestSchema = z
  .strictObject({
    ply: PlySchema.openapi({ description: "The ply you believe is current (the state's `ply`); a mismatch is a 409 `match/stale_ply`.", example: 3 }),
    place: MoveInputSchema.shape.place,
    give: MoveInputSchema.shape.give,
    quarto: z.union([z.boolean(), AnnouncementSchema]).optional().openapi({
      description:
        'Announce "Quarto!" with this placement: `true`, or the shape and attribute (then both are checked). Required to win under `announce: manual`; a wrong announcement is a 422 and changes nothing.',
    }),
  })
  .openapi("MatchMoveRequest", {
    description: "A move in a match: place the piece in hand (not at ply 0), then give one (not when the placement ends the game).",
    example: { ply: 3, place: "c1", give: "B" },
  });

export const ClaimRequestSchema = z
  .strictObject({
    ply: PlySchema.optional().openapi({ description: "The current ply, checked when given.", example: 5 }),
    quarto: AnnouncementSchema.optional().openapi({ description: "The missed shape and attribute, checked when given." }),
  })
  .openapi("ClaimRequest", {
    description: "Claim the Quarto the opponent completed and did not announce (announce: manual, missedClaim: true), before placing.",
    example: { ply: 5, quarto: { shape: 0, attribute: "tall" } },
  });

// ---- outputs ----

const InstantSchema = z.string().openapi({ format: "date-time", example: T(20) });

const SeatViewSchema = z
  .object({
    seat: SeatIndexSchema,
    role: RoleSchema.openapi({ description: "The seat's role: `first` for seat `firstSeat`, which makes the opening give." }),
    kind: z.enum(["human", "engine", "bot"]).openapi({
      description: "`human`: whoever holds the seat's token; `engine`: the server's engine; `bot`: a tournament bot, moved by its tournament.",
      example: "human",
    }),
    taken: z.boolean().openapi({ description: "Human seats: whether someone holds its token. Engine and bot seats: always true." }),
    name: z.union([z.string(), z.null()]).openapi({ description: "Human seats: the display name, if any. Bot seats: the bot's name.", example: "Ada" }),
    level: z.union([LevelSchema, z.null()]).openapi({ description: "Engine seats: the level." }),
  })
  .openapi("SeatView", { example: { seat: 0, role: "first", kind: "human", taken: true, name: "Ada", level: null } });

const ClocksViewSchema = z
  .object({
    remainingMs: z
      .array(z.union([z.number().int(), z.null()]))
      .length(2)
      .openapi({
        minItems: 2,
        maxItems: 2,
        description: "Time left per seat as of `asOf` (null: no clock, an engine seat, or not the mover's turn under a per-move limit).",
        example: [null, 53_000],
      }),
    running: z.union([SeatIndexSchema, z.null()]).openapi({ description: "The seat whose clock is running, if any." }),
    deadline: z.union([InstantSchema, z.null()]).openapi({ description: "When the seat to move loses on time, if ever." }),
    asOf: InstantSchema,
  })
  .openapi("ClocksView", { example: { remainingMs: [null, 53_000], running: 1, deadline: T(80), asOf: T(27) } });

const TurnSchema = z
  .object({
    seat: SeatIndexSchema,
    role: RoleSchema.openapi({ description: "The role of the seat to move (the position's `toMove`)." }),
    phase: PhaseSchema,
    piece: z.union([PieceSchema, z.null()]).openapi({ description: "The piece to place (phase `place`), or null (phase `give`)." }),
  })
  .openapi("Turn", {
    description: "Whose turn it is and what they must do: give, or place then give.",
    example: { seat: 1, role: "second", phase: "place", piece: 10 },
  });

const ResultSchema = z
  .object({
    winner: z.union([SeatIndexSchema, z.null()]).openapi({ description: "The winning seat; null for a draw, an aborted or a cancelled match." }),
    winnerRole: z.union([RoleSchema, z.null()]).openapi({ description: "The winning seat's role (`first` or `second`); null when `winner` is." }),
    reason: z.enum(RESULT_REASONS).openapi({
      description:
        "`quarto` (the winner completed and, under `announce: manual`, announced a Quarto), `draw` (the board is full), `timeout` (the seat to move ran out of time), `resignation`, `claim` (the winner claimed a Quarto the placer missed), `forfeit` (a tournament bot misbehaved: see `forfeitCode`), `aborted` (a player called the match off before the first placement), `cancelled` (ended from outside at any ply, e.g. its tournament was cancelled).",
      example: "quarto",
    }),
    shapes: z.array(WinningShapeSchema).openapi({ description: "The deciding Quarto (reasons `quarto` and `claim`), else empty." }),
    detail: z
      .union([z.string(), z.null()])
      .openapi({ description: "More about the ending, in words (e.g. who ran out of time).", example: "seat 1 ran out of time" }),
    forfeitCode: z.string().optional().openapi({
      description:
        "Reason `forfeit` only: the code of the misbehaviour that lost the game (a tournament bot's `bot/timeout`, `bot/illegal_move`, ...; see docs/bot-protocol.md).",
      example: "bot/illegal_move",
    }),
    at: InstantSchema,
  })
  .openapi("MatchResult", {
    description: "How the match ended.",
    example: examples.match.finished.result as never,
  });

const MoveRecordSchema = z
  .object({
    ply: z.number().int().min(0).max(16).openapi({ description: "The ply before the move (0: the opening give)." }),
    seat: SeatIndexSchema,
    role: RoleSchema.openapi({ description: "The role of the seat that moved: `first` on even plies, `second` on odd ones." }),
    move: z
      .object({
        place: CellSchema.optional().openapi({ description: "The cell the piece in hand went to; absent for the opening give." }),
        give: PieceSchema.optional().openapi({ description: "The piece handed over; absent when the placement ended the game." }),
        quarto: z.literal(true).optional().openapi({ description: "Present when the move announced Quarto." }),
      })
      .openapi({ description: "The move, with cells and pieces as numbers.", example: { place: 0, give: 9 } }),
    text: MoveTextSchema,
    at: InstantSchema,
    elapsedMs: z.number().int().min(0).openapi({ description: "The time the move took (for engine seats: not charged to any clock)." }),
  })
  .openapi("MatchMove", { example: examples.match.active.moves[1] as never });

const MatchStatusSchema = z.enum(["waiting", "active", "finished"]).openapi("MatchStatus", {
  description: "`waiting` for a seat to be taken (clocks not running), `active`, or `finished` (see `result`).",
  example: "active",
});

const MatchOpeningViewSchema = z
  .object({
    name: z.string().openapi({
      description: "The opening's name: a built-in suite's (`classic/01`) or `opening` for one given as a record or a position.",
      example: "classic/01",
    }),
    plies: z
      .number()
      .int()
      .min(0)
      .max(15)
      .openapi({ description: "The first `plies` moves of the record are the opening's, played at creation and charged to no clock.", example: 6 }),
  })
  .openapi("MatchOpening", { description: "The opening a match started from.", example: { name: "classic/01", plies: 6 } });

export const MatchViewSchema = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_MATCH_ID }),
    status: MatchStatusSchema,
    rules: RulesSchema,
    clock: ClockSchema,
    firstSeat: SeatIndexSchema,
    seats: z.array(SeatViewSchema).length(2).openapi({ description: "Seats 0 and 1.", minItems: 2, maxItems: 2 }),
    ply: z.number().int().min(0).max(17).openapi({ description: "Moves played; send it back as `ply` with your next move.", example: 3 }),
    position: PositionOutputSchema,
    turn: z.union([TurnSchema, z.null()]).openapi({ description: "Whose turn it is; null once finished." }),
    clocks: ClocksViewSchema,
    result: z.union([ResultSchema, z.null()]).openapi({ description: "How the match ended; null while it is not over." }),
    moves: z.array(MoveRecordSchema).openapi({ description: "Every move so far, with its time." }),
    text: z.string().openapi({ description: "The game so far as one line: the start position, then the moves.", example: "................. -8 a1-9 b1-A" }),
    createdAt: InstantSchema,
    tournamentId: z.string().optional().openapi({ description: "Tournament games only: the tournament the game belongs to (`GET /v1/tournaments/{id}`)." }),
    opening: MatchOpeningViewSchema.optional().openapi({
      description: "Present when the match started from an opening: its name and how many of `moves` are its own.",
    }),
  })
  .openapi("Match", {
    description:
      "The public state of a match, the same for players and spectators. A missed Quarto that may still be claimed is not shown: noticing it is part of the game.",
    example: examples.match.active as never,
  });

const SeatTokenSchema = z
  .object({
    seat: SeatIndexSchema,
    token: z.string().openapi({ description: "The seat's secret: send it as `Authorization: Bearer <token>`. Shown only once.", example: EXAMPLE_SEAT_TOKEN }),
  })
  .openapi("SeatToken", { example: { seat: 0, token: EXAMPLE_SEAT_TOKEN } });

export const CreatedMatchSchema = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_MATCH_ID }),
    url: z.string().openapi({ format: "uri-reference", description: "The match's URL.", example: `/v1/matches/${EXAMPLE_MATCH_ID}` }),
    tokens: z.array(SeatTokenSchema).openapi({ description: "A token for each human seat the creator took." }),
    state: MatchViewSchema,
  })
  .openapi("CreatedMatch", {
    example: {
      id: EXAMPLE_MATCH_ID,
      url: `/v1/matches/${EXAMPLE_MATCH_ID}`,
      tokens: [{ seat: 0, token: EXAMPLE_SEAT_TOKEN }],
      state: examples.match.created as never,
    },
  });

export const JoinedMatchSchema = z.object({ seat: SeatIndexSchema, token: SeatTokenSchema.shape.token, state: MatchViewSchema }).openapi("JoinedMatch", {
  description: "The seat taken and its token (shown only once).",
  example: { seat: 1, token: EXAMPLE_SEAT_TOKEN_2, state: examples.match.active as never },
});

export const MoveReplySchema = z
  .object({
    duplicate: z.boolean().openapi({ description: "True when this exact move had already been played (a retried request): it was not played again." }),
    state: MatchViewSchema,
  })
  .openapi("MoveReply", { description: "The state after the command.", example: { duplicate: false, state: examples.match.active as never } });

export const MatchRecordSchema = z
  .object({
    id: z.string().openapi({ example: EXAMPLE_MATCH_ID }),
    rules: RulesSchema,
    clock: ClockSchema,
    firstSeat: SeatIndexSchema,
    seats: z.array(SeatViewSchema).length(2).openapi({ description: "Seats 0 and 1.", minItems: 2, maxItems: 2 }),
    createdAt: InstantSchema,
    moves: z.array(MoveRecordSchema).openapi({ description: "Every move, with its time." }),
    result: z.union([ResultSchema, z.null()]).openapi({ description: "How the match ended; null while it is not over." }),
    text: z.string().openapi({
      description: "The record as one line: the start position string, then every move in text notation.",
      example: "................. -8 a1-9 b1-A",
    }),
  })
  .openapi("MatchRecord", {
    description: "The complete game record, from which the match replays exactly (POST /v1/replay accepts it as is).",
    example: examples.match.record as never,
  });

// ---- the stream (GET /v1/matches/{id}/stream, and the WebSocket's messages to a spectator) ----

const MatchEventSchema = z
  .object({
    kind: z.enum(["joined", "started", "move", "claim", "resignation", "abort", "timeout", "forfeit", "cancel", "clock"]).openapi({
      description:
        "What happened (`forfeit`, `cancel` and `clock` only in tournament games; `clock`: the turn's clock started again, for time the server lost).",
    }),
    seat: z.union([SeatIndexSchema, z.null()]).openapi({ description: "The seat that acted, or null." }),
    ply: z.number().int().min(0).max(16).openapi({ description: "The ply at which it happened." }),
  })
  .openapi("MatchEvent", { description: "What changed the match.", example: { kind: "move", seat: 1, ply: 3 } });

export const MatchStreamMessageSchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("state").openapi({ description: "The match as it is." }),
        seat: z.null().openapi({ description: "The seat this stream speaks for: none (the stream is a spectator's)." }),
        state: MatchViewSchema,
      })
      .openapi("MatchStreamState", {
        description: "The first line: the match as it is.",
        example: { type: "state", seat: null, state: examples.match.active as never },
      }),
    z
      .object({
        type: z.literal("event").openapi({ description: "A change." }),
        event: MatchEventSchema,
        state: MatchViewSchema,
      })
      .openapi("MatchStreamEvent", {
        description: "A change, with the state after it.",
        example: { type: "event", event: { kind: "move", seat: 1, ply: 3 }, state: examples.match.active as never },
      }),
  ])
  .openapi("MatchStreamMessage", {
    description: "One line of `GET /v1/matches/{id}/stream`: the same messages as the WebSocket sends a spectator.",
    example: { type: "event", event: { kind: "move", seat: 1, ply: 3 }, state: examples.match.active as never },
  });

// ---- replay ----

const ReplayMoveSchema = z
  .union([
    MoveTextSchema,
    z.looseObject({
      move: MoveInputSchema,
      ply: z.number().int().min(0).max(16).optional(),
      seat: SeatIndexSchema.optional(),
      text: MoveTextSchema.optional(),
    }),
  ])
  .openapi("ReplayMove", {
    description: "A move in text notation, or a record's move entry (`ply`, `seat` and `text` are checked when present).",
    example: "a1-9",
  });

export const ReplayRequestSchema = z
  .looseObject({
    rules: RulesInputSchema.optional(),
    firstSeat: SeatIndexSchema.optional().openapi({ description: "The seat that made the opening give (default 0)." }),
    text: z
      .string()
      .max(400)
      .optional()
      .openapi({ description: "The record as one line (start position string, then the moves).", example: "................. -8 a1-9 b1-A c1-B d1" }),
    moves: z.array(ReplayMoveSchema).max(17).optional().openapi({ description: "The moves, instead of `text` (if both are given they must agree)." }),
    result: z
      .union([z.looseObject({ winner: z.union([SeatIndexSchema, z.null()]), reason: z.enum(RESULT_REASONS) }), z.null()])
      .optional()
      .openapi({
        description:
          "The recorded result, checked against the moves when given; null (a match in progress, as its record says) requires the moves to leave the game open.",
      }),
  })
  .openapi("ReplayRequest", {
    description: "A game record: the JSON record of GET /v1/matches/{id}/record as is, or `text` (with `rules`), or a list of `moves`.",
    example: { rules: { announce: "auto" }, text: "................. -8 a1-9 b1-A c1-B d1" },
  });

const ReplayStepSchema = z
  .object({
    ply: z.number().int().min(0).max(17).openapi({ description: "Moves played up to this position.", example: 1 }),
    seat: z.union([SeatIndexSchema, z.null()]).openapi({ description: "The seat that made the move leading here (null for the start)." }),
    role: z.union([RoleSchema, z.null()]).openapi({ description: "That seat's role (null for the start)." }),
    move: z.union([MoveTextSchema, z.null()]).openapi({ description: "The move leading here, in text (null for the start)." }),
    position: PositionOutputSchema,
  })
  .openapi("ReplayStep", {
    example: {
      ply: 1,
      seat: 0,
      role: "first",
      move: "-8",
      position: { string: "................8", json: { board: Array.from({ length: 16 }, () => null), inHand: 8 }, ply: 1, toMove: "second" },
    },
  });

export const ReplaySchema = z
  .object({
    valid: z.literal(true).openapi({ description: "Every move is legal and the recorded result (if any) agrees with them." }),
    rules: RulesSchema,
    firstSeat: SeatIndexSchema,
    text: z.string().openapi({ example: "................. -8 a1-9 b1-A c1-B d1!" }),
    positions: z.array(ReplayStepSchema).openapi({ description: "Every position of the game: the start, then one after each move." }),
    status: z.enum(["ongoing", "finished"]).openapi({ description: "Whether the moves (and result) end the game." }),
    result: z.union([ResultSchema.omit({ at: true }), z.null()]).openapi({ description: "How the game ended, by the moves or the recorded result." }),
  })
  .openapi("Replay", { description: "A valid record, replayed: every position.", example: examples.match.replay as never });

// ---- WebSocket ----

export const ClientMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("auth"), token: z.string().min(1).max(200), id: z.unknown().optional() }),
  z.strictObject({ type: z.literal("state"), id: z.unknown().optional() }),
  MatchMoveRequestSchema.extend({ type: z.literal("move"), id: z.unknown().optional() }),
  ClaimRequestSchema.extend({ type: z.literal("claim"), id: z.unknown().optional() }),
  z.strictObject({ type: z.literal("resign"), id: z.unknown().optional() }),
  z.strictObject({ type: z.literal("abort"), id: z.unknown().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

export type CreateMatchRequest = z.infer<typeof CreateMatchRequestSchema>;
export type MatchMoveRequest = z.infer<typeof MatchMoveRequestSchema>;
export type ClaimRequest = z.infer<typeof ClaimRequestSchema>;
export type JoinRequest = z.infer<typeof JoinRequestSchema>;
export type Announcement = z.infer<typeof AnnouncementSchema>;
export type MatchView = z.infer<typeof MatchViewSchema>;
export type MatchRecordOutput = z.infer<typeof MatchRecordSchema>;
export type SeatView = z.infer<typeof SeatViewSchema>;
export type ResultOutput = z.infer<typeof ResultSchema>;
export type ReplayRequest = z.infer<typeof ReplayRequestSchema>;
export type ReplayOutput = z.infer<typeof ReplaySchema>;
