/**
 * Errors on the wire: RFC 9457 problem documents (`application/problem+json`). Every error the service
 * can answer has a stable `code` in the one table below, which fixes its HTTP status and title; the
 * problem `type` is `/problems/<code>` (served by GET /problems/<code>), the spec's examples are built
 * from the same table, and tests iterate it. To add codes (e.g. `match/*`), add rows here, nowhere else.
 * Code below HTTP throws `ProblemError` or answers a `Reply`; src/http/context.ts renders them.
 */
import { z } from "@hono/zod-openapi";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { MatchErrorCode, ReplayErrorCode } from "../match/index.ts";
import { MOVE_ERROR_CODES, type MoveErrorCode, POSITION_ERROR_CODES, type PositionErrorCode, type Result } from "../rules/index.ts";

export interface ProblemSpec {
  readonly status: ContentfulStatusCode;
  readonly title: string;
  /** A typical `detail`, used in the OpenAPI examples. */
  readonly example: string;
}

/** Every problem code the service answers with. */
export const PROBLEMS = {
  "request/malformed_json": { status: 400, title: "Malformed JSON", example: "the request body is not valid JSON" },
  "request/bad_request": { status: 400, title: "Bad request", example: "the request could not be read" },
  "request/not_found": { status: 404, title: "Not found", example: "no route matches GET /v1/nothing" },
  "request/method_not_allowed": {
    status: 405,
    title: "Method not allowed",
    example: "DELETE is not allowed on /v1/check-win; allowed: GET, HEAD, POST, OPTIONS",
  },
  "request/too_large": { status: 413, title: "Request body too large", example: "the request body exceeds 65536 bytes" },
  "request/unsupported_media_type": {
    status: 415,
    title: "Unsupported media type",
    example: "send the request body as JSON with Content-Type: application/json",
  },
  "request/invalid": { status: 422, title: "Invalid request", example: "move.give: Too big: expected number to be <=15" },
  "request/rate_limited": {
    status: 429,
    title: "Too many requests",
    example: "at most 10 bot registrations a minute from one client (policy bots); retry in 42 s",
  },

  "idempotency/bad_key": {
    status: 400,
    title: "Bad idempotency key",
    example: "an Idempotency-Key has 1 to 255 visible ASCII characters (a random UUID will do)",
  },
  "idempotency/in_progress": {
    status: 409,
    title: "Request with this idempotency key in progress",
    example: "a request with this Idempotency-Key is still being answered; retry in a moment",
  },
  "idempotency/key_reused": {
    status: 422,
    title: "Idempotency key reused for another request",
    example: "this Idempotency-Key was used within 24 hours for another request (another path, body or token); use a new key",
  },

  "position/wrong_length": { status: 422, title: "Wrong position length", example: "a position string has 17 characters, this one has 16" },
  "position/bad_character": {
    status: 422,
    title: "Bad character in position",
    example: "character 3 is 'x': expected a hex digit 0-F or '.'",
  },
  "position/bad_piece": { status: 422, title: "Bad piece in position", example: "cell 4 (a2) must be a piece 0-15 or null" },
  "position/duplicate_piece": { status: 422, title: "Piece placed twice", example: "piece A is on both b1 and c2" },
  "position/piece_in_hand_on_board": {
    status: 422,
    title: "Piece in hand is also on the board",
    example: "piece 5 is in hand and also on a3",
  },
  "position/quarto_with_piece_in_hand": {
    status: 422,
    title: "Quarto on the board with a piece in hand",
    example: "the board already has a Quarto, which ends the game under announce 'auto', yet a piece is in hand",
  },

  "move/game_over": { status: 409, title: "The game is over", example: "the game is over (won)" },
  "move/bad_cell": { status: 422, title: "Bad cell", example: "place must be a cell 0-15 or a1-d4" },
  "move/bad_piece": { status: 422, title: "Bad piece", example: "give must be a piece 0-15" },
  "move/place_required": { status: 422, title: "Placement required", example: "place piece 5 first" },
  "move/place_not_allowed": {
    status: 422,
    title: "Placement not allowed",
    example: "no piece is in hand: this move only gives a piece",
  },
  "move/cell_occupied": { status: 422, title: "Cell occupied", example: "cell c3 is occupied" },
  "move/give_required": { status: 422, title: "Give required", example: "the game goes on: choose the piece to give" },
  "move/give_not_allowed": { status: 422, title: "Give not allowed", example: "this placement wins: nothing is given" },
  "move/piece_not_available": { status: 422, title: "Piece not available", example: "piece A is not available" },
  "move/no_quarto": { status: 422, title: "No Quarto to announce", example: "placing on d4 completes no Quarto" },

  "match/not_found": { status: 404, title: "Match not found", example: "there is no match k3v7tq2mz5xj4c6rb3wn2hd5fa" },
  "match/token_required": {
    status: 401,
    title: "Seat token required",
    example: "send the seat's token as Authorization: Bearer <token>",
  },
  "match/not_a_player": { status: 403, title: "Not a player of this match", example: "the token is not the token of a seat of this match" },
  "match/not_your_turn": { status: 403, title: "Not your turn", example: "it is seat 1's turn" },
  "match/waiting_for_players": {
    status: 409,
    title: "Waiting for players",
    example: "seat 1 is still open: the match starts when it is taken (POST /v1/matches/{id}/join)",
  },
  "match/no_open_seat": { status: 409, title: "No open seat", example: "seat 1 is not open" },
  "match/finished": { status: 409, title: "The match is over", example: "the match is over (timeout)" },
  "match/not_finished": { status: 409, title: "The match is not over", example: "the match is still being played: its review comes once it is over" },
  "match/stale_ply": { status: 409, title: "Stale ply", example: "the match is at ply 5, not 4" },
  "match/wrong_announcement": {
    status: 422,
    title: "Wrong announcement",
    example: "the pieces of that shape do not all share 'dark' (they share tall, light)",
  },
  "match/nothing_to_claim": { status: 409, title: "Nothing to claim", example: "there is no unannounced Quarto that this seat may claim now" },
  "match/cannot_abort": { status: 409, title: "Too late to abort", example: "a match can only be aborted before the first placement" },
  "match/time_not_up": { status: 409, title: "Time is not up", example: "the player to move still has time" },
  "match/websocket_required": {
    status: 426,
    title: "WebSocket upgrade required",
    example: "this endpoint speaks WebSocket: send Upgrade: websocket",
  },

  "replay/bad_start": { status: 422, title: "Record does not start at the start", example: "a record starts with the start position ................., not '0................'" },
  "replay/bad_notation": { status: 422, title: "Bad move notation in record", example: "move 3 'z9-A' is not a move: expected [cell][\"!\"][\"-\" piece]" },
  "replay/record_mismatch": { status: 422, title: "Inconsistent record", example: "moves[3]: the record says seat 0, but seat 1 moves at ply 3" },
  "replay/moves_after_end": { status: 422, title: "Moves after the end", example: "moves[5]: the game was already over (quarto)" },
  "replay/result_mismatch": { status: 422, title: "Result does not follow from the moves", example: "the record says draw, but the moves end in quarto won by seat 0" },

  "engine/game_over": { status: 422, title: "Nothing to search", example: "the game in this position is over (won): there is nothing to search" },
  "engine/budget_too_large": { status: 422, title: "Node budget over the limit", example: "maxNodes 50000000 is over this service's limit of 20000000" },
  "engine/busy": {
    status: 503,
    title: "The engine is busy",
    example: "the engine is busy: 17 searches are waiting; retry in 42 s",
  },

  "registry/not_found": { status: 404, title: "Bot not found", example: "there is no registered bot b4n6xr2mq7tz3kc5vj3wd2hp6e" },
  "registry/bad_url": { status: 422, title: "Unusable bot URL", example: "a bot URL must use http or https, not ftp" },
  "registry/bad_secret": { status: 422, title: "Unusable signing secret", example: "the secret holds 8 bytes; at least 16 (128 bits) are needed" },
  "registry/name_taken": { status: 409, title: "Bot name taken", example: "a bot named alice is already registered" },
  "registry/url_not_allowed": {
    status: 422,
    title: "Bot URL not allowed",
    example: "169.254.169.254 is a link-local address: this service only calls bots on public hosts",
  },
  "registry/health_check_failed": {
    status: 422,
    title: "The bot did not answer GET /",
    example: "GET https://bots.example/alice/ did not answer with the bot's identity (a 2xx JSON BotInfo within 5 s, without redirects)",
  },
  "registry/token_required": { status: 401, title: "Management token required", example: "send the bot's management token as Authorization: Bearer <token>" },
  "registry/wrong_token": { status: 403, title: "Wrong management token", example: "the token is not this bot's management token" },
  "registry/entry_refused": {
    status: 403,
    title: "Only the bot's owner may enter it",
    example: "bots.0: alice is entered by its owner only (entry: owner): give it as {\"id\": \"b4n6xr2mq7tz3kc5vj3wd2hp6e\", \"token\": \"<its management token>\"}",
  },

  "connection/not_connected_bot": {
    status: 409,
    title: "Not a connected bot",
    example: "alice is a webhook bot: the service calls its URL; only a bot registered with connection: stream reads events",
  },
  "connection/request_not_found": { status: 404, title: "No such move request", example: "bot alice has no move request k3v7tq2mz5xj4c6rb3wn2hd5fa-3" },
  "connection/request_closed": {
    status: 409,
    title: "The move request is closed",
    example: "move request k3v7tq2mz5xj4c6rb3wn2hd5fa-3 is closed (answered already)",
  },

  "reference/unknown_bot": {
    status: 404,
    title: "No such built-in bot",
    example: "there is no built-in bot 'genius'; the built-in bots are random, easy, medium, hard, perfect",
  },
  "reference/bad_move_request": { status: 422, title: "Bad move request", example: "the game in this position is over: there is no move to make" },

  "tournament/not_found": { status: 404, title: "Tournament not found", example: "there is no tournament t7m2kq4xz6vb3nc5rj3wd2hf4a" },
  "tournament/unknown_bot": {
    status: 422,
    title: "Unknown bot",
    example: "bots.1: 'b4n6xr2mq7tz3kc5vj3wd2hp6e' is neither a registered bot id nor a built-in bot (random, easy, medium, hard, perfect)",
  },
  "tournament/token_required": { status: 401, title: "Management token required", example: "send the tournament's management token as Authorization: Bearer <token>" },
  "tournament/wrong_token": { status: 403, title: "Wrong management token", example: "the token is not this tournament's management token" },
  "tournament/over": { status: 409, title: "The tournament is over", example: "the tournament is already finished" },

  "puzzle/not_found": { status: 404, title: "Puzzle not found", example: "there is no puzzle 26gxpcjsvcwe" },
  "puzzle/none_for_rules": {
    status: 404,
    title: "No puzzle under these rules",
    example: "no puzzle is played under these rules yet: the committed sets are the classic game and the squares variant",
  },
  "puzzle/not_on_line": {
    status: 422,
    title: "Position not on the puzzle's line",
    example: "EF52C67B3.8A..0D. is not on the line of puzzle 26gxpcjsvcwe: send its start or the position a verdict answered",
  },

  "ladder/not_found": { status: 404, title: "Not on the ladder", example: "bot b4n6xr2mq7tz3kc5vj3wd2hp6e has never been on the ladder" },
  "ladder/full": { status: 409, title: "The ladder is full", example: "the ladder has 10000 bots, its most" },

  "server/internal": { status: 500, title: "Internal server error", example: "an unexpected error occurred; it has been logged" },
  "server/unhealthy": { status: 503, title: "A part of the service is failing", example: "registry: failed after 5000 ms (no answer in time)" },
} as const satisfies Record<string, ProblemSpec>;

