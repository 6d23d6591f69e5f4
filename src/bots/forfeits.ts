/**
 * Forfeit reasons as data: every way a bot can lose a game without losing it on the board. The bot
 * client maps each misbehaviour to exactly one code; game records, the standings page, the README and
 * the tests all read this one table.
 */
export const FORFEIT_REASONS = {
  "bot/timeout": {
    title: "No answer in time",
    description: "The bot did not answer within the time left for the move; the round trip counts against the clock.",
  },
  "bot/http_status": {
    title: "Error status",
    description: "The bot answered with a status other than 2xx (a 3xx is a redirect, reported on its own).",
  },
  "bot/redirect": {
    title: "Redirect",
    description: "The bot answered with a redirect (3xx). Redirects are never followed.",
  },
  "bot/invalid_json": {
    title: "Body is not JSON",
    description: "The body of the answer could not be parsed as JSON (an empty body included).",
  },
  "bot/body_too_large": {
    title: "Body too large",
    description: "The body of the answer was over the size limit; reading stopped at the limit.",
  },
  "bot/illegal_move": {
    title: "Illegal move",
    description: "The answer was JSON but not a legal move in the position: a bad shape, an occupied cell, an unavailable piece, a missing or extra give, a false announcement or claim.",
  },
  "bot/connection_error": {
    title: "Connection error",
    description: "The bot could not be reached: connection refused or reset, DNS failure, TLS failure.",
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type ForfeitCode = keyof typeof FORFEIT_REASONS;
export const FORFEIT_CODES = Object.keys(FORFEIT_REASONS) as ForfeitCode[];

const isForfeitCode = (value: unknown): value is ForfeitCode => typeof value === "string" && Object.hasOwn(FORFEIT_REASONS, value);

/** The title of a forfeit code, or the code itself when it is not one of ours. */
export const forfeitTitle = (code: string): string => (isForfeitCode(code) ? FORFEIT_REASONS[code].title : code);
