/**
 * Tables for the terminal: standings, crosstable, a gauntlet's rows, an SPRT's summary, a Swiss's rounds, and the games
 * that need explaining (forfeits and replays). Plain text without colours, so the output reads the
 * same piped into a file.
 */
import Table from "cli-table3";
import { forfeitTitle } from "../src/bots/index.ts";
import {
  type AnyFormat,
  eloEstimate,
  type EloEstimate,
  type FormatOptions,
  type Pentanomial,
  type RunProgress,
  type SprtReport,
  type SprtSettings,
  sprtBounds,
  type SwissReport,
  type TournamentKind,
  type TournamentReport,
} from "../src/tournament/index.ts";

const plain = { style: { head: [], border: [] } };

/** 1.5 -> "1½", 2 -> "2", 0.5 -> "½". */
function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole === 0.5 ? "½" : "";
  return whole === 0 && half ? half : `${whole}${half}`;
}

function standingsTable(report: TournamentReport): string {
  const table = new Table({
    ...plain,
    head: ["#", "bot", "games", "won", "drawn", "lost", "points", "S-B", "rating", "forfeits"],
    colAligns: ["right", "left", "right", "right", "right", "right", "right", "right", "right", "right"],
  });
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

/** Each cell: the row bot's points against the column bot, out of the games they played (— when they never met). */
function crosstableTable(report: TournamentReport): string {
  const { bots, cells } = report.crosstable;
  const table = new Table({ ...plain, head: ["", ...bots], colAligns: ["left", ...bots.map(() => "center" as const)] });
  bots.forEach((bot, row) => {
    table.push([bot, ...cells[row].map((cell) => (cell === null || cell.games === 0 ? "—" : `${formatPoints(cell.points)}/${cell.games}`))]);
  });
  return table.toString();
}

const signed = (value: number): string => `${value > 0 ? "+" : ""}${value.toFixed(1)}`;

/** `+85.2 (95%: +40.1 .. +130.3)`. */
const eloText = (estimate: EloEstimate): string => `${signed(estimate.elo)} (95%: ${signed(estimate.low)} .. ${signed(estimate.high)})`;

/** `nElo +150.0 (95%: +112.7 .. +187.2)`, or why there is none. */
function neloText({ nelo, neloLow, neloHigh }: EloEstimate): string {
  if (nelo === null || neloLow === null || neloHigh === null) return "nElo undefined (every pair scored the same)";
  return `nElo ${signed(nelo)} (95%: ${signed(neloLow)} .. ${signed(neloHigh)})`;
}

/** A gauntlet's rows: the challenger against each bot of the field. */
function gauntletTable(report: TournamentReport): string {
  const table = new Table({
    ...plain,
    head: ["opponent", "games", "won", "drawn", "lost", "pairs 0-2", "Elo"],
    colAligns: ["left", "right", "right", "right", "right", "left", "left"],
  });
  for (const row of report.gauntlet ?? []) {
    table.push([row.opponent, row.games, row.wins, row.draws, row.losses, row.pentanomial ? row.pentanomial.join(" ") : "—", row.elo ? eloText(row.elo) : "—"]);
  }
  return table.toString();
}

/** The forfeited and replayed games, or an empty string when every game was played out. */
function incidentsTable(report: Pick<TournamentReport, "games">): string {
  const rows: string[][] = [];
  for (const game of report.games) {
    for (const aborted of game.abortedAttempts) rows.push([game.gameId, `${game.first} vs ${game.second}`, "aborted, replayed", aborted.detail]);
    if (game.forfeitCode)
      rows.push([
        game.gameId,
        `${game.first} vs ${game.second}`,
        `${game.forfeitedBy} forfeited: ${forfeitTitle(game.forfeitCode)} (${game.forfeitCode})`,
        game.detail ?? "",
      ]);
  }
  if (rows.length === 0) return "";
  const table = new Table({ ...plain, head: ["game", "pair", "what happened", "detail"], colWidths: [null, null, null, 60], wordWrap: true });
  for (const row of rows) table.push(row);
  return table.toString();
}

/** Printed in place of the forfeits and replays table when every game was played out. */
export const NO_INCIDENTS = "Forfeits and replays: none (no forfeits, no replays: every game was played out)";

export function renderReport(report: TournamentReport, openings = "the empty board"): string {
  const incidents = incidentsTable(report);
  const from = report.openings > 0 ? `, from ${openings}` : "";
  const gauntlet = report.gauntlet
    ? [`Gauntlet: ${report.bots[0]} against each bot (pairs 0-2: game pairs in which ${report.bots[0]} scored 0, ½, 1, 1½, 2)`, gauntletTable(report), ""]
    : [];
  return [
    ...gauntlet,
    `Standings (${report.games.length} games, ${report.gamesPerPair} per pair, seed ${report.seed}${from})`,
    standingsTable(report),
    "",
    "Crosstable (row's points against column / games)",
    crosstableTable(report),
    ...(incidents ? ["", "Forfeits and replays", incidents] : ["", NO_INCIDENTS]),
    "",
  ].join("\n");
}

/**
 * A Swiss: the standings (points with byes, then Buchholz, then Sonneborn-Berger), each round's
 * pairings with their points and its bye, and the forfeits and replays.
 */
function renderSwiss(report: SwissReport, openings = "the empty board"): string {
  const from = report.openings > 0 ? `, from ${openings}` : "";
  const standings = new Table({
    ...plain,
    head: ["#", "bot", "games", "won", "drawn", "lost", "points", "Buchholz", "S-B", "rating", "forfeits"],
    colAligns: ["right", "left", "right", "right", "right", "right", "right", "right", "right", "right", "right"],
  });
  for (const row of report.standings) {
    standings.push([
      row.rank,
      row.bot,
      row.games,
      row.wins,
      row.draws,
      row.losses,
      formatPoints(row.points),
      formatPoints(row.buchholz),
      row.sonnebornBerger.toFixed(2),
      `${Math.round(row.rating)} ± ${Math.round(row.ratingDeviation)}`,
      row.forfeits,
    ]);
  }
  const rounds = new Table({
    ...plain,
    head: ["round", "pairings (the first leads: it moves first in the pair's first game)", "bye"],
    colAligns: ["right", "left", "left"],
  });
  for (const round of report.roundResults) {
    const pairings = round.pairings.map(
      (pairing) => `${pairing.first} ${formatPoints(pairing.firstPoints)}-${formatPoints(pairing.secondPoints)} ${pairing.second}`,
    );
    rounds.push([round.round, pairings.join("\n"), round.byes.join(", ") || "—"]);
  }
  const incidents = incidentsTable(report);
  const played = report.stopped ? `${report.roundsPlayed} of ${report.rounds} rounds (${report.stopped})` : `${report.rounds} rounds`;
  return [
    `Swiss standings (${report.bots.length} bots, ${played}, ${report.gamesPerPair} games a pairing, a bye worth ${formatPoints(report.byePoints)}, seed ${report.seed}${from})`,
    standings.toString(),
    "",
    "Rounds",
    rounds.toString(),
    ...(incidents ? ["", "Forfeits and replays", incidents] : ["", NO_INCIDENTS]),
    "",
  ].join("\n");
}

/** `nElo` for the normalized model, `Elo` for the logistic one: the scale of elo0 and elo1. */
const unit = (settings: Required<SprtSettings>): string => (settings.model === "normalized" ? "nElo" : "Elo");

function decisionText(report: SprtReport): string {
  const { elo0, elo1 } = report.settings;
  const scale = unit(report.settings);
  if (report.decision === "H1") return `H1 accepted: ${report.test} is better than ${report.base} (${elo1} ${scale} rather than ${elo0})`;
  if (report.decision === "H0") return `H0 accepted: ${report.test} is not better than ${report.base} by ${elo1} ${scale} (${elo0} rather than ${elo1})`;
  return `no decision: the game limit (${report.maxGames} games) came first`;
}

/**
 * An SPRT's summary: the games and their W/D/L, the pentanomial, the Elo difference with its 95%
 * interval, the LLR with its bounds, and the decision.
 */
function renderSprt(report: SprtReport, openings = "the empty board"): string {
  const { settings } = report;
  const games = report.wins + report.draws + report.losses;
  return [
    `SPRT ${report.test} vs ${report.base}, from ${openings}, seed ${report.seed}`,
    `Games ${games} of at most ${report.maxGames}, ${report.pairs} pairs: ${report.test} won ${report.wins}, drew ${report.draws}, lost ${report.losses}`,
    `Pentanomial (pairs scoring 0, ½, 1, 1½, 2 for ${report.test}): [${report.pentanomial.join(", ")}]`,
    `Elo ${eloText(report.elo)}, ${neloText(report.elo)}`,
    `LLR ${report.llr.toFixed(2)} (bounds ${report.bounds.lower.toFixed(2)}, ${report.bounds.upper.toFixed(2)}), ${settings.model} Elo [${settings.elo0}, ${settings.elo1}], alpha ${settings.alpha}, beta ${settings.beta}`,
    decisionText(report),
    "",
  ].join("\n");
}

/** The live line of a running SPRT, after each game. */
function sprtProgressLine(progress: RunProgress, settings: Required<SprtSettings>, test: string, maxGames: number): string {
  const sprt = progress.tournament.sprt;
  const counts: Pentanomial = sprt?.pentanomial ?? [0, 0, 0, 0, 0];
  const { lower, upper } = sprtBounds(settings);
  const pairs = counts.reduce((sum, count) => sum + count, 0);
  return `${progress.played}/${maxGames} games, ${pairs} pairs [${counts.join(" ")}] | LLR ${(sprt?.llr ?? 0).toFixed(2)} (${lower.toFixed(2)}, ${upper.toFixed(2)}) | ${test} Elo ${eloText(eloEstimate(counts))}`;
}

/** How the CLI shows a format's run: its report as text, and for a format that may stop early a live line in place of a progress bar. */
interface FormatText {
  render(report: unknown, openings: string): string;
  live?(progress: RunProgress, options: FormatOptions, first: string, total: number): string;
}

/**
 * Each format's text, one entry per kind (a format added without one fails the type check): a round robin
 * and a gauntlet read as standings, crosstable and their extra rows; an SPRT and a Swiss have texts of their own.
 */
const FORMAT_TEXTS: Record<TournamentKind, FormatText> = {
  roundRobin: { render: (report, openings) => renderReport(report as TournamentReport, openings) },
  gauntlet: { render: (report, openings) => renderReport(report as TournamentReport, openings) },
  sprt: {
    render: (report, openings) => renderSprt(report as SprtReport, openings),
    live: (progress, options, first, total) => (options.sprt ? sprtProgressLine(progress, options.sprt, first, total) : ""),
  },
  swiss: { render: (report, openings) => renderSwiss(report as SwissReport, openings) },
};

export const textOf = (format: AnyFormat): FormatText => FORMAT_TEXTS[format.kind];
