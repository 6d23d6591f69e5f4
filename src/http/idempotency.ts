/**
 * `Idempotency-Key` on the creating POSTs (a match, a seat, a bot, a tournament, new bot credentials):
 * a request retried with the same key gets the first answer again, status and body, instead of creating
 * a second thing (whose tokens, shown once, would be lost with the first answer). The key's record is a
 * Durable Object (src/objects/idempotency.ts). A key is scoped to its client (CF-Connecting-IP, as the
 * rate limits count it) and its route (method and path): the same key from another client or on
 * another path is another key. Within its scope a request is identified by its method, path,
 * credentials (the `Authorization` header, hashed) and body; the same key with another request is a
 * 422. Only successful answers are kept: a refused request created nothing, so its retry simply runs
 * again. The stored answer holds tokens shown once, so it is sealed: AES-GCM under a key derived
 * (HKDF-SHA-256) from the Idempotency-Key, salted with the IDEMPOTENCY_SECRET setting, for this scope;
 * the object is named by another key derived the same way, and the Idempotency-Key itself is not
 * stored, so only a holder of the key (in its scope) can read the answer again.
 */
import type { MiddlewareHandler } from "hono";
import { sha256Hex } from "../match/index.ts";
import type { StoredAnswer } from "../objects/index.ts";
import { clientKey, IDEMPOTENCY_HEADER, objectNamed, type ProblemCode, ProblemError, readSettings } from "../wire/index.ts";
import type { AppEnv } from "./context.ts";

/** Set on an answer sent again for a retried key. */
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** Visible ASCII: 0x21 to 0x7E (a space is not visible). */
const USABLE_KEY = /^[\x21-\x7e]{1,255}$/;
/** The answer headers kept with the answer (the rest are the app's and are set anew). */
const KEPT_HEADERS = ["content-type", "location"];

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
    const path = new URL(c.req.url).pathname;
    const keys = await scopedKeys(key, { client: clientKey(c.req.raw.headers), method: c.req.method, path }, readSettings(c.env).idempotencySecret);
    const fingerprint = await keys.fingerprint([c.req.method, path, await sha256Hex(c.req.header("Authorization") ?? ""), body].join("\n"));
    const stub = objectNamed(c.env.IDEMPOTENCY, keys.objectName);
    const verdict = await stub.begin(fingerprint, Date.now());
    switch (verdict.kind) {
      case "replay": {
        const answer = JSON.parse(await keys.open(verdict.sealed)) as StoredAnswer;
        const headers = new Headers(answer.headers);
        headers.set(REPLAYED_HEADER, "true");
        return new Response(answer.body, { status: answer.status, headers });
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
    await stub.finish(fingerprint, await keys.seal(JSON.stringify(answer)), Date.now());
  };
}

/** Where a key counts: its client and its route. */
export interface KeyScope {
  client: string;
  method: string;
  path: string;
}

const encoder = new TextEncoder();
const toBase64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const hex = (bytes: ArrayBuffer): string => [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/**
 * The keys of an Idempotency-Key in its scope, derived with HKDF-SHA-256 (input: the Idempotency-Key;
 * salt: the server secret; info: the scope): the object's name, the fingerprint's HMAC key and the
 * answer's AES-GCM key. Without the Idempotency-Key (and the secret), none can be had from storage.
 */
export async function scopedKeys(key: string, scope: KeyScope, secret: string) {
  const material = await crypto.subtle.importKey("raw", encoder.encode(key), "HKDF", false, ["deriveBits"]);
  const info = encoder.encode(`quarto idempotency v1\n${scope.client}\n${scope.method} ${scope.path}`);
  const bits = await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt: encoder.encode(secret), info }, material, 768);
  const [name, mac, seal] = [0, 1, 2].map((part) => bits.slice(part * 32, part * 32 + 32));
  const macKey = await crypto.subtle.importKey("raw", mac, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const sealKey = await crypto.subtle.importKey("raw", seal, "AES-GCM", false, ["encrypt", "decrypt"]);
  return {
    objectName: hex(name),
    fingerprint: async (text: string) => hex(await crypto.subtle.sign("HMAC", macKey, encoder.encode(text))),
    seal: async (text: string) => {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, sealKey, encoder.encode(text)));
      return toBase64(new Uint8Array([...iv, ...sealed]));
    },
    open: async (sealed: string) => {
      const bytes = fromBase64(sealed);
      return new TextDecoder().decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) }, sealKey, bytes.slice(12)));
    },
  };
}
