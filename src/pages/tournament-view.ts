/**
 * The parts of the tournament page, as markup built from GET /v1/tournaments/{id}: progress, standings,
 * crosstable and games (each linking to its match page). The server renders the first page with these
 * functions and the page script re-renders with the same module (bundled into it) while the tournament
 * runs.
 */
import { eloEstimate, type Pentanomial } from "../tournament/index.ts";
import type { TournamentOutput } from "../wire/index.ts";
import type { Drawing } from "./draw.ts";

export function makeTournamentViews(draw: Drawing) {
  const e = draw.escapeHtml;
  /** A bot's name (or any text a person gave) as markup, isolated from what is around it. */
  const name = draw.isolateHtml;

  /** 1.5 -> "1½", 0.5 -> "½", 2 -> "2" */
  function points(value: number): string {
    const whole = Math.floor(value);
    const half = value - whole >= 0.5;
    return half ? `${whole === 0 ? "" : whole}½` : String(whole);
  }

  /** A rating and its deviation as whole points, as the ladder shows them: "1816 ± 257" (the ± part may wrap). */
  function ratingText(rating: number, deviation: number): string {
    return `${Math.round(rating)} <span class="muted">±&nbsp;${Math.round(deviation)}</span>`;
  }

  function title(view: TournamentOutput): string {
    return view.name ?? "Tournament";
  }

  function summaryHtml(view: TournamentOutput): string {
    const { total, finished, playing } = view.progress;
    const state =
      view.status === "running"
        ? `Running: ${finished} of ${total} games played${playing ? `, ${playing === 1 ? "one" : playing} being played` : ""}.`
        : view.status === "finished"
          ? finished === total
            ? `Finished: all ${total} games played.`
            : `Finished after ${finished} of ${total} games: the SPRT decided.`
          : `Cancelled after ${finished} of ${total} games.`;
    const replays = view.progress.replays
      ? ` ${view.progress.replays} game${view.progress.replays === 1 ? "" : "s"} replayed after a bot could not be reached.`
      : "";
    const percent = total === 0 ? 100 : Math.round((finished / total) * 100);
    return `<p class="status ${view.status === "running" ? "waiting" : "finished"}" data-status="${view.status}">${e(state + replays)}</p><progress max="${total}" value="${finished}" aria-label="Games played">${percent}%</progress>`;
  }

  /** The standings; a column for each of the format's tie-breaks (formatOf(kind).tieBreaks: the server reads it, the script is given it). */
  function standingsHtml(view: TournamentOutput, tieBreaks: readonly string[]): string {
    if (view.standings.length === 0) return `<p class="muted">No bots.</p>`;
    const buchholz = tieBreaks.includes("buchholz");
    const sonnebornBerger = tieBreaks.includes("sonnebornBerger");
    // On a phone only the first tie-break is shown, so the table fits.
    const later = (tieBreak: string): string => (tieBreaks.indexOf(tieBreak) > 0 ? " wide-only" : "");
    /** The bot's accuracy over its reviewed games (the reviews follow the games, in the background). */
    const accuracyCell = (bot: string): string => {
      const row = (view.accuracy ?? []).find((entry) => entry.bot === bot);
      if (!row || row.accuracy === null) return `<td class="num accuracy muted" title="no game reviewed yet">–</td>`;
      const title = `${row.kept} of ${row.moves} moves kept the exact value, over ${row.games} reviewed game${row.games === 1 ? "" : "s"}; ${row.mistakes} mistake${row.mistakes === 1 ? "" : "s"}, ${row.winsThrownAway} of them throwing away a win`;
      return `<td class="num accuracy" title="${e(title)}">${Math.round(row.accuracy * 100)}%</td>`;
    };
    const rows = view.standings.map(
      (row) =>
        `<tr data-bot="${e(row.bot)}"><td class="num">${row.rank}</td><td class="name">${name(row.bot)}</td><td class="num points">${points(row.points)}</td>` +
        `<td class="num wide-only">${row.wins}</td><td class="num wide-only">${row.draws}</td>` +
        `<td class="num wide-only">${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits} forfeit${row.forfeits === 1 ? "" : "s"})</span>` : ""}</td>` +
        `<td class="num narrow-only">${row.wins}–${row.draws}–${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits}&nbsp;f.)</span>` : ""}</td>` +
        `<td class="num wide-only">${row.games}</td>${buchholz ? `<td class="num">${points(row.buchholz)}</td>` : ""}${sonnebornBerger ? `<td class="num${later("sonnebornBerger")}">${row.sonnebornBerger.toFixed(2)}</td>` : ""}<td class="num rating">${ratingText(row.rating, row.ratingDeviation)}</td>${accuracyCell(row.bot)}</tr>`,
    );
    // On a phone the won, drawn and lost columns give way to one W–D–L column, and the games (their sum) to nothing.
    return (
      `<div class="table-wrap"><table class="standings"><thead><tr><th class="num">#</th><th>Bot</th><th class="num">Points</th><th class="num wide-only">Won</th><th class="num wide-only">Drawn</th><th class="num wide-only">Lost</th>` +
      `<th class="num narrow-only" title="won, drawn, lost">W–D–L</th><th class="num wide-only">Games</th>${buchholz ? `<th class="num" title="Buchholz: the final points of every opponent met">Bh</th>` : ""}${sonnebornBerger ? `<th class="num${later("sonnebornBerger")}" title="Sonneborn-Berger: each opponent's points times the score against them">SB</th>` : ""}<th class="num">Rating</th><th class="num" title="The share of its moves that kept the exact value, over its reviewed games">Accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`
    );
  }

  function crosstableHtml(view: TournamentOutput): string {
    const { bots, cells } = view.crosstable;
    if (bots.length === 0) return "";
    const header = bots.map((bot, index) => `<th title="${e(draw.isolateText(bot))}">${index + 1}</th>`).join("");
    const rows = bots.map((bot, row) => {
      const line = cells[row]
        .map((cell) =>
          cell === null
            ? `<td class="muted">×</td>`
            : `<td title="${cell.wins} won, ${cell.draws} drawn, ${cell.losses} lost">${cell.games === 0 ? "·" : `${points(cell.points)}/${cell.games}`}</td>`,
        )
        .join("");
      return `<tr><th>${row + 1}. ${name(bot)}</th>${line}</tr>`;
    });
    return `<div class="table-wrap"><table class="crosstable"><thead><tr><th>Row against column</th>${header}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
  }

  /** A game's result in words, as markup. */
  function resultHtml(game: TournamentOutput["games"][number]): string {
    const result = game.result;
    if (!result) return game.status === "playing" ? "being played" : e(game.status);
    if (result.reason === "draw") return "draw";
    if (result.reason === "aborted") return "aborted";
    const how =
      result.reason === "forfeit"
        ? `${result.forfeitedBy ? name(result.forfeitedBy) : "a bot"} forfeited (${e(result.forfeitCode ?? "forfeit")})`
        : e(result.reason);
    return `${result.winner ? name(result.winner) : "nobody"} won: ${how}`;
  }

  /**
   * A page of the games (the view's own first page, or `games` from GET /v1/tournaments/{id}/games starting
   * at game number `from`), with links to the pages before and after it: every game is reached.
   */
  function gamesHtml(view: TournamentOutput, page: { games: TournamentOutput["games"]; from: number } = { games: view.games, from: 1 }): string {
    const total = view.progress.total;
    const per = Math.max(view.games.length, 1);
    const last = page.from + page.games.length - 1;
    const link = (from: number, text: string, id: string) => `<a href="/tournaments/${e(view.id)}?from=${from}#games" id="${id}">${text}</a>`;
    const pager =
      total <= view.games.length
        ? ""
        : `<p class="pager" id="games-pager">Games ${page.from}–${last} of ${total}. ${[
            page.from > 1 ? link(Math.max(1, page.from - per), "← Earlier", "earlier-games") : "",
            last < total ? link(last + 1, "Later →", "later-games") : "",
          ]
            .filter(Boolean)
            .join(" · ")}</p>`;
    if (page.games.length === 0) return `<p class="muted">No games.</p>${pager}`;
    const rows = page.games.map((game) => {
      const link = game.links ? `<a href="${e(game.links.page)}">${game.status === "playing" ? "watch" : "board"}</a>` : "";
      return (
        `<tr data-game="${e(game.gameId)}" data-status="${game.status}"><td class="num">${game.index + 1}</td><td class="num wide-only">${game.round}</td><td>${name(game.first)}</td><td>${name(game.second)}</td>` +
        `<td>${resultHtml(game)}</td><td class="num">${game.plies ?? ""}</td><td>${link}</td></tr>`
      );
    });
    return `${pager}<div class="table-wrap"><table class="games"><thead><tr><th class="num">#</th><th class="num wide-only">Round</th><th>Gives first</th><th>Second</th><th>Result</th><th class="num">Moves</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table></div>${pager.replace(/ id="[a-z-]+"/g, "")}`;
  }

  const signed = (value: number): string => `${value > 0 ? "+" : ""}${value}`;

  /** `+12.3 (95%: -4.0 to +28.6)` */
  const interval = (value: number, low: number, high: number): string => `${signed(tenth(value))} (95%: ${signed(tenth(low))} to ${signed(tenth(high))})`;
  const tenth = (value: number): number => Math.round(value * 10) / 10;

  /**
   * An SPRT's live state (empty for another kind): decision, LLR between its bounds, the Elo difference
   * on the test's scale and the logistic one, pentanomial, W/D/L. The hypotheses are in the units of the
   * test's model, as the CLI writes them: normalized Elo (nElo) for the normalized model.
   */
  function sprtHtml(view: TournamentOutput): string {
    const sprt = view.sprt;
    if (!sprt) return "";
    const unit = sprt.model === "normalized" ? "nElo" : "Elo";
    const decision =
      sprt.decision === "H1"
        ? `H1 accepted: ${name(sprt.test)} is better than ${name(sprt.base)} by ${sprt.elo1} ${unit} or more.`
        : sprt.decision === "H0"
          ? `H0 accepted: ${name(sprt.test)} is not better than ${name(sprt.base)} by more than ${sprt.elo0} ${unit}.`
          : view.status === "running"
            ? "No decision yet."
            : view.status === "cancelled"
              ? "No decision: the tournament was cancelled."
              : "No decision: the game limit came first.";
    const span = sprt.upper - sprt.lower;
    const at = Math.min(100, Math.max(0, ((sprt.llr - sprt.lower) / span) * 100));
    return (
      `<p class="sprt-decision"><strong>${decision}</strong></p>` +
      `<p>LLR <strong>${sprt.llr.toFixed(2)}</strong> (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) <meter min="${sprt.lower}" max="${sprt.upper}" value="${Math.min(sprt.upper, Math.max(sprt.lower, sprt.llr))}" aria-label="LLR between its bounds" title="${at.toFixed(0)}% of the way from H0's bound to H1's"></meter></p>` +
      `<p id="sprt-elo">${neloHtml(sprt.pentanomial)}Elo ${interval(sprt.elo.elo, sprt.elo.low, sprt.elo.high)}, score ${(sprt.elo.score * 100).toFixed(1)}%.</p>` +
      `<p>${sprt.pairs} pairs, pentanomial [${sprt.pentanomial.join(", ")}]; ${name(sprt.test)}: ${sprt.wins} won, ${sprt.draws} drawn, ${sprt.losses} lost. ` +
      `<span class="muted">H0: ${sprt.elo0} ${unit}, H1: ${sprt.elo1} ${unit}${sprt.model === "normalized" ? " (normalized Elo: the score's difference over its spread, so a pair of drawish bots needs no more games than a decisive one)" : " (logistic Elo)"}, alpha ${sprt.alpha}, beta ${sprt.beta}, at most ${sprt.maxGames} games.</span></p>`
    );
  }

  /** The normalized Elo of the pairs so far, as the CLI reports it (`nElo +150.0 (95%: ...)`), or why there is none yet. */
  function neloHtml(pentanomial: readonly number[]): string {
    const { nelo, neloLow, neloHigh } = eloEstimate(pentanomial as Pentanomial);
    if (nelo === null || neloLow === null || neloHigh === null) return `nElo undefined (every pair scored the same); `;
    return `<strong>nElo ${interval(nelo, neloLow, neloHigh)}</strong>; `;
  }

  /** A Swiss's rounds (empty for another kind): each round's pairings with their points and its bye, the latest open. */
  function swissHtml(view: TournamentOutput): string {
    const swiss = view.swiss;
    if (!swiss) return "";
    const rounds = swiss.byRound.map((round, index) => {
      const boards = round.boards.map(
        (board, number) =>
          `<tr><td class="num">${number + 1}</td><td>${name(board.first)}</td><td class="num">${board.over === 0 ? "–" : `${points(board.firstPoints)}–${points(board.secondPoints)}`}</td><td>${name(board.second)}</td></tr>`,
      );
      const bye = round.byes.length ? `, bye: ${round.byes.map(name).join(", ")}` : "";
      const open = index === swiss.byRound.length - 1 ? " open" : "";
      return (
        `<details${open}><summary>Round ${round.round} (${round.status === "finished" ? "finished" : "being played"})${bye}</summary>` +
        `<div class="table-wrap"><table class="swiss-round"><thead><tr><th class="num">Board</th><th>Leads</th><th class="num">Points</th><th>Against</th></tr></thead><tbody>${boards.join("")}</tbody></table></div></details>`
      );
    });
    const stopped = swiss.stopped ? `<p class="muted">${e(swiss.stopped)}</p>` : "";
    return `<p>Round ${Math.min(swiss.paired, swiss.rounds)} of ${swiss.rounds}; a bye is worth ${points(swiss.byePoints)}.</p>${stopped}${rounds.join("")}`;
  }

  /** A gauntlet's rows (empty for another kind): the challenger against each bot of the field. */
  function gauntletHtml(view: TournamentOutput): string {
    if (!view.gauntlet) return "";
    const rows = view.gauntlet.map(
      (row) =>
        `<tr><td>${name(row.opponent)}</td><td class="num">${row.games}</td><td class="num">${row.wins}</td><td class="num">${row.draws}</td><td class="num">${row.losses}</td>` +
        `<td class="num">${row.elo ? `${signed(row.elo.elo)} (${row.elo.low} to ${row.elo.high})` : ""}</td></tr>`,
    );
    return `<div class="table-wrap"><table class="gauntlet"><thead><tr><th>Against</th><th class="num">Games</th><th class="num">Won</th><th class="num">Drawn</th><th class="num">Lost</th><th class="num">Elo (95%)</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
  }

  return { points, ratingText, title, summaryHtml, standingsHtml, crosstableHtml, gamesHtml, sprtHtml, gauntletHtml, swissHtml };
}

export type TournamentViews = ReturnType<typeof makeTournamentViews>;
