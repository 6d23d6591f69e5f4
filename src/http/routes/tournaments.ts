/**
 * Tournaments: each is one TournamentObject Durable Object (src/objects/tournament.ts), addressed by its
 * random id, that plays a tournament of any format (src/tournament/formats.ts: a round robin, a gauntlet,
 * an SPRT match or a Swiss) between registered bots and built-in ones with alarms. These routes check the
 * request (its format's fields and limits by its format, its openings by playing them on a new match),
 * resolve the entrants (registered bots from the registry, with their secrets), and call the object.
 * The management token (`Authorization: Bearer`) cancels it.
 */
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  CreatedTournamentSchema,
  type CreateTournamentRequest,
  CreateTournamentRequestSchema,
  decodeCursor,
  DEFAULT_PAGE_LIMIT,
  EXAMPLE_BOT_ID,
  EXAMPLE_TOURNAMENT_ID,
  examples,
  IdempotencyHeadersSchema,
  LIMIT_POLICIES,
  MAX_TOURNAMENT_MOVE_MS,
  nextLink,
  GamePageQuerySchema,
  ProblemError,
  readSettings,
  requestOptions,
  type StoredEntry,
  storedFields,
  TOURNAMENT_VIEW_GAMES,
  TournamentGamePageSchema,
  TournamentSchema,
  withRateLimitHeaders,
} from "../../wire/index.ts";
import { hashToken, type MatchOpening, newId, newToken } from "../../match/index.ts";
import { makeRules } from "../../rules/index.ts";
import { isBuiltInBot, BUILT_IN_BOTS } from "../../bots/index.ts";
import {
  formatOf,
  MAX_SWISS_BOTS,
  MAX_SWISS_GAMES,
  MAX_TOURNAMENT_GAMES,
  OPENING_SUITE_NAMES,
  OPENING_SUITES,
  parseOpenings,
  scheduleProblem,
  serviceRefusal,
  settle,
  suiteProblem,
} from "../../tournament/index.ts";
import { type App, type AppEnv, bearerToken } from "../context.ts";
import { IDEMPOTENCY_PROBLEMS, REPLAYED_RESPONSE_HEADER } from "../idempotency.ts";
import { spend } from "../limits.ts";
import { registryObject, replyValue, shortId, tournamentObject } from "../objects.ts";
import { admitBots, type BotClaim } from "./bot-admission.ts";
import { BODY, fieldProblem, idParam, invalidField as invalid, problemsFor } from "./shared.ts";

const problems = problemsFor({ id: EXAMPLE_TOURNAMENT_ID });

const IdParamSchema = idParam("The tournament id (from POST /v1/tournaments).", EXAMPLE_TOURNAMENT_ID);

/** The game index a games cursor names; a cursor this service did not make is a 422. */
function gameCursor(cursor: string): number {
  const parts = decodeCursor(cursor);
  const index = Number(parts?.[0]);
  if (parts?.length !== 1 || !Number.isSafeInteger(index) || index < 0) {
    throw new ProblemError("request/invalid", "cursor: not a cursor of this list (pass the one in `next` as is)", {
      errors: [{ path: ["cursor"], message: "not a cursor of this list" }],
    });
  }
  return index;
}

/**
 * The entrants: built-in names as they are, registered ids admitted (with their secrets) as match seats
 * admit them: a bot whose owner keeps its entry (`entry: owner`) needs its management token beside its id.
 */
async function entriesOf(c: Context<AppEnv>, items: CreateTournamentRequest["bots"]): Promise<StoredEntry[]> {
  const claims = items.map(
    (item, index): BotClaim => (typeof item === "string" ? { id: item, at: { entrant: index } } : { id: item.id, token: item.token, at: { entrant: index } }),
  );
  claims.forEach((claim, index) => {
    if (claims.findIndex((other) => other.id === claim.id) !== index) throw invalid(["bots", index], `${claim.id} is entered twice`);
  });
  const registered = claims.filter((claim) => !isBuiltInBot(claim.id));
  const unknown = (claim: BotClaim, at: (string | number)[]) =>
    fieldProblem("tournament/unknown_bot", at, `'${shortId(claim.id)}' is neither a registered bot id nor a built-in bot (${BUILT_IN_BOTS.join(", ")})`);
  const admitted = await admitBots(c, registered, unknown);
  return claims.map((claim): StoredEntry => {
    if (isBuiltInBot(claim.id)) return { name: claim.id, kind: "builtIn", level: claim.id };
    const bot = admitted[registered.indexOf(claim)];
    return bot.connection === "stream"
      ? { name: bot.name, kind: "connected", botId: bot.id }
      : { name: bot.name, kind: "registered", botId: bot.id, url: bot.url, secret: bot.secret };
  });
}

/**
 * The openings of a request: a built-in suite (which must fit the rules) or a list of game records and
 * position strings, read as the local runner reads an openings file (src/tournament/openings.ts).
 */
