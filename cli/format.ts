/**
 * Tables for the terminal: standings, crosstable, and the games that need explaining (forfeits and
 * replays). Plain text without colours, so the output reads the same piped into a file.
 */
import Table from "cli-table3";
import { forfeitTitle } from "../src/bots/index.ts";
import type { TournamentReport } from "../src/tournament/index.ts";

const plain = { style: { head: [], border: [] } };

/** 1.5 -> "1½", 2 -> "2", 0.5 -> "½". */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole === 0.5 ? "½" : "";
  return whole === 0 && half ? half : `${whole}${half}`;
}

export function standingsTable(report: TournamentReport): string {
  const table = new Table({ ...plain, head: ["#", "bot", "games", "won", "drawn", "lost", "points", "S-B", "rating", "forfeits"], colAligns: ["right", "left", "right", "right", "right", "right", "right", "right", "right", "right"] });
  for (const row of report.standings) {
    table.push([
      row.rank,
      row.bot,
      row.games,
      row.wins,
      row.draws,
      row.losses,
      formatPoints(row.points),
      row.sonnebornBerger.toFixed(2),
      `${Math.round(row.rating)} ± ${Math.round(row.ratingDeviation)}`,
      row.forfeits,
    ]);
  }
  return table.toString();
}

/** Each cell: the row bot's points against the column bot, out of the games they played. */
export function crosstableTable(report: TournamentReport): string {
  const { bots, cells } = report.crosstable;
  const table = new Table({ ...plain, head: ["", ...bots], colAligns: ["left", ...bots.map(() => "center" as const)] });
  bots.forEach((bot, row) => {
    table.push([bot, ...cells[row].map((cell) => (cell === null ? "—" : `${formatPoints(cell.points)}/${cell.games}`))]);
  });
  return table.toString();
}

/** The forfeited and replayed games, or an empty string when every game was played out. */
export function incidentsTable(report: TournamentReport): string {
  const rows: string[][] = [];
  for (const game of report.games) {
    for (const aborted of game.abortedAttempts) rows.push([game.gameId, `${game.first} vs ${game.second}`, "aborted, replayed", aborted.detail]);
    if (game.forfeitCode) rows.push([game.gameId, `${game.first} vs ${game.second}`, `${game.forfeitedBy} forfeited: ${forfeitTitle(game.forfeitCode)} (${game.forfeitCode})`, game.detail ?? ""]);
  }
  if (rows.length === 0) return "";
  const table = new Table({ ...plain, head: ["game", "pair", "what happened", "detail"], colWidths: [null, null, null, 60], wordWrap: true });
  for (const row of rows) table.push(row);
  return table.toString();
}

/** Printed in place of the forfeits and replays table when every game was played out. */
export const NO_INCIDENTS = "Forfeits and replays: none (no forfeits, no replays: every game was played out)";

export function renderReport(report: TournamentReport): string {
  const incidents = incidentsTable(report);
  return [
    `Standings (${report.games.length} games, ${report.gamesPerPair} per pair, seed ${report.seed})`,
    standingsTable(report),
    "",
    "Crosstable (row's points against column / games)",
    crosstableTable(report),
    ...(incidents ? ["", "Forfeits and replays", incidents] : ["", NO_INCIDENTS]),
    "",
  ].join("\n");
}
