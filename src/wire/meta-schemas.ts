/**
 * Wire schemas of the service itself (src/http/routes/meta.ts and docs.ts): the index (name, version,
 * links), the health check, the problem types and the OpenAPI document.
 */
import { z } from "@hono/zod-openapi";
import packageJson from "../../package.json" with { type: "json" };
import { PROBLEMS, ProblemCodeSchema, type ProblemCode, problemType } from "./problems.ts";

export const SERVICE = { name: packageJson.name, version: packageJson.version, description: packageJson.description } as const;

/** The index's links; route files of later features add theirs here. */
export const LINKS = {
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

export const ServiceIndexSchema = z
  .object({
    name: z.string().openapi({ example: SERVICE.name }),
    version: z.string().openapi({ example: SERVICE.version }),
    description: z.string().openapi({ example: SERVICE.description }),
    links: z.record(z.string(), z.string()).openapi({ description: "Where to go next, by name.", example: LINKS }),
  })
  .openapi("ServiceIndex", { description: "What this service is, and where its parts are.", example: { ...SERVICE, links: LINKS } });

// ---- the health check ----

const CheckSchema = z
  .object({
    status: z.literal("ok").openapi({ description: "The object answered (a failing one makes the whole check a 503 problem)." }),
    ms: z.number().int().min(0).openapi({ description: "How long the ping took, in milliseconds.", example: 3 }),
  })
  .openapi("HealthCheck", { description: "One object's ping.", example: { status: "ok", ms: 3 } });

const BOOKS_EXAMPLE = { status: "ok" as const, open: [{ name: "squares-13", deepest: 13, positions: 12507 }] };

const BooksCheckSchema = z
  .object({
    status: z.literal("ok").openapi({ description: "Every variant's book opened (a refused one makes the whole check a 503 problem)." }),
    open: z
      .array(
        z.object({
          name: z.string().openapi({ description: "The book, `<variant>-<depth>`.", example: "squares-13" }),
          deepest: z
            .number()
            .int()
            .min(0)
            .max(16)
            .openapi({ description: "Empty cells of its deepest tier: positions with this many empty cells or more are answered from it.", example: 13 }),
          positions: z.number().int().min(1).openapi({ description: "Positions in the book.", example: 12507 }),
        }),
      )
      .openapi({ description: "The book each variant answers from." }),
  })
  .openapi("BooksCheck", { description: "The opening books, each opened and checked (header, format version, rules, checksum).", example: BOOKS_EXAMPLE });

export const HealthSchema = z
  .object({
    status: z.literal("ok").openapi({ description: "Always `ok`: an answer at all is the signal (a failing deep check is a 503 problem)." }),
    checks: z
      .object({ match: CheckSchema, tournament: CheckSchema, registry: CheckSchema, books: BooksCheckSchema })
      .optional()
      .openapi({
        description: "With `deep=1`: each Durable Object class pinged (a match object, a tournament object, the bot registry), and the opening books opened.",
      }),
  })
  .openapi("Health", {
    description: "The Worker is serving (and, with `deep=1`, its Durable Objects answer and its opening books are sound).",
    example: {
      status: "ok",
      checks: { match: { status: "ok", ms: 3 }, tournament: { status: "ok", ms: 2 }, registry: { status: "ok", ms: 4 }, books: BOOKS_EXAMPLE },
    },
  });

// ---- problem types ----

/** The problem type of a code: what `GET /problems/<code>` answers. */
export function problemTypeOf(code: ProblemCode) {
  const { status, title, example } = PROBLEMS[code];
  return { code, type: problemType(code), status, title, example };
}

export const ProblemTypeSchema = z
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

export const ProblemTypeListSchema = z
  .object({ problems: z.array(ProblemTypeSchema) })
  .openapi("ProblemTypeList", { example: { problems: [problemTypeOf("request/invalid"), problemTypeOf("position/bad_character")] } });

// ---- the OpenAPI document ----

export const OpenApiDocumentSchema = z.record(z.string(), z.unknown()).openapi("OpenApiDocument", {
  description: "An OpenAPI 3.1 document.",
  example: { openapi: "3.1.0", info: { title: "Quarto service", version: SERVICE.version } },
});
