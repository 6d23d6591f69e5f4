/**
 * Standard Webhooks signatures on every call to a bot: `webhook-id` (unique per call),
 * `webhook-timestamp` (seconds) and `webhook-signature` (`v1,` + base64 HMAC-SHA256 of
 * `id.timestamp.body` under the bot's secret). The `standardwebhooks` package does the HMAC in plain
 * JavaScript, so signing is synchronous and runs the same in Node, workerd and browsers.
 */
import { Webhook } from "standardwebhooks";

const SECRET_PREFIX = "whsec_";

export type SignatureHeaders = {
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A fresh secret: `whsec_` and 32 random bytes in base64. */
export function generateBotSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(32)));
}

/** True when `secret` is `whsec_` followed by non-empty base64 (the form Standard Webhooks libraries accept). */
export function isValidBotSecret(secret: string): boolean {
  if (!secret.startsWith(SECRET_PREFIX)) return false;
  const body = secret.slice(SECRET_PREFIX.length);
  return body.length >= 4 && body.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(body);
}

/** The fewest random bytes a secret the service signs with may hold (128 bits): a registrant's own secret is refused below it. */
export const MIN_SECRET_BYTES = 16;

/**
 * Why the service will not sign with `secret`, given by a registrant as its own, or null: it must be
 * `whsec_` and base64 (isValidBotSecret) of at least MIN_SECRET_BYTES bytes.
 */
export function botSecretRefusal(secret: string): string | null {
  if (!isValidBotSecret(secret)) return "a secret is `whsec_` followed by base64 (the Standard Webhooks form)";
  const body = secret.slice(SECRET_PREFIX.length);
  const bytes = (body.length / 4) * 3 - (body.endsWith("==") ? 2 : body.endsWith("=") ? 1 : 0);
  return bytes >= MIN_SECRET_BYTES ? null : `the secret holds ${bytes} bytes; at least ${MIN_SECRET_BYTES} (${MIN_SECRET_BYTES * 8} bits) are needed`;
}

/** The three headers for a call with this exact body (`""` for a GET). */
export function signatureHeaders(secret: string, body: string, options: { id?: string; now?: number } = {}): SignatureHeaders {
  const id = options.id ?? `msg_${crypto.randomUUID().replaceAll("-", "")}`;
  const timestamp = new Date(options.now ?? Date.now());
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, timestamp, body),
  };
}

/**
 * Checks a call's signature against `secret`: true only if the headers are present, the timestamp is
 * within the Standard Webhooks tolerance (five minutes either way) and one of the `v1` signatures
 * matches the body.
 */
export function verifySignature(secret: string, body: string, headers: Headers | Record<string, string>): boolean {
  const plain: Record<string, string> = {};
  if (headers instanceof Headers) for (const [key, value] of headers) plain[key] = value;
  else for (const [key, value] of Object.entries(headers)) plain[key.toLowerCase()] = value;
  try {
    new Webhook(secret).verify(body, plain, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}
