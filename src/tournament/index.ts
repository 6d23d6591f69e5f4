/** Tournaments: schedule, one game through the match reducer, standings and ratings, the local run. Pure. */
export * from "./schedule.ts";
export * from "./rating.ts";
export * from "./standings.ts";
export * from "./game.ts";
export * from "./run.ts";
export { hashSeed } from "./random.ts";
