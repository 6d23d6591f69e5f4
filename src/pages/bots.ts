/**
 * `/bots`: every registered bot, a page at a time as GET /v1/bots gives them (name, kind, entry, ladder
 * rating, connected or not, last seen), and a form that registers one (POST /v1/bots) and shows its
 * token and secret once. `/bots/{id}`: one bot: who it is, its settings (managed with the token this
 * browser holds, or one pasted), its rating history on the ladder, its tournaments, its recent games and
 * its call log (GET /v1/bots/{id}/calls, read by the page script with the token). The scripts
 * (client/bots.ts, client/bot.ts) only call the public API.
 */
import { html, raw } from "hono/html";
import type { BotOutput, LadderBotOutput, LadderEntryOutput, TournamentOutput } from "../wire/index.ts";
import { PRIOR_SD_ELO, RATING_ORIGIN } from "../tournament/index.ts";
import { type ChartPoint, ratingChart } from "./ladder-chart.ts";
import { DRAWING, type Html, isolated, page, pageScript, TOURNAMENT_VIEWS } from "./layout.ts";

/** A bot of the list with its ladder entry (null: never on the ladder). */
export interface ListedBot extends BotOutput {
  ladder: LadderEntryOutput | null;
}

export interface BotsPageData {
  bots: readonly ListedBot[];
  /** The next page of the list (`/bots?limit=&cursor=`), or null. */
  next: string | null;
  first: boolean;
}

/** A game the bot played in one of its tournaments or on the ladder, from its side. */
export interface BotGame {
  opponent: string;
  result: "won" | "lost" | "drawn" | "not counted";
  /** How it ended, in words (`quarto`, `forfeit`, ...), and the forfeit's code and who made it. */
  reason: string;
  forfeit: { code: string; byThisBot: boolean } | null;
  /** Where it was played: a tournament (its page and name) or a ladder pairing. */
  tournament: { id: string; name: string };
  matchId: string | null;
}

export interface BotPageData {
  bot: BotOutput & { ladder: LadderEntryOutput | null };
  /** Its ladder page's view (history and games) when it was ever on the ladder. */
  ladder: LadderBotOutput | null;
  /** Its newest tournaments (at most `shown`), newest first. */
  tournaments: readonly TournamentOutput[];
  shown: number;
  games: readonly BotGame[];
}

const when = (iso: string | null | undefined): string => (iso ? iso.slice(0, 16).replace("T", " ") : "–");

/** Where a bot stands with the service's connections: a webhook bot is called; a connected one is connected now, or not. */
function presence(bot: BotOutput): Html {
  if (bot.connection === "webhook") return html`<span class="muted">called at its URL</span>`;
  return bot.connected ? html`<span class="status-on">connected</span>` : html`<span class="status-off">not connected</span>`;
}

const KIND_WORDS = { webhook: "webhook", stream: "connected" } as const;

function ladderCell(entry: LadderEntryOutput | null): Html {
  if (entry === null) return html`<span class="muted">–</span>`;
  const status = entry.status === "active" ? "" : html` <span class="muted">(${entry.status})</span>`;
  return html`<a href="/ladder/${entry.bot.id}">${raw(TOURNAMENT_VIEWS.ratingText(entry.rating, entry.deviation))}</a>${status}`;
}

