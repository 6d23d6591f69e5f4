/** The Durable Objects the Worker exports: matches, tournaments, the bot registry, connected bots' links, the ladder, the puzzle store and idempotency keys. */
export { BotLinkObject } from "./bot-link.ts";
export { IdempotencyKey, type StoredAnswer } from "./idempotency.ts";
export { LadderObject } from "./ladder.ts";
export { MatchObject } from "./match.ts";
export type { Command } from "./match-store.ts";
export { offerMinedPuzzle } from "./puzzle-mining.ts";
export { PuzzleStore, puzzleStore, type RatedPuzzle } from "./puzzles.ts";
export { BotRegistry } from "./registry.ts";
export { TournamentObject } from "./tournament.ts";
