/**
 * `/matches/{id}`: one match, live. The server renders the state it reads from the match's Durable
 * Object with the same functions the page script re-renders with (match-view.ts); the script then
 * follows the match over its WebSocket and lets the holder of a seat token play by clicking.
 */
import { html, raw } from "hono/html";
import type { MatchView } from "../wire/index.ts";
import { type Html, MATCH_VIEWS, page, pageScript } from "./layout.ts";
import type { MatchUi } from "./match-view.ts";

const SERVER_UI: MatchUi = { seat: null, selectedCell: null, shownPly: null, busy: false, connected: false };

function rulesText(view: MatchView): string {
  const parts = [view.rules.attributes.length === 4 ? "all four attributes count" : `only ${view.rules.attributes.join(", ")} count`];
  if (view.rules.squares) parts.push("2×2 squares count");
  parts.push(
    view.rules.announce === "manual"
      ? `Quarto must be announced${view.rules.missedClaim ? " (a missed one may be claimed)" : ""}`
      : "Quarto is declared automatically",
  );
  return parts.join("; ");
}

function clockText(view: MatchView): string {
  const clock = view.clock;
  if (clock.kind === "move") return `${clock.moveMs / 1000} s per move`;
  if (clock.kind === "game") return `${clock.initialMs / 60_000} min per game + ${clock.incrementMs / 1000} s a move`;
  return "no clock";
}

/**
 * The page: on a phone one column (status and seats, the board, the piece in hand and the pieces to
 * give, then the rest); from 760 px the board on the left and the same column beside it, so the board,
 * the hand, the pieces to give and the status fit a laptop's screen together (style.ts sizes the board
 * by the viewport's height).
 */
export function matchPage(view: MatchView): Html {
  const v = MATCH_VIEWS;
  const ui = SERVER_UI;
  const can = v.actions(view, ui);
  const hidden = (hide: boolean) => (hide ? raw(" hidden") : "");
  const tournament = view.tournamentId ? html` <a class="back" id="tournament-link" href="/tournaments/${view.tournamentId}">Back to the tournament</a>` : "";
  const opening = view.opening
    ? html` <span class="opening" id="opening">from the opening <b>${view.opening.name}</b> (its ${view.opening.plies} moves come first)</span>`
    : "";
  const body = html`<div class="match-head"><h1>Match <code class="match-id">${view.id}</code></h1>${opening}${tournament}</div>
<div class="match">
<div class="match-top">
<div id="status">${raw(v.statusHtml(view, ui))}</div>
<div class="seats" id="seats">${raw(v.seatsHtml(view, ui, view.clocks.remainingMs))}</div>
<section id="join" class="card" hidden>
<p>A seat is open: take it to play.</p>
<div class="row"><label>Your name <input type="text" id="join-name" maxlength="40" placeholder="optional"></label> <button type="button" class="primary" id="join-button">Take the seat</button></div>
</section>
<section id="invite" class="card" hidden>
<p>Send this link to your opponent:</p>
<div class="invite"><input type="text" id="invite-link" readonly value=""><button type="button" id="copy-link" aria-live="polite">Copy</button></div>
</section>
</div>
<div class="match-board" id="board-wrap">${raw(v.boardHtml(view, ui))}</div>
<div class="match-play">
<div class="hand" id="hand">${raw(v.handHtml(view, ui))}</div>
<h2 class="pool-title">Pieces to give</h2>
<div class="pool" id="pool">${raw(v.poolHtml(view, ui))}</div>
<div class="actions">
<button type="button" class="primary" id="quarto-button" hidden>Quarto!</button>
<button type="button" id="claim-button" hidden>Claim a missed Quarto</button>
<button type="button" id="abort-button" hidden>Abort</button>
<button type="button" class="danger" id="resign-button" hidden>Resign</button>
<button type="button" class="primary" id="rematch-button" hidden>Rematch</button>
<a class="button" id="again-link" href="/"${hidden(view.status !== "finished")}>Start another match</a>
</div>
<p class="error" id="error" role="alert"></p>
</div>
<div class="match-more">
<h2>Moves</h2>
<div class="steps"><button type="button" data-step="first" aria-label="First position">«</button><button type="button" data-step="prev" aria-label="Previous move">‹</button><button type="button" data-step="next" aria-label="Next move">›</button><button type="button" data-step="last" aria-label="Latest position">»</button> <span class="live off" id="live">not connected</span></div>
<div id="moves">${raw(v.movesHtml(view, ui))}</div>
<section id="review" class="review" aria-live="polite" hidden></section>
<p class="muted">Rules: ${rulesText(view)}. Clock: ${clockText(view)}.</p>
<p class="muted"><a href="/v1/matches/${view.id}/record">Game record</a> (<a href="/v1/matches/${view.id}/record?format=text">as text</a>)<span id="analyze-item"${hidden(!can.analyze)}> · <a id="analyze-link" href="/analyze?position=${view.position.string}">Analyze this position</a></span></p>
</div>
</div>`;
  return page({ title: `Match ${view.id.slice(0, 6)}`, body, script: pageScript("match", { id: view.id, state: view }) });
}

export function notFoundPage(what: string): Html {
  return page({ title: "Not found", body: html`<h1>Not found</h1><p>${what}</p><p><a href="/">Start a match</a></p>` });
}
