/**
 * Hosted matches: each match is one Durable Object (src/objects/match.ts), addressed by its random id;
 * these routes validate the request, call the object's RPC method and render its refusals as problem
 * documents. Seat tokens travel as `Authorization: Bearer <token>`. The WebSocket upgrade is the one
 * request forwarded to the object's `fetch`.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ClaimRequestSchema,
  CreatedMatchSchema,
  type CreateMatchRequest,
  CreateMatchRequestSchema,
  EXAMPLE_MATCH_ID,
  EXAMPLE_SEAT_TOKEN,
  EXAMPLE_SEAT_TOKEN_2,
  examples,
  IdempotencyHeadersSchema,
  JoinedMatchSchema,
  JoinRequestSchema,
  LIMIT_POLICIES,
  MatchMoveRequestSchema,
  MatchRecordSchema,
  MatchStreamMessageSchema,
  MatchViewSchema,
  MOVE_PROBLEM_CODES,
  MoveReplySchema,
  type ProblemCode,
  ProblemError,
  readSettings,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import type { Command } from "../../objects/index.ts";
import { type MatchOpening, newId, type SeatIndex } from "../../match/index.ts";
import { admitBots, type BotClaim } from "./bot-admission.ts";
import { makeRules, type Rules } from "../../rules/index.ts";
import { OPENING_SUITES, parseOpenings, suiteOpening, suiteProblem } from "../../tournament/index.ts";
import { type App, type AppEnv, bearerToken } from "../context.ts";
import { IDEMPOTENCY_PROBLEMS, REPLAYED_RESPONSE_HEADER } from "../idempotency.ts";
import { spend } from "../limits.ts";
import { matchObject, notFound, replyValue, shortId } from "../objects.ts";
import { relayMatchSocket } from "../socket-relay.ts";
import { BODY, fieldProblem, idParam, invalidField, problemsFor } from "./shared.ts";

const SECURITY = [{ seatToken: [] }];

export const IdParamSchema = idParam("The match id (26 characters, from POST /v1/matches).", EXAMPLE_MATCH_ID);

const RecordQuerySchema = z.object({
  format: z
    .enum(["json", "text"])
    .optional()
    .openapi({ param: { name: "format", in: "query", description: "`json` (default) or `text`: the record as one line of text/plain." }, example: "text" }),
});

/** How long a long poll waits at most, and by default. */
const LONG_POLL_MAX_S = 25;

/** A query integer: digits only (an empty or signed value is refused, not read as 0), typed integer in the spec. */
const queryInt = (min: number, max: number) =>
  z.preprocess((value) => (typeof value === "string" && /^[0-9]{1,9}$/.test(value) ? Number(value) : value), z.int().min(min).max(max));

const ViewQuerySchema = z.object({
  afterPly: queryInt(0, 17)
    .optional()
    .openapi({
      param: {
        name: "afterPly",
        in: "query",
        description: `A long poll: answer once the match is past this ply (its \`ply\` is greater) or over, or after \`wait\` seconds (at most ${LONG_POLL_MAX_S}) with the state as it is then. Send the \`ply\` of the state you have.`,
      },
      example: 3,
    }),
  wait: queryInt(1, LONG_POLL_MAX_S)
    .optional()
    .openapi({ param: { name: "wait", in: "query", description: `With \`afterPly\`: seconds to wait at most (default ${LONG_POLL_MAX_S}).` }, example: 10 }),
});

const WsQuerySchema = z.object({
  token: z
    .string()
    .optional()
    .openapi({
      param: { name: "token", in: "query", description: "A seat token, to play over the socket (or send an `auth` message later). Without it: a spectator." },
      example: EXAMPLE_SEAT_TOKEN,
    }),
});

// ---- error responses ----

const SEAT: ProblemCode[] = ["match/token_required", "match/not_a_player", "match/not_found"];
/** Every illegal-move code of the rules core but game_over (a finished match answers match/finished). */
const MOVE_CODES: ProblemCode[] = MOVE_PROBLEM_CODES.filter((code) => code !== "move/game_over");

const problems = problemsFor({ id: EXAMPLE_MATCH_ID });

// ---- helpers ----

