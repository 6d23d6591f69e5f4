/**
 * Standings and crosstable, recomputed from finished games alone (never kept as running totals), so
 * a replayed or re-read tournament always shows the same table. Points: win 1, draw 1/2, loss 0, plus a
 * Swiss's byes; a forfeit is a loss for the bot that forfeited. Tie-breaks: Buchholz (the final points
 * of every opponent met, each once) and Sonneborn-Berger (each opponent's final points times the score
 * against them, summed). Order: points, then Sonneborn-Berger (a Swiss: Buchholz, then
 * Sonneborn-Berger), then the Bradley-Terry rating, then the name. The tables are built from the games
 * (no table of every pair), so a Swiss of 1,024 bots costs O(bots + games).
 */
import { fitRatings } from "./rating.ts";

/** What the table needs from a game: its two bots and who won (null: a draw). */
export interface ScoredGame {
  first: string;
  second: string;
  winner: string | null;
  /** The bot that lost by forfeit, if the game ended that way. */
  forfeitedBy?: string | null;
}

export interface Standing {
  /** 1 for the leader; bots equal on points and Sonneborn-Berger share a rank. */
  rank: number;
  bot: string;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  /** The final points of every opponent it met, each counted once. */
  buchholz: number;
  sonnebornBerger: number;
  rating: number;
  ratingDeviation: number;
  /** Losses by forfeit (included in `losses`). */
  forfeits: number;
}

interface CrosstableCell {
  games: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
}

export interface Crosstable {
  /** Row and column order: the standings order. */
  bots: string[];
  /** cells[row][column]: row's results against column; null on the diagonal. */
  cells: (CrosstableCell | null)[][];
}

/** The score of `bot` in a game it played: 1, 1/2 or 0. */
function scoreOf(game: ScoredGame, bot: string): number {
  if (game.winner === null) return 0.5;
  return game.winner === bot ? 1 : 0;
}

function checkGames(bots: readonly string[], games: readonly ScoredGame[]): void {
  const known = new Set(bots);
  for (const game of games) {
    if (!known.has(game.first) || !known.has(game.second) || game.first === game.second) {
      throw new RangeError(`standings: game ${game.first} vs ${game.second} is not between two entered bots`);
    }
    if (game.winner !== null && game.winner !== game.first && game.winner !== game.second) {
      throw new RangeError(`standings: the winner ${game.winner} did not play ${game.first} vs ${game.second}`);
    }
  }
}

const emptyCell = (): CrosstableCell => ({ games: 0, wins: 0, draws: 0, losses: 0, points: 0 });

/** The pairwise results of the pairs that played, keyed `row -> column`. */
function pairResults(bots: readonly string[], games: readonly ScoredGame[]): Map<string, Map<string, CrosstableCell>> {
  const table = new Map(bots.map((row) => [row, new Map<string, CrosstableCell>()]));
  for (const game of games) {
    for (const [bot, opponent] of [
      [game.first, game.second],
      [game.second, game.first],
    ]) {
      const row = table.get(bot) as Map<string, CrosstableCell>;
      let cell = row.get(opponent);
      if (!cell) {
        cell = emptyCell();
        row.set(opponent, cell);
      }
      const score = scoreOf(game, bot);
      cell.games++;
      cell.points += score;
      if (score === 1) cell.wins++;
      else if (score === 0) cell.losses++;
      else cell.draws++;
    }
  }
  return table;
}

export interface StandingsOptions {
  /** Points a bot scored without playing (a Swiss's byes), by bot. */
  byePoints?: ReadonlyMap<string, number>;
  /** `swiss`: order by points, Buchholz, Sonneborn-Berger; otherwise points, Sonneborn-Berger. */
  order?: "swiss";
}

