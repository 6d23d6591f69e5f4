/**
 * `/` for browsers: what the service is, where its documentation is, a form that starts a match against
 * the engine, a friend or a registered bot, and the sixteen pieces with their names (how to read the drawings).
 */
import { html, raw } from "hono/html";
import { LEVELS } from "../engine/index.ts";
import { dailyPuzzle } from "../puzzles/index.ts";
import { ATTRIBUTES } from "../rules/index.ts";
import { DRAWING, type Html, isolated, page, pageScript } from "./layout.ts";

/** A registered bot the form offers: one open to everyone (the page script adds those whose token this browser holds). */
export interface OfferedBot {
  id: string;
  name: string;
}

const ATTRIBUTE_LABELS: Record<(typeof ATTRIBUTES)[number], string> = {
  height: "height (tall / short)",
  color: "color (dark / light)",
  shape: "shape (square / round)",
  fill: "fill (hollow / solid)",
};

/**
 * What each engine level plays like, measured (docs/engine.md, "Levels": each level beats the one
 * below it over 20 games), in a few words for the form.
 */
const LEVEL_NOTES: Record<(typeof LEVELS)[number], string> = {
  random: "any legal move: a first game",
  easy: "takes a win in one, never hands one over",
  medium: "looks a few moves ahead",
  hard: "looks further ahead; exact near the end",
  perfect: "exact from mid-game: never throws a win away",
};

function newMatchForm(bots: readonly OfferedBot[]): Html {
  return html`<form id="new-match" class="card new-match" autocomplete="off">
<h1>Start a match</h1>
<fieldset>
<legend>Opponent</legend>
<div class="row">
<label><input type="radio" name="opponent" value="engine" checked> The engine</label>
<label><input type="radio" name="opponent" value="friend"> A friend <span class="muted">(send a link)</span></label>
<label><input type="radio" name="opponent" value="bot"> A bot</label>
</div>
<div class="row" id="bot-row" hidden>
<label>Bot <select name="bot" id="bot-choice">${bots.map((bot) => html`<option value="${bot.id}">${isolated(bot.name)}</option>`)}</select></label>
<span class="muted level-note" id="bot-note">${bots.length === 0 ? "No bot is open to everyone yet: register yours on " : "Bots open to everyone, and yours (registered on "}<a href="/bots">Bots</a>${bots.length === 0 ? "." : ")."}</span>
</div>
<div class="row" id="level-row">
<label>Engine level <select name="level">${LEVELS.map((level) => html`<option value="${level}" data-note="${LEVEL_NOTES[level]}"${level === "easy" ? raw(" selected") : ""}>${level}</option>`)}</select></label>
<span class="muted level-note" id="level-note">${LEVEL_NOTES.easy}</span>
</div>
<div class="row">
<label>Your name <input type="text" name="name" maxlength="40" placeholder="optional"></label>
<label>Who gives first <select name="first"><option value="random">drawn by lot</option><option value="me">me</option><option value="them">my opponent</option></select></label>
</div>
</fieldset>
<fieldset>
<legend>Rules</legend>
<div class="row">
${ATTRIBUTES.map((attribute) => html`<label><input type="checkbox" name="attributes" value="${attribute}" checked> ${ATTRIBUTE_LABELS[attribute]}</label>`)}
</div>
<div class="row">
<label><input type="checkbox" name="squares"> 2×2 squares count too (advanced)</label>
</div>
<div class="row">
<label>Quarto is <select name="announce"><option value="auto">declared for you</option><option value="manual">announced by the player</option></select></label>
<label id="missed-claim-row" hidden><input type="checkbox" name="missedClaim" checked> the opponent may claim a missed Quarto</label>
</div>
</fieldset>
<fieldset>
<legend>Clock</legend>
<div class="row">
<label><input type="radio" name="clock" value="none" checked> none</label>
<label><input type="radio" name="clock" value="move"> per move: <input type="number" name="moveSeconds" min="1" max="3600" value="60"> s</label>
<label><input type="radio" name="clock" value="game"> per game: <input type="number" name="gameMinutes" min="1" max="600" value="5"> min + <input type="number" name="incrementSeconds" min="0" max="3600" value="2"> s a move</label>
</div>
</fieldset>
<div class="actions"><button type="submit" class="primary" id="start">Start the match</button></div>
<p class="error" id="form-error" role="alert"></p>
</form>`;
}

function legend(): Html {
  const pieces = Array.from({ length: 16 }, (_, piece) => piece);
  return html`<section class="card legend-card">
<h2>The pieces</h2>
<p>Each of the 16 pieces is tall or short, dark or light, square or round, hollow or solid. Four in a line sharing any one of these wins, and your opponent chooses the piece you place.</p>
<div class="legend">${pieces.map((piece) => html`<figure>${raw(DRAWING.pieceSvg(piece, { size: 40 }))}<figcaption><strong>${DRAWING.pieceChar(piece)}</strong> ${DRAWING.pieceValues(piece).join(" ")}</figcaption></figure>`)}</div>
<p class="muted">The digit is the piece's name in moves and positions: 8 tall + 4 dark + 2 square + 1 hollow (<a href="/learn">the rules and the notation</a>).</p>
</section>`;
}

/** Today's puzzle (the same for everyone on a UTC day), drawn small, with a link to solve it. */
function daily(now: number): Html {
  const day = new Date(now).toISOString().slice(0, 10);
  const puzzle = dailyPuzzle(day);
  const state = DRAWING.readPositionString(puzzle.position);
  return html`<section class="card daily">
<h2>Daily puzzle</h2>
<div class="daily-row">
<a href="/puzzles?id=${puzzle.id}" aria-label="Solve the daily puzzle">${raw(DRAWING.boardSvg(state?.board ?? [], { label: "The daily puzzle" }))}</a>
<div><p>You hold ${raw(DRAWING.pieceSvg(state?.inHand ?? 0, { size: 28, className: "inline" }))} <code>${DRAWING.pieceChar(state?.inHand ?? 0)}</code>: win in ${puzzle.moves} move${puzzle.moves === 1 ? "" : "s"}.</p>
<p><a class="button primary" href="/puzzles?id=${puzzle.id}">Solve today's puzzle</a></p>
<p class="muted">New to Quarto? <a href="/learn">Learn the rules</a> on small boards.</p></div>
</div>
</section>`;
}

/**
 * The form comes first on a phone and in the right column from 760 px, so "Start the match" is on the
 * first screen of a laptop (1366x768) and a phone (390x844); the introduction and the pieces follow.
 */
export function homePage(bots: readonly OfferedBot[] = [], now = Date.now()): Html {
  const body = html`<div class="home">
<section class="card intro">
<h2>Quarto</h2>
<p>The reference service for the board game <strong>Quarto</strong>: the rules, an engine that plays and explains positions, hosted matches you can play and watch live, and a bot arena, all behind a public API.</p>
<ul>
<li><a href="/learn">Learn the rules</a> and <a href="/puzzles">solve puzzles</a>, each proved by the engine.</li>
<li><a href="/analyze">Analyze a position</a>: its status, the engine's value and the value of every move.</li>
<li><a href="/tournaments">Tournaments</a> between bots, the engine's levels and yours, and the <a href="/ladder">ladder</a> that rates them.</li>
<li><a href="/docs">API documentation</a> (interactive) and the <a href="/openapi.json">OpenAPI document</a>.</li>
<li><a href="/problems">Error codes</a> the API answers with.</li>
</ul>
</section>
${newMatchForm(bots)}
${daily(now)}
${legend()}
</div>`;
  return page({ title: "Play", body, script: pageScript("home", {}) });
}
