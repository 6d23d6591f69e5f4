/**
 * Pagination of long lists (`GET /v1/bots`, a tournament's games, a bot's calls): `limit` and an opaque `cursor` in
 * the query, and a `next` link in the answer that carries both, null on the last page. A cursor names
 * the last item of the page before (its sort key), so a page never repeats or skips an item when items
 * are added after it; it is base64url text that clients pass back as is.
 */
import { z } from "@hono/zod-openapi";

export const DEFAULT_PAGE_LIMIT = 50;
export const MAX_PAGE_LIMIT = 200;

/** The query of a paginated GET: `limit` (digits only, 1-200) and `cursor`, whose example is a real cursor of that list. */
function pageQuerySchema(exampleCursor: string) {
  return z.object({
    limit: z
      .preprocess((value) => (typeof value === "string" && /^[0-9]{1,6}$/.test(value) ? Number(value) : value), z.int().min(1).max(MAX_PAGE_LIMIT))
      .optional()
      .openapi({ param: { name: "limit", in: "query", description: `Items per page, 1-${MAX_PAGE_LIMIT} (default ${DEFAULT_PAGE_LIMIT}).` }, example: 20 }),
    cursor: z
      .string()
      .max(200)
      .optional()
      .openapi({
        param: { name: "cursor", in: "query", description: "Where the page starts: the `cursor` of the `next` link of the page before (opaque)." },
        example: exampleCursor,
      }),
  });
}

/** An id of the form bot ids have (lower-case base32), for the cursors' examples. */
const CURSOR_BOT_ID = "b4n6xr2mq7tz3kc5vj7wd2hp6e";

/** `GET /v1/bots`: a cursor names a bot by (registration time, id). */
export const BotPageQuerySchema = pageQuerySchema(encodeCursor([Date.parse("2026-10-01T12:00:00.000Z"), CURSOR_BOT_ID]));
/** `GET /v1/tournaments/{id}/games`: a cursor names a game by its index. */
export const GamePageQuerySchema = pageQuerySchema(encodeCursor([49]));
/** `GET /v1/ladder`: a cursor names a ladder entry by (rating, bot id). */
export const LadderPageQuerySchema = pageQuerySchema(encodeCursor([1500, CURSOR_BOT_ID]));
/** `GET /v1/bots/{id}/calls`: a cursor names a call by (when it was sent, its id); `matchId` keeps the calls of one match. */
export const BotCallPageQuerySchema = pageQuerySchema(encodeCursor([Date.parse("2026-10-01T12:00:03.210Z"), 1042])).extend({
  matchId: z
    .string()
    .regex(/^[a-z2-7]{26}$/, "a match id: 26 characters a-z and 2-7")
    .optional()
    .openapi({ param: { name: "matchId", in: "query", description: "Only the calls about this match." }, example: "k3v7tq2mz5xj4c6rb3wn2hd5fa" }),
});

/** The `next` member of a page. */
export const NextLinkSchema = z
  .union([z.string(), z.null()])
  .openapi({ format: "uri-reference", description: "The next page (same `limit`), or null on the last page." });

/** The cursor of a sort key: the parts joined and base64url-encoded. */
function encodeCursor(parts: readonly (string | number)[]): string {
  const bytes = new TextEncoder().encode(parts.join("\u0000"));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The parts of a cursor, or null when it is not one this service made. */
export function decodeCursor(cursor: string): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  try {
    const binary = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))).split("\u0000");
  } catch {
    return null;
  }
}

/** The link to the page after the one that ends with sort key `last`, with the list's `filters` kept. */
export function nextLink(path: string, limit: number, last: readonly (string | number)[], filters: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...filters, limit: String(limit), cursor: encodeCursor(last) })}`;
}