/** Standings of `bots` (every entered bot, even one without games) from finished games. */
export function computeStandings(bots: readonly string[], games: readonly ScoredGame[], options: StandingsOptions = {}): Standing[] {
  checkGames(bots, games);
  const pairs = pairResults(bots, games);
  const points = new Map(
    bots.map((bot) => [bot, [...(pairs.get(bot)?.values() ?? [])].reduce((sum, cell) => sum + cell.points, options.byePoints?.get(bot) ?? 0)]),
  );
  const ratings = fitRatings(
    bots,
    games.map((game) => ({ a: game.first, b: game.second, scoreA: scoreOf(game, game.first) })),
  );
  const forfeits = new Map<string, number>();
  for (const game of games) if (game.forfeitedBy) forfeits.set(game.forfeitedBy, (forfeits.get(game.forfeitedBy) ?? 0) + 1);
  const rows = bots.map((bot) => {
    const cells = [...(pairs.get(bot)?.entries() ?? [])];
    const total = (key: keyof CrosstableCell) => cells.reduce((sum, [, cell]) => sum + cell[key], 0);
    const rating = ratings.get(bot) as { rating: number; deviation: number };
    return {
      rank: 0,
      bot,
      games: total("games"),
      wins: total("wins"),
      draws: total("draws"),
      losses: total("losses"),
      points: points.get(bot) as number,
      buchholz: cells.reduce((sum, [opponent]) => sum + (points.get(opponent) as number), 0),
      sonnebornBerger: cells.reduce((sum, [opponent, cell]) => sum + cell.points * (points.get(opponent) as number), 0),
      rating: rating.rating,
      ratingDeviation: rating.deviation,
      forfeits: forfeits.get(bot) ?? 0,
    } satisfies Standing;
  });
  const swiss = options.order === "swiss";
  const tied = (x: Standing, y: Standing) => x.points === y.points && x.sonnebornBerger === y.sonnebornBerger && (!swiss || x.buchholz === y.buchholz);
  rows.sort(
    (x, y) =>
      y.points - x.points ||
      (swiss ? y.buchholz - x.buchholz : 0) ||
      y.sonnebornBerger - x.sonnebornBerger ||
      y.rating - x.rating ||
      (x.bot < y.bot ? -1 : x.bot > y.bot ? 1 : 0),
  );
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    row.rank = previous && tied(previous, row) ? previous.rank : index + 1;
  });
  return rows;
}

/** The crosstable in the order of `order` (pass the standings' bots to match the table). */
export function computeCrosstable(order: readonly string[], games: readonly ScoredGame[]): Crosstable {
  checkGames(order, games);
  const pairs = pairResults(order, games);
  return {
    bots: [...order],
    cells: order.map((row) => order.map((column) => (row === column ? null : { ...(pairs.get(row)?.get(column) ?? emptyCell()) }))),
  };
}

/** A game played out, with bot names for seats: the local runner's game record, a stored game's outcome. */
export interface PlayedGame {
  first: string;
  second: string;
  winner: string | null;
  reason: string;
  forfeitedBy?: string | null;
}

/** Endings without a result, which never count: an aborted attempt (the game is replayed), a cancelled game. */
const UNSCORED_REASONS: readonly string[] = ["aborted", "cancelled"];

/** The games the table counts, as it reads them. */
export function scoredGames(games: readonly PlayedGame[]): ScoredGame[] {
  return games
    .filter((game) => !UNSCORED_REASONS.includes(game.reason))
    .map((game) => ({ first: game.first, second: game.second, winner: game.winner, forfeitedBy: game.forfeitedBy ?? null }));
}

/** Standings and crosstable of `bots` from the games played: what the runner's report and the service's view show. */
export function tableOf(bots: readonly string[], games: readonly PlayedGame[]): { standings: Standing[]; crosstable: Crosstable } {
  const scored = scoredGames(games);
  const standings = computeStandings(bots, scored);
  return {
    standings,
    crosstable: computeCrosstable(
      standings.map((row) => row.bot),
      scored,
    ),
  };
}