export type ProblemCode = keyof typeof PROBLEMS;
export const PROBLEM_CODES = Object.keys(PROBLEMS) as [ProblemCode, ...ProblemCode[]];

// The rules core's error codes are problem codes too: this fails to compile if one is missing above.
PROBLEMS satisfies Record<PositionErrorCode | MoveErrorCode | MatchErrorCode | ReplayErrorCode, ProblemSpec>;
export const POSITION_PROBLEM_CODES: readonly ProblemCode[] = POSITION_ERROR_CODES;
export const MOVE_PROBLEM_CODES: readonly ProblemCode[] = MOVE_ERROR_CODES;

export const isProblemCode = (value: string): value is ProblemCode => Object.hasOwn(PROBLEMS, value);
export const problemType = (code: ProblemCode): string => `/problems/${code}`;

/** One failing field: its path in the JSON body (or the query parameter name), and what is wrong. */
export interface FieldError {
  path: (string | number)[];
  message: string;
}

/** Optional members of a problem document beyond the standard ones. */
export interface ProblemExtra {
  errors?: FieldError[];
  /** Position errors: the character (string form) or cell (JSON form) at fault; 16 is the piece in hand. */
  index?: number;
  /** The request's id, as in its `X-Request-Id` answer header. */
  requestId?: string;
}

