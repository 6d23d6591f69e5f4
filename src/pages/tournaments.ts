/**
 * `/tournaments`: the tournaments started on this service (POST /v1/tournaments, from this page or the
 * API), newest first and a page at a time, each with its status and a link to its live page; and a
 * form that starts one between built-in and open registered bots (of any format, each offered as its
 * definition says: src/tournament/formats.ts; games per pair, openings, clock), then opens its page. Ladder pairings are tournaments too,
 * but they are listed on /ladder, not here.
 */
import { html, raw } from "hono/html";
import { FORMATS, formatOf, MAX_SWISS_BOTS, MAX_TOURNAMENT_GAMES } from "../tournament/index.ts";
import { type BotOutput, MAX_TOURNAMENT_MOVE_MS, SPRT_DEFAULTS, type TournamentOutput } from "../wire/index.ts";
import { type Html, isolated, page, pageScript } from "./layout.ts";

/** The scale of the SPRT's hypotheses: that of its model (the form leaves the default). */
const SPRT_UNIT = SPRT_DEFAULTS.model === "normalized" ? "nElo" : "Elo";

/**
 * The suite an SPRT starts from unless another is chosen: the unbalanced suite of its rules (the form's
 * are the classic ones), whose openings are wins for the side to move, so a stronger bot shows where two
 * perfect ones would always draw.
 */
const SPRT_SUITE = "classic-unbalanced";

/** A built-in bot as the form offers it. */
interface BuiltInBot {
  name: string;
  note: string;
}

/** An opening suite as the form offers it. */
interface SuiteChoice {
  name: string;
  count: number;
  squares: boolean;
}

export interface TournamentsPageData {
  /** The page of tournaments, newest first (those whose objects expired are left out). */
  tournaments: TournamentOutput[];
  /** The link to the next (older) page, or null. */
  older: string | null;
  /** Whether this is the first page. */
  first: boolean;
  builtIn: readonly BuiltInBot[];
  /** The open registered bots (`entry: open`) among the first page of GET /v1/bots, and whether more bots are registered. */
  registered: readonly BotOutput[];
  moreRegistered: boolean;
  suites: readonly SuiteChoice[];
}

function statusCell(view: TournamentOutput): Html {
  const { finished, total } = view.progress;
  if (view.status === "running") return html`<span class="status-running">running</span> <span class="muted">${finished} of ${total}</span>`;
  if (view.status === "cancelled") return html`<span class="muted">cancelled after ${finished}</span>`;
  return html`finished <span class="muted">${finished} games</span>`;
}

function leader(view: TournamentOutput): Html | string {
  // A tournament with a test leads with its decision.
  if (view.sprt) return view.sprt.decision === null ? "" : view.sprt.decision === "H1" ? html`H1: ${isolated(view.sprt.test)}` : "H0";
  const top = view.standings[0];
  return top && top.games > 0 ? isolated(top.bot) : "";
}

