/**
 * Match ids and seat tokens. A match id is 128 random bits in lower-case base32 (26 characters: safe in
 * URLs and shells, unguessable, so ids never collide and cannot be enumerated). A seat token is 256
 * random bits in base64url; the match stores only its SHA-256, so storage never holds a usable secret.
 */

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const MATCH_ID_PATTERN = /^[a-z2-7]{26}$/;

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

/** A fresh match id: 128 random bits, 26 base32 characters. */
export function newMatchId(): string {
  return base32(crypto.getRandomValues(new Uint8Array(16)));
}

export const isMatchId = (text: string): boolean => MATCH_ID_PATTERN.test(text);

/** A fresh seat token: 256 random bits, 43 base64url characters. Shown once, stored only hashed. */
export function newSeatToken(): string {
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
