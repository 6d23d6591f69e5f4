/**
 * The gauntlet: the first bot (the challenger) against each of the others, `gamesPerPair` games each;
 * the field's bots never meet. The challenger is in every game, so it may play as many at once as run,
 * each with its own clock. Its rows: the challenger's results and game pairs against each bot.
 */
import { type GauntletRow, MAX_TOURNAMENT_BOTS, MAX_TOURNAMENT_GAMES, pairTable, type TournamentFormat } from "../format.ts";
import type { GameRecord } from "../game.ts";
import { gauntletSchedule } from "../schedule.ts";
import { eloEstimate, type Pentanomial } from "../sprt.ts";
import type { GameState } from "../step.ts";
import { pairReport, type TournamentReport } from "./round-robin.ts";

/** What a gauntlet row reads of a game. */
type PairedResult = Pick<GameRecord, "first" | "second" | "winner" | "pair">;

/** The challenger's results against one bot, and the pairs they played. */
function gauntletRow(challenger: string, opponent: string, games: readonly PairedResult[]): GauntletRow {
  const against = games.filter((game) => [game.first, game.second].includes(opponent));
  const points = (game: PairedResult) => (game.winner === null ? 0.5 : game.winner === challenger ? 1 : 0);
  const pairs = pairPoints(against, points);
  const pentanomial = pairs === null ? null : pentanomialOf(pairs);
  return {
    opponent,
    games: against.length,
    wins: against.filter((game) => game.winner === challenger).length,
    draws: against.filter((game) => game.winner === null).length,
    losses: against.filter((game) => game.winner === opponent).length,
    pentanomial,
    elo: pentanomial === null ? null : eloEstimate(pentanomial),
  };
}

/** A pair's points (0 to 2) for each complete pair of `games`, or null for unpaired games. */
function pairPoints(games: readonly PairedResult[], points: (game: PairedResult) => number): number[] | null {
  if (games.some((game) => game.pair === undefined)) return null;
  const byPair = new Map<number, number[]>();
  for (const game of games) byPair.set(game.pair as number, [...(byPair.get(game.pair as number) ?? []), points(game)]);
  return [...byPair.values()].filter((pair) => pair.length === 2).map(([a, b]) => a + b);
}

function pentanomialOf(pairs: readonly number[]): Pentanomial {
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (const points of pairs) counts[Math.round(points * 2)] += 1;
  return counts;
}

/** The rows of the challenger (the first bot) against each bot of the field, from the finished games. */
function gauntletRows(bots: readonly string[], games: readonly GameState[]): GauntletRow[] {
  const [challenger, ...field] = bots;
  const played = games.flatMap((game) =>
    game.status === "finished" && game.outcome ? [{ first: game.first, second: game.second, winner: game.outcome.winner, pair: game.pair }] : [],
  );
  return field.map((opponent) => gauntletRow(challenger, opponent, played));
}

export const GAUNTLET: TournamentFormat<TournamentReport, "gauntlet"> = {
  kind: "gauntlet",
  name: "gauntlet",
  article: "a",
  hint: "one bot against each of the others",
  command: "gauntlet",
  entrants: "challenger",
  perPair: true,
  takes: [],
  limits: { bots: MAX_TOURNAMENT_BOTS, games: MAX_TOURNAMENT_GAMES },
  settle: (_bots, options) => ({ ok: true, options }),
  gameCount: (bots, options) => (bots - 1) * options.gamesPerPair,
  gamesPerBot: (concurrency) => concurrency,
  schedule: (settings) => gauntletSchedule(settings.bots[0], settings.bots.slice(1), settings.gamesPerPair, settings.seed, settings.openings),
  tieBreaks: ["sonnebornBerger"],
  table: pairTable,
  extras: (settings, _progress, games) => ({ gauntlet: gauntletRows(settings.bots, games) }),
  describe: (settings) => `A gauntlet: ${settings.bots[0]} against ${settings.bots.length - 1} bots, ${settings.gamesPerPair} games each`,
  report: (run) => ({ ...pairReport("gauntlet", run), gauntlet: gauntletRows(run.settings.bots, run.games) }),
};
