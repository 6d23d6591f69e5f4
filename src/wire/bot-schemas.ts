/**
 * Wire schemas of bots: the bot protocol (documented as OpenAPI webhooks and served by the built-in
 * bots at /bots/{name}/) and the bot registry. The protocol's TypeScript types live in
 * src/bots/protocol.ts (a pure layer without zod); the schemas here describe the same JSON, and their
 * examples are produced by that code (`npm run openapi` writes them to examples.json), so the two
 * cannot drift.
 */
import { z } from "@hono/zod-openapi";
import { FORFEIT_CODES, MIN_SECRET_BYTES } from "../bots/index.ts";
import { LEVELS } from "../engine/index.ts";
import { RESULT_REASONS } from "../match/index.ts";
import {
  CellNameSchema,
  CellSchema,
  MoveTextSchema,
  PhaseSchema,
  PieceCharSchema,
  PieceSchema,
  POSITION_PATTERN,
  PositionJsonSchema,
  PositionStringSchema,
  RoleSchema,
  RulesSchema,
} from "./schemas.ts";
import { EXAMPLE_BOT_ID, EXAMPLE_BOT_SECRET, EXAMPLE_MANAGEMENT_TOKEN, EXAMPLE_TOURNAMENT_ID } from "./example-inputs.ts";
import examples from "./examples.json" with { type: "json" };
import { NextLinkSchema } from "./pagination.ts";
import { LadderEntrySchema } from "./ladder-schemas.ts";

// ---- the bot protocol ----

const ProtocolSchema = z.literal(1).openapi({ description: "The protocol version: 1." });
const IdsDescription = {
  tournamentId: "The tournament; null outside one (a conformance check).",
  gameId: "The game in its tournament (`g1`, `g2`, ...); a game aborted and replayed keeps its id.",
  matchId: "This attempt at the game: the hosted match (`GET /v1/matches/{matchId}` shows it); a replay gets a new one.",
};

const BotHistoryMoveSchema = z
  .object({
    ply: z.number().int().min(0).max(16).openapi({ description: "The ply before the move (0: the opening give)." }),
    seat: RoleSchema,
    move: z
      .object({
        place: CellSchema.optional().openapi({ description: "The cell the piece in hand went to; absent for the opening give." }),
        give: PieceSchema.optional().openapi({ description: "The piece handed over; absent when the placement ended the game." }),
        quarto: z.boolean().optional().openapi({ description: "Present when the move announced Quarto." }),
      })
      .openapi({ description: "The move, with cells and pieces as numbers.", example: { place: 5, give: 4 } }),
    text: MoveTextSchema,
  })
  .openapi("BotHistoryMove", {
    description: "A move already played, as a bot sees it.",
    example: { ply: 1, seat: "second", move: { place: 5, give: 4 }, text: "b2-4" },
  });

