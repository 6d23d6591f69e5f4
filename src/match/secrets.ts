/**
 * Ids and tokens. An id (a match's, a tournament's, a registered bot's) is 128 random bits in lower-case
 * base32 (26 characters: safe in URLs and shells, unguessable, so ids never collide and cannot be
 * enumerated). A token (a seat token, a bot's or a tournament's management token) is 256 random bits in
 * base64url; the service stores only its SHA-256, so storage never holds a usable secret.
 */

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const ID_PATTERN = /^[a-z2-7]{26}$/;

function base32(bytes: Uint8Array): string {
  let text = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += BASE32[(buffer << (5 - bits)) & 31];
  return text;
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A fresh id (a match's, a tournament's, a bot's): 128 random bits, 26 base32 characters. */
export function newId(): string {
  return base32(crypto.getRandomValues(new Uint8Array(16)));
}

/** Whether `text` has an id's form: checked before an object is reached by it. */
export const isId = (text: string): boolean => ID_PATTERN.test(text);

/** A fresh token (a seat token or a management token): 256 random bits, 43 base64url characters. Shown once, stored only hashed. */
export function newToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The SHA-256 of bytes (or of a string's UTF-8), in lower-case hex: 64 characters. */
export async function sha256Hex(data: ArrayBuffer | Uint8Array<ArrayBuffer> | string): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The stored form of a token: its SHA-256 in hex. */
export const hashToken = (token: string): Promise<string> => sha256Hex(token);
