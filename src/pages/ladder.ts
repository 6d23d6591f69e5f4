/**
 * `/ladder` and `/ladder/{bot}`: the standing ladder, rendered on the server from the LadderObject's
 * views (the same as GET /v1/ladder and GET /v1/ladder/{bot}), each bot's rating history drawn as an
 * inline SVG chart (ladder-chart.ts). No script: the page shows the ladder as of the request; a paused
 * bot shows why. A bot's page also shows its accuracy over its latest reviewed games and its recent
 * mistakes, each linked to its game's page (the whole review) and to the analysis of the position before it.
 */
import { html, raw } from "hono/html";
import type { LadderBotOutput, LadderEntryOutput, LadderPageOutput } from "../wire/index.ts";
import { LADDER_REVIEWED_GAMES } from "../wire/index.ts";
import { PRIOR_SD_ELO, RATING_ORIGIN } from "../tournament/index.ts";
import { DRAWING, type Html, isolated, page, TOURNAMENT_VIEWS } from "./layout.ts";
import { type ChartPoint, ratingChart, ratingSparkline } from "./ladder-chart.ts";

/** `count` and `word`, made plural unless there is one. */
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? "" : "s"}`;

const START: ChartPoint = { games: 0, rating: RATING_ORIGIN, deviation: PRIOR_SD_ELO };

/** The ladder's own styles (the shared sheet has the rest). */
const LADDER_STYLE = `
.ladder-table td.num, .ladder-table th.num { text-align: right; font-variant-numeric: tabular-nums; }
.ladder-table td.spark { width: 124px; padding: 0 .3rem; }
svg.sparkline { width: 120px; height: 32px; display: block; }
svg.rating-chart { width: 100%; height: auto; max-width: 760px; display: block; }
svg.rating-chart.narrow { display: none; }
.chart-line { fill: none; stroke: var(--accent); stroke-width: 2; }
.chart-dot { fill: var(--accent); }
.chart-band { fill: var(--accent); opacity: .14; }
.chart-grid { stroke: var(--line); stroke-width: 1; }
.chart-axis-line { stroke: var(--muted); stroke-width: 1; }
.chart-axis, .chart-note { fill: var(--muted); font-size: 12px; }
.status-paused { color: var(--bad); font-weight: 600; }
.status-left { color: var(--muted); }
.anchor-tag { font-size: .75rem; color: var(--muted); border: 1px solid var(--line); border-radius: 3px; padding: 0 .25rem; white-space: nowrap; }
.paused-reason { border-left: 5px solid var(--bad); background: #fbe9e6; }
.ladder-stats { display: flex; flex-wrap: wrap; gap: .3rem 1.4rem; margin: .4rem 0 .8rem; }
.ladder-stats b { font-size: 1.25rem; }
.mistake-list { list-style: none; padding: 0; margin: .4rem 0 1rem; }
.mistake-list li { padding: .45rem 0; border-bottom: 1px solid var(--line); line-height: 1.5; }
.mistake-list .kind { font-weight: 600; }
.mistake-list .mistake-links { display: block; }
.mistake-list code { white-space: nowrap; }
@media (max-width: 600px) {
  .ladder-table .wide { display: none; }
  .ladder-table td.spark { width: 84px; }
  svg.sparkline { width: 80px; }
  svg.rating-chart.wide-chart { display: none; }
  svg.rating-chart.narrow { display: block; }
}
`;

function statusCell(entry: LadderEntryOutput): Html {
  if (entry.status === "paused") return html`<span class="status-paused" title="${entry.pausedReason ?? ""}">paused</span>`;
  if (entry.status === "left") return html`<span class="status-left">left</span>`;
  return entry.playing
    ? html`<a href="/tournaments/${entry.playing.tournamentId}">playing ${isolated(entry.playing.opponent.name)}</a>`
    : html`<span class="muted">waiting</span>`;
}

const record = (entry: LadderEntryOutput) => `${entry.wins}–${entry.draws}–${entry.losses}`;

export function ladderPage(view: LadderPageOutput, history: Record<string, ChartPoint[]>, limit: number): Html {
  const rows = view.bots.map(
    (entry) => html`<tr>
<td class="num">${entry.rank ?? ""}</td>
<td><a href="/ladder/${entry.bot.id}">${isolated(entry.bot.name)}</a>${entry.anchor ? html` <span class="anchor-tag" title="a built-in bot at a fixed rating">anchor</span>` : ""}</td>
<td class="num">${entry.anchor ? html`${Math.round(entry.rating)} <span class="muted">fixed</span>` : raw(TOURNAMENT_VIEWS.ratingText(entry.rating, entry.deviation))}</td>
<td class="spark">${entry.anchor ? "" : raw(ratingSparkline(history[entry.bot.id] ?? [], entry.bot.name, START))}</td>
<td class="num wide">${entry.games}</td>
<td class="num wide">${record(entry)}</td>
<td class="num wide">${entry.forfeits}</td>
<td>${statusCell(entry)}</td>
</tr>`,
  );
  const paused = view.bots.filter((entry) => entry.status === "paused");
  const { settings } = view;
  const next = view.next === null ? "" : view.next.replace("/v1/ladder", "/ladder");
  const body = html`<style>${raw(LADDER_STYLE)}</style>
<h1>Ladder</h1>
<p class="muted">Registered bots that joined the ladder are paired all the time: every few seconds the ladder pairs the idle ones
(two games from one opening of the ${settings.openings ?? "empty board"} suite, each bot making the first move once; at most ${settings.gamesPerHour} games
a bot an hour; ${settings.moveMs / 1000} s a move). Ratings: a ${settings.rating}, with one deviation of uncertainty.
A bot that forfeits ${settings.pauseAfterForfeits} games in a row is paused until its owner resumes it. <a href="/v1/ladder">As JSON</a></p>
${
  settings.anchors.length === 0
    ? ""
    : html`<p class="muted" id="ladder-anchors">Anchors: ${settings.anchors.map((anchor, index) => html`${index > 0 ? ", " : ""}<a href="/ladder/${anchor.bot}">${anchor.bot}</a> at ${anchor.rating}`)}. Built-in bots at fixed ratings, so that ratings mean the same on every install; they play registered bots only.</p>`
}
<p>${plural(view.total, "bot")}, ${plural(view.pairingsInPlay, "pairing")} in play.</p>
${paused.length === 0 ? "" : html`<div class="card paused-reason"><strong>Paused:</strong> ${paused.map((entry) => html`<div><a href="/ladder/${entry.bot.id}">${isolated(entry.bot.name)}</a>: ${entry.pausedReason}</div>`)}</div>`}
<div class="table-wrap"><table class="ladder-table">
<thead><tr><th class="num">#</th><th>Bot</th><th class="num">Rating</th><th>History</th><th class="num wide">Games</th><th class="num wide">W–D–L</th><th class="num wide">Forfeits</th><th>Now</th></tr></thead>
<tbody>${view.bots.length === 0 ? html`<tr><td colspan="8" class="muted">No bot on the ladder yet: register one with <code>"ladder": true</code>.</td></tr>` : rows}</tbody>
</table></div>
${next === "" ? "" : html`<p><a href="${next}">Next ${limit} →</a></p>`}`;
  return page({ title: "Ladder", body });
}

/** What threw the value away, in words. */
const MISTAKE_WORDS: Record<string, string> = {
  placement: "the placement lost it",
  give: "the piece given lost it",
  announcement: "the Quarto was not announced",
  claim: "the missed Quarto was not claimed",
};

/** The bot's accuracy over its reviewed games, as one of the page's figures. */
function accuracyStat(view: LadderBotOutput): Html {
  const { accuracy } = view;
  const pending = accuracy.pending === 0 ? "" : `, ${accuracy.pending} being reviewed`;
  if (accuracy.accuracy === null) return html`<div>Accuracy <b>–</b> <span class="muted">no game reviewed yet${pending}</span></div>`;
  return html`<div id="ladder-accuracy" title="over its latest ${LADDER_REVIEWED_GAMES} games that are reviewed">Accuracy <b>${Math.round(accuracy.accuracy * 100)}%</b> <span class="muted">${accuracy.kept} of ${plural(accuracy.moves, "move")} kept the value in ${plural(accuracy.games, "game")}; ${plural(accuracy.mistakes, "mistake")}, ${plural(accuracy.winsThrownAway, "win")} thrown away${pending}</span></div>`;
}

/** The bot's recent mistakes, each with its game and the analysis of the position before it. */
function mistakesSection(view: LadderBotOutput): Html {
  const games = new Map(view.recentGames.map((game) => [game.matchId, game]));
  const items = view.recentMistakes.map((mistake) => {
    const game = games.get(mistake.matchId);
    const better =
      mistake.better.length === 0 ? "" : html` Kept it: ${mistake.better.map((move, index) => html`${index > 0 ? ", " : ""}<code>${move}</code>`)}.`;
    return html`<li class="mistake-item"><span class="muted">${game ? html`${game.finishedAt.slice(5, 16).replace("T", " ")} against ${isolated(game.opponent.name)}, ` : ""}move ${mistake.ply + 1}:</span>
<code>${mistake.move}</code> ${mistake.from} → ${mistake.to}, ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind} (<span class="kind">${mistake.kind}</span>).${better}
<span class="mistake-links"><a href="/matches/${mistake.matchId}">The game</a> · <a href="/analyze?position=${encodeURIComponent(mistake.position)}">Analyze the position</a></span></li>`;
  });
  const none = view.accuracy.games === 0 ? "No game reviewed yet." : "No mistake in its reviewed games.";
  return html`<h2>Recent mistakes</h2>
