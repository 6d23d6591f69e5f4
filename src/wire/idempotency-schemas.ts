/**
 * The `Idempotency-Key` request header of the creating POSTs (a match, a seat, a bot, a tournament, new
 * bot credentials), as the OpenAPI document describes it: a header parameter of each such route, its
 * value the schema component `IdempotencyKey`. It is not a parameter component as well: generators that
 * make a type of each parameter component (openapi-typescript-codegen) would then make two types of one
 * name. The middleware that honours it is src/http/idempotency.ts.
 */
import { z } from "@hono/zod-openapi";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The header parameter. */
const IdempotencyKeyHeaderSchema = z
  .string()
  .min(1)
  .max(255)
  .optional()
  .openapi({
    param: {
      name: IDEMPOTENCY_HEADER,
      in: "header",
      description:
        "Makes retries safe: a new random value (a UUID) per operation, sent again with each retry of it. Within 24 hours, the same key with the same request (path, body and token) answers the first answer again, status, headers and body, with `Idempotent-Replayed: true`, and creates nothing new; the same key with another request is a 422 `idempotency/key_reused`, and while the first request is still being answered a 409 `idempotency/in_progress`. Refused requests are not kept: retrying one runs it again. 1 to 255 visible ASCII characters (400 `idempotency/bad_key` otherwise). A key belongs to its client (the address the request comes from) and its route: the same key from another client or on another path is another key. The stored answer is encrypted under a key derived from this one, which is not stored: keep keys as secret as the request.",
    },
    example: "5f0c6d8e-3a1b-4c2d-9e7f-8a6b5c4d3e2f",
  });

/**
 * The `request.headers` of a creating POST's route. Only for the document: the middleware checks the
 * header (the object's key is the header's name as documented, which Hono's lower-cased headers miss).
 */
export const IdempotencyHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeyHeaderSchema.openapi("IdempotencyKey") });
