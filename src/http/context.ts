/**
 * What every route file shares, kept apart from app.ts so that routes never import the app that
 * registers them: the app's types, the problem-document response of a request, and the bearer token.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { PROBLEMS, type ProblemCode, type ProblemExtra, problemDocument } from "../wire/index.ts";

/** `requestId`: the request's id (src/http/request-id.ts), answered as `X-Request-Id` and in problem documents. */
export type AppEnv = { Bindings: Env; Variables: { requestId: string } };
export type App = OpenAPIHono<AppEnv>;

/**
 * The problem document response for `code`; `instance` is the request path (as sent, percent-encoded), `requestId` the request's id.
 * @example return problem(c, "request/not_found", `no route matches GET ${c.req.path}`);
 */
export function problem(c: Context, code: ProblemCode, detail: string, extra: ProblemExtra = {}, headers: Record<string, string> = {}): Response {
  const requestId: unknown = c.get("requestId");
  // The path as it came, percent-encoded (Hono's c.req.path is decoded: `%0A` would be a raw newline).
  const document = problemDocument(code, detail, { ...extra, ...(typeof requestId === "string" ? { requestId } : {}) }, new URL(c.req.url).pathname);
  return c.body(JSON.stringify(document), PROBLEMS[code].status, { ...headers, "Content-Type": "application/problem+json" });
}

/** The token of `Authorization: Bearer <token>` (a seat's or a management token), or null. */
export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header("Authorization");
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}
