/**
 * `/puzzles`: solve puzzles on the match page's board. `?id=` opens one puzzle (the daily one and the
 * learn page link here), `?squares=true` draws them from the squares variant. The page asks the API
 * for a puzzle near the solver's rating (GET /v1/puzzles/next), sends each move (POST
 * /v1/puzzles/{id}/moves) and shows the verdict and the defence at once; the solver's rating and
 * streak live in this browser (localStorage), sent with each move and kept from each verdict.
 */
import { html, raw } from "hono/html";
import type { PuzzlesConfig } from "./client/puzzles.ts";
import { DRAWING, type Html, page, pageScript } from "./layout.ts";

export interface PuzzlesQuery {
  id?: string;
  squares?: string;
}

export function puzzlesPage(query: PuzzlesQuery): Html {
  const config: PuzzlesConfig = { id: query.id !== undefined && /^[a-z2-7]{12}$/.test(query.id) ? query.id : null, squares: query.squares === "true" };
  const empty = Array.from({ length: 16 }, () => null);
  const body = html`<div class="match-head"><h1>Puzzles</h1><span class="muted" id="puzzle-meta"></span></div>
<div class="match puzzles">
<div class="match-top">
<div id="puzzle-status" class="status" role="status">Finding a puzzle…</div>
<p class="muted" id="puzzle-task"></p>
</div>
<div class="match-board"><div id="board-wrap">${raw(DRAWING.boardSvg(empty, { label: "The puzzle" }))}</div></div>
<div class="match-play">
<div class="hand" id="hand"></div>
<h2 class="pool-title" id="pool-title" hidden>Then give a piece:</h2>
<div class="pool" id="pool"></div>
<div class="actions">
<button type="button" id="retry" hidden>Try again</button>
<button type="button" class="primary" id="next">Next puzzle</button>
<label class="variant"><input type="checkbox" id="squares"${config.squares ? raw(" checked") : ""}> 2×2 squares count too</label>
</div>
<p class="error quiet" id="error" role="alert"></p>
</div>
<div class="match-more">
<section class="card solver">
<h2>You</h2>
<p id="solver"><span class="muted">Your rating appears after your first puzzle.</span></p>
<p class="muted">A puzzle is a position where you, the player to move, can force a win, and at most two of your moves do. Place the piece you were handed, then give a piece your opponent cannot win with. After each right move the opponent answers with the defence that holds out longest, until you complete a Quarto. Every puzzle was proved by the engine; its rating and yours are Glicko-2, kept from every attempt (yours in this browser).</p>
</section>
<h2>Moves</h2>
<ol class="moves whole" id="moves"></ol>
</div>
</div>`;
  return page({ title: "Puzzles", body, script: pageScript("puzzles", config) });
}
