/**
 * tournament.test.ts again with three games at once (a round robin of four bots has two per round):
 * every game played exactly once through evictions and doubled steps, replays, creation checks and
 * cancellation all hold with games in parallel. Its tests run here in this file's own storage.
 */
(globalThis as { TOURNAMENT_CONCURRENCY?: number }).TOURNAMENT_CONCURRENCY = 3;
export {};

await import("./tournament.test.ts");