export interface ProblemDocument extends ProblemExtra {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  instance?: string;
}

/** A problem thrown by a handler or the wire conversions it calls; the app's `onError` renders it. */
export class ProblemError extends Error {
  readonly code: ProblemCode;
  readonly detail: string;
  readonly extra: ProblemExtra;
  readonly headers: Record<string, string>;

  constructor(code: ProblemCode, detail: string, extra: ProblemExtra = {}, headers: Record<string, string> = {}) {
    super(`${code}: ${detail}`);
    this.name = "ProblemError";
    this.code = code;
    this.detail = detail;
    this.extra = extra;
    this.headers = headers;
  }
}

/**
 * The problem document of `code`. `instance` is the request's path as it came (percent-encoded); any
 * character an RFC 3986 path may not hold raw is percent-encoded here (UTF-8), so that `instance` is
 * always a URI reference, as the spec says.
 */
export function problemDocument(code: ProblemCode, detail: string, extra: ProblemExtra = {}, instance?: string): ProblemDocument {
  const { status, title } = PROBLEMS[code];
  return { type: problemType(code), title, status, detail, code, ...(instance === undefined ? {} : { instance: uriPath(instance) }), ...extra };
}

/** `path` with every character outside RFC 3986's `pchar` and `/` percent-encoded (a `%` too, unless it starts an escape). */
function uriPath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/gu, (char) => encodeURIComponent(/^[\uD800-\uDFFF]$/.test(char) ? "\uFFFD" : char));
}

