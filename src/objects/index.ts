/** The Durable Objects the Worker exports: matches, tournaments, the bot registry, connected bots' links, the ladder and idempotency keys. */
export { BotLinkObject } from "./bot-link.ts";
export { IdempotencyKey, type StoredAnswer } from "./idempotency.ts";
export { LadderObject } from "./ladder.ts";
export { type Command, MatchObject } from "./match.ts";
export { BotRegistry } from "./registry.ts";
export { TournamentObject } from "./tournament.ts";