function openingsOf(request: CreateTournamentRequest): { openings: MatchOpening[]; suite: string | null } {
  if (request.openings === undefined) return { openings: [], suite: null };
  const rules = makeRules(request.rules ?? {});
  if (typeof request.openings === "string") {
    const suite = Object.hasOwn(OPENING_SUITES, request.openings) ? OPENING_SUITES[request.openings] : undefined;
    const problem = suite
      ? suiteProblem(suite, rules)
      : `there is no built-in opening suite '${request.openings}' (the suites are ${OPENING_SUITE_NAMES.join(", ")})`;
    if (problem || !suite) throw invalid(["openings"], problem ?? "unknown suite");
    return { openings: suite.openings, suite: suite.name };
  }
  request.openings.forEach((line, index) => {
    if (line.trim() === "" || line.trim().startsWith("#")) throw invalid(["openings", index], "an opening is a game record or a position string");
  });
  const read = parseOpenings(request.openings.join("\n"), rules, "openings");
  if (!read.ok) throw invalid(["openings", read.line - 1], read.detail);
  return { openings: read.openings, suite: null };
}

export function registerTournamentsRoutes(app: App): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "tournamentToken", {
    type: "http",
    scheme: "bearer",
    description: "A tournament's management token, from POST /v1/tournaments.",
  });

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/tournaments",
      tags: ["Tournaments"],
      operationId: "createTournament",
      summary: "Start a tournament",
      description: `Starts a round robin between registered bots (by id) and built-in bots (by name): each pair plays \`gamesPerPair\` games (even), half with each bot giving first; or, with \`kind\`, a gauntlet (the first bot against each of the others), an SPRT match (the first bot against the second, in game pairs, until the test of \`sprt\` decides) or a Swiss (up to ${MAX_SWISS_BOTS} bots, \`rounds\` rounds, each paired by score groups when the one before has ended, no pairing repeated, at most one bye per bot worth half a pairing's points). \`openings\` (a built-in suite or a list) starts each pair of games from one opening with the seats swapped; \`concurrency\` plays that many games at once. Each game is an ordinary hosted match with bot seats (watch it at \`/v1/matches/{matchId}\` or its page). A bot that misbehaves loses the game by forfeit with a reason code; one that cannot be reached before its first move of a game has the game aborted and replayed once. At most ${MAX_TOURNAMENT_GAMES} games (a Swiss: ${MAX_SWISS_GAMES}). Answers the tournament and its management token (shown only once; send an \`Idempotency-Key\` to make a retry safe). At most ${LIMIT_POLICIES.tournaments.quota} new tournaments a minute per client (429 \`request/rate_limited\`).`,
      request: {
        headers: IdempotencyHeadersSchema,
        body: {
          required: true,
          content: {
            "application/json": {
              schema: CreateTournamentRequestSchema,
              examples: {
                mixed: {
                  summary: "A registered bot against two built-in bots, 2 s per move",
                  value: {
                    name: "Friday round robin",
                    bots: [EXAMPLE_BOT_ID, "easy", "perfect"],
                    gamesPerPair: 4,
                    clock: { kind: "move", moveMs: 2000 },
                    seed: 7,
                  },
                },
                builtIn: { summary: "Built-in bots only, advanced variant", value: { bots: ["random", "easy"], gamesPerPair: 2, rules: { squares: true } } },
                parallel: {
                  summary: "A round robin from the classic opening suite, four games at a time",
                  value: { bots: [EXAMPLE_BOT_ID, "medium", "hard", "perfect"], gamesPerPair: 4, openings: "classic", concurrency: 2, seed: 7 },
                },
                gauntlet: {
                  summary: "A gauntlet: the first bot against each of the others, from two openings of its own",
                  value: {
                    kind: "gauntlet",
                    bots: [EXAMPLE_BOT_ID, "easy", "medium"],
                    gamesPerPair: 4,
                    openings: ["................. -0 a1-1", "8.9A............B"],
                  },
                },
                sprt: {
                  summary: "An SPRT: is the registered bot better than hard by 10 Elo or more?",
                  value: {
                    kind: "sprt",
                    bots: [EXAMPLE_BOT_ID, "hard"],
                    openings: "classic",
                    concurrency: 4,
                    sprt: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 400 },
                  },
                },
                swiss: {
                  summary: "A Swiss of four rounds between five bots, from the classic suite, four games at a time",
                  value: { kind: "swiss", bots: [EXAMPLE_BOT_ID, "random", "easy", "medium", "hard"], rounds: 4, openings: "classic", concurrency: 4, seed: 7 },
                },
              },
            },
          },
        },
      },
      responses: {
        201: {
          description: "The tournament has started.",
          headers: { Location: { description: "The tournament's URL.", schema: { type: "string" } }, ...REPLAYED_RESPONSE_HEADER },
          content: { "application/json": { schema: CreatedTournamentSchema, example: examples.tournament.created } },
        },
        ...withRateLimitHeaders(
          problems("/v1/tournaments", [
            ...BODY,
            ...IDEMPOTENCY_PROBLEMS,
            "tournament/unknown_bot",
            "registry/entry_refused",
            "registry/url_not_allowed",
            "request/rate_limited",
          ]),
        ),
      },
    }),
    async (c) => {
      await spend(c, "tournaments");
      const request = c.req.valid("json");
      if (request.clock.kind === "move" && request.clock.moveMs > MAX_TOURNAMENT_MOVE_MS) {
        throw invalid(["clock", "moveMs"], `at most ${MAX_TOURNAMENT_MOVE_MS} ms per move in a tournament`);
      }
      // The format checks its own fields against the bots (ids for now: names are checked once resolved), then the service's limits.
      const format = formatOf(request.kind);
      const bots = request.bots.map((item) => (typeof item === "string" ? item : item.id));
      const settled = settle(format, bots, requestOptions(request));
      if (!settled.ok) throw invalid([settled.refusal.field], settled.refusal.message);
      const options = settled.options;
      const refusal = serviceRefusal(format, bots.length, options);
      if (refusal) throw invalid([refusal.field], refusal.message);
      const { openings, suite } = openingsOf(request);
      const entries = await entriesOf(c, request.bots);
      const problem = scheduleProblem(
        entries.map((entry) => entry.name),
        request.gamesPerPair,
      );
      if (problem) throw invalid(["bots"], problem);
      const id = newId();
      const token = newToken();
      const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0];
      const stub = tournamentObject(c.env, id);
      const state = replyValue(
        await stub.create({
          id,
          name: request.name ?? null,
          tokenHash: await hashToken(token),
          entries,
          kind: format.kind,
          gamesPerPair: options.gamesPerPair,
          concurrency: request.concurrency ?? 1,
          openings,
          openingSuite: suite,
          ...storedFields(options),
          rules: request.rules ?? {},
          clock: request.clock,
          seed,
          maxNodes: readSettings(c.env).defaultNodes,
        }),
        "tournament",
        id,
      );
      // The index the /tournaments page lists, and each registered entrant's page (src/objects/registry.ts).
      const botIds = entries.flatMap((entry) => ("botId" in entry ? [entry.botId] : []));
      await registryObject(c.env).noteTournament(id, Date.parse(state.createdAt), botIds);
      const url = `/v1/tournaments/${id}`;
      return c.json({ id, url, token, state }, 201, { Location: url });
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/tournaments/{id}",
      tags: ["Tournaments"],
      operationId: "getTournament",
      summary: "Get a tournament",
      description:
        "Status and progress; the standings (games, wins, draws, losses, forfeits, points with win 1 and draw 1/2, the Sonneborn-Berger tie-break, and a Bradley-Terry rating with its uncertainty), recomputed from the finished games; the crosstable; and every game with its result, the reason (and forfeit code) and links to its match and record.",
      request: { params: IdParamSchema },
      responses: {
        200: { description: "The tournament.", content: { "application/json": { schema: TournamentSchema, example: examples.tournament.running } } },
        ...problems("/v1/tournaments/{id}", ["tournament/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(replyValue(await tournamentObject(c.env, id).get(), "tournament", id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/tournaments/{id}/games",
      tags: ["Tournaments"],
      operationId: "listTournamentGames",
      summary: "List a tournament's games",
      description: `Every game of the schedule in play order, a page at a time (\`limit\`, default ${DEFAULT_PAGE_LIMIT}; follow \`next\` for the rest), each as in the tournament's view. The view itself lists at most the first ${TOURNAMENT_VIEW_GAMES} and links here (\`moreGames\`) for the rest.`,
      request: { params: IdParamSchema, query: GamePageQuerySchema },
      responses: {
        200: { description: "A page of games.", content: { "application/json": { schema: TournamentGamePageSchema } } },
        ...problems("/v1/tournaments/{id}/games", ["request/invalid", "tournament/not_found"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const { limit = DEFAULT_PAGE_LIMIT, cursor } = c.req.valid("query");
      const after = cursor === undefined ? -1 : gameCursor(cursor);
      const page = replyValue(await tournamentObject(c.env, id).games(after, limit), "tournament", id);
      const last = page.games.at(-1);
      const next = page.more && last ? nextLink(`/v1/tournaments/${id}/games`, limit, [last.index]) : null;
      return c.json({ games: page.games, next }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/tournaments/{id}/cancel",
      tags: ["Tournaments"],
      operationId: "cancelTournament",
      summary: "Cancel a tournament",
      description:
        "Stops a running tournament (needs its management token as `Authorization: Bearer <token>`): the game being played ends without a result (its match is aborted) and the games not played are cancelled; the finished games and the standings stay. No body.",
      security: [{ tournamentToken: [] }],
      request: { params: IdParamSchema },
      responses: {
        200: {
          description: "The tournament, cancelled.",
          content: { "application/json": { schema: TournamentSchema, example: examples.tournament.cancelled } },
        },
        ...problems("/v1/tournaments/{id}/cancel", ["tournament/token_required", "tournament/wrong_token", "tournament/not_found", "tournament/over"]),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const stub = tournamentObject(c.env, id);
      const token = bearerToken(c);
      if (token === null) throw new ProblemError("tournament/token_required", "send the tournament's management token as Authorization: Bearer <token>");
      return c.json(replyValue(await stub.cancel(await hashToken(token)), "tournament", id), 200);
    },
  );
}