<p class="muted">Every ladder game is reviewed exactly once it ends: a mistake is a move after which the bot's value (win, draw or loss with best play) is worse than before it.</p>
${items.length === 0 ? html`<p class="muted" id="no-mistakes">${none}</p>` : html`<ol class="mistake-list" id="recent-mistakes">${items}</ol>`}`;
}

export function ladderBotPage(view: LadderBotOutput): Html {
  const games = view.recentGames.map(
    (game) => html`<tr>
<td>${game.finishedAt.slice(5, 16).replace("T", " ")}</td>
<td><a href="/ladder/${game.opponent.id}">${isolated(game.opponent.name)}</a></td>
<td>${game.role === "first" ? "first" : "second"}</td>
<td class="wide">${game.opening ?? "start"}</td>
<td>${game.result}${game.forfeitCode ? html` <span class="muted">(${game.forfeitCode})</span>` : ""}</td>
<td>${game.matchId ? html`<a href="/matches/${game.matchId}">game</a> · ` : ""}<a href="/tournaments/${game.tournamentId}">pairing</a></td>
</tr>`,
  );
  const body = html`<style>${raw(LADDER_STYLE)}</style>
<h1>${isolated(view.bot.name)} <code>on the ladder</code></h1>
${view.anchor ? html`<p class="muted" id="anchor-note">An anchor: the built-in bot <code>${view.bot.name}</code> at a fixed rating, paired with registered bots only.</p>` : ""}
${
  view.status === "paused"
    ? html`<div class="card paused-reason"><strong>Paused</strong>${view.pausedAt ? ` since ${view.pausedAt.slice(0, 16).replace("T", " ")}` : ""}: ${view.pausedReason}</div>`
    : ""
}
<div class="ladder-stats">
<div>Rank <b>${view.rank ?? "–"}</b></div>
<div>Rating <b>${Math.round(view.rating)}</b> <span class="muted">${view.anchor ? "fixed" : `± ${Math.round(view.deviation)}`}</span></div>
<div>Games <b>${view.games}</b> <span class="muted">${record(view)}, ${view.forfeits} forfeits</span></div>
<div>Status <b>${view.status}</b>${view.playing ? html` · <a href="/tournaments/${view.playing.tournamentId}">playing ${isolated(view.playing.opponent.name)}</a>` : ""}</div>
${accuracyStat(view)}
</div>
${
  view.anchor
    ? ""
    : html`<h2>Rating history</h2>
${raw(ratingChart(view.history, view.bot.name, START, { width: 640, height: 260, className: "wide-chart" }))}
${raw(ratingChart(view.history, view.bot.name, START, { width: 360, height: 240, className: "narrow" }))}`
}
${mistakesSection(view)}
<h2>Latest games</h2>
<div class="table-wrap"><table class="ladder-table">
<thead><tr><th>Ended</th><th>Opponent</th><th>Moved</th><th class="wide">Opening</th><th>Result</th><th>See</th></tr></thead>
<tbody>${view.recentGames.length === 0 ? html`<tr><td colspan="6" class="muted">No games yet.</td></tr>` : games}</tbody>
</table></div>
<p class="muted"><a href="/ladder">The ladder</a> · <a href="/v1/ladder/${view.bot.id}">As JSON</a></p>`;
  return page({ title: `${DRAWING.isolateText(view.bot.name)} on the ladder`, body });
}
