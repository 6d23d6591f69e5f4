/**
 * The fixed inputs of the spec's examples: ids, tokens, the time they are dated at, the positions they
 * show. The answers to them are computed by `npm run openapi` (scripts/examples.ts, with the service's
 * own functions) and committed in examples.json, which the schemas and routes read as data: building
 * the app runs neither the reducer nor the engine to document it.
 */
export const EXAMPLE_T0 = Date.UTC(2026, 9, 1, 12, 0, 0);
export const EXAMPLE_MATCH_ID = "k3v7tq2mz5xj4c6rb3wn2hd5fa";
/** Seat tokens of the example match. */
export const EXAMPLE_SEAT_TOKEN = "q2T9xV0b3fYk8mR1sW6dN4pL7hC5jZaE_uGiO-tKyX4";
export const EXAMPLE_SEAT_TOKEN_2 = "Zk4pQ7wX1cV9bN2mL5sD8fG3hJ6kA0eR_tYuIoP-qW8";
export const EXAMPLE_TOURNAMENT_ID = "t7m2kq4xz6vb3nc5rj3wd2hf4a";
export const EXAMPLE_BOT_ID = "b4n6xr2mq7tz3kc5vj3wd2hp6e";
export const EXAMPLE_BOT_SECRET = "whsec_Js74gI5KU7G+SO7r+p6MNj/2zAeqGYuIGc+8HnQX7MQ=";
/** The management token of the example bot and tournament. */
export const EXAMPLE_MANAGEMENT_TOKEN = "m8Xc2vB5nQ1wE7rT4yU9iO3pA6sD0fGh_jKlZ-xCvBn";

/** 9 pieces placed, 7 in hand, from non-blundering random play: a win for the player to move, solved in a few hundred nodes. */
export const EXAMPLE_ENDGAME = "..5.A...D3EF90.67";
/** a1-d1 hold four tall pieces, nothing in hand: the last placer won. */
export const EXAMPLE_TALL_ROW = `89AB${".".repeat(13)}`;
/** a1 b1 a2 b2 hold four tall pieces: a Quarto only when the 2x2 squares count. */
export const EXAMPLE_TALL_SQUARE = `89..CD${".".repeat(11)}`;
/** The puzzle of the spec's examples (a classic puzzle of two moves from the committed set) and its one winning first move. */
export const EXAMPLE_PUZZLE_ID = "26gxpcjsvcwe";
export const EXAMPLE_PUZZLE_MOVE = "b3-9";
