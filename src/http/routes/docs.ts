/**
 * The API's own description: `GET /openapi.json` (OpenAPI 3.1, generated from the routes' zod schemas,
 * the same document `npm run openapi` commits to openapi/openapi.json) and `GET /docs` (Scalar's
 * interactive reference). Scalar's page loads its script from the jsDelivr CDN in the browser: the
 * standalone bundle is not among our dependencies, so there is nothing local to serve instead.
 */
import { createRoute, z } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { App, AppEnv } from "../context.ts";
import { problemResponses } from "../../wire/problems.ts";
import { SERVICE } from "./meta.ts";

/** Tags of the spec, in display order; route files of later features add theirs here. */
const API_TAGS = [
  { name: "Rules", description: "The stateless rules API: validate a move, check a position." },
  { name: "Engine", description: "The engine: suggest a move, evaluate a position, within a node budget." },
  { name: "Matches", description: "Hosted matches: seats with tokens, moves, the announcement rule, clocks, live updates, records and replay." },
  {
    name: "Bots",
    description:
      "Bots for the arena: register an HTTP bot, the built-in bots served with the bot protocol, and the protocol itself (the webhooks: the calls the arena makes to a bot).",
  },
  { name: "Tournaments", description: "Round robins between bots, played on the service one game at a time: progress, standings, crosstable, games." },
  { name: "Meta", description: "The service itself: index, health, problem types, this description." },
];

const DESCRIPTION = `The reference service for the board game Quarto.

**Conventions** (see docs/rules.md in the repository): a piece is an id 0-15 with one bit per attribute
(8 = tall, 4 = dark, 2 = square, 1 = hollow), written as one hex digit; a cell is 0-15 row-major from
the top left, or its name \`a1\`..\`d4\` (column letter, row number from the top). A position is the
17-character string (16 cells, then the piece in hand; \`.\` for empty) or the JSON form
\`{ "board": [16 x piece | null], "inHand": piece | null }\`. A move is
\`{ "place": cell, "give": piece }\`, or in text \`[cell]["!"]["-" piece]\` (\`-7\`, \`c3-A\`, \`d4!\`).
Rules options: \`squares\`, \`attributes\`, \`announce\`, \`missedClaim\`; the default is the classic game.

**Errors** are RFC 9457 problem documents (\`application/problem+json\`) with a stable \`code\`; its
\`type\` is \`/problems/<code>\`. Besides the errors listed on each operation, any path answers an unknown
route with 404 \`request/not_found\` and a method it does not serve with 405 \`request/method_not_allowed\`
(with an \`Allow\` header). Request bodies are limited to 64 KiB (413 \`request/too_large\`). CORS is open.`;

export function registerDocsRoutes(app: App): void {
  let document: unknown;
  const openApiDocument = () => {
    document ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: { title: "Quarto service", version: SERVICE.version, description: DESCRIPTION },
      servers: [{ url: "/", description: "The server that serves this document (http://localhost:8787 under npm start)" }],
      security: [],
      tags: API_TAGS,
    });
    return document;
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/openapi.json",
      tags: ["Meta"],
      operationId: "openApiDocument",
      summary: "OpenAPI document",
      description: "This API's OpenAPI 3.1 description.",
      responses: {
        200: {
          description: "The OpenAPI document.",
          content: {
            "application/json": {
              schema: z.record(z.string(), z.unknown()).openapi("OpenApiDocument", {
                description: "An OpenAPI 3.1 document.",
                example: { openapi: "3.1.0", info: { title: "Quarto service", version: SERVICE.version } },
              }),
            },
          },
        },
        ...problemResponses("/openapi.json", ["server/internal"]),
      },
    }),
    (c) => c.json(openApiDocument() as Record<string, unknown>, 200),
  );

  const reference = Scalar<AppEnv>({ url: "/openapi.json", pageTitle: "Quarto service API" });
  app.openapi(
    createRoute({
      method: "get",
      path: "/docs",
      tags: ["Meta"],
      operationId: "apiReference",
      summary: "Interactive API reference",
      description: "An HTML page (Scalar) that renders /openapi.json and can send requests.",
      responses: {
        200: {
          description: "The reference page.",
          content: { "text/html": { schema: z.string().openapi({ example: "<!doctype html>..." }) } },
        },
        ...problemResponses("/docs", ["server/internal"]),
      },
    }),
    async (c) => (await reference(c, async () => {})) as Response,
  );
}
