/**
 * The HTTP application: one OpenAPIHono app, built by `createApp()`, that the Worker entry serves and
 * `npm run openapi` describes. Each feature is a route file `src/http/routes/<feature>.ts` whose
 * `register<Feature>Routes(app)` adds `createRoute` + handler pairs (schemas, conversions and problem
 * codes are in src/wire). Middleware, in order: request id, settings, CORS, body limit, caching,
 * idempotency. Every error is a problem document; an exception is a bug and the only way to a 500.
 * Route files use the Durable Objects through types only: scripts/openapi.ts loads this app in Node.
 */
import { type Hook, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { type FieldError, ProblemError, readSettings } from "../wire/index.ts";
import { DOCUMENT_MAX_AGE_S, PURE_MAX_AGE_S, pureGet } from "./caching.ts";
import { type App, type AppEnv, problem } from "./context.ts";
import { idempotency, REPLAYED_HEADER } from "./idempotency.ts";
import { authGuard } from "./limits.ts";
import { REQUEST_ID_HEADER, requestId } from "./request-id.ts";
import { registerDocsRoutes } from "./routes/docs.ts";
import { registerMatchesRoutes } from "./routes/matches.ts";
import { registerBotsRoutes } from "./routes/bots.ts";
import { registerBotCallsRoutes } from "./routes/bot-calls.ts";
import { registerBotTransportRoutes } from "./routes/bot-transport.ts";
import { registerBuiltInBotsRoutes } from "./routes/built-in-bots.ts";
import { registerBotWebhooks } from "./routes/bot-webhooks.ts";
import { registerTournamentsRoutes } from "./routes/tournaments.ts";
import { registerLadderRoutes } from "./routes/ladder.ts";
import { registerPuzzlesRoutes } from "./routes/puzzles.ts";
import { registerReplayRoutes } from "./routes/replay.ts";
import { registerReviewRoutes } from "./routes/review.ts";
import { registerMetaRoutes } from "./routes/meta.ts";
import { registerEngineRoutes } from "./routes/engine.ts";
import { registerRulesRoutes } from "./routes/rules.ts";

export const BODY_LIMIT_BYTES = 64 * 1024;
/** The answer headers a browser script may read across origins. */
const EXPOSED_HEADERS = ["Allow", "Location", "ETag", "Retry-After", "RateLimit", "RateLimit-Policy", REQUEST_ID_HEADER, REPLAYED_HEADER];
/** The creating POSTs, which take an `Idempotency-Key` (their routes list the header parameter). */
const IDEMPOTENT_PATHS = ["/v1/matches", "/v1/matches/:id/join", "/v1/bots", "/v1/bots/:id/rotate", "/v1/tournaments"];
/** At most this many failing fields are listed in one problem document. */
const MAX_FIELD_ERRORS = 20;

export interface AppOptions {
  /**
   * Registers routes before the API's own, right after the shared middleware: the Worker entry passes
   * the web pages here, whose `/` answers browsers and passes everyone else on to the JSON index.
   */
  routesFirst?: (app: App) => void;
}

export function createApp(options: AppOptions = {}): App {
  const app: App = new OpenAPIHono<AppEnv>({ defaultHook: validationProblem });

  app.use("*", requestId());
  // No answer is to be read as another type than it says (a JSON answer rendered as a page, say).
  app.use("*", async function noSniff(c, next) {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
  });
  // The deployment's settings (src/wire/settings.ts), read once per environment before any route: a
  // malformed var fails every request (a 500, the var named in the error log) instead of some later.
  app.use("*", async function settings(c, next) {
    readSettings(c.env);
    await next();
  });
  // A preflight is answered with the methods its path serves (none for a path nothing serves).
  app.use("*", cors({ origin: "*", allowMethods: (_, c) => allowedMethods(app, c.req.path), exposeHeaders: EXPOSED_HEADERS, maxAge: 86_400 }));
  // Wrong tokens are counted per client; past the limit, no token is looked at (src/http/limits.ts).
  app.use("*", authGuard());
  app.use(
    "*",
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => problem(c, "request/too_large", `the request body exceeds ${BODY_LIMIT_BYTES} bytes`),
    }),
  );
  // Pure GET answers: ETag, Cache-Control, 304; engine searches also kept in the Workers cache.
  for (const path of ["/v1/validate-move", "/v1/check-win"]) app.use(path, pureGet({ maxAgeS: PURE_MAX_AGE_S }));
  app.use("/v1/evaluate", pureGet({ maxAgeS: PURE_MAX_AGE_S, shared: true }));
  // A suggested move without a seed is drawn at random among equal moves: not pure, never cached.
  app.use("/v1/suggest-move", pureGet({ maxAgeS: PURE_MAX_AGE_S, shared: true, pure: (c) => c.req.query("seed") !== undefined }));
  app.use("/openapi.json", pureGet({ maxAgeS: DOCUMENT_MAX_AGE_S }));
  for (const path of IDEMPOTENT_PATHS) app.use(path, idempotency());

  options.routesFirst?.(app);
  registerMetaRoutes(app);
  registerDocsRoutes(app);
  registerRulesRoutes(app);
  registerEngineRoutes(app);
  registerMatchesRoutes(app);
  registerReplayRoutes(app);
  registerReviewRoutes(app);
  registerBotsRoutes(app);
  registerBotTransportRoutes(app);
  registerBotCallsRoutes(app);
  registerBuiltInBotsRoutes(app);
  registerBotWebhooks(app);
  registerTournamentsRoutes(app);
  registerLadderRoutes(app);
  registerPuzzlesRoutes(app);

  app.notFound((c) => routeMissProblem(app, c));
  app.onError((error, c) => errorProblem(error, c));
  return app;
}