/**
 * The opening of a creation request (a built-in opening by name, a game record or a position string,
 * read as tournaments and the local runner read them, or a built-in suite's name for one of its openings
 * drawn by lot), checked under the match's rules.
 */
function openingOf(text: string, rules: Rules): MatchOpening {
  if (Object.hasOwn(OPENING_SUITES, text)) {
    const suite = OPENING_SUITES[text];
    const problem = suiteProblem(suite, rules);
    if (problem) throw invalidField(["opening"], problem);
    return suite.openings[crypto.getRandomValues(new Uint32Array(1))[0] % suite.openings.length];
  }
  const read = parseOpenings(text, rules, "opening");
  if (!read.ok || text.trim() === "" || text.trim().startsWith("#")) {
    const message = read.ok ? "an opening is a built-in opening's name, a game record or a position string" : read.detail;
    throw invalidField(["opening"], message);
  }
  const [opening] = read.openings;
  return suiteOpening(text.trim(), rules) ? opening : { name: "opening", moves: opening.moves };
}

async function command(c: Context<AppEnv>, id: string, body: Command) {
  const stub = matchObject(c.env, id);
  return replyValue(await stub.act(bearerToken(c), body), "match", id);
}

/** A seat's command without a body (resign, abort): one route each, alike but for the path and the texts. */
interface BodilessCommand {
  type: "resign" | "abort";
  operationId: string;
  summary: string;
  description: string;
  /** The description of the 200 answer. */
  answered: string;
  example: unknown;
  /** The refusals besides the seat's (token, player, match). */
  refusals: ProblemCode[];
}

