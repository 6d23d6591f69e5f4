/**
 * tournament-forfeits.test.ts again with three games at once: each misbehaviour still loses only its
 * own games, with its code, and the unreachable bot's games are still replayed once, when several games
 * (each with its own clock) are in play. Its tests run here in this file's own storage.
 */
(globalThis as { TOURNAMENT_CONCURRENCY?: number }).TOURNAMENT_CONCURRENCY = 3;
export {};

await import("./tournament-forfeits.test.ts");