function listHtml(data: TournamentsPageData): Html {
  if (data.tournaments.length === 0) {
    return html`<p class="muted" id="no-tournaments">${data.first ? "No tournament yet: start one below." : "No older tournaments."}</p>`;
  }
  const rows = data.tournaments.map(
    (view) => html`<tr data-tournament="${view.id}" data-status="${view.status}">
<td class="name"><a href="/tournaments/${view.id}">${isolated(view.name ?? `Tournament ${view.id.slice(0, 6)}`)}</a> <span class="muted">${formatOf(view.kind).name}</span></td>
<td class="bots">${view.bots.map((bot, index) => html`${index > 0 ? ", " : ""}${isolated(bot.name)}`)}</td>
<td>${statusCell(view)}</td>
<td class="wide-only">${leader(view)}</td>
<td class="wide-only started">${view.createdAt.slice(0, 16).replace("T", " ")}</td>
</tr>`,
  );
  return html`<div class="table-wrap"><table class="tournament-list">
<thead><tr><th>Tournament</th><th>Bots</th><th>Status</th><th class="wide-only">Leader</th><th class="wide-only">Started (UTC)</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

function botChoices(data: TournamentsPageData): Html {
  const builtIn = data.builtIn.map(
    (bot, index) =>
      html`<label><input type="checkbox" name="bots" value="${bot.name}"${index < 2 ? raw(" checked") : ""}> ${bot.name} <span class="muted">${bot.note}</span></label>`,
  );
  const registered = data.registered.map(
    (bot) =>
      html`<label><input type="checkbox" name="bots" value="${bot.id}" data-name="${bot.name}"> ${isolated(bot.name)} <span class="muted">registered</span></label>`,
  );
  return html`<div class="bot-choices" id="bot-choices">${builtIn}${registered}</div>
${
  data.moreRegistered
    ? html`<p class="muted small">The open bots among the first registered ones are offered here; enter others by id with the API.</p>`
    : html`<p class="muted small">Registered bots open to everyone (<code>"entry": "open"</code>) are offered here, and yours whose token this browser holds (<a href="/bots">registered here</a> or pasted on its page).</p>`
}`;
}

/** Every bot as the options of a select; the one at `selected` chosen. */
function allBotOptions(data: TournamentsPageData, selected: number): Html {
  const bots = [...data.builtIn.map((bot) => ({ value: bot.name, name: bot.name })), ...data.registered.map((bot) => ({ value: bot.id, name: bot.name }))];
  return html`${bots.map((bot, index) => html`<option value="${bot.value}"${index === selected ? raw(" selected") : ""}>${bot.name}</option>`)}`;
}

/**
 * A choice per format, the first checked, each saying what the form asks for it (the page script shows
 * those fields): who plays (`entrants`), whether games per pair apply, and the format fields it takes.
 */
function formatChoices(): Html {
  return html`${FORMATS.map(
    (format, index) =>
      html`<label><input type="radio" name="kind" value="${format.kind}" data-entrants="${format.entrants}" data-per-pair="${String(format.perPair)}" data-takes="${format.takes.join(" ")}"${index === 0 ? raw(" checked") : ""}> ${format.name} <span class="muted">(${format.hint})</span></label>
`,
  )}`;
}

function newTournamentForm(data: TournamentsPageData): Html {
  const options = allBotOptions(data, 0);
  return html`<form id="new-tournament" class="card new-match new-tournament" autocomplete="off">
<h2>Start a tournament</h2>
<div class="fields">
<fieldset class="kind">
<legend>Kind</legend>
<div class="row">
${formatChoices()}
</div>
</fieldset>
<fieldset id="bots-field">
<legend>Bots</legend>
${botChoices(data)}
<div class="row" id="challenger-row" hidden><label>Challenger <select name="challenger" class="bot-select">${options}</select></label> <span class="muted small">plays each bot ticked above</span></div>
</fieldset>
<fieldset id="sprt-field" hidden>
<legend>SPRT</legend>
<div class="row" id="pair-row">
<label>Bot under test <select name="test" class="bot-select">${options}</select></label>
<label>against <select name="base" class="bot-select">${allBotOptions(data, 1)}</select></label>
</div>
<div class="row" id="sprt-row">
<label>H0: better by at most <input type="number" name="elo0" value="0" min="-1000" max="1000" step="any"> ${SPRT_UNIT}</label>
<label>H1: by at least <input type="number" name="elo1" value="10" min="-1000" max="1000" step="any"> ${SPRT_UNIT}</label>
<label>at most <input type="number" name="maxGames" value="${SPRT_DEFAULTS.maxGames}" min="2" max="1000" step="2"> games</label>
</div>
<p class="muted small">${SPRT_DEFAULTS.model === "normalized" ? "In normalized Elo (nElo), as the CLI's SPRT: the score's difference over its spread, so drawish bots need no more games than decisive ones." : "In logistic Elo."} Its games start from the unbalanced openings of their rules (positions the side to move wins), where a better bot shows; choose another suite below if you like.</p>
</fieldset>
<fieldset class="games">
<legend>Games</legend>
<div class="row">
<label>Name <input type="text" name="name" maxlength="80" placeholder="optional"></label>
<label id="games-per-pair-row">Games per pair <input type="number" name="gamesPerPair" value="2" min="2" max="${MAX_TOURNAMENT_GAMES}" step="2"></label>
<label id="rounds-row" hidden>Rounds <input type="number" name="rounds" min="1" max="${MAX_SWISS_BOTS}" placeholder="by the field"></label>
</div>
<div class="row">
<label>Openings <select name="openings"><option value="">none (the empty board)</option>${data.suites.map(
    (suite) =>
      html`<option value="${suite.name}" data-squares="${suite.squares ? "true" : "false"}"${suite.name === SPRT_SUITE ? raw(" data-sprt-default") : ""}>the ${suite.name} suite (${suite.count} openings${suite.squares ? ", 2×2 squares count" : ""})</option>`,
  )}</select></label>
</div>
<div class="row">
<span>Clock</span>
<label><input type="radio" name="clock" value="move" checked> per move: <input type="number" name="moveSeconds" min="1" max="${MAX_TOURNAMENT_MOVE_MS / 1000}" value="10"> s</label>
<label><input type="radio" name="clock" value="game"> per game: <input type="number" name="gameMinutes" min="1" max="600" value="5"> min + <input type="number" name="incrementSeconds" min="0" max="60" value="2"> s a move</label>
<label><input type="radio" name="clock" value="none"> no clock</label>
</div>
<p class="muted small">Built-in bots play untimed; the clock applies to registered bots. With openings, each opening is played twice, each bot making the first move once.</p>
</fieldset>
</div>
<div class="actions"><button type="submit" class="primary" id="start-tournament">Start the tournament</button></div>
<p class="error" id="form-error" role="alert"></p>
</form>`;
}

/** The tournaments' own styles (the shared sheet has the rest). */
const STYLE = `
.new-tournament .fields { display: grid; gap: 0 1rem; grid-template-columns: minmax(0, 1fr); align-items: start; }
/* From 760 px: the kind and the games on the left, the bots (or the SPRT's settings: one of the two shows) on the right. */
@media (min-width: 760px) {
  .new-tournament .fields { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "kind side" "games side"; grid-template-rows: auto 1fr; }
  .new-tournament .kind { grid-area: kind; } .new-tournament .games { grid-area: games; }
  .new-tournament #bots-field, .new-tournament #sprt-field { grid-area: side; }
}
.tournament-list td.name, .tournament-list td.bots { overflow-wrap: break-word; }
.tournament-list td.started { white-space: nowrap; font-variant-numeric: tabular-nums; }
.status-running { color: var(--good); font-weight: 600; }
.bot-choices { display: flex; flex-wrap: wrap; gap: .25rem 1rem; margin: .3rem 0; }
.new-tournament h2 { margin-top: 0; }
.small { font-size: .85rem; margin: .3rem 0; }
.pager { margin: .5rem 0; }
.new-tournament { margin-top: 1rem; }
`;

export function tournamentsPage(data: TournamentsPageData): Html {
  const body = html`<style>${raw(STYLE)}</style>
<h1>Tournaments</h1>
<p class="muted">Bots play each other here: the built-in levels of the engine and any bot registered with the API. Every game is an ordinary match you can watch. The ladder's pairings are on <a href="/ladder">the ladder</a>.</p>
<div class="tournaments">
<section class="tournaments-list">
<h2>Recent and running</h2>
${listHtml(data)}
<p class="pager">${data.first ? "" : html`<a href="/tournaments">Newest</a>`}${data.first || !data.older ? "" : " · "}${data.older ? html`<a href="${data.older}" id="older">Older →</a>` : ""}</p>
</section>
${newTournamentForm(data)}
</div>`;
  return page({ title: "Tournaments", body, script: pageScript("tournaments", {}) });
}
