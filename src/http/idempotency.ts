/**
 * `Idempotency-Key` on the creating POSTs (a match, a seat, a bot, a tournament, new bot credentials):
 * a request retried with the same key gets the first answer again, status and body, instead of creating
 * a second thing (whose tokens, shown once, would be lost with the first answer). The key's record is a
 * Durable Object (src/objects/idempotency.ts). A request is identified by its method, path, credentials
 * (the `Authorization` header, hashed) and body; the same key with another request is a 422. Only
 * successful answers are kept: a refused request created nothing, so its retry simply runs again.
 */
import type { MiddlewareHandler } from "hono";
import { sha256Hex } from "../match/index.ts";
import type { StoredAnswer } from "../objects/index.ts";
import { IDEMPOTENCY_HEADER, IdempotencyKeyHeaderSchema, type ProblemCode, ProblemError } from "../wire/index.ts";
import type { App, AppEnv } from "./context.ts";

/** Set on an answer sent again for a retried key. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
const USABLE_KEY = /^[\x20-\x7e]{1,255}$/;
/** The answer headers kept with the answer (the rest are the app's and are set anew). */
const KEPT_HEADERS = ["content-type", "location"];

/** The header parameter as a component of the app's OpenAPI document (`#/components/parameters/IdempotencyKey`). */
export function registerIdempotencyParameter(app: App): void {
  app.openAPIRegistry.registerParameter("IdempotencyKey", IdempotencyKeyHeaderSchema);
}

/** The refusals of the header, for the routes' OpenAPI responses. */
export const IDEMPOTENCY_PROBLEMS: ProblemCode[] = ["idempotency/bad_key", "idempotency/in_progress", "idempotency/key_reused"];

/** The answer header a replay carries, for the OpenAPI document. */
export const REPLAYED_RESPONSE_HEADER = {
  [REPLAYED_HEADER]: { description: "`true` when this is the stored answer to an earlier request with the same `Idempotency-Key`.", schema: { type: "string" as const, enum: ["true"] } },
};

/** The middleware: mount it on the creating POST routes only. */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async function idempotency(c, next) {
    if (c.req.method !== "POST") return next();
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined) return next();
    if (!USABLE_KEY.test(key)) {
      throw new ProblemError("idempotency/bad_key", "an Idempotency-Key has 1 to 255 visible ASCII characters (a random UUID will do)");
    }
    const body = await c.req.text();
    const fingerprint = await sha256Hex([c.req.method, c.req.path, await sha256Hex(c.req.header("Authorization") ?? ""), body].join("\n"));
    const stub = c.env.IDEMPOTENCY.get(c.env.IDEMPOTENCY.idFromName(key));
    const verdict = await stub.begin(fingerprint, Date.now());
    switch (verdict.kind) {
      case "replay": {
        const headers = new Headers(verdict.answer.headers);
        headers.set(REPLAYED_HEADER, "true");
        return new Response(verdict.answer.body, { status: verdict.answer.status, headers });
      }
      case "mismatch":
        throw new ProblemError(
          "idempotency/key_reused",
          "this Idempotency-Key was used within 24 hours for another request (another path, body or token); use a new key",
        );
      case "in_progress":
        throw new ProblemError("idempotency/in_progress", "a request with this Idempotency-Key is still being answered; retry in a moment", {}, { "Retry-After": "1" });
      case "new":
        break;
    }
    try {
      await next();
    } catch (error) {
      await stub.abandon(fingerprint);
      throw error;
    }
    if (c.res.status < 200 || c.res.status >= 300) {
      await stub.abandon(fingerprint);
      return;
    }
    const answer: StoredAnswer = {
      status: c.res.status,
      headers: [...c.res.headers].filter(([name]) => KEPT_HEADERS.includes(name.toLowerCase())),
      body: await c.res.clone().text(),
    };
    await stub.finish(fingerprint, answer, Date.now());
  };
}
