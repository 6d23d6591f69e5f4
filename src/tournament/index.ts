/** Tournaments: schedules, the lifecycle step and its turns, standings and ratings, the SPRT, the opening suites, the local run. Pure, but for the runner's I/O. */
export * from "./schedule.ts";
export * from "./rating.ts";
export * from "./standings.ts";
export * from "./game.ts";
export * from "./turn.ts";
export * from "./step.ts";
export * from "./sprt.ts";
export * from "./openings.ts";
export * from "./run.ts";
export * from "./swiss.ts";
