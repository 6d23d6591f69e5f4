/** Seeded random ongoing positions for the engine tests, drawn with the brute force's generator. */
import { seededRandom } from "../../src/engine/random.ts";
import { type Position, positionStatus, type Rules } from "../../src/rules/index.ts";
import { randomPosition } from "./engine-brute.ts";

/** `count` ongoing positions with `empties` empty cells; without `withHand`, two in three hold a piece. */
export function ongoingPositions(rules: Rules, empties: number, count: number, seed: number, withHand?: boolean): Position[] {
  const random = seededRandom(seed);
  const found: Position[] = [];
  for (let tries = 0; found.length < count && tries < count * 50; tries++) {
    const position = randomPosition(random, rules, empties, withHand ?? found.length % 3 !== 2);
    if (position && positionStatus(position, rules).status === "ongoing") found.push(position);
  }
  return found;
}
