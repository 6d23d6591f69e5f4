/** Replays game records independently of the match reducer: the rules core's playMove only. */
import { makePositionString, parseMoveText, playMove, readPosition, type Rules } from "../../src/rules/index.ts";

/** The final position string of a record `start move move ...`; throws on any illegal move. */
export function playRecord(record: string, rules: Rules): string {
  const [start, ...moves] = record.split(" ");
  const read = readPosition(start, rules);
  if (!read.ok) throw new Error(read.error.detail);
  let position = read.value;
  for (const text of moves) {
    const move = parseMoveText(text);
    if (!move) throw new Error(`bad move text ${text}`);
    const played = playMove(position, move, rules);
    if (!played.ok) throw new Error(`${text}: ${played.error.detail}`);
    position = played.value.position;
  }
  return makePositionString(position);
}