/** The default hook of every route: a zod failure becomes a 422 listing each failing field. */
const validationProblem: Hook<unknown, AppEnv, string, Response | undefined> = (result, c) => {
  if (result.success) return undefined;
  const errors = fieldErrors(result.error.issues);
  const listed = errors.slice(0, MAX_FIELD_ERRORS);
  const where = result.target === "json" ? "body" : result.target;
  const summary = listed
    .slice(0, 3)
    .map((error) => `${error.path.length === 0 ? where : error.path.join(".")}: ${error.message}`)
    .join("; ");
  const more = errors.length > 3 ? ` (and ${errors.length - 3} more)` : "";
  return problem(c, "request/invalid", `${summary}${more}`, { errors: listed });
};

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  errors?: Issue[][];
}

/**
 * Zod issues as field errors. A union that failed in every branch is reported through the one branch
 * that got past the type check (e.g. a JSON-form position with a bad cell), when there is exactly one.
 */
function fieldErrors(issues: readonly Issue[], prefix: (string | number)[] = []): FieldError[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path.map((key) => (typeof key === "number" ? key : String(key)))];
    if (issue.code === "invalid_union" && issue.errors) {
      const typed = issue.errors.filter((branch) => !branch.every((inner) => inner.code === "invalid_type" && inner.path.length === 0));
      if (typed.length === 1) return fieldErrors(typed[0], path);
    }
    return [{ path, message: issue.message }];
  });
}

/** 404 for a path no route serves, 405 (with `Allow`) for a path served under other methods. */
function routeMissProblem(app: App, c: Context): Response {
  const allowed = allowedMethods(app, c.req.path);
  const request = `${c.req.method} ${c.req.path}`;
  if (allowed.length === 0) return problem(c, "request/not_found", `no route matches ${request}`);
  const allow = allowed.join(", ");
  return problem(c, "request/method_not_allowed", `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}`, {}, { Allow: allow });
}

const METHOD_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The methods the app serves on `path` (HEAD with GET, and OPTIONS for CORS preflight); [] if none. */
function allowedMethods(app: App, path: string): string[] {
  const methods = new Set<string>();
  for (const route of app.routes) {
    if (route.method === "ALL" || !routePattern(route.path).test(path)) continue;
    methods.add(route.method.toUpperCase());
  }
  if (methods.size === 0) return [];
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return METHOD_ORDER.filter((method) => methods.has(method)).concat([...methods].filter((m) => !METHOD_ORDER.includes(m)));
}

const patterns = new Map<string, RegExp>();

/** A Hono route path (`/a/:id`, `/a/:id{[0-9]+}`, `/a/*`) as a regular expression. */
function routePattern(routePath: string): RegExp {
  let pattern = patterns.get(routePath);
  if (pattern === undefined) {
    const segments = routePath.split("/").map((segment) => {
      if (segment === "*") return ".*";
      const param = /^:[^{]+(?:\{(.+)\})?\??$/.exec(segment);
      if (param) return param[1] ?? "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    });
    pattern = new RegExp(`^${segments.join("/")}$`);
    patterns.set(routePath, pattern);
  }
  return pattern;
}

/** Renders anything thrown: problems as themselves, framework HTTP errors by status, the rest as 500. */
function errorProblem(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ProblemError) return problem(c, error.code, error.detail, error.extra, error.headers);
  if (error instanceof HTTPException) {
    switch (error.status) {
      case 400:
        return /json/i.test(error.message)
          ? problem(c, "request/malformed_json", "the request body is not valid JSON")
          : problem(c, "request/bad_request", error.message || "the request could not be read");
      case 413:
        return problem(c, "request/too_large", `the request body exceeds ${BODY_LIMIT_BYTES} bytes`);
      case 415:
        return problem(c, "request/unsupported_media_type", "send the request body as JSON with Content-Type: application/json");
      default:
        if (error.status >= 400 && error.status < 500) return problem(c, "request/bad_request", error.message || `HTTP ${error.status}`);
    }
  }
  console.error("unhandled error", c.req.method, c.req.path, c.get("requestId"), error);
  return problem(c, "server/internal", "an unexpected error occurred; it has been logged");
}
