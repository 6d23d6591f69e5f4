/**
 * Every answer carries a request id, `X-Request-Id`: the client's own when it sent a usable one (so a
 * client can match its logs with ours), otherwise a new random UUID. Problem documents repeat it as
 * `requestId` (src/http/context.ts), and the app's error log names it.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A client's id is echoed when it is 1 to 200 visible ASCII characters; anything else is replaced. */
const USABLE_ID = /^[\x21-\x7e]{1,200}$/;

export function requestId(): MiddlewareHandler<AppEnv> {
  return async function requestId(c, next) {
    const given = c.req.header(REQUEST_ID_HEADER);
    const id = given !== undefined && USABLE_ID.test(given) ? given : crypto.randomUUID();
    c.set("requestId", id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
    // Again after the handler: an answer built elsewhere (a Durable Object's, a cached one) has its own headers.
    c.header(REQUEST_ID_HEADER, id);
  };
}
