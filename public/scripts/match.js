/* A page script, bundled by scripts/page-scripts.ts (npm run pages) from src/pages/client/: do not edit. */
"use strict";
(() => {
  // src/rules/vocabulary.ts
  var ATTRIBUTES = ["height", "color", "shape", "fill"];
  var ATTRIBUTE_BIT = { height: 8, color: 4, shape: 2, fill: 1 };
  var ATTRIBUTE_VALUES = {
    height: ["short", "tall"],
    color: ["light", "dark"],
    shape: ["round", "square"],
    fill: ["solid", "hollow"]
  };
  var CELL_COUNT = 16;
  var CELL_NAMES = Array.from({ length: CELL_COUNT }, (_, cell) => `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`);
  var shape = (kind, cells) => ({
    kind,
    cells,
    mask: cells.reduce((mask, cell) => mask | 1 << cell, 0)
  });
  var LINES = [
    ...[0, 1, 2, 3].map((r) => shape("row", [r * 4, r * 4 + 1, r * 4 + 2, r * 4 + 3])),
    ...[0, 1, 2, 3].map((c) => shape("column", [c, c + 4, c + 8, c + 12])),
    shape("diagonal", [0, 5, 10, 15]),
    shape("diagonal", [3, 6, 9, 12])
  ];
  var SQUARES = [0, 1, 2, 4, 5, 6, 8, 9, 10].map(
    (topLeft) => shape("square", [topLeft, topLeft + 1, topLeft + 4, topLeft + 5])
  );
  var ALL_SHAPES = [...LINES, ...SQUARES];

  // src/pages/draw.ts
  var VOCABULARY = { attributes: ATTRIBUTES, bits: ATTRIBUTE_BIT, values: ATTRIBUTE_VALUES, cellNames: CELL_NAMES };
  function makeDrawing(vocabulary) {
    const { attributes, bits, values, cellNames } = vocabulary;
    const PALETTE = {
      dark: { top: "#9a6642", body: "#643b22", side: "#4b2a16", hole: "#140a04", rim: "#f3d7ae" },
      light: { top: "#fff6e0", body: "#f1d9a6", side: "#d9bb80", hole: "#6e4f24", rim: "#2e1c0f" }
    };
    const STROKE = "#2e1c0f";
    const escapeHtml = (text) => text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
    const withoutIsolates = (text) => text.replace(/[\u2066-\u2069]/g, "");
    const isolateHtml = (text) => `<bdi>${escapeHtml(withoutIsolates(text))}</bdi>`;
    const isolateText = (text) => `\u2068${withoutIsolates(text)}\u2069`;
    const pieceChar = (piece) => piece.toString(16).toUpperCase();
    const pieceValues = (piece) => attributes.map((attribute) => values[attribute][piece & bits[attribute] ? 1 : 0]);
    const pieceName = (piece) => `${pieceValues(piece).join(" ")} (${pieceChar(piece)})`;
    const has = (piece, attribute) => (piece & bits[attribute]) !== 0;
    function pieceShapes(piece) {
      const colors = has(piece, "color") ? PALETTE.dark : PALETTE.light;
      const height = has(piece, "height") ? 46 : 20;
      const base = 84;
      const top = base - height;
      const halfWidth = 34;
      const depth = 12;
      const stroke = `stroke="${STROKE}" stroke-width="2.5" stroke-linejoin="round"`;
      const hole = `stroke="${colors.rim}" stroke-width="3" stroke-linejoin="round"`;
      const parts = [];
      if (has(piece, "shape")) {
        const left = 50 - halfWidth;
        const right = 50 + halfWidth;
        parts.push(`<path d="M${left} ${top}L50 ${top + depth}L50 ${base + depth}L${left} ${base}Z" fill="${colors.body}" ${stroke}/>`);
        parts.push(`<path d="M50 ${top + depth}L${right} ${top}L${right} ${base}L50 ${base + depth}Z" fill="${colors.side}" ${stroke}/>`);
        parts.push(`<path d="M${left} ${top}L50 ${top - depth}L${right} ${top}L50 ${top + depth}Z" fill="${colors.top}" ${stroke}/>`);
        if (has(piece, "fill")) parts.push(`<path class="hole" d="M30 ${top}L50 ${top - 7}L70 ${top}L50 ${top + 7}Z" fill="${colors.hole}" ${hole}/>`);
      } else {
        const left = 50 - halfWidth;
        const right = 50 + halfWidth;
        parts.push(`<path d="M${left} ${top}L${left} ${base}A${halfWidth} ${depth} 0 0 0 ${right} ${base}L${right} ${top}Z" fill="${colors.body}" ${stroke}/>`);
        parts.push(`<ellipse cx="50" cy="${top}" rx="${halfWidth}" ry="${depth}" fill="${colors.top}" ${stroke}/>`);
        if (has(piece, "fill")) parts.push(`<ellipse class="hole" cx="50" cy="${top}" rx="19" ry="7" fill="${colors.hole}" ${hole}/>`);
      }
      return parts.join("");
    }
    function pieceSvg(piece, options = {}) {
      const size = options.size ?? 48;
      const name = escapeHtml(pieceName(piece));
      const className = `piece${options.className ? ` ${escapeHtml(options.className)}` : ""}`;
      return `<svg class="${className}" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${name}" data-piece="${piece}"><title>${name}</title>${pieceShapes(piece)}</svg>`;
    }
    const MARK_COLORS = { win: "#bfe8c2", draw: "#e4e4e4", loss: "#f5c4bf" };
    function boardSvg(board, options = {}) {
      const highlight = new Set(options.highlight ?? []);
      const playable = new Set(options.playable ?? []);
      const clickable = new Set(options.clickable ?? []);
      const cells = [];
      for (let cell = 0; cell < 16; cell++) {
        const x = cell % 4 * 100;
        const y = Math.floor(cell / 4) * 100;
        const tentative = options.tentative && options.tentative.cell === cell ? options.tentative.piece : null;
        const piece = board[cell] ?? null;
        const shown = piece ?? tentative;
        const mark = options.marks?.[cell];
        const classes = ["cell"];
        if (highlight.has(cell)) classes.push("winning");
        if (playable.has(cell)) classes.push("playable");
        if (clickable.has(cell)) classes.push("clickable");
        if (options.last === cell) classes.push("last");
        if (tentative !== null && piece === null) classes.push("tentative");
        if (mark) classes.push(`mark-${mark}`);
        const label2 = `${cellNames[cell]}: ${shown === null ? "empty" : pieceName(shown)}${mark ? `, ${mark}` : ""}`;
        const interactive = playable.has(cell) || clickable.has(cell);
        const fill = highlight.has(cell) ? "#ffe27a" : mark ? MARK_COLORS[mark] : "#faf6ec";
        const ring = highlight.has(cell) ? `stroke="#c8900a" stroke-width="5"` : options.last === cell ? `stroke="#3f6fc4" stroke-width="4"` : `stroke="#cdbf9f" stroke-width="2"`;
        cells.push(
          `<g class="${classes.join(" ")}" data-cell="${cell}"${piece === null ? "" : ` data-piece="${piece}"`} transform="translate(${x} ${y})"${interactive ? ` role="button" tabindex="0"` : ` role="img"`} aria-label="${escapeHtml(label2)}"><rect width="100" height="100" fill="transparent"/><circle class="spot" cx="50" cy="50" r="45" fill="${fill}" ${ring}/><text class="cell-name" x="3" y="12" font-size="11" fill="#5f4f33" font-family="sans-serif">${cellNames[cell]}</text>` + (shown === null ? "" : `<g transform="translate(7 4) scale(0.86)"${piece === null ? ` opacity="0.55"` : ""}>${pieceShapes(shown)}</g>`) + `</g>`
        );
      }
      const label = escapeHtml(options.label ?? "The board");
      return `<svg class="board" viewBox="-6 -6 412 412" role="group" aria-label="${label}"><rect x="-6" y="-6" width="412" height="412" rx="22" fill="#d9c9a3"/>${cells.join("")}</svg>`;
    }
    function moveHtml(text) {
      const match = /^(.*-)([0-9A-Fa-f])$/.exec(text);
      if (!match) return escapeHtml(text);
      const piece = Number.parseInt(match[2], 16);
      const picture = pieceSvg(piece, { size: 18, className: "inline" }).replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true"').replace(/<title>[^<]*<\/title>/, "");
      return `${escapeHtml(match[1])}<span class="move-piece">${picture}${pieceChar(piece)}</span>`;
    }
    function positionsOf(moves) {
      const positions = [{ board: Array.from({ length: 16 }, () => null), inHand: null }];
      for (const move of moves) {
        const previous = positions[positions.length - 1];
        const board = [...previous.board];
        if (move.place !== void 0) board[move.place] = previous.inHand;
        positions.push({ board, inHand: move.give ?? null });
      }
      return positions;
    }
    function positionString(state) {
      return [...state.board, state.inHand].map((piece) => piece === null ? "." : pieceChar(piece)).join("");
    }
    function readPositionString(text) {
      if (!/^[0-9a-fA-F.]{17}$/.test(text)) return null;
      const slots = [...text].map((ch) => ch === "." ? null : Number.parseInt(ch, 16));
      return { board: slots.slice(0, 16), inHand: slots[16] };
    }
    function availablePieces(state) {
      const used = /* @__PURE__ */ new Set([...state.board, state.inHand]);
      return Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !used.has(piece));
    }
    return {
      escapeHtml,
      isolateHtml,
      isolateText,
      pieceChar,
      pieceValues,
      pieceName,
      pieceSvg,
      boardSvg,
      moveHtml,
      positionsOf,
      positionString,
      readPositionString,
      availablePieces,
      cellNames
    };
  }

  // src/pages/match-view.ts
  function makeMatchViews(draw) {
    const e = draw.escapeHtml;
    function seatName(view, seat) {
      const info = view.seats[seat];
      if (info.kind === "engine") return e(`Engine (${info.level})`);
      return info.name ? draw.isolateHtml(info.name) : `Player ${seat + 1}`;
    }
    function seatNameText(view, seat) {
      const info = view.seats[seat];
      if (info.kind === "engine") return `Engine (${info.level})`;
      return info.name ? draw.isolateText(info.name) : `Player ${seat + 1}`;
    }
    function who(view, seat, ui) {
      return ui.seat === seat ? "You" : seatName(view, seat);
    }
    const whoIn = (view, seat, ui) => ui.seat === seat ? "you" : seatName(view, seat);
    function wins(view, seat, ui, start) {
      return `${start ? who(view, seat, ui) : whoIn(view, seat, ui)} ${ui.seat === seat ? "win" : "wins"}`;
    }
    function seatLabel(view, seat, ui) {
      const name = view.seats[seat].name;
      if (ui.seat === seat) return name ? `You <span class="muted">(${draw.isolateHtml(name)})</span>` : "You";
      return seatName(view, seat);
    }
    function clockText(ms) {
      if (ms === null) return "\u2013";
      const clamped = Math.max(0, ms);
      const minutes = Math.floor(clamped / 6e4);
      const seconds = Math.floor(clamped % 6e4 / 1e3);
      const base = `${minutes}:${String(seconds).padStart(2, "0")}`;
      return clamped < 1e4 ? `${base}.${Math.floor(clamped % 1e3 / 100)}` : base;
    }
    function shapeText(shape2) {
      return `${shape2.kind} ${shape2.cellNames.join(" ")}: all ${shape2.attributes.join(" and ")}`;
    }
    function resultHtml(view, ui) {
      const result = view.result;
      if (!result) return null;
      const shapes = e(result.shapes.map(shapeText).join("; "));
      const detail = result.detail ? ` (${e(result.detail)})` : "";
      if (result.winner === null) {
        if (result.reason === "draw") return "Draw: the board is full and nobody made a Quarto.";
        if (result.reason === "aborted") return "The match was aborted before the first placement.";
        if (result.reason === "cancelled") return `The match was cancelled${detail}.`;
        return `The match ended: ${e(result.reason)}.`;
      }
      const winner = result.winner;
      const loser = winner === 0 ? 1 : 0;
      switch (result.reason) {
        case "quarto":
          return `${wins(view, winner, ui, true)} with a Quarto! ${shapes}`;
        case "claim":
          return `${wins(view, winner, ui, true)} by claiming a missed Quarto: ${shapes}`;
        case "timeout":
          return `${who(view, loser, ui)} ran out of time: ${wins(view, winner, ui, false)}.`;
        case "resignation":
          return `${who(view, loser, ui)} resigned: ${wins(view, winner, ui, false)}.`;
        case "forfeit":
          return `${who(view, loser, ui)} forfeited${detail}: ${wins(view, winner, ui, false)}.`;
      }
      return `${wins(view, winner, ui, true)} (${e(result.reason)}).`;
    }
    function shownPosition(view, ui) {
      if (ui.shownPly === null || ui.shownPly >= view.moves.length) return { board: view.position.json.board, inHand: view.position.json.inHand };
      return draw.positionsOf(view.moves.slice(0, ui.shownPly).map((entry) => entry.move))[ui.shownPly];
    }
    const isLive = (view, ui) => ui.shownPly === null || ui.shownPly >= view.moves.length;
    function myTurn(view, ui) {
      return view.status === "active" && ui.seat !== null && view.turn?.seat === ui.seat && isLive(view, ui) && !ui.busy && ui.connected;
    }
    const verb = (seat, ui, base) => ui.seat === seat ? base : `${base}s`;
    function shownHtml(view, ui) {
      const ply = ui.shownPly ?? 0;
      const total = view.moves.length;
      const first = view.firstSeat;
      if (ply === 0) return `The start, before move 1 of ${total}: ${whoIn(view, first, ui)} ${verb(first, ui, "give")} first.`;
      const entry = view.moves[ply - 1];
      const mover = entry.ply < (view.opening?.plies ?? 0) ? "the opening" : whoIn(view, entry.seat, ui);
      const position = shownPosition(view, ui);
      const next = (first + ply) % 2;
      const then = position.inHand === null ? "" : ` Next, ${whoIn(view, next, ui)} ${verb(next, ui, "place")} the ${draw.pieceName(position.inHand)}.`;
      return `Move ${ply} of ${total}: ${mover} played ${e(entry.text)}.${then}`;
    }
    function statusWords(view, ui) {
      if (!isLive(view, ui)) return shownHtml(view, ui);
      const finished = resultHtml(view, ui);
      if (finished !== null) return finished;
      if (view.status === "waiting") {
        const open = [0, 1].filter((seat) => view.seats[seat].kind === "human" && !view.seats[seat].taken);
        if (ui.seat !== null) return "Waiting for your opponent: send them the link below.";
        if (open.length === 2) return "Waiting for two players to take the seats.";
        return "Waiting for a second player: take the open seat to play.";
      }
      const turn = view.turn;
      if (!turn) return "";
      const mover = seatName(view, turn.seat);
      const piece = turn.piece === null ? "" : draw.pieceName(turn.piece);
      if (ui.seat === turn.seat) {
        if (turn.phase === "give")
          return view.ply === 0 ? "You give first: choose the piece your opponent will place." : "Choose the piece your opponent will place.";
        if (ui.selectedCell === null) return `Your turn: place the ${piece} on an empty cell.`;
        const quarto = view.rules.announce === "manual" ? ", or announce Quarto!" : "";
        return `Now choose the piece to give${quarto} (or pick another cell).`;
      }
      if (view.seats[turn.seat].kind === "engine") return `${mover} is thinking\u2026`;
      return turn.phase === "give" ? `${mover} chooses a piece to give.` : `${mover} places the ${piece}.`;
    }
    function statusHtml(view, ui) {
      const live = isLive(view, ui);
      const kind = !live ? "stepping" : view.status === "finished" ? "finished" : myTurn(view, ui) ? "your-turn" : "waiting";
      const shown = live ? "" : ` data-shown-ply="${ui.shownPly ?? 0}"`;
      return `<p class="status ${kind}" data-status="${view.status}"${shown}>${statusWords(view, ui)}</p>`;
    }
    function clockHtml(view, seat, ms) {
      if (view.clock.kind === "none") return "";
      const timed = view.seats[seat].kind !== "engine";
      return timed ? `<span class="clock" id="clock-${seat}">${clockText(ms)}</span>` : `<span class="clock untimed">untimed</span>`;
    }
    function seatsHtml(view, ui, clocks) {
      return [0, 1].map((seat) => {
        const info = view.seats[seat];
        const classes = ["seat"];
        if (view.status === "active" && view.turn?.seat === seat) classes.push("to-move");
        if (view.result?.winner === seat) classes.push("winner");
        const role = seat === view.firstSeat ? "first to give" : "first to place";
        const open = info.kind === "human" && !info.taken ? ` <em>open</em>` : "";
        return `<div class="${classes.join(" ")}" data-seat="${seat}"><span class="seat-name">${seatLabel(view, seat, ui)}${open}</span><span class="seat-meta"><span class="seat-role">${role}</span>${clockHtml(view, seat, clocks[seat] ?? null)}</span></div>`;
      }).join("");
    }
    function boardHtml(view, ui) {
      const position = shownPosition(view, ui);
      const live = isLive(view, ui);
      const shownMoves = live ? view.moves : view.moves.slice(0, ui.shownPly ?? 0);
      const lastPlaced = [...shownMoves].reverse().find((entry) => entry.move.place !== void 0);
      const canPlace = myTurn(view, ui) && view.turn?.phase === "place";
      const empty = position.board.flatMap((piece, cell) => piece === null ? [cell] : []);
      const highlight = live && view.result ? view.result.shapes.flatMap((shape2) => shape2.cells) : [];
      const tentative = canPlace && ui.selectedCell !== null && position.inHand !== null ? { cell: ui.selectedCell, piece: position.inHand } : null;
      return draw.boardSvg(position.board, {
        highlight,
        playable: canPlace ? empty : [],
        last: lastPlaced?.move.place ?? null,
        tentative,
        label: live ? "The board" : `The board after move ${ui.shownPly}`
      });
    }
    function handHtml(view, ui) {
      const position = shownPosition(view, ui);
      if (position.inHand === null) return `<span class="hand-empty">No piece in hand</span>`;
      const ply = isLive(view, ui) ? view.ply : ui.shownPly ?? view.ply;
      const placer = whoIn(view, (view.firstSeat + ply) % 2, ui);
      return `${draw.pieceSvg(position.inHand, { size: 56 })}<span>In hand, for ${placer} to place</span>`;
    }
    function poolHtml(view, ui) {
      const position = shownPosition(view, ui);
      const turn = view.turn;
      const canGive = myTurn(view, ui) && turn !== null && (turn.phase === "give" || ui.selectedCell !== null);
      const pieces = draw.availablePieces(position);
      if (pieces.length === 0) return `<p class="muted pool-empty">Every piece is on the board.</p>`;
      return pieces.map((piece) => {
        const svg = draw.pieceSvg(piece, { size: 44 });
        return canGive ? `<button type="button" class="pool-piece playable" data-piece="${piece}" aria-label="Give ${e(draw.pieceName(piece))}">${svg}</button>` : `<span class="pool-piece" data-piece="${piece}">${svg}</span>`;
      }).join("");
    }
    const MISTAKE_WORDS = {
      placement: "the placement lost it",
      give: "the piece given lost it",
      announcement: "the Quarto was not announced",
      claim: "the missed Quarto was not claimed"
    };
    function valueWords(value, plies) {
      if (value === null) return "not solved";
      return plies === void 0 || value === "draw" ? value : `${value} in ${plies}`;
    }
    function reviewHtml(view, review) {
      const seatValue = (move, seat) => {
        if (move.after === null) return null;
        if (move.seat === seat) return move.after;
        return move.after === "win" ? "loss" : move.after === "loss" ? "win" : "draw";
      };
      const rows = [0, 1].map((seat) => {
        const summary2 = review.seats[seat];
        const cells = review.moves.map((move) => {
          const value = seatValue(move, seat);
          const mark = move.mistake && move.seat === seat ? " mistake" : "";
          const title = `after move ${move.ply + 1} (${move.move}): ${valueWords(value, move.afterPliesToEnd)} for ${seatNameText(view, seat)}`;
          const plies = value === "win" || value === "loss" ? move.afterPliesToEnd ?? "" : "";
          return `<td class="value ${value ?? "unknown"}${mark}" title="${e(title)}">${mark ? "\u2717" : plies}</td>`;
        });
        const accuracy = summary2.accuracy === null ? "\u2013" : `${Math.round(summary2.accuracy * 100)}%`;
        return `<tr><th scope="row">${seatName(view, seat)}</th>${cells.join("")}<td class="accuracy" title="moves that kept the value">${accuracy}</td></tr>`;
      });
      const numbers = review.moves.map((move) => `<th scope="col">${move.ply + 1}</th>`).join("");
      const strip = `<div class="strip-wrap"><table class="strip"><thead><tr><th></th>${numbers}<th>accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
      const positions = draw.positionsOf(view.moves.map((entry) => entry.move));
      const mistakes = review.moves.filter((move) => move.mistake);
      const list = mistakes.map((move) => {
        const mistake = move.mistake;
        const before = draw.positionString(positions[move.ply]);
        const better = mistake.better.length > 0 ? ` Kept it: ${mistake.better.map((text) => `<code>${draw.moveHtml(text)}</code>`).join(", ")}.` : "";
        return `<li class="mistake-item" data-review-ply="${move.ply}"><span class="ply">${move.ply + 1}.</span> ${seatName(view, move.seat)} <code>${draw.moveHtml(move.move)}</code>: ${mistake.from} \u2192 ${mistake.to}, ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind} (<b>${mistake.kind}</b>).${better} <button type="button" data-review-show="${move.ply}">Show the position</button> <a href="/analyze?position=${encodeURIComponent(before)}">Analyze it</a></li>`;
      });
      const summary = mistakes.length === 0 ? `<p>No mistake: every move kept the value it found.</p>` : `<ul class="mistakes">${list.join("")}</ul>`;
      return `<h2>Review</h2><p class="muted">Every move valued exactly by the solved game: green a win, grey a draw, red a loss for that player after each move, with the placements left to the end; \u2717 marks a mistake.</p>${strip}${summary}`;
    }
    function movesHtml(view, ui, review) {
      const current = ui.shownPly ?? view.moves.length;
      const start = `<li><button type="button" class="move${current === 0 ? " current" : ""}" data-ply="0">Start</button></li>`;
      const openingPlies = view.opening?.plies ?? 0;
      const items = view.moves.map((entry) => {
        const ply = entry.ply + 1;
        const mover = entry.ply < openingPlies ? `<span class="muted">Opening</span>` : who(view, entry.seat, ui);
        const mistake = review?.moves[entry.ply]?.mistake;
        const flag = mistake ? ` <span class="mistake-flag" title="${e(`${mistake.from} \u2192 ${mistake.to}: ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind}`)}">\u2717 ${mistake.kind}</span>` : "";
        const bot = entry.ply < openingPlies ? null : ui.callsOf?.[entry.seat] ?? null;
        const call = bot ? `<a class="call-link" href="/bots/${e(bot)}?matchId=${e(view.id)}&amp;ply=${entry.ply}#calls" title="${e(`What ${seatNameText(view, entry.seat)} was sent and answered for this move`)}">call</a>` : "";
        return `<li><button type="button" class="move${current === ply ? " current" : ""}" data-ply="${ply}"><span class="ply">${ply}.</span> ${mover} <code>${draw.moveHtml(entry.text)}</code>${flag}</button>${call}</li>`;
      });
      return `<ol class="moves${view.status === "finished" ? " whole" : ""}">${start}${items.join("")}</ol>`;
    }
    function actions(view, ui) {
      const mine = ui.seat !== null && view.status !== "finished" && !ui.busy;
      const turn = view.turn;
      const placing = myTurn(view, ui) && turn?.phase === "place";
      const manual = view.rules.announce === "manual";
      const placements = view.moves.filter((entry) => entry.move.place !== void 0).length;
      const people = view.seats.every((seat) => seat.kind === "human");
      return {
        quarto: placing && manual && ui.selectedCell !== null,
        claim: placing && manual && view.rules.missedClaim && ui.selectedCell === null && view.ply > 1,
        resign: mine && view.status === "active",
        abort: mine && placements === 0,
        join: ui.seat === null && view.status === "waiting",
        // A seat holder may ask for a rematch of a match between people or against the engine (not a tournament game).
        rematch: ui.seat !== null && view.status === "finished" && view.seats.every((seat) => seat.kind !== "bot") && !ui.busy,
        // No link to the engine's value of every move while two people play each other (it would tell one of them the answer).
        analyze: !(people && view.status !== "finished")
      };
    }
    function rematchRequest(view, ui) {
      const seats = [1, 0].map((old) => {
        const info = view.seats[old];
        if (info.kind === "engine") return { kind: "engine", level: info.level ?? void 0 };
        const name = info.name ? { name: info.name } : {};
        return old === ui.seat ? { kind: "human", take: true, ...name } : { kind: "human", take: false, ...name };
      });
      return { rules: view.rules, clock: view.clock, firstSeat: view.firstSeat, seats };
    }
    return {
      clockText,
      statusHtml,
      seatsHtml,
      boardHtml,
      handHtml,
      poolHtml,
      movesHtml,
      reviewHtml,
      actions,
      rematchRequest,
      myTurn,
      shownPosition
    };
  }

  // src/tournament/sprt.ts
  var SCORES = [0, 0.25, 0.5, 0.75, 1];
  var NELO_PER_T = 800 / Math.LN10;
  var pairCount = (counts) => counts.reduce((sum, count) => sum + count, 0);
  function logisticElo(score) {
    const clamped = Math.min(Math.max(score, 1e-3), 1 - 1e-3);
    return -400 * Math.log10(1 / clamped - 1) + 0;
  }
  function moments(p) {
    const mean = p.reduce((sum, q, i) => sum + q * SCORES[i], 0);
    const variance = p.reduce((sum, q, i) => sum + q * (SCORES[i] - mean) ** 2, 0);
    return { mean, variance };
  }
  var Z_975 = 1.959963984540054;
  function eloEstimate(counts) {
    const pairs = pairCount(counts);
    if (pairs === 0) return { elo: 0, low: 0, high: 0, nelo: 0, neloLow: 0, neloHigh: 0, score: 0.5 };
    const { mean, variance } = moments(counts.map((count) => count / pairs));
    const error = Math.sqrt(variance / pairs);
    const sigma = Math.sqrt(variance);
    const nelo = (t) => sigma === 0 ? null : (t - 0.5) / sigma / Math.SQRT2 * NELO_PER_T + 0;
    return {
      elo: logisticElo(mean),
      low: logisticElo(mean - Z_975 * error),
      high: logisticElo(mean + Z_975 * error),
      nelo: nelo(mean),
      neloLow: nelo(mean - Z_975 * error),
      neloHigh: nelo(mean + Z_975 * error),
      score: mean
    };
  }

  // src/pages/tournament-view.ts
  function makeTournamentViews(draw) {
    const e = draw.escapeHtml;
    const name = draw.isolateHtml;
    function points(value) {
      const whole = Math.floor(value);
      const half = value - whole >= 0.5;
      return half ? `${whole === 0 ? "" : whole}\xBD` : String(whole);
    }
    function ratingText(rating, deviation) {
      return `${Math.round(rating)} <span class="muted">\xB1&nbsp;${Math.round(deviation)}</span>`;
    }
    function title(view) {
      return view.name ?? "Tournament";
    }
    function summaryHtml(view) {
      const { total, finished, playing } = view.progress;
      const state = view.status === "running" ? `Running: ${finished} of ${total} games played${playing ? `, ${playing === 1 ? "one" : playing} being played` : ""}.` : view.status === "finished" ? finished === total ? `Finished: all ${total} games played.` : `Finished after ${finished} of ${total} games: the SPRT decided.` : `Cancelled after ${finished} of ${total} games.`;
      const replays = view.progress.replays ? ` ${view.progress.replays} game${view.progress.replays === 1 ? "" : "s"} replayed after a bot could not be reached.` : "";
      const percent = total === 0 ? 100 : Math.round(finished / total * 100);
      return `<p class="status ${view.status === "running" ? "waiting" : "finished"}" data-status="${view.status}">${e(state + replays)}</p><progress max="${total}" value="${finished}" aria-label="Games played">${percent}%</progress>`;
    }
    function standingsHtml(view, tieBreaks) {
      if (view.standings.length === 0) return `<p class="muted">No bots.</p>`;
      const buchholz = tieBreaks.includes("buchholz");
      const sonnebornBerger = tieBreaks.includes("sonnebornBerger");
      const later = (tieBreak) => tieBreaks.indexOf(tieBreak) > 0 ? " wide-only" : "";
      const accuracyCell = (bot) => {
        const row = (view.accuracy ?? []).find((entry) => entry.bot === bot);
        if (!row || row.accuracy === null) return `<td class="num accuracy muted" title="no game reviewed yet">\u2013</td>`;
        const title2 = `${row.kept} of ${row.moves} moves kept the exact value, over ${row.games} reviewed game${row.games === 1 ? "" : "s"}; ${row.mistakes} mistake${row.mistakes === 1 ? "" : "s"}, ${row.winsThrownAway} of them throwing away a win`;
        return `<td class="num accuracy" title="${e(title2)}">${Math.round(row.accuracy * 100)}%</td>`;
      };
      const rows = view.standings.map(
        (row) => `<tr data-bot="${e(row.bot)}"><td class="num">${row.rank}</td><td class="name">${name(row.bot)}</td><td class="num points">${points(row.points)}</td><td class="num wide-only">${row.wins}</td><td class="num wide-only">${row.draws}</td><td class="num wide-only">${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits} forfeit${row.forfeits === 1 ? "" : "s"})</span>` : ""}</td><td class="num narrow-only">${row.wins}\u2013${row.draws}\u2013${row.losses}${row.forfeits ? ` <span class="muted">(${row.forfeits}&nbsp;f.)</span>` : ""}</td><td class="num wide-only">${row.games}</td>${buchholz ? `<td class="num">${points(row.buchholz)}</td>` : ""}${sonnebornBerger ? `<td class="num${later("sonnebornBerger")}">${row.sonnebornBerger.toFixed(2)}</td>` : ""}<td class="num rating">${ratingText(row.rating, row.ratingDeviation)}</td>${accuracyCell(row.bot)}</tr>`
      );
      return `<div class="table-wrap"><table class="standings"><thead><tr><th class="num">#</th><th>Bot</th><th class="num">Points</th><th class="num wide-only">Won</th><th class="num wide-only">Drawn</th><th class="num wide-only">Lost</th><th class="num narrow-only" title="won, drawn, lost">W\u2013D\u2013L</th><th class="num wide-only">Games</th>${buchholz ? `<th class="num" title="Buchholz: the final points of every opponent met">Bh</th>` : ""}${sonnebornBerger ? `<th class="num${later("sonnebornBerger")}" title="Sonneborn-Berger: each opponent's points times the score against them">SB</th>` : ""}<th class="num">Rating</th><th class="num" title="The share of its moves that kept the exact value, over its reviewed games">Accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    function crosstableHtml(view) {
      const { bots, cells } = view.crosstable;
      if (bots.length === 0) return "";
      const header = bots.map((bot, index) => `<th title="${e(draw.isolateText(bot))}">${index + 1}</th>`).join("");
      const rows = bots.map((bot, row) => {
        const line = cells[row].map(
          (cell) => cell === null ? `<td class="muted">\xD7</td>` : `<td title="${cell.wins} won, ${cell.draws} drawn, ${cell.losses} lost">${cell.games === 0 ? "\xB7" : `${points(cell.points)}/${cell.games}`}</td>`
        ).join("");
        return `<tr><th>${row + 1}. ${name(bot)}</th>${line}</tr>`;
      });
      return `<div class="table-wrap"><table class="crosstable"><thead><tr><th>Row against column</th>${header}</tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    function resultHtml(game) {
      const result = game.result;
      if (!result) return game.status === "playing" ? "being played" : e(game.status);
      if (result.reason === "draw") return "draw";
      if (result.reason === "aborted") return "aborted";
      const how = result.reason === "forfeit" ? `${result.forfeitedBy ? name(result.forfeitedBy) : "a bot"} forfeited (${e(result.forfeitCode ?? "forfeit")})` : e(result.reason);
      return `${result.winner ? name(result.winner) : "nobody"} won: ${how}`;
    }
    function gamesHtml(view, page = { games: view.games, from: 1 }) {
      const total = view.progress.total;
      const per = Math.max(view.games.length, 1);
      const last = page.from + page.games.length - 1;
      const link = (from, text, id) => `<a href="/tournaments/${e(view.id)}?from=${from}#games" id="${id}">${text}</a>`;
      const pager = total <= view.games.length ? "" : `<p class="pager" id="games-pager">Games ${page.from}\u2013${last} of ${total}. ${[
        page.from > 1 ? link(Math.max(1, page.from - per), "\u2190 Earlier", "earlier-games") : "",
        last < total ? link(last + 1, "Later \u2192", "later-games") : ""
      ].filter(Boolean).join(" \xB7 ")}</p>`;
      if (page.games.length === 0) return `<p class="muted">No games.</p>${pager}`;
      const rows = page.games.map((game) => {
        const link2 = game.links ? `<a href="${e(game.links.page)}">${game.status === "playing" ? "watch" : "board"}</a>` : "";
        return `<tr data-game="${e(game.gameId)}" data-status="${game.status}"><td class="num">${game.index + 1}</td><td class="num wide-only">${game.round}</td><td>${name(game.first)}</td><td>${name(game.second)}</td><td>${resultHtml(game)}</td><td class="num">${game.plies ?? ""}</td><td>${link2}</td></tr>`;
      });
      return `${pager}<div class="table-wrap"><table class="games"><thead><tr><th class="num">#</th><th class="num wide-only">Round</th><th>Gives first</th><th>Second</th><th>Result</th><th class="num">Moves</th><th></th></tr></thead><tbody>${rows.join("")}</tbody></table></div>${pager.replace(/ id="[a-z-]+"/g, "")}`;
    }
    const signed = (value) => `${value > 0 ? "+" : ""}${value}`;
    const interval = (value, low, high) => `${signed(tenth(value))} (95%: ${signed(tenth(low))} to ${signed(tenth(high))})`;
    const tenth = (value) => Math.round(value * 10) / 10;
    function sprtHtml(view) {
      const sprt = view.sprt;
      if (!sprt) return "";
      const unit = sprt.model === "normalized" ? "nElo" : "Elo";
      const decision = sprt.decision === "H1" ? `H1 accepted: ${name(sprt.test)} is better than ${name(sprt.base)} by ${sprt.elo1} ${unit} or more.` : sprt.decision === "H0" ? `H0 accepted: ${name(sprt.test)} is not better than ${name(sprt.base)} by more than ${sprt.elo0} ${unit}.` : view.status === "running" ? "No decision yet." : view.status === "cancelled" ? "No decision: the tournament was cancelled." : "No decision: the game limit came first.";
      const span = sprt.upper - sprt.lower;
      const at = Math.min(100, Math.max(0, (sprt.llr - sprt.lower) / span * 100));
      return `<p class="sprt-decision"><strong>${decision}</strong></p><p>LLR <strong>${sprt.llr.toFixed(2)}</strong> (${sprt.lower.toFixed(2)}, ${sprt.upper.toFixed(2)}) <meter min="${sprt.lower}" max="${sprt.upper}" value="${Math.min(sprt.upper, Math.max(sprt.lower, sprt.llr))}" aria-label="LLR between its bounds" title="${at.toFixed(0)}% of the way from H0's bound to H1's"></meter></p><p id="sprt-elo">${neloHtml(sprt.pentanomial)}Elo ${interval(sprt.elo.elo, sprt.elo.low, sprt.elo.high)}, score ${(sprt.elo.score * 100).toFixed(1)}%.</p><p>${sprt.pairs} pairs, pentanomial [${sprt.pentanomial.join(", ")}]; ${name(sprt.test)}: ${sprt.wins} won, ${sprt.draws} drawn, ${sprt.losses} lost. <span class="muted">H0: ${sprt.elo0} ${unit}, H1: ${sprt.elo1} ${unit}${sprt.model === "normalized" ? " (normalized Elo: the score's difference over its spread, so a pair of drawish bots needs no more games than a decisive one)" : " (logistic Elo)"}, alpha ${sprt.alpha}, beta ${sprt.beta}, at most ${sprt.maxGames} games.</span></p>`;
    }
    function neloHtml(pentanomial) {
      const { nelo, neloLow, neloHigh } = eloEstimate(pentanomial);
      if (nelo === null || neloLow === null || neloHigh === null) return `nElo undefined (every pair scored the same); `;
      return `<strong>nElo ${interval(nelo, neloLow, neloHigh)}</strong>; `;
    }
    function swissHtml(view) {
      const swiss = view.swiss;
      if (!swiss) return "";
      const rounds = swiss.byRound.map((round, index) => {
        const boards = round.boards.map(
          (board, number) => `<tr><td class="num">${number + 1}</td><td>${name(board.first)}</td><td class="num">${board.over === 0 ? "\u2013" : `${points(board.firstPoints)}\u2013${points(board.secondPoints)}`}</td><td>${name(board.second)}</td></tr>`
        );
        const bye = round.byes.length ? `, bye: ${round.byes.map(name).join(", ")}` : "";
        const open = index === swiss.byRound.length - 1 ? " open" : "";
        return `<details${open}><summary>Round ${round.round} (${round.status === "finished" ? "finished" : "being played"})${bye}</summary><div class="table-wrap"><table class="swiss-round"><thead><tr><th class="num">Board</th><th>Leads</th><th class="num">Points</th><th>Against</th></tr></thead><tbody>${boards.join("")}</tbody></table></div></details>`;
      });
      const stopped = swiss.stopped ? `<p class="muted">${e(swiss.stopped)}</p>` : "";
      return `<p>Round ${Math.min(swiss.paired, swiss.rounds)} of ${swiss.rounds}; a bye is worth ${points(swiss.byePoints)}.</p>${stopped}${rounds.join("")}`;
    }
    function gauntletHtml(view) {
      if (!view.gauntlet) return "";
      const rows = view.gauntlet.map(
        (row) => `<tr><td>${name(row.opponent)}</td><td class="num">${row.games}</td><td class="num">${row.wins}</td><td class="num">${row.draws}</td><td class="num">${row.losses}</td><td class="num">${row.elo ? `${signed(row.elo.elo)} (${row.elo.low} to ${row.elo.high})` : ""}</td></tr>`
      );
      return `<div class="table-wrap"><table class="gauntlet"><thead><tr><th>Against</th><th class="num">Games</th><th class="num">Won</th><th class="num">Drawn</th><th class="num">Lost</th><th class="num">Elo (95%)</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    }
    return { points, ratingText, title, summaryHtml, standingsHtml, crosstableHtml, gamesHtml, sprtHtml, gauntletHtml, swissHtml };
  }

  // src/pages/client/kit.ts
  var BOT_PREFIX = "quarto:bot:";
  function makeKit() {
    const browser = globalThis;
    const { document, localStorage } = browser;
    function byId(id) {
      const element = document.getElementById(id);
      if (!element) throw new Error(`no element #${id}`);
      return element;
    }
    function delegate(root, type, selector, listener) {
      root.addEventListener(type, (event) => {
        const target = event.target?.closest(selector);
        if (target) listener(target, event);
      });
    }
    function onActivate(root, selector, listener) {
      delegate(root, "click", selector, (target) => listener(target));
      delegate(root, "keydown", selector, (target, event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          listener(target);
        }
      });
    }
    async function api(method, path, body, token) {
      const headers = { Accept: "application/json" };
      if (body !== void 0) headers["Content-Type"] = "application/json";
      if (token) headers.Authorization = `Bearer ${token}`;
      try {
        const response = await browser.fetch(path, { method, headers, body: body === void 0 ? void 0 : JSON.stringify(body) });
        const parsed = await response.json().catch(() => null);
        if (response.ok) return { ok: true, status: response.status, body: parsed };
        return { ok: false, status: response.status, code: parsed?.code ?? "request/failed", detail: parsed?.detail ?? `HTTP ${response.status}` };
      } catch (error) {
        return { ok: false, status: 0, code: "network/failed", detail: `the service did not answer (${String(error)})` };
      }
    }
    const seatKey = (matchId) => `quarto:seat:${matchId}`;
    function heldSeat(matchId) {
      try {
        const stored = JSON.parse(localStorage.getItem(seatKey(matchId)) ?? "null");
        return stored && (stored.seat === 0 || stored.seat === 1) && typeof stored.token === "string" ? stored : null;
      } catch {
        return null;
      }
    }
    function holdSeat(matchId, held) {
      localStorage.setItem(seatKey(matchId), JSON.stringify(held));
    }
    const tournamentKey = (tournamentId) => `quarto:tournament:${tournamentId}`;
    function heldTournament(tournamentId) {
      const token = localStorage.getItem(tournamentKey(tournamentId));
      return token && token.length > 0 ? token : null;
    }
    function holdTournament(tournamentId, token) {
      localStorage.setItem(tournamentKey(tournamentId), token);
    }
    const botKey = (botId) => `${BOT_PREFIX}${botId}`;
    function heldBot(botId) {
      try {
        const stored = JSON.parse(localStorage.getItem(botKey(botId)) ?? "null");
        return stored && typeof stored.token === "string" && typeof stored.name === "string" ? { id: botId, name: stored.name, token: stored.token } : null;
      } catch {
        return null;
      }
    }
    function holdBot(held) {
      localStorage.setItem(botKey(held.id), JSON.stringify({ name: held.name, token: held.token }));
    }
    function forgetBot(botId) {
      localStorage.removeItem(botKey(botId));
    }
    function heldBots() {
      const ids = [];
      for (let index = 0; index < localStorage.length; index++) {
        const key = localStorage.key(index);
        if (key?.startsWith(BOT_PREFIX)) ids.push(key.slice(BOT_PREFIX.length));
      }
      return ids.flatMap((botId) => heldBot(botId) ?? []).sort((a, b) => a.name.localeCompare(b.name));
    }
    function formFields(form) {
      const field = (name) => {
        const element = form.querySelector(`[name="${name}"]`);
        if (!element) throw new Error(`no field ${name}`);
        return element;
      };
      const checked = (name) => [...form.querySelectorAll(`[name="${name}"]`)].filter((input) => input.checked).map((input) => input.value);
      const number = (name) => Number(field(name).value);
      const clock = () => {
        const kind = checked("clock")[0];
        if (kind === "move") return { kind: "move", moveMs: Math.round(number("moveSeconds") * 1e3) };
        if (kind === "game")
          return { kind: "game", initialMs: Math.round(number("gameMinutes") * 6e4), incrementMs: Math.round(number("incrementSeconds") * 1e3) };
        return { kind: "none" };
      };
      return { field, checked, number, clock };
    }
    return { browser, byId, delegate, onActivate, api, heldSeat, holdSeat, heldTournament, holdTournament, heldBot, holdBot, forgetBot, heldBots, formFields };
  }

  // src/pages/client/scripts.ts
  var PAGE_CONFIG_ID = "page-config";

  // src/pages/client/boot.ts
  function boot(main) {
    const { document } = globalThis;
    const config = JSON.parse(document.getElementById(PAGE_CONFIG_ID)?.textContent ?? "{}");
    const draw = makeDrawing(VOCABULARY);
    main({ draw, kit: makeKit(), views: makeMatchViews(draw), tournament: makeTournamentViews(draw) }, config);
  }

  // src/pages/client/match.ts
  function matchClient(env, config) {
    const { kit, views, draw } = env;
    const { browser } = kit;
    const id = config.id;
    let view = config.state;
    let receivedAt = Date.now();
    let held = kit.heldSeat(id);
    const heldBots = kit.heldBots();
    const callsOf = [0, 1].map((seat) => {
      const shown = view.seats[seat];
      return shown?.kind === "bot" ? heldBots.find((bot) => bot.name === shown.name)?.id ?? null : null;
    });
    const ui = { seat: null, selectedCell: null, shownPly: null, busy: false, connected: false, callsOf };
    let socket = null;
    let retryMs = 500;
    let nextMessageId = 1;
    let awaiting = null;
    let resignArmed = false;
    let review = null;
    let reviewAsked = false;
    const el = {
      board: kit.byId("board-wrap"),
      hand: kit.byId("hand"),
      status: kit.byId("status"),
      seats: kit.byId("seats"),
      pool: kit.byId("pool"),
      moves: kit.byId("moves"),
      error: kit.byId("error"),
      live: kit.byId("live"),
      join: kit.byId("join"),
      invite: kit.byId("invite"),
      inviteLink: kit.byId("invite-link"),
      quarto: kit.byId("quarto-button"),
      claim: kit.byId("claim-button"),
      abort: kit.byId("abort-button"),
      resign: kit.byId("resign-button"),
      rematch: kit.byId("rematch-button"),
      analyze: kit.byId("analyze-link"),
      analyzeItem: kit.byId("analyze-item")
    };
    function showError(message) {
      el.error.textContent = message;
    }
    function clocksNow() {
      const remaining = [...view.clocks.remainingMs];
      const running = view.clocks.running;
      if (running !== null && view.status === "active") {
        const left = remaining[running];
        if (left !== null) remaining[running] = Math.max(0, left - (Date.now() - receivedAt));
      }
      return remaining;
    }
    function analyzeHref() {
      const position = views.shownPosition(view, ui);
      const query = new URLSearchParams({ position: draw.positionString(position) });
      if (view.rules.squares) query.set("squares", "true");
      if (view.rules.attributes.length < 4) query.set("attributes", view.rules.attributes.join(","));
      return `/analyze?${query}`;
    }
    function scrollMovesToCurrent() {
      const list = el.moves.querySelector(".moves");
      const current = list?.querySelector(".current");
      if (!list || !current) return;
      const box = list.getBoundingClientRect();
      const item = current.getBoundingClientRect();
      if (item.bottom <= box.bottom + 1 && item.top >= box.top - 1) return;
      const inContent = (y) => y - box.top + list.scrollTop;
      const rows = [...new Set([...list.querySelectorAll("li")].map((li) => Math.round(inContent(li.getBoundingClientRect().top))))].sort((a, b) => a - b);
      const top = inContent(item.top);
      const bottom = inContent(item.bottom);
      const fits = rows.find((row) => bottom - row <= list.clientHeight + 1 && row <= top + 1);
      list.scrollTop = fits ?? Math.round(top);
    }
    function render() {
      el.board.innerHTML = views.boardHtml(view, ui);
      el.hand.innerHTML = views.handHtml(view, ui);
      el.status.innerHTML = views.statusHtml(view, ui);
      el.seats.innerHTML = views.seatsHtml(view, ui, clocksNow());
      el.pool.innerHTML = views.poolHtml(view, ui);
      el.moves.innerHTML = views.movesHtml(view, ui, review);
      if (view.status === "finished" && !reviewAsked) {
        reviewAsked = true;
        void loadReview();
      }
      scrollMovesToCurrent();
      const can = views.actions(view, ui);
      el.quarto.hidden = !can.quarto;
      el.claim.hidden = !can.claim;
      el.abort.hidden = !can.abort;
      el.resign.hidden = !can.resign;
      el.rematch.hidden = !can.rematch;
      el.analyzeItem.hidden = !can.analyze;
      kit.byId("again-link").hidden = view.status !== "finished";
      el.resign.textContent = resignArmed ? "Click again to resign" : "Resign";
      el.join.hidden = !can.join || held !== null;
      const joinName = kit.byId("join-name");
      if (!el.join.hidden && joinName.value === "") {
        const open = view.seats.find((seat) => seat.kind === "human" && !seat.taken);
        if (open?.name) joinName.value = open.name;
      }
      const inviting = ui.seat !== null && view.status === "waiting";
      el.invite.hidden = !inviting;
      if (inviting) el.inviteLink.value = `${browser.location.origin}/matches/${id}`;
      el.live.className = `live ${ui.connected ? "on" : "off"}`;
      el.live.textContent = ui.connected ? "live" : "reconnecting\u2026";
      el.analyze.setAttribute("href", analyzeHref());
      browser.document.title = `${views.myTurn(view, ui) ? "Your turn \xB7 " : ""}Match ${id.slice(0, 6)} \xB7 Quarto`;
    }
    function tick() {
      const clocks = clocksNow();
      for (const seat of [0, 1]) {
        const clock = browser.document.getElementById(`clock-${seat}`);
        if (clock) clock.textContent = views.clockText(clocks[seat] ?? null);
      }
    }
    function accept(state) {
      if (state.ply !== view.ply || state.status !== view.status) ui.selectedCell = null;
      view = state;
      receivedAt = Date.now();
      render();
    }
    function send(message) {
      if (socket?.readyState !== 1) {
        showError("Not connected: reconnecting, try again in a moment.");
        return;
      }
      const messageId = nextMessageId++;
      ui.busy = true;
      const timer = browser.setTimeout(() => {
        if (awaiting?.id !== messageId) return;
        awaiting = null;
        ui.busy = false;
        showError("No answer from the server; the move may not have been played.");
        render();
      }, 1e4);
      awaiting = { id: messageId, timer };
      showError("");
      socket.send(JSON.stringify({ ...message, id: messageId }));
      render();
    }
    function settle(messageId) {
      if (awaiting && awaiting.id === messageId) {
        browser.clearTimeout(awaiting.timer);
        awaiting = null;
        ui.busy = false;
      }
    }
    function onMessage(message) {
      switch (message.type) {
        case "state":
        case "event":
          accept(message.state);
          return;
        case "ok":
          if (message.id === 0 && message.seat !== void 0) ui.seat = message.seat;
          settle(message.id);
          render();
          return;
        case "error":
          if (message.id === 0) {
            held = null;
            ui.seat = null;
          } else {
            settle(message.id);
            ui.selectedCell = null;
            showError(message.problem.detail);
          }
          render();
          return;
      }
    }
    function connect() {
      const scheme = browser.location.protocol === "https:" ? "wss:" : "ws:";
      const current = new browser.WebSocket(`${scheme}//${browser.location.host}/v1/matches/${id}/ws`);
      socket = current;
      current.addEventListener("open", () => {
        retryMs = 500;
        ui.connected = true;
        if (held) current.send(JSON.stringify({ type: "auth", token: held.token, id: 0 }));
        render();
      });
      current.addEventListener("message", (event) => {
        try {
          onMessage(JSON.parse(String(event.data)));
        } catch (error) {
          showError(`Unreadable message from the server (${String(error)}).`);
        }
      });
      current.addEventListener("close", () => {
        if (socket !== current) return;
        socket = null;
        ui.connected = false;
        if (awaiting) settle(awaiting.id);
        render();
        browser.setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, 5e3);
      });
    }
    function playMove(move) {
      send({ type: "move", ply: view.ply, ...move });
    }
    async function chooseCell(cell) {
      ui.selectedCell = cell;
      ui.busy = true;
      render();
      const ply = view.ply;
      const answer = await kit.api("POST", "/v1/validate-move", {
        position: view.position.string,
        move: { place: cell },
        rules: view.rules
      });
      ui.busy = false;
      if (view.ply !== ply || ui.selectedCell !== cell) return render();
      if (!answer.ok) {
        ui.selectedCell = null;
        showError(answer.detail);
        return render();
      }
      if (answer.body.legal) return playMove({ place: cell });
      render();
    }
    kit.onActivate(el.board, ".cell.playable", (target) => {
      if (!views.myTurn(view, ui)) return;
      void chooseCell(Number(target.dataset.cell));
    });
    kit.onActivate(el.pool, ".pool-piece.playable", (target) => {
      if (!views.myTurn(view, ui)) return;
      const give = Number(target.dataset.piece);
      playMove(view.turn?.phase === "place" ? { place: ui.selectedCell ?? void 0, give } : { give });
    });
    el.quarto.addEventListener("click", () => {
      if (ui.selectedCell !== null) playMove({ place: ui.selectedCell, quarto: true });
    });
    el.claim.addEventListener("click", () => send({ type: "claim", ply: view.ply }));
    el.abort.addEventListener("click", () => send({ type: "abort" }));
    el.resign.addEventListener("click", () => {
      if (!resignArmed) {
        resignArmed = true;
        render();
        browser.setTimeout(() => {
          resignArmed = false;
          render();
        }, 4e3);
        return;
      }
      resignArmed = false;
      send({ type: "resign" });
    });
    kit.byId("join-button").addEventListener("click", async () => {
      const name = (kit.byId("join-name").value ?? "").trim();
      const answer = await kit.api("POST", `/v1/matches/${id}/join`, name ? { name } : {});
      if (!answer.ok) return showError(answer.detail);
      held = { seat: answer.body.seat, token: answer.body.token };
      kit.holdSeat(id, held);
      ui.seat = held.seat;
      if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "auth", token: held.token, id: 0 }));
      accept(answer.body.state);
    });
    el.rematch.addEventListener("click", async () => {
      const mySeat = ui.seat;
      if (mySeat === null) return;
      ui.busy = true;
      render();
      const answer = await kit.api("POST", "/v1/matches", views.rematchRequest(view, ui));
      ui.busy = false;
      if (!answer.ok) {
        showError(answer.detail);
        return render();
      }
      const token = answer.body.tokens.find((entry) => entry.seat === 1 - mySeat);
      if (token) kit.holdSeat(answer.body.id, token);
      browser.location.assign(`/matches/${answer.body.id}`);
    });
    const copyButton = kit.byId("copy-link");
    copyButton.addEventListener("click", () => {
      el.inviteLink.select?.();
      const said = (text) => {
        copyButton.textContent = text;
        browser.setTimeout(() => {
          copyButton.textContent = "Copy";
        }, 2e3);
      };
      const clipboard = browser.navigator.clipboard;
      if (!clipboard) return said("Select and copy");
      void clipboard.writeText(el.inviteLink.value).then(
        () => said("Copied \u2713"),
        () => said("Select and copy")
      );
    });
    async function loadReview() {
      const section = kit.byId("review");
      for (let tries = 0; tries < 60; tries++) {
        const answer = await kit.api("GET", `/v1/matches/${id}/review`);
        if (!answer.ok) return;
        if (answer.body.status === "ready") {
          review = answer.body;
          section.innerHTML = views.reviewHtml(view, review);
          section.hidden = false;
          render();
          return;
        }
        section.hidden = false;
        section.innerHTML = `<h2>Review</h2><p class="muted">The engine is reviewing this game\u2026</p>`;
        const wait = answer.body.retryAfterS;
        await new Promise((resolve) => browser.setTimeout(() => resolve(), Math.max(1, wait) * 1e3));
      }
    }
    kit.delegate(kit.byId("review"), "click", "[data-review-show]", (target) => show(Number(target.dataset.reviewShow)));
    function show(ply) {
      const clamped = Math.max(0, Math.min(ply, view.moves.length));
      ui.shownPly = clamped === view.moves.length ? null : clamped;
      ui.selectedCell = null;
      render();
    }
    kit.delegate(el.moves, "click", "[data-ply]", (target) => show(Number(target.dataset.ply)));
    kit.delegate(browser.document.querySelector(".steps") ?? el.moves, "click", "[data-step]", (target) => {
      const at = ui.shownPly ?? view.moves.length;
      const steps = { first: 0, prev: at - 1, next: at + 1, last: view.moves.length };
      show(steps[target.dataset.step ?? "last"] ?? view.moves.length);
    });
    browser.document.addEventListener("keydown", (event) => {
      const typing = event.target?.closest("input, select, textarea");
      if (typing) return;
      const at = ui.shownPly ?? view.moves.length;
      if (event.key === "ArrowLeft") show(at - 1);
      if (event.key === "ArrowRight") show(at + 1);
    });
    ui.seat = held?.seat ?? null;
    render();
    connect();
    browser.setInterval(tick, 200);
  }
  boot(matchClient);
})();
