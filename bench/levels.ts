/**
 * Level strength: short matches between levels from the classic start, both seats, seeded. Used by
 * `npm run bench -- --levels` to measure the heuristic (the part that plays when the budget is short).
 */
import Table from "cli-table3";
import { type Level, suggestMove } from "../src/engine/index.ts";
import { CLASSIC_RULES, playMove, type Position, readPosition, type Rules } from "../src/rules/index.ts";

export interface MatchResult {
  wins: number;
  draws: number;
  losses: number;
}

/** Plays one game; returns 1 if `first` won, -1 if `second` won, 0 for a draw. */
export function playGame(first: Level, second: Level, seed: number, maxNodes: number, rules: Rules = CLASSIC_RULES): number {
  const start = readPosition(".................", rules);
  if (!start.ok) throw new Error("bad start");
  let position: Position = start.value;
  for (let ply = 0; ; ply++) {
    const level = ply % 2 === 0 ? first : second;
    const { move } = suggestMove(position, rules, { level, seed: seed * 1000 + ply, maxNodes });
    const played = playMove(position, move, rules);
    if (!played.ok) throw new Error(`illegal move from ${level}: ${played.error.detail}`);
    const { outcome } = played.value;
    if (outcome.status === "won") return ply % 2 === 0 ? 1 : -1;
    if (outcome.status === "drawn") return 0;
    position = played.value.position;
  }
}

export function match(a: Level, b: Level, games: number, maxNodes: number): MatchResult {
  const result: MatchResult = { wins: 0, draws: 0, losses: 0 };
  for (let game = 0; game < games; game++) {
    const aFirst = game % 2 === 0;
    const outcome = aFirst ? playGame(a, b, game, maxNodes) : -playGame(b, a, game, maxNodes);
    if (outcome > 0) result.wins++;
    else if (outcome < 0) result.losses++;
    else result.draws++;
  }
  return result;
}

export function levelsTable(games: number, maxNodes: number): string {
  const pairs: [Level, Level][] = [
    ["easy", "random"],
    ["medium", "easy"],
    ["hard", "medium"],
    ["perfect", "hard"],
    ["perfect", "medium"],
  ];
  const table = new Table({ style: { head: [], border: [] }, head: ["level", "against", "games", "wins", "draws", "losses", "seconds"] });
  for (const [a, b] of pairs) {
    const started = performance.now();
    const { wins, draws, losses } = match(a, b, games, maxNodes);
    table.push([a, b, games, wins, draws, losses, ((performance.now() - started) / 1000).toFixed(1)]);
  }
  return table.toString();
}