/** A refusal by a Durable Object, rendered by the Worker (or on a WebSocket) as a problem document with this code. */
export interface Refusal {
  code: ProblemCode;
  detail: string;
}
/** What a Durable Object's RPC method answers: its value, or a refusal. */
export type Reply<T> = Result<T, Refusal>;

export const ProblemCodeSchema = z
  .enum(PROBLEM_CODES)
  .openapi("ProblemCode", { description: "A stable, machine-readable problem code (GET /problems lists them).", example: "position/bad_character" });

const FieldErrorSchema = z
  .object({
    path: z
      .array(z.union([z.string(), z.number().int()]))
      .openapi({ description: "Path of the failing field in the JSON body, or the query parameter name.", example: ["position", "board", 4] }),
    message: z.string().openapi({ example: "Too big: expected number to be <=15" }),
  })
  .openapi("FieldError", {
    description: "One failing field of a request.",
    example: { path: ["position", "board", 4], message: "Too big: expected number to be <=15" },
  });

const ProblemSchema = z
  .looseObject({
    type: z.string().openapi({ format: "uri-reference", description: "`/problems/<code>`; GET it for the description.", example: "/problems/position/bad_character" }),
    title: z.string().openapi({ description: "Short summary of the problem code.", example: "Bad character in position" }),
    status: z.number().int().min(400).max(599).openapi({ description: "The HTTP status.", example: 422 }),
    detail: z.string().openapi({ description: "What went wrong with this request.", example: "character 3 is 'x': expected a hex digit 0-F or '.'" }),
    code: ProblemCodeSchema,
    instance: z.string().optional().openapi({ format: "uri-reference", description: "The request path.", example: "/v1/check-win" }),
    errors: z.array(FieldErrorSchema).optional().openapi({ description: "The failing fields (validation errors)." }),
    index: z
      .number()
      .int()
      .min(0)
      .max(16)
      .optional()
      .openapi({ description: "Position errors: the 0-based character (string form) or cell (JSON form) at fault; 16 is the piece in hand.", example: 2 }),
    requestId: z
      .string()
      .optional()
      .openapi({ description: "The request's id, as in the `X-Request-Id` answer header (the client's own, or one the service made).", example: "7f3c2a9e-1b4d-4c8e-9f60-2d5b8a1e4c73" }),
  })
  .openapi("Problem", {
    description: "An RFC 9457 problem document. Further members may be added; clients should ignore unknown ones.",
    example: exampleProblem("position/bad_character", "/v1/check-win"),
  });

/** The example problem document for `code`, as used in the spec. */
function exampleProblem(code: ProblemCode, instance: string): ProblemDocument {
  const extra: ProblemExtra = {};
  if (code === "request/invalid") extra.errors = [{ path: ["move", "give"], message: "Too big: expected number to be <=15" }];
  if (code === "position/bad_character") Object.assign(extra, { index: 2, errors: [{ path: ["position"], message: PROBLEMS[code].example }] });
  return problemDocument(code, PROBLEMS[code].example, extra, instance);
}

/**
 * OpenAPI `responses` entries for the given problem codes, grouped by status, each with one example per
 * code. Spread into a route's `responses`.
 * @example responses: { 200: {...}, ...problemResponses("/v1/check-win", ["request/invalid", ...POSITION_PROBLEM_CODES]) }
 */
export function problemResponses(instance: string, codes: readonly ProblemCode[]) {
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of codes) byStatus.set(PROBLEMS[code].status, [...(byStatus.get(PROBLEMS[code].status) ?? []), code]);
  const responses: Record<number, { description: string; content: { "application/problem+json": { schema: typeof ProblemSchema; examples: Record<string, { summary: string; value: ProblemDocument }> } } }> = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(group.map((code) => [code.replace("/", "."), { summary: PROBLEMS[code].title, value: exampleProblem(code, instance) }]));
    responses[status] = {
      description: group.map((code) => PROBLEMS[code].title).join("; "),
      content: { "application/problem+json": { schema: ProblemSchema, examples } },
    };
  }
  return responses;
}
