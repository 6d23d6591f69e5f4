/**
 * About the service itself: the index (name, version, links), a health check, and the problem types
 * (each problem document's `type` is `/problems/<code>`, so these make them dereferenceable). The deep
 * health check (`/healthz?deep=1`) pings one object of each Durable Object class, a storage read each
 * and nothing written, so it fails when the objects do, not only when the Worker does; and it opens
 * the opening books, so a corrupt or stale book file in a deployment shows as a failure, not only as a
 * logged line and slower answers.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { App, AppEnv } from "../context.ts";
import { openInstalledBooks } from "../../engine/index.ts";
import { registryObject } from "../objects.ts";
import {
  HealthSchema,
  isProblemCode,
  LINKS,
  objectNamed,
  PROBLEM_CODES,
  ProblemError,
  problemResponses,
  ProblemTypeListSchema,
  problemTypeOf,
  ProblemTypeSchema,
  SERVICE,
  ServiceIndexSchema,
} from "../../wire/index.ts";

/** A ping that has not answered after this long counts as failed. */
const PING_TIMEOUT_MS = 5000;
/** The name of the match and tournament objects the deep check pings (never a match or tournament id). */
export const HEALTH_OBJECT_NAME = "~healthz";

const HealthQuerySchema = z.object({
  deep: z
    .enum(["0", "1", "false", "true"])
    .optional()
    .openapi({
      param: {
        name: "deep",
        in: "query",
        description: "`1` (or `true`): also ping a match object, a tournament object and the registry, and open the opening books. Default: `0`.",
      },
      example: "0",
    }),
});

type CheckName = "match" | "tournament" | "registry";
type CheckResult = { ok: true; ms: number } | { ok: false; ms: number; error: string };

/** Times one ping, failed if it rejects or takes longer than PING_TIMEOUT_MS. */
async function timed(ping: () => Promise<unknown>): Promise<CheckResult> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no answer in time")), PING_TIMEOUT_MS);
  });
  try {
    await Promise.race([ping(), timeout]);
    return { ok: true, ms: Date.now() - started };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, error: error instanceof Error ? error.message : String(error) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** Pings one object of each class, at once. */
async function deepChecks(env: AppEnv["Bindings"]): Promise<Record<CheckName, CheckResult>> {
  const [match, tournament, registry] = await Promise.all([
    timed(() => objectNamed(env.MATCHES, HEALTH_OBJECT_NAME).ping()),
    timed(() => objectNamed(env.TOURNAMENTS, HEALTH_OBJECT_NAME).ping()),
    timed(() => registryObject(env).ping()),
  ]);
  return { match, tournament, registry };
}

export function registerMetaRoutes(app: App): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/",
      tags: ["Meta"],
      operationId: "serviceIndex",
      summary: "Service index",
      description: "The service's name, version and links to its documentation and endpoints.",
      responses: {
        200: { description: "The service index.", content: { "application/json": { schema: ServiceIndexSchema } } },
        ...problemResponses("/", ["server/internal"]),
      },
    }),
    (c) => c.json({ ...SERVICE, links: LINKS }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/healthz",
      tags: ["Meta"],
      operationId: "health",
      summary: "Health check",
      description: `Answers 200 while the Worker serves requests. With \`deep=1\`, also pings a match object, a tournament object and the bot registry (a storage read each, nothing written) and reports each one's time, and opens every variant's opening book (header, format version, rules, checksum: what its first request would do); when an object fails or takes over ${PING_TIMEOUT_MS / 1000} s, or a book is refused (the engine would search that variant instead), a 503 problem document (\`server/unhealthy\`) names it, with every check's result.`,
      request: { query: HealthQuerySchema },
      responses: {
        200: { description: "Healthy.", content: { "application/json": { schema: HealthSchema } } },
        ...problemResponses("/healthz", ["request/invalid", "server/unhealthy", "server/internal"]),
      },
    }),
    async (c) => {
      const { deep } = c.req.valid("query");
      if (deep !== "1" && deep !== "true") return c.json({ status: "ok" as const }, 200);
      const results = await deepChecks(c.env);
      const books = openInstalledBooks();
      const refused = books.filter((book) => book.state === "refused");
      const open = books.flatMap((book) => (book.state === "open" ? [{ name: book.name, deepest: book.deepest ?? 0, positions: book.positions ?? 0 }] : []));
      const names = Object.keys(results) as CheckName[];
      const failed = names.filter((name) => !results[name].ok);
      if (failed.length > 0 || refused.length > 0) {
        const said = (name: CheckName) => {
          const result = results[name];
          return result.ok ? `${name}: ok in ${result.ms} ms` : `${name}: failed after ${result.ms} ms (${result.error})`;
        };
        const booksSaid =
          refused.length === 0
            ? `books: ${open.length} open`
            : `books: ${refused.map((book) => `${book.name} refused (${book.code}: ${book.reason})`).join(", ")}`;
        throw new ProblemError("server/unhealthy", [...names.map(said), booksSaid].join("; "), {
          errors: [
            ...failed.map((name) => ({ path: ["checks", name], message: said(name) })),
            ...(refused.length > 0 ? [{ path: ["checks", "books"], message: booksSaid }] : []),
          ],
        });
      }
      const pings = Object.fromEntries(names.map((name) => [name, { status: "ok" as const, ms: results[name].ms }])) as Record<
        CheckName,
        { status: "ok"; ms: number }
      >;
      return c.json({ status: "ok" as const, checks: { ...pings, books: { status: "ok" as const, open } } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/problems",
      tags: ["Meta"],
      operationId: "listProblemTypes",
      summary: "List problem types",
      description: "Every problem `code` the service answers with, its `type` URI, HTTP status and title.",
      responses: {
        200: {
          description: "All problem types.",
          content: {
            "application/json": {
              schema: ProblemTypeListSchema,
            },
          },
        },
        ...problemResponses("/problems", ["server/internal"]),
      },
    }),
    (c) => c.json({ problems: PROBLEM_CODES.map(problemTypeOf) }, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/problems/{namespace}/{name}",
      tags: ["Meta"],
      operationId: "getProblemType",
      summary: "Describe a problem type",
      description: "The target of a problem document's `type`: `/problems/position/bad_character` describes code `position/bad_character`.",
      request: {
        params: z.object({
          namespace: z
            .string()
            .openapi({ param: { name: "namespace", in: "path", description: "The part of the code before the slash." }, example: "position" }),
          name: z.string().openapi({ param: { name: "name", in: "path", description: "The part of the code after the slash." }, example: "bad_character" }),
        }),
      },
      responses: {
        200: { description: "The problem type.", content: { "application/json": { schema: ProblemTypeSchema } } },
        ...problemResponses("/problems/position/unknown", ["request/not_found", "server/internal"]),
      },
    }),
    (c) => {
      const { namespace, name } = c.req.valid("param");
      const code = `${namespace}/${name}`;
      if (!isProblemCode(code)) throw new ProblemError("request/not_found", `there is no problem type '${code}'; GET /problems lists them`);
      return c.json(problemTypeOf(code), 200);
    },
  );
}