function listHtml(data: BotsPageData): Html {
  if (data.bots.length === 0)
    return html`<p class="muted" id="no-bots">${data.first ? "No bot registered yet: register the first below." : "No more bots."}</p>`;
  const rows = data.bots.map(
    (bot) => html`<tr data-bot="${bot.id}">
<td class="name"><a href="/bots/${bot.id}">${isolated(bot.name)}</a> <span class="held-mark" hidden title="this browser holds its management token">token held</span></td>
<td>${KIND_WORDS[bot.connection]}</td>
<td class="wide-only">${bot.entry === "open" ? "open to all" : "owner only"}</td>
<td class="num">${ladderCell(bot.ladder)}</td>
<td>${presence(bot)}</td>
<td class="wide-only seen">${bot.connection === "stream" ? when(bot.lastSeen) : html`<span class="muted">–</span>`}</td>
</tr>`,
  );
  return html`<div class="table-wrap"><table class="bot-list">
<thead><tr><th>Bot</th><th>Kind</th><th class="wide-only">Entry</th><th class="num">Ladder rating</th><th>Connection</th><th class="wide-only">Last seen (UTC)</th></tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}

function registerForm(): Html {
  return html`<form id="register-bot" class="card new-match register-bot" autocomplete="off">
<h2>Register a bot</h2>
<fieldset>
<legend>How the service reaches it</legend>
<div class="row">
<label><input type="radio" name="connection" value="webhook" checked> At its URL <span class="muted">(a web server: webhook)</span></label>
<label><input type="radio" name="connection" value="stream"> It connects out <span class="muted">(behind a router: connected)</span></label>
</div>
</fieldset>
<div class="row"><label>Name <input type="text" name="name" maxlength="40" required placeholder="my-bot" pattern="[A-Za-z0-9][A-Za-z0-9_.\\-]{0,39}"></label></div>
<div class="row" id="url-row"><label class="wide-field">URL <input type="url" name="url" maxlength="2000" placeholder="https://my-bot.example.org"></label></div>
<div class="row" id="secret-row"><label class="wide-field">Its own secret <input type="text" name="secret" maxlength="200" placeholder="optional: whsec_..." spellcheck="false"></label>
<span class="muted small">A bot that checks signatures can start with its final secret (<code>npm run arena -- secret</code> makes one): the registration's own call is signed with it. Empty: the service makes one.</span></div>
<div class="row">
<label><input type="checkbox" name="open"> open to everyone <span class="muted">(anyone may enter it or play it; otherwise only with its token)</span></label>
<label><input type="checkbox" name="ladder"> put it on the ladder</label>
</div>
<div class="actions"><button type="submit" class="primary" id="register">Register the bot</button></div>
<p class="error" id="form-error" role="alert"></p>
</form>
<section class="card registered" id="registered" hidden aria-live="polite">
<h2>Registered: <span id="registered-name"></span></h2>
<p><strong>Copy these now: they are shown only once.</strong></p>
<dl class="credentials">
<dt>Management token</dt><dd><code id="registered-token"></code></dd>
<dt>Signing secret</dt><dd><code id="registered-secret"></code></dd>
</dl>
<ul id="registered-steps"></ul>
<p>This browser keeps the token, so the bot's page can manage it and you can play it from <a href="/">Play</a> and enter it from <a href="/tournaments">Tournaments</a>. <a id="registered-link" href="/bots">Open its page</a></p>
</section>`;
}

const STYLE = `
.bot-list td.name, .bot-list td.seen { overflow-wrap: anywhere; }
.bot-list td.seen { font-variant-numeric: tabular-nums; }
.held-mark { font-size: .75rem; color: var(--good); border: 1px solid var(--good); border-radius: 3px; padding: 0 .25rem; white-space: nowrap; }
.status-on { color: var(--good); font-weight: 600; }
.status-off { color: var(--muted); }
.register-bot .wide-field { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; flex: 1 1 100%; }
.register-bot .wide-field input { flex: 1 1 14rem; min-width: 0; }
.credentials dt { font-weight: 600; margin-top: .4rem; }
.credentials dd { margin: .1rem 0 0; overflow-wrap: anywhere; }
.credentials code { user-select: all; background: #f3ecdd; padding: .1rem .3rem; border-radius: 4px; }
.small { font-size: .85rem; }
.bot-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .2rem .8rem; margin: 0; }
.bot-facts dt { color: var(--muted); }
.bot-facts dd { margin: 0; overflow-wrap: anywhere; }
.manage .row { margin: .4rem 0; }
.manage input[type=text], .manage input[type=password] { min-width: 0; flex: 1 1 12rem; padding: .2rem .4rem; }
.calls td { font-variant-numeric: tabular-nums; }
.calls td.detail { overflow-wrap: anywhere; font-size: .9rem; }
.calls tr.forfeit td { background: #fbe9e6; }
.calls .forfeit-code { color: var(--bad); white-space: nowrap; }
.calls tr.chosen td { outline: 2px solid var(--accent); outline-offset: -2px; }
.pager { margin: .5rem 0; }
svg.rating-chart { display: block; width: 100%; height: auto; max-width: 640px; }
svg.rating-chart.narrow { display: none; }
@media (max-width: 600px) { svg.rating-chart.wide-chart { display: none; } svg.rating-chart.narrow { display: block; } }
`;

export function botsPage(data: BotsPageData): Html {
  const body = html`<style>${raw(STYLE)}</style>
<h1>Bots</h1>
<p class="muted">Registered bots play <a href="/tournaments">tournaments</a>, the <a href="/ladder">ladder</a> and anyone who picks them on <a href="/">Play</a>. A bot is a web server the service calls (webhook), or a program that connects out and answers on its event stream (connected): <a href="/docs#tag/bots">the API</a> and the bot protocol say how. <a href="/v1/bots">As JSON</a></p>
<section>
<h2>Registered bots</h2>
${listHtml(data)}
<p class="pager">${data.first ? "" : html`<a href="/bots">First</a>`}${data.first || !data.next ? "" : " · "}${data.next ? html`<a href="${data.next}" id="next-bots">Next →</a>` : ""}</p>
</section>
${registerForm()}`;
  return page({ title: "Bots", body, script: pageScript("bots", {}) });
}

/** A finished tournament game's result, from the bot's side. */
export function gameFromTournament(view: TournamentOutput, game: TournamentOutput["games"][number], bot: string): BotGame | null {
  if (game.first !== bot && game.second !== bot) return null;
  const opponent = game.first === bot ? game.second : game.first;
  const result = game.result;
  if (!result || game.status !== "finished") return null;
  const outcome = result.reason === "aborted" ? "not counted" : result.winner === null ? "drawn" : result.winner === bot ? "won" : "lost";
  return {
    opponent,
    result: outcome,
    reason: result.reason,
    forfeit: result.forfeitCode ? { code: result.forfeitCode, byThisBot: result.forfeitedBy === bot } : null,
    tournament: { id: view.id, name: view.name ?? `Tournament ${view.id.slice(0, 6)}` },
    matchId: game.matchId,
  };
}

/** A ladder game, from the bot's side. */
export function gameFromLadder(game: LadderBotOutput["recentGames"][number], botId: string): BotGame {
  const result = { win: "won", loss: "lost", draw: "drawn", none: "not counted" } as const;
  return {
    opponent: game.opponent.name,
    result: result[game.result],
    reason: game.reason,
    forfeit: game.forfeitCode ? { code: game.forfeitCode, byThisBot: game.forfeitedBy === botId } : null,
    tournament: { id: game.tournamentId, name: "ladder pairing" },
    matchId: game.matchId,
  };
}

/** Where every ladder bot starts, as the ladder's own chart draws it. */
const START: ChartPoint = { games: 0, rating: RATING_ORIGIN, deviation: PRIOR_SD_ELO };

function ratingSection(data: BotPageData): Html {
  const history = data.ladder?.history ?? [];
  if (data.bot.ladder === null) return html`<p class="muted" id="no-rating">Not on the ladder: no rating yet. Put it on the ladder in its settings above.</p>`;
  if (history.length === 0) return html`<p class="muted" id="no-rating">On the ladder, no pairing played yet.</p>`;
  return html`<div id="rating-history">${raw(ratingChart(history, data.bot.name, START, { width: 640, height: 240, className: "wide-chart" }))}${raw(
    ratingChart(history, data.bot.name, START, { width: 360, height: 220, className: "narrow" }),
  )}</div>
<p class="muted">Rating ${raw(TOURNAMENT_VIEWS.ratingText(data.bot.ladder.rating, data.bot.ladder.deviation))} after ${data.bot.ladder.games} ladder games (${data.bot.ladder.wins}–${data.bot.ladder.draws}–${data.bot.ladder.losses}, ${data.bot.ladder.forfeits} forfeits). <a href="/ladder/${data.bot.id}">Its ladder page</a></p>`;
}

function tournamentsSection(data: BotPageData): Html {
  if (data.tournaments.length === 0)
    return html`<p class="muted" id="no-tournaments">No tournament yet.</p>`;
  const rows = data.tournaments.map((view) => {
    const row = view.standings.find((standing) => standing.bot === data.bot.name);
    return html`<tr><td class="name"><a href="/tournaments/${view.id}">${isolated(view.name ?? `Tournament ${view.id.slice(0, 6)}`)}</a></td>
<td>${view.kind}</td><td>${view.status}</td><td class="num">${row ? html`${row.rank} of ${view.standings.length}` : ""}</td><td class="num">${row ? `${row.wins}–${row.draws}–${row.losses}` : ""}</td><td class="wide-only">${when(view.createdAt)}</td></tr>`;
  });
  return html`<div class="table-wrap"><table class="bot-tournaments"><thead><tr><th>Tournament</th><th>Kind</th><th>Status</th><th class="num">Rank</th><th class="num">W–D–L</th><th class="wide-only">Started (UTC)</th></tr></thead><tbody>${rows}</tbody></table></div>
<p class="muted small">${data.tournaments.length === data.shown ? `Its latest ${data.shown} tournaments. ` : ""}Its ladder pairings are under its rating.</p>`;
}

function gamesSection(data: BotPageData): Html {
  if (data.games.length === 0) return html`<p class="muted" id="no-games">No finished game in those tournaments or on the ladder.</p>`;
  const rows = data.games.map(
    (game) => html`<tr class="${game.forfeit ? "forfeit" : ""}"><td>${isolated(game.opponent)}</td>
<td>${game.result}${game.result === "drawn" || game.result === "not counted" ? "" : html` <span class="muted">(${game.reason})</span>`}</td>
<td>${game.forfeit ? html`<code>${game.forfeit.code}</code> <span class="muted">${game.forfeit.byThisBot ? "by this bot" : "by the opponent"}</span>` : html`<span class="muted">–</span>`}</td>
<td class="wide-only"><a href="/tournaments/${game.tournament.id}">${isolated(game.tournament.name)}</a></td>
<td>${game.matchId ? html`<a href="/matches/${game.matchId}">board</a>` : ""}</td></tr>`,
  );
  return html`<div class="table-wrap"><table class="bot-games"><thead><tr><th>Against</th><th>Result</th><th>Forfeit</th><th class="wide-only">In</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function manageSection(bot: BotPageData["bot"]): Html {
  return html`<section class="card manage" id="manage">
<h2>Settings</h2>
<p id="token-state" class="muted">Managing the bot needs its management token.</p>
<form id="token-form" class="row" autocomplete="off"><label class="wide-field">Token <input type="password" name="token" id="token-input" spellcheck="false" placeholder="paste the management token"></label> <button type="submit" id="use-token">Use it here</button></form>
<div id="settings" hidden>
<div class="row"><span>Entry: <b id="entry-now">${bot.entry === "open" ? "open to everyone" : "owner only"}</b></span> <button type="button" id="entry-button">${bot.entry === "open" ? "Make it owner only" : "Open it to everyone"}</button></div>
<div class="row"><span>Ladder: <b id="ladder-now">${bot.ladder === null ? "not on it" : bot.ladder.status}</b></span> <button type="button" id="join-button">${bot.ladder?.status === "paused" ? "Resume it" : "Put it on the ladder"}</button> <button type="button" id="leave-button">Take it off</button></div>
<div class="row"><label class="wide-field">New secret <input type="text" id="rotate-secret" spellcheck="false" placeholder="optional: its own whsec_..."></label> <button type="button" id="rotate-button">Rotate the secret and token</button></div>
<section id="rotated" hidden><p><strong>New credentials, shown once:</strong></p><dl class="credentials"><dt>Management token</dt><dd><code id="rotated-token"></code></dd><dt>Signing secret</dt><dd><code id="rotated-secret"></code></dd></dl><p class="muted small">This browser now keeps the new token; give the new secret to the bot (new tournaments sign with it).</p></section>
<div class="row"><button type="button" class="danger" id="delete-button">Delete the bot</button> <button type="button" id="forget-button">Forget the token here</button></div>
</div>
<p class="error" id="manage-error" role="alert"></p>
</section>`;
}

export function botPage(data: BotPageData): Html {
  const { bot } = data;
  const info = [bot.info.author ? `by ${bot.info.author}` : "", bot.info.version ? `version ${bot.info.version}` : ""].filter((part) => part !== "").join(", ");
  const body = html`<style>${raw(STYLE)}</style>
<h1>${isolated(bot.name)} <code>${bot.id}</code></h1>
<section class="card">
<dl class="bot-facts" id="identity">
<dt>Kind</dt><dd>${bot.connection === "webhook" ? html`webhook: the service calls <code>${bot.url}</code>` : "connected: it reads its event stream"}</dd>
<dt>Says</dt><dd>${isolated(bot.info.name)}${info ? html` <span class="muted">(${info})</span>` : ""}</dd>
<dt>Entry</dt><dd>${bot.entry === "open" ? "open to everyone" : "owner only: entered and played with its token"}</dd>
${bot.connection === "stream" ? html`<dt>Connection</dt><dd>${presence(bot)}, last seen ${when(bot.lastSeen)}</dd>` : ""}
<dt>Ladder</dt><dd>${bot.ladder === null ? html`<span class="muted">not on it</span>` : html`${ladderCell(bot.ladder)}, ${bot.ladder.status}${bot.ladder.pausedReason ? `: ${bot.ladder.pausedReason}` : ""}`}</dd>
<dt>Registered</dt><dd>${when(bot.createdAt)} UTC</dd>
</dl>
<p class="muted small"><a href="/v1/bots/${bot.id}">As JSON</a> · <a href="/bots">All bots</a></p>
</section>
${manageSection(bot)}
<h2>Rating history</h2>
${ratingSection(data)}
<h2>Tournaments</h2>
${tournamentsSection(data)}
<h2>Recent games</h2>
${gamesSection(data)}
<h2 id="calls">Call log</h2>
<p class="muted">Every request the service made to the bot, newest first: when it was sent, the game and the move asked for, the answer's HTTP status (none: no answer came), how long it took, the move answered and any forfeit; and the end notices.</p>
<form id="calls-filter" class="row" autocomplete="off" hidden><label>Game <input type="text" name="matchId" id="calls-match" maxlength="40" placeholder="a match id"></label> <button type="submit">Show its calls</button> <a href="/bots/${bot.id}#calls" id="calls-all" hidden>All games</a></form>
<div id="call-log"><p class="muted" id="calls-locked">The call log is shown to the holder of the bot's token.</p></div>
<p class="pager"><button type="button" id="older-calls" hidden>Older calls →</button></p>`;
  return page({
    title: DRAWING.isolateText(bot.name),
    body,
    script: pageScript("bot", { id: bot.id, name: bot.name, entry: bot.entry, ladder: bot.ladder?.status ?? null }),
  });
}
