/**
 * The engine layer's surface for the layers above: exact values and moves at five levels within a node
 * budget (suggest.ts, evaluate.ts; sliced.ts runs them in slices given by the isolate's scheduler, interactive work first), the opening books a host
 * installs (books.ts), and the seeded randomness the layers above share (random.ts).
 */
export { evaluate } from "./evaluate.ts";
export { booksFingerprint, type BookFiles, installBooks, openInstalledBooks } from "./books.ts";
export { hashSeed, seededRandom, shuffleInPlace } from "./random.ts";
export { DEFAULT_MAX_NODES, type Evaluation, type EvaluateOptions, type Level, LEVELS, type Suggestion, type SuggestOptions } from "./requests.ts";
export type { Value } from "./score.ts";
export { configureTurns, DEFAULT_QUEUE_LENGTH, EngineBusy, type EnginePriority, type WorkOptions } from "./scheduler.ts";
export { evaluateInTurn, evaluationsInTurn, suggestMoveInTurn } from "./sliced.ts";
export { DEFAULT_SLICE_NODES } from "./slices.ts";
export { suggestMove } from "./suggest.ts";
/** How many times this isolate allocated the 24 MiB transposition table: 0 until a request searches, then 1. */
export { tableAllocations } from "./table.ts";