export const BotMoveRequestSchema = z
  .looseObject({
    protocol: ProtocolSchema,
    tournamentId: z.union([z.string(), z.null()]).openapi({ description: IdsDescription.tournamentId, example: EXAMPLE_TOURNAMENT_ID }),
    gameId: z.string().openapi({ description: IdsDescription.gameId, example: "g12" }),
    matchId: z.string().openapi({ description: IdsDescription.matchId, example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    ply: z.number().int().min(0).max(16).openapi({ description: "Moves played so far; the answer is the move at this ply.", example: 3 }),
    seat: RoleSchema,
    phase: PhaseSchema,
    position: PositionStringSchema,
    positionJson: PositionJsonSchema,
    rules: RulesSchema,
    availablePieces: z.array(PieceSchema).openapi({ description: "Pieces that can still be given (after this placement, when placing)." }),
    emptyCells: z.array(CellSchema).openapi({ description: "The empty cells." }),
    moves: z.array(BotHistoryMoveSchema).openapi({ description: "Every move so far." }),
    canClaim: z.boolean().openapi({
      description: "True when the opponent completed a Quarto without announcing it and this bot may claim it now (`announce: manual` with `missedClaim`).",
    }),
    clock: z
      .object({
        timeLeftMs: z
          .number()
          .int()
          .min(0)
          .openapi({ description: "The time left for this move, in ms, round trip included: answer well before it.", example: 1000 }),
      })
      .openapi({ description: "The bot's clock for this move." }),
    opponent: z.object({ name: z.string().openapi({ description: "The opponent's name.", example: "bob" }) }).openapi({ description: "Who the bot plays." }),
    opening: z
      .object({
        name: z.string().openapi({ description: "The opening's name: a built-in suite's (`classic/07`) or its tournament's.", example: "classic/07" }),
        plies: z
          .number()
          .int()
          .min(0)
          .max(16)
          .openapi({ description: "How many of `moves` the opening made: they were played when the match was created, by neither bot.", example: 6 }),
      })
      .optional()
      .openapi({ description: "Present only when the game started from an opening (an opening suite's position): which one, and how long it is." }),
  })
  .openapi("BotMoveRequest", {
    description:
      "Body of `POST {botUrl}/move`: the whole state of the game, so a bot needs no memory between calls. `seat` is the role the bot plays (`first` made the opening give); `phase` is `give` at the opening (only choose a piece to hand over), else `place` (place the piece in hand, then give).",
    example: examples.bots.moveRequest as never,
  });

export const BotMoveAnswerSchema = z
  .looseObject({
    place: z.union([CellSchema, CellNameSchema]).optional().openapi({ description: "The cell to place the piece in hand on; absent for the opening give." }),
    give: z.union([PieceSchema, PieceCharSchema]).optional().openapi({ description: "The piece to hand over; absent when the placement ends the game." }),
    quarto: z.boolean().optional().openapi({ description: 'Announce "Quarto!" (needed to win under `announce: manual`).' }),
    claim: z.boolean().optional().openapi({ description: "Claim the Quarto the opponent completed and did not announce (only when `canClaim`)." }),
  })
  .openapi("BotMoveAnswer", {
    description: "A bot's move: the same form as a hosted-match move. Anything that is not a legal move is a `bot/illegal_move` forfeit.",
    example: { place: 10, give: 3 },
  });

export const BotInfoSchema = z
  .object({
    name: z.string().min(1).openapi({ description: "The bot's own name.", example: "my-bot" }),
    author: z.string().optional().openapi({ description: "Who wrote it.", example: "Ada" }),
    version: z.string().optional().openapi({ description: "Its version.", example: "0.3" }),
  })
  .openapi("BotInfo", { description: "Body of the answer to `GET {botUrl}/`: who the bot is.", example: { name: "alice", author: "Ada", version: "0.3" } });

export const BotEndNoticeSchema = z
  .looseObject({
    protocol: ProtocolSchema,
    tournamentId: z.union([z.string(), z.null()]).openapi({ description: IdsDescription.tournamentId, example: EXAMPLE_TOURNAMENT_ID }),
    gameId: z.string().openapi({ description: IdsDescription.gameId, example: "g12" }),
    matchId: z.string().openapi({ description: IdsDescription.matchId, example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    seat: RoleSchema,
    opponent: z.object({ name: z.string().openapi({ description: "The opponent's name.", example: "bob" }) }).openapi({ description: "Who the bot played." }),
    outcome: z
      .enum(["win", "loss", "draw", "aborted"])
      .openapi({ description: "From this bot's seat; `aborted`: the game did not count and is replayed.", example: "win" }),
    reason: z.enum(RESULT_REASONS).openapi({ description: "How the match ended.", example: "quarto" }),
    forfeitCode: z.string().optional().openapi({ description: "For a forfeit: the code of the misbehaviour.", example: "bot/timeout" }),
    detail: z.string().optional().openapi({ description: "More about the ending, in words.", example: "POST /move took longer than 1000 ms (no answer)" }),
    position: PositionStringSchema,
    moves: z.array(BotHistoryMoveSchema).openapi({ description: "Every move of the game." }),
  })
  // The position's pattern is the spec's (PositionString): checked here, since no rules code reads this position.
  .refine((notice) => POSITION_PATTERN.test(notice.position), { path: ["position"], message: "a position string is 17 characters, each a hex digit 0-F or '.'" })
  .openapi("BotEndNotice", { description: "Body of `POST {botUrl}/end`: how a game ended, from the bot's seat.", example: examples.bots.endNotice as never });

export const BotEndReceiptSchema = z
  .object({ received: z.literal(true).openapi({ description: "Always true; the arena ignores the answer anyway." }) })
  .openapi("BotEndReceipt", { description: "What the built-in bots answer to `POST /end`.", example: { received: true } });

/** The Standard Webhooks headers on every call to a bot. */
export const SignatureHeadersSchema = z.object({
  "webhook-id": z.string().openapi({
    param: { name: "webhook-id", in: "header", description: "A unique id per call." },
    example: "msg_2b9e4f3c1d0a4e8f9a7b6c5d4e3f2a1b",
  }),
  "webhook-timestamp": z.string().openapi({
    param: { name: "webhook-timestamp", in: "header", description: "When the call was signed, in seconds since the epoch." },
    example: "1790856000",
  }),
  "webhook-signature": z.string().openapi({
    param: {
      name: "webhook-signature",
      in: "header",
      description:
        "`v1,` + base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the bot's secret after `whsec_`.",
    },
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
});

// ---- the registry ----

const BOT_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$/;

/** How the service reaches a bot: it calls its URL (`webhook`), or the bot connects out and reads its event stream (`stream`). */
const BOT_CONNECTIONS = ["webhook", "stream"] as const;

const BotConnectionSchema = z.enum(BOT_CONNECTIONS).openapi("BotConnection", {
  description:
    "`webhook` (the default): the bot is a web server at `url` that the service calls (`POST {url}/move`, `POST {url}/end`). `stream`: the bot has no URL; it connects out with its management token, reads `GET /v1/bots/{id}/events` (newline-delimited JSON, or a long poll) and answers each move request with `POST /v1/bots/{id}/moves/{requestId}`: the same bodies, clocks and forfeits as a webhook bot.",
  example: "webhook",
});

/** Who may make the service call a bot: anyone (`open`), or only a request that carries its management token (`owner`). */
const BOT_ENTRIES = ["open", "owner"] as const;

const BotEntrySchema = z.enum(BOT_ENTRIES).openapi("BotEntry", {
  description:
    "Who may enter the bot in a tournament or seat it in a hosted match: `open`, anyone; `owner` (the default at registration), only a request that carries the bot's management token (in a tournament's `bots`, `{\"id\", \"token\"}`; otherwise a 403 `registry/entry_refused`). The ladder is the owner's choice either way. Bots registered before this setting existed are `open`.",
  example: "owner",
});

export const RegisterBotRequestSchema = z
  .strictObject({
    name: z
      .string()
      .regex(BOT_NAME_PATTERN, "1-40 letters, digits, '_', '.' or '-', starting with a letter or digit")
      .openapi({
        description: `The bot's name in tournaments: 1-40 letters, digits, \`_\`, \`.\` or \`-\`; unique (case-insensitive), and not a built-in bot's name (${LEVELS.join(", ")}).`,
        example: "alice",
      }),
    connection: BotConnectionSchema.optional(),
    url: z.string().min(1).max(2000).optional().openapi({
      description:
        "Required for a `webhook` bot, absent for a `stream` one. " +
        "The bot's base URL: http or https, no credentials, query, fragment, spaces or control characters, on a public host (no loopback, private, link-local or local name; allowed only where the service runs with ALLOW_PRIVATE_BOT_URLS, as under npm start). Stored normalized (WHATWG URL serialization). The arena calls `{url}/`, `{url}/move` and `{url}/end`.",
      example: "http://127.0.0.1:9001",
    }),
    entry: BotEntrySchema.optional(),
    secret: z.string().max(200).optional().openapi({
      description: `The bot's own signing secret, for a bot that checks signatures from its first call: the service signs every call with it, the registration's \`GET {url}/\` included. The Standard Webhooks form, \`whsec_\` and base64 of at least ${MIN_SECRET_BYTES} random bytes (${MIN_SECRET_BYTES * 8} bits; make one with \`npm run arena -- secret\`); another is a 422 \`registry/bad_secret\`. Absent: the service makes one (32 bytes). Either way the answer shows it once.`,
      example: EXAMPLE_BOT_SECRET,
    }),
    ladder: z.boolean().optional().openapi({
      description:
        "Put the bot on the ladder at once: it is paired with the other ladder bots all the time and rated over all its ladder games (see GET /v1/ladder). Default: false.",
      example: true,
    }),
  })
  .openapi("RegisterBotRequest", { description: "A bot to register.", example: { name: "alice", url: "http://127.0.0.1:9001" } });

export const BotSchema = z
  .object({
    id: z.string().openapi({ description: "The bot's id: enter it in tournaments.", example: EXAMPLE_BOT_ID }),
    name: z.string().openapi({ description: "Its name in tournaments.", example: "alice" }),
    connection: BotConnectionSchema,
    url: z
      .union([z.string(), z.null()])
      .openapi({ format: "uri", description: "Its base URL, normalized (WHATWG URL serialization); null for a connected (`stream`) bot.", example: "http://127.0.0.1:9001/" }),
    info: BotInfoSchema,
    entry: BotEntrySchema,
    createdAt: z.string().openapi({ format: "date-time", description: "When it was registered.", example: "2026-10-01T12:00:00.000Z" }),
    connected: z.boolean().optional().openapi({
      description: "Only for a connected bot: whether it reads its event stream now (or long-polled in the last few seconds).",
      example: true,
    }),
    lastSeen: z
      .union([z.string(), z.null()])
      .optional()
      .openapi({ format: "date-time", description: "Only for a connected bot: when it was last connected (null: never).", example: "2026-10-01T12:05:00.000Z" }),
  })
  .openapi("Bot", { description: "A registered bot (its secret and token are never shown again).", example: examples.bots.bot as never });

export const RegisteredBotSchema = BotSchema.extend({
  secret: z.string().openapi({
    description: "The bot's signing secret (`whsec_...`): every call to the bot is signed with it. Shown only once.",
    example: EXAMPLE_BOT_SECRET,
  }),
  token: z.string().openapi({ description: "The management token: `Authorization: Bearer <token>` deletes the bot. Shown only once.", example: EXAMPLE_MANAGEMENT_TOKEN }),
  ladder: z
    .union([LadderEntrySchema, z.null()])
    .optional()
    .openapi({ description: "Its ladder entry, when the registration asked to join the ladder (`ladder: true`)." }),
}).openapi("RegisteredBot", {
  description: "A bot just registered, with its secret and management token.",
  example: { ...examples.bots.bot, secret: EXAMPLE_BOT_SECRET, token: EXAMPLE_MANAGEMENT_TOKEN } as never,
});

export const BotDetailSchema = BotSchema.extend({
  ladder: z.union([LadderEntrySchema, z.null()]).openapi({
    description: "Its ladder entry: status (and why it is paused, if it is), rating and record; null if it was never on the ladder.",
  }),
}).openapi("BotDetail", { description: "A registered bot, with its ladder entry.", example: { ...examples.bots.bot, ladder: null } as never });

const BuiltInBotSchema = z
  .object({
    name: z.enum(LEVELS).openapi({ description: "Its name: enter it in a tournament as is.", example: "easy" }),
    url: z.string().openapi({ format: "uri-reference", description: "Where it is served over HTTP with the bot protocol.", example: "/bots/easy" }),
  })
  .openapi("BuiltInBot", { description: "A built-in bot (the engine at one level).", example: { name: "easy", url: "/bots/easy" } });

export const BotListSchema = z
  .object({
    bots: z.array(BotSchema).openapi({ description: "A page of the registered bots, oldest first." }),
    next: NextLinkSchema,
    builtIn: z.array(BuiltInBotSchema).openapi({ description: "The built-in bots, usable in any tournament by name." }),
  })
  .openapi("BotList", {
    description: "The registered bots and the built-in ones.",
    example: { bots: [examples.bots.bot], next: null, builtIn: LEVELS.map((name) => ({ name, url: `/bots/${name}` })) } as never,
  });

export const RotateBotRequestSchema = z
  .strictObject({
    secret: z.string().max(200).optional().openapi({
      description: `The new signing secret, the bot's own (as at registration: \`whsec_\` and base64 of at least ${MIN_SECRET_BYTES} bytes, else a 422 \`registry/bad_secret\`); absent, the service makes one.`,
      example: EXAMPLE_BOT_SECRET,
    }),
  })
  .openapi("RotateBotRequest", { description: "What to rotate to (an empty body, or none: a secret the service makes).", example: { secret: EXAMPLE_BOT_SECRET } });

export const UpdateBotRequestSchema = z
  .strictObject({ entry: BotEntrySchema.optional() })
  .openapi("UpdateBotRequest", { description: "The settings to change (absent: unchanged).", example: { entry: "open" } });

// ---- connected bots: the event stream and the answers ----

const MoveEventSchema = z
  .object({
    type: z.literal("move").openapi({ description: "A move request." }),
    requestId: z.string().openapi({ description: "Answer with `POST /v1/bots/{id}/moves/{requestId}`.", example: "k3v7tq2mz5xj4c6rb3wn2hd5fa-3" }),
    request: BotMoveRequestSchema,
  })
  .openapi("BotStreamMove", {
    description:
      "A move request, open from when it is sent: `request` is exactly the body a webhook bot gets in `POST {botUrl}/move` (its `clock.timeLeftMs` runs from now). Sent again on every (re)connect while it is open.",
    example: { type: "move", requestId: `${examples.bots.moveRequest.matchId}-${examples.bots.moveRequest.ply}`, request: examples.bots.moveRequest } as never,
  });

const EndEventSchema = z
  .object({ type: z.literal("end").openapi({ description: "An end notice." }), notice: BotEndNoticeSchema })
  .openapi("BotStreamEnd", {
    description: "How a game ended: exactly the body a webhook bot gets in `POST {botUrl}/end`. Best effort: not sent again.",
    example: { type: "end", notice: examples.bots.endNotice } as never,
  });

const KeepAliveEventSchema = z
  .object({ type: z.literal("keepAlive").openapi({ description: "A keep-alive: nothing to do." }) })
  .openapi("BotStreamKeepAlive", {
    description: "Sent once the open requests have been sent at (re)connect, then at least every 20 seconds, so a client can tell a quiet stream from a dead one.",
    example: { type: "keepAlive" },
  });

export const BotStreamEventSchema = z
  .discriminatedUnion("type", [MoveEventSchema, EndEventSchema, KeepAliveEventSchema])
  .openapi("BotStreamEvent", {
    description: "One line of `GET /v1/bots/{id}/events` (application/x-ndjson): a JSON object with its `type`.",
    example: { type: "move", requestId: `${examples.bots.moveRequest.matchId}-${examples.bots.moveRequest.ply}`, request: examples.bots.moveRequest } as never,
  });

export const BotEventsPageSchema = z
  .object({ events: z.array(z.discriminatedUnion("type", [MoveEventSchema, EndEventSchema])).openapi({ description: "The events, oldest first; empty when none came within `wait`." }) })
  .openapi("BotEventsPage", {
    description: "The answer of a long poll (`GET /v1/bots/{id}/events?wait=`): the open move requests, or the next events.",
    example: { events: [{ type: "move", requestId: `${examples.bots.moveRequest.matchId}-${examples.bots.moveRequest.ply}`, request: examples.bots.moveRequest }] } as never,
  });

export const BotMoveReceiptSchema = z
  .object({
    accepted: z.literal(true).openapi({ description: "The answer was taken for this request (it is judged as a webhook bot's answer: an illegal move is a forfeit)." }),
    requestId: z.string().openapi({ description: "The request answered.", example: "k3v7tq2mz5xj4c6rb3wn2hd5fa-3" }),
  })
  .openapi("BotMoveReceipt", { description: "A connected bot's answer, taken.", example: { accepted: true, requestId: "k3v7tq2mz5xj4c6rb3wn2hd5fa-3" } });

// ---- the call log ----

/** What a bot's call log records: a move request, or an end notice. */
const BOT_CALL_KINDS = ["move", "end"] as const;

const BotCallSchema = z
  .object({
    id: z.string().openapi({ description: "The call's id in the bot's log: calls recorded later have larger ids.", example: "1042" }),
    kind: z.enum(BOT_CALL_KINDS).openapi({ description: "`move`: a move request (`POST {url}/move`, or a `move` event); `end`: an end notice (`POST {url}/end`, or an `end` event).", example: "move" }),
    tournamentId: z.union([z.string(), z.null()]).openapi({ description: "The tournament of the game; null for a hosted match.", example: EXAMPLE_TOURNAMENT_ID }),
    gameId: z.string().openapi({ description: "The game in its tournament (a hosted match's is its id).", example: "g12" }),
    matchId: z.string().openapi({ description: "The match asked about (`GET /v1/matches/{matchId}`).", example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
    ply: z.number().int().min(0).max(16).openapi({ description: "For a move, the ply asked for (the move's index in the match); for an end notice, the plies the match ended with.", example: 3 }),
    sentAt: z.string().openapi({ format: "date-time", description: "When the request was sent (a connected bot's: when it was opened).", example: "2026-10-01T12:00:03.210Z" }),
    status: z.union([z.number().int(), z.null()]).openapi({
      description: "The HTTP status of the bot's answer; a connected bot's is 200 once it answered with `POST /v1/bots/{id}/moves/{requestId}`. Null when no answer came (a connection error, a timeout) and for an end notice sent on a connected bot's stream.",
      example: 200,
    }),
    latencyMs: z.number().int().min(0).openapi({ description: "From sending to the answer (or to giving up), in ms.", example: 42 }),
    move: z.union([z.string(), z.null()]).openapi({
      description: "The move answered, in text notation (`c3-6`, `-7`, `d4!`; `claim` for a claim), whether or not it was legal; null when the answer was not a move (or for an end notice).",
      example: "c3-6",
    }),
    forfeit: z.union([z.enum(FORFEIT_CODES), z.null()]).openapi({
      description: "The forfeit code when the call lost the game (or, before the bot's first move, had it aborted and replayed: `bot/connection_error`); a loss on time is `bot/timeout`. Null otherwise.",
      example: null,
    }),
    detail: z.union([z.string(), z.null()]).openapi({
      description: "In words: why the call was a forfeit; for an end notice, how the game ended for the bot and whether the notice was taken.",
      example: null,
    }),
  })
  .openapi("BotCall", {
    description: "One call the service made to a bot, as its call log keeps it.",
    example: {
      id: "1042",
      kind: "move",
      tournamentId: EXAMPLE_TOURNAMENT_ID,
      gameId: "g12",
      matchId: "k3v7tq2mz5xj4c6rb3wn2hd5fa",
      ply: 3,
      sentAt: "2026-10-01T12:00:03.210Z",
      status: 200,
      latencyMs: 42,
      move: "c3-6",
      forfeit: null,
      detail: null,
    },
  });

export const BotCallPageSchema = z
  .object({
    calls: z.array(BotCallSchema).openapi({ description: "A page of the bot's recent calls, newest first." }),
    next: NextLinkSchema,
  })
  .openapi("BotCallPage", {
    description: "A page of a bot's call log.",
    example: {
      calls: [
        {
          id: "1043",
          kind: "move",
          tournamentId: EXAMPLE_TOURNAMENT_ID,
          gameId: "g12",
          matchId: "k3v7tq2mz5xj4c6rb3wn2hd5fa",
          ply: 5,
          sentAt: "2026-10-01T12:00:04.020Z",
          status: null,
          latencyMs: 1000,
          move: null,
          forfeit: "bot/timeout",
          detail: "POST /move took longer than 1000 ms (no answer)",
        },
      ],
      next: null,
    },
  });

export type BotOutput = z.infer<typeof BotSchema>;
export type BotCallOutput = z.infer<typeof BotCallSchema>;
export type BotCallKind = (typeof BOT_CALL_KINDS)[number];
export type BotEntry = (typeof BOT_ENTRIES)[number];
export type BotConnection = (typeof BOT_CONNECTIONS)[number];
