/**
 * `/analyze`: paste or build a position (string field, or pieces clicked onto the board), see its
 * status (POST /v1/check-win), the engine's value and the value of every move (POST /v1/evaluate with
 * `moves: true`), moves that throw away a win marked. `?position=...&squares=true&attributes=color,height`
 * opens a position (the match page links here).
 */
import { html, raw } from "hono/html";
import { ATTRIBUTES, START_POSITION_STRING } from "../rules/index.ts";
import { rulesFromInput, RulesQuerySchema } from "../wire/index.ts";
import type { AnalyzeConfig } from "./client/analyze.ts";
import { DRAWING, type Html, page, pageScript } from "./layout.ts";

export interface AnalyzeQuery {
  position?: string;
  squares?: string;
  attributes?: string;
}

/**
 * The page's starting point from its query: the rules options read as the API's GET forms read them
 * (RulesQuerySchema, then rulesFromInput); anything unreadable falls back to the default.
 */
function analyzeConfig(query: AnalyzeQuery): AnalyzeConfig {
  const position = query.position !== undefined && /^[0-9a-fA-F.]{17}$/.test(query.position) ? query.position.toUpperCase() : START_POSITION_STRING;
  const squares = RulesQuerySchema.shape.squares.safeParse(query.squares);
  const attributes = RulesQuerySchema.shape.attributes.safeParse(query.attributes);
  const rules = rulesFromInput({ squares: squares.success ? squares.data : undefined, attributes: attributes.success ? attributes.data : undefined });
  return { position, squares: rules.squares, attributes: [...rules.attributes] };
}

export function analyzePage(query: AnalyzeQuery): Html {
  const config = analyzeConfig(query);
  const state = DRAWING.readPositionString(config.position) ?? { board: Array.from({ length: 16 }, () => null), inHand: null };
  const pool = DRAWING.availablePieces(state);
  const body = html`<h1>Analyze a position</h1>
<div class="layout">
<div>
<div id="board-wrap">${raw(DRAWING.boardSvg(state.board, { label: "The position" }))}</div>
<p class="muted" id="marks-legend" hidden>Cells are tinted with the best value of placing the piece in hand there (pieces with the value of giving them): green a win, grey a draw, red a loss.</p>
<div class="hand" id="hand">${state.inHand === null ? html`<span class="hand-empty">No piece in hand</span>` : raw(DRAWING.pieceSvg(state.inHand, { size: 56 }))}</div>
<p class="muted" id="edit-help">To build a position: pick a piece below, then click an empty cell (or “Put in hand”). Click a piece on the board to take it off.</p>
<div class="pool" id="palette">${pool.map((piece) => raw(`<button type="button" class="pool-piece playable" data-piece="${piece}">${DRAWING.pieceSvg(piece, { size: 44 })}</button>`))}</div>
<div class="actions"><button type="button" id="to-hand">Put in hand</button><button type="button" id="empty-hand">Empty the hand</button><button type="button" id="clear">Clear the board</button></div>
</div>
<div>
<form id="position-form" class="card" autocomplete="off">
<label for="position">Position string</label>
<div class="row"><input class="position" type="text" id="position" name="position" value="${config.position}" maxlength="17" spellcheck="false"> <button type="submit" class="primary">Analyze</button></div>
<p class="muted">16 cells a1…d4 (a hex digit per piece, <code>.</code> when empty), then the piece in hand.</p>
<div class="row">${ATTRIBUTES.map((attribute) => html`<label><input type="checkbox" name="attributes" value="${attribute}"${config.attributes.includes(attribute) ? raw(" checked") : ""}> ${attribute}</label>`)}</div>
<div class="row"><label><input type="checkbox" name="squares"${config.squares ? raw(" checked") : ""}> 2×2 squares count</label></div>
</form>
<div id="status" class="status">Reading the position…</div>
<p id="value"></p>
<p id="line"></p>
<p class="error" id="error" role="alert"></p>
<div id="moves"></div>
</div>
</div>`;
  return page({ title: "Analyze", body, script: pageScript("analyze", config) });
}
