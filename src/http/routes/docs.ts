/**
 * The API's own description: `GET /openapi.json` (OpenAPI 3.1, generated from the routes' zod schemas,
 * the same document `npm run openapi` commits to openapi/openapi.json) and `GET /docs` (Scalar's
 * interactive reference). The page needs nothing from the internet: Scalar's standalone bundle and the
 * script that starts it are the Worker's static assets (wrangler.toml's [assets], public/docs/, the
 * bundle written by scripts/docs-assets.ts), and its CSP allows this origin only.
 */
import { createRoute, z } from "@hono/zod-openapi";
import type { App } from "../context.ts";
import { OpenApiDocumentSchema, problemResponses, SERVICE, tidyDocument, withAuthFailureLimit } from "../../wire/index.ts";

/** The static assets the page loads (public/docs/). */
export const DOCS_ASSETS = { renderer: "/docs/scalar-api-reference.js", start: "/docs/reference.js" } as const;

/**
 * Scalar's configuration, read by public/docs/reference.js: nothing that reaches another origin (no
 * web fonts, no proxy, no developer tools, no AI agent).
 */
const REFERENCE_CONFIGURATION = {
  url: "/openapi.json",
  pageTitle: "Quarto service API",
  withDefaultFonts: false,
  showDeveloperTools: "never",
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
};

/** Only this origin: scripts from files (none inline), the styles Scalar injects, requests to this API. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** What the site's pages put above the reference: their header (navigation) and its style. */
export interface ReferenceChrome {
  header: string;
  style: string;
}

/**
 * The reference page. The API alone serves it bare; the Worker's pages (src/pages, a layer above)
 * serve it at the same path with the site's header and navigation (`chrome`), as on every page.
 */
export function referencePage(chrome?: ReferenceChrome): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${REFERENCE_CONFIGURATION.pageTitle}</title>
${chrome ? `<style>${chrome.style}</style>\n` : ""}</head>
<body>
${chrome ? `${chrome.header}\n` : ""}<noscript>The interactive reference needs JavaScript; the document itself is <a href="/openapi.json">/openapi.json</a>.</noscript>
<div id="app" data-configuration="${escapeAttribute(JSON.stringify(REFERENCE_CONFIGURATION))}"></div>
<script src="${DOCS_ASSETS.renderer}"></script>
<script src="${DOCS_ASSETS.start}"></script>
</body>
</html>
`;
}

/** The reference page's answer headers: its CSP allows this origin only. */
export const REFERENCE_HEADERS = {
  "Content-Security-Policy": DOCS_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
};

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
  {
    name: "Tournaments",
    description:
      "Round robins, gauntlets and SPRT matches between bots, from openings in pairs, several games at once: progress, standings, crosstable, games, the SPRT's live state.",
  },
  { name: "Ladder", description: "The standing ladder: registered bots paired all the time by a Cron Trigger, rated over all their ladder games." },
  {
    name: "Puzzles",
    description:
      "Positions where the player to move wins by force and at most two moves do, each proved by the engine: draw one by rules and rating, or the daily one; try moves and get the defence. Difficulty is a Glicko-2 rating moved by attempts.",
  },
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
(with an \`Allow\` header). Request bodies are limited to 64 KiB (413 \`request/too_large\`). CORS is open.

**Every answer** carries \`X-Request-Id\` (yours when you send one, otherwise a new UUID; problem documents
repeat it as \`requestId\`). **Retries**: the creating POSTs take an \`Idempotency-Key\` (a new UUID per
operation): the same key and request within 24 hours answers the first answer again. **Caching**: the GET
forms of validate-move, check-win, evaluate and suggest-move (with a \`seed\`) and this document answer
with a strong \`ETag\` and \`Cache-Control\`, and 304 to a matching \`If-None-Match\`.`;

export function registerDocsRoutes(app: App): void {
  let document: unknown;
  const openApiDocument = () => {
    document ??= tidyDocument(
      withAuthFailureLimit(app.getOpenAPI31Document({
        openapi: "3.1.0",
        info: { title: "Quarto service", version: SERVICE.version, description: DESCRIPTION },
        servers: [{ url: "/", description: "The server that serves this document (http://localhost:8787 under npm start)" }],
        security: [],
        tags: API_TAGS,
      })),
    );
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
              schema: OpenApiDocumentSchema,
            },
          },
        },
        ...problemResponses("/openapi.json", ["server/internal"]),
      },
    }),
    (c) => c.json(openApiDocument() as Record<string, unknown>, 200),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/docs",
      tags: ["Meta"],
      operationId: "apiReference",
      summary: "Interactive API reference",
      description:
        "An HTML page (Scalar) that renders /openapi.json and can send requests. Everything it loads comes from this service (static assets under `/docs/`), so it works without internet access.",
      responses: {
        200: {
          description: "The reference page.",
          content: { "text/html": { schema: z.string().openapi({ example: "<!doctype html>..." }) } },
        },
        ...problemResponses("/docs", ["server/internal"]),
      },
    }),
    (c) => c.html(referencePage(), 200, REFERENCE_HEADERS),
  );
}