function registerBodilessCommand(app: App, spec: BodilessCommand): void {
  const path = `/v1/matches/{id}/${spec.type}` as const;
  app.openapi(
    createRoute({
      method: "post",
      path,
      tags: ["Matches"],
      operationId: spec.operationId,
      summary: spec.summary,
      description: spec.description,
      security: SECURITY,
      request: { params: IdParamSchema },
      responses: {
        200: {
          description: spec.answered,
          content: { "application/json": { schema: MoveReplySchema, example: { duplicate: false, state: spec.example } } },
        },
        ...problems(path, [...SEAT, ...spec.refusals]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await command(c, id, { type: spec.type }), 200);
    },
  );
}

// ---- routes ----

/**
 * The registered bots of a request's bot seats, by seat index: each admitted as a tournament admits its
 * entrants (it exists, its owner lets this request seat it, a webhook bot's URL is allowed here).
 */
async function seatedBots(c: Context<AppEnv>, request: CreateMatchRequest): Promise<Partial<Record<SeatIndex, { name: string; botId: string }>>> {
  const seats = request.seats.flatMap((seat, index) => (seat.kind === "bot" ? [{ index, seat }] : []));
  const claims = seats.map(({ index, seat }): BotClaim => ({ id: seat.bot, token: seat.token, at: { seat: index } }));
  const admitted = await admitBots(c, claims, (claim, at) => fieldProblem("registry/not_found", at, `there is no registered bot ${shortId(claim.id)}`));
  return Object.fromEntries(admitted.map((bot, index) => [seats[index].index, { name: bot.name, botId: bot.id }]));
}

export function registerMatchesRoutes(app: App): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "seatToken", {
    type: "http",
    scheme: "bearer",
    description: "A seat token from POST /v1/matches or POST /v1/matches/{id}/join.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/matches",
      tags: ["Matches"],
      operationId: "createMatch",
      summary: "Create a match",
      description:
        "Creates a match with rules options, a clock and two seats (`human`, `engine` with a level, or `bot`: a registered bot, webhook or connected, which the match asks for its moves with the bot protocol under the match's clock; a bot whose `entry` is `owner` needs its `token`). Answers the match id and a token for each human seat the creator takes; an open seat is taken with `POST /v1/matches/{id}/join`, and the clocks start once every human seat is taken. The body may be omitted: then the creator takes seat 0, seat 1 is open, classic rules, no clock, first seat drawn by lot. Send an `Idempotency-Key` so that a retry after a lost answer gets the same match and tokens instead of a second match." +
        ` At most ${LIMIT_POLICIES.matches.quota} new matches a minute per client (429 \`request/rate_limited\`).`,
      request: {
        headers: IdempotencyHeadersSchema,
        body: {
          required: false,
          content: {
            "application/json": {
              schema: CreateMatchRequestSchema,
              examples: {
                friend: { summary: "Play a friend, one minute per move", value: { clock: { kind: "move", moveMs: 60_000 } } },
                engine: {
                  summary: "Play the engine, game clock",
                  value: {
                    clock: { kind: "game", initialMs: 300_000, incrementMs: 2000 },
                    firstSeat: 0,
                    seats: [
                      { kind: "human", take: true, name: "Ada" },
                      { kind: "engine", level: "hard" },
                    ],
                  },
                },
                manual: {
                  summary: "Official announcement rule, advanced variant, both seats taken",
                  value: {
                    rules: { announce: "manual", squares: true },
                    seats: [
                      { kind: "human", take: true },
                      { kind: "human", take: true },
                    ],
                  },
                },
              },
            },
          },
        },
      },
      responses: {
        201: {
          description: "The match, with the creator's tokens (shown only once).",
          headers: { Location: { description: "The match's URL.", schema: { type: "string" } }, ...REPLAYED_RESPONSE_HEADER },
          content: {
            "application/json": {
              schema: CreatedMatchSchema,
              example: {
                id: EXAMPLE_MATCH_ID,
                url: `/v1/matches/${EXAMPLE_MATCH_ID}`,
                tokens: [{ seat: 0, token: EXAMPLE_SEAT_TOKEN }],
                state: examples.match.created,
              },
            },
          },
        },
        ...withRateLimitHeaders(
          problems("/v1/matches", [...BODY, ...IDEMPOTENCY_PROBLEMS, "registry/not_found", "registry/entry_refused", "registry/url_not_allowed", "request/rate_limited"]),
        ),
      },
    }),
    async (c) => {
      await spend(c, "matches");
      const request = CreateMatchRequestSchema.parse(c.req.valid("json") ?? {});
      const { maxNodes } = readSettings(c.env);
      for (const [index, seat] of request.seats.entries()) {
        if (seat.kind === "engine" && seat.maxNodes !== undefined && seat.maxNodes > maxNodes) {
          throw invalidField(["seats", index, "maxNodes"], `at most ${maxNodes} nodes per move`);
        }
      }
      const opening = request.opening === undefined ? undefined : openingOf(request.opening, makeRules(request.rules ?? {}));
      const bots = await seatedBots(c, request);
      const id = newId();
      const created = replyValue(await matchObject(c.env, id).create({ id, request, bots, ...(opening ? { opening } : {}) }), "match", id);
      const url = `/v1/matches/${id}`;
      return c.json({ id, url, tokens: created.tokens, state: created.state }, 201, { Location: url });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/matches/{id}",
      tags: ["Matches"],
      operationId: "getMatch",
      summary: "Get a match",
      description: `The public state: position (both forms), whose turn and what they must do, seats, clocks as of now, status, the result with its reason, and the moves with their times. The same for everyone; no token needed. With \`afterPly\`, a long poll for clients without WebSockets: the answer waits until the match is past that ply or over (at most \`wait\` seconds, ${LONG_POLL_MAX_S} by default), then gives the state as it is.`,
      request: { params: IdParamSchema, query: ViewQuerySchema },
      responses: {
        200: {
          description: "The match.",
          content: {
            "application/json": {
              schema: MatchViewSchema,
              examples: {
                active: { summary: "In progress", value: examples.match.active },
                finished: { summary: "Won by a Quarto", value: examples.match.finished },
              },
            },
          },
        },
        ...problems("/v1/matches/{id}", ["request/invalid", "match/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { afterPly, wait } = c.req.valid("query");
      const stub = matchObject(c.env, id);
      const view = afterPly === undefined ? await stub.view() : await stub.view(afterPly, (wait ?? LONG_POLL_MAX_S) * 1000);
      return c.json(replyValue(view, "match", id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/matches/{id}/join",
      tags: ["Matches"],
      operationId: "joinMatch",
      summary: "Take an open seat",
      description:
        "Takes an open human seat (the one asked for, or the first open one) and answers its token, shown only once. Each seat can be taken once: send an `Idempotency-Key` so that a retry after a lost answer gets the same seat and token.",
      request: {
        params: IdParamSchema,
        headers: IdempotencyHeadersSchema,
        body: {
          required: false,
          content: {
            "application/json": {
              schema: JoinRequestSchema,
              examples: { seat: { summary: "Take seat 1", value: { seat: 1, name: "Grace" } }, any: { summary: "Any open seat", value: {} } },
            },
          },
        },
      },
      responses: {
        200: {
          description: "The seat taken and its token.",
          headers: REPLAYED_RESPONSE_HEADER,
          content: {
            "application/json": {
              schema: JoinedMatchSchema,
              example: { seat: 1, token: EXAMPLE_SEAT_TOKEN_2, state: examples.match.active },
            },
          },
        },
        ...problems("/v1/matches/{id}/join", [...BODY, ...IDEMPOTENCY_PROBLEMS, "match/not_found", "match/no_open_seat", "match/finished"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const request = JoinRequestSchema.parse(c.req.valid("json") ?? {});
      return c.json(replyValue(await matchObject(c.env, id).join(request), "match", id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/matches/{id}/moves",
      tags: ["Matches"],
      operationId: "playMatchMove",
      summary: "Play a move",
      description:
        "Plays the seat's move. `ply` is the ply you believe is current: a mismatch is a 409 `match/stale_ply`. Not your turn: 403. An illegal move: 422 with the rules core's `move/*` code. The same move sent again (a retried request) is not played twice: the answer says `duplicate: true`. A move that arrives after the mover's time ran out ends the match on time (409 `match/finished`).",
      security: SECURITY,
      request: {
        params: IdParamSchema,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: MatchMoveRequestSchema,
              examples: {
                opening: { summary: "The opening give", value: { ply: 0, give: 8 } },
                move: { summary: "Place, then give", value: { ply: 3, place: "c1", give: "B" } },
                win: { summary: "Place and announce Quarto", value: { ply: 4, place: "d1", quarto: { shape: ["a1", "b1", "c1", "d1"], attribute: "tall" } } },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: "The move was played (or had been: `duplicate`).",
          content: { "application/json": { schema: MoveReplySchema, example: { duplicate: false, state: examples.match.active } } },
        },
        ...problems("/v1/matches/{id}/moves", [
          ...BODY,
          ...SEAT,
          "match/not_your_turn",
          "match/waiting_for_players",
          "match/finished",
          "match/stale_ply",
          "match/wrong_announcement",
          ...MOVE_CODES,
        ]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await command(c, id, { type: "move", request: c.req.valid("json") }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/matches/{id}/claim",
      tags: ["Matches"],
      operationId: "claimQuarto",
      summary: "Claim a missed Quarto",
      description:
        "Under `announce: manual` with `missedClaim: true`: the opponent completed a Quarto without announcing it and gave you a piece; claim it before you place, and win. Once you place, it lapses for good. With `quarto`, the shape and attribute are checked too.",
      security: SECURITY,
      request: {
        params: IdParamSchema,
        body: {
          required: false,
          content: {
            "application/json": {
              schema: ClaimRequestSchema,
              examples: { claim: { summary: "Claim row 1, all tall", value: { ply: 5, quarto: { shape: 0, attribute: "tall" } } } },
            },
          },
        },
      },
      responses: {
        200: {
          description: "The claim won the match.",
          content: { "application/json": { schema: MoveReplySchema, example: { duplicate: false, state: examples.match.claimed } } },
        },
        ...problems("/v1/matches/{id}/claim", [
          ...BODY,
          ...SEAT,
          "match/waiting_for_players",
          "match/finished",
          "match/stale_ply",
          "match/nothing_to_claim",
          "match/wrong_announcement",
        ]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const request = ClaimRequestSchema.parse(c.req.valid("json") ?? {});
      return c.json(await command(c, id, { type: "claim", request }), 200);
    },
  );

  registerBodilessCommand(app, {
    type: "resign",
    operationId: "resignMatch",
    summary: "Resign",
    description: "The seat resigns: the other seat wins. No body.",
    answered: "The match is over.",
    example: examples.match.resigned,
    refusals: ["match/waiting_for_players", "match/finished"],
  });

  registerBodilessCommand(app, {
    type: "abort",
    operationId: "abortMatch",
    summary: "Abort",
    description: "Ends the match without a result; allowed to a seated player before the first placement (also while waiting for the other seat). No body.",
    answered: "The match is aborted.",
    example: examples.match.aborted,
    refusals: ["match/finished", "match/cannot_abort"],
  });

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/matches/{id}/record",
      tags: ["Matches"],
      operationId: "getMatchRecord",
      summary: "Get the game record",
      description:
        "The complete record: rules, clock, seats, every move with its time, the result, and `text`, the record as one line (start position string, then the moves). `POST /v1/replay` accepts the JSON as is. With `format=text`, only the line, as text/plain.",
      request: { params: IdParamSchema, query: RecordQuerySchema },
      responses: {
        200: {
          description: "The record.",
          content: {
            "application/json": { schema: MatchRecordSchema, example: examples.match.record },
            "text/plain": { schema: z.string().openapi({ example: `${examples.match.record.text}\n` }) },
          },
        },
        ...problems("/v1/matches/{id}/record", ["request/invalid", "match/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const record = replyValue(await matchObject(c.env, id).record(), "match", id);
      if (c.req.valid("query").format === "text") return c.text(`${record.text}\n`, 200);
      return c.json(record, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/matches/{id}/stream",
      tags: ["Matches"],
      operationId: "streamMatch",
      summary: "Live updates (a stream of lines)",
      description:
        'For clients without WebSockets: newline-delimited JSON, one message per line, the same messages as the WebSocket sends a spectator. The first line is `{"type":"state","seat":null,"state":Match}`, then one `{"type":"event","event":{"kind","seat","ply"},"state":Match}` after every change. The stream ends after the event that ends the match (at once for a match already over). It may also end earlier (the server restarted the match\'s object): then connect again, and the first line brings the state.',
      request: { params: IdParamSchema },
      responses: {
        200: {
          description: "The stream: one JSON message per line.",
          content: { "application/x-ndjson": { schema: MatchStreamMessageSchema } },
        },
        ...problems("/v1/matches/{id}/stream", ["match/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const response = await matchObject(c.env, id).fetch(c.req.raw);
      if (!response.ok) throw notFound("match", id);
      // The object's streaming answer as is (the route types know JSON and text answers only).
      return response as never;
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/matches/{id}/ws",
      tags: ["Matches"],
      operationId: "matchWebSocket",
      summary: "Live updates (WebSocket)",
      description: `A WebSocket. On connect the server sends \`{"type":"state","seat":...,"state":Match}\`, and after every change to the match \`{"type":"event","event":{"kind","seat","ply"},"state":Match}\` (kinds: joined, started, move, claim, resignation, abort, timeout, and in tournament games forfeit and cancel). Anyone may watch. A player authenticates with \`?token=\` or by sending \`{"type":"auth","token":"..."}\`, then sends \`{"type":"move","ply":3,"place":"c1","give":"B"}\`, \`{"type":"claim"}\`, \`{"type":"resign"}\` or \`{"type":"abort"}\` (an optional \`id\` is echoed back), with the same checks as over HTTP; \`{"type":"state"}\` asks for the state. Each is answered \`{"type":"ok","id",...}\` or \`{"type":"error","id","problem":Problem}\`.`,
      request: { params: IdParamSchema, query: WsQuerySchema },
      responses: {
        101: { description: "Switching protocols: the WebSocket is open." },
        ...problems("/v1/matches/{id}/ws", ["match/not_found", "match/not_a_player", "match/websocket_required"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const stub = matchObject(c.env, id);
      if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
        throw new ProblemError("match/websocket_required", "this endpoint speaks WebSocket: send Upgrade: websocket");
      }
      const answer = await stub.fetch(c.req.raw);
      if (answer.status !== 101 || !answer.webSocket) return answer;
      // The client's socket is held here, in front of the object: a flood is dropped before it reaches the match.
      return new Response(null, { status: 101, webSocket: relayMatchSocket(answer.webSocket) });
    },
  );
}
