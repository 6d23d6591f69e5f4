/**
 * About the service itself: the index (name, version, links), a health check, and the problem types
 * (each problem document's `type` is `/problems/<code>`, so these make them dereferenceable).
 */
import { createRoute, z } from "@hono/zod-openapi";
import packageJson from "../../../package.json" with { type: "json" };
import type { App } from "../context.ts";
import { isProblemCode, PROBLEM_CODES, PROBLEMS, ProblemCodeSchema, type ProblemCode, ProblemError, problemResponses, problemType } from "../../wire/problems.ts";

export const SERVICE = { name: packageJson.name, version: packageJson.version, description: packageJson.description } as const;

/** The index's links; route files of later features add theirs here. */
const LINKS = {
  docs: "/docs",
  openapi: "/openapi.json",
  health: "/healthz",
  problems: "/problems",
  validateMove: "/v1/validate-move",
  checkWin: "/v1/check-win",
  suggestMove: "/v1/suggest-move",
  evaluate: "/v1/evaluate",
  bots: "/v1/bots",
  builtInBot: "/bots/easy/",
  tournaments: "/v1/tournaments",
} as const;

const IndexSchema = z
  .object({
    name: z.string().openapi({ example: SERVICE.name }),
    version: z.string().openapi({ example: SERVICE.version }),
    description: z.string().openapi({ example: SERVICE.description }),
    links: z.record(z.string(), z.string()).openapi({ description: "Where to go next, by name.", example: LINKS }),
  })
  .openapi("ServiceIndex", { description: "What this service is, and where its parts are.", example: { ...SERVICE, links: LINKS } });

const HealthSchema = z
  .object({ status: z.literal("ok").openapi({ description: "Always `ok`: an answer at all is the signal." }) })
  .openapi("Health", { description: "The Worker is serving.", example: { status: "ok" } });

const ProblemTypeSchema = z
  .object({
    code: ProblemCodeSchema,
    type: z.string().openapi({ format: "uri-reference", description: "The `type` of problem documents with this code." }),
    status: z.number().int().openapi({ description: "The HTTP status answered with this code." }),
    title: z.string().openapi({ description: "The `title` of problem documents with this code." }),
    example: z.string().openapi({ description: "A typical `detail`." }),
  })
  .openapi("ProblemType", {
    description: "A problem type: the stable code and the HTTP status it is answered with.",
    example: problemTypeOf("position/bad_character"),
  });

function problemTypeOf(code: ProblemCode) {
  const { status, title, example } = PROBLEMS[code];
  return { code, type: problemType(code), status, title, example };
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
        200: { description: "The service index.", content: { "application/json": { schema: IndexSchema } } },
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
      description: "Answers 200 while the Worker serves requests.",
      responses: {
        200: { description: "Healthy.", content: { "application/json": { schema: HealthSchema } } },
        ...problemResponses("/healthz", ["server/internal"]),
      },
    }),
    (c) => c.json({ status: "ok" as const }, 200),
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
          content: { "application/json": { schema: z
                .object({ problems: z.array(ProblemTypeSchema) })
                .openapi("ProblemTypeList", { example: { problems: [problemTypeOf("request/invalid"), problemTypeOf("position/bad_character")] } }) } },
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
          namespace: z.string().openapi({ param: { name: "namespace", in: "path", description: "The part of the code before the slash." }, example: "position" }),
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
