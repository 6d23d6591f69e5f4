/**
 * The parts of the match page, as markup built from the API's match state (GET /v1/matches/{id}, the
 * WebSocket's `state`) and what this browser is doing (its seat, a chosen cell, the move shown). The
 * server renders the first page with these functions and the page script re-renders with the same
 * module (bundled into the page script) on every update, so a page never disagrees with itself.
 */
import type { GameReviewOutput, MatchView } from "../wire/index.ts";
import type { Drawing } from "./draw.ts";

/** What this browser is doing, beside the match itself. */
export interface MatchUi {
  /** The seat this browser holds, or null for a spectator. */
  seat: 0 | 1 | null;
  /** The empty cell chosen for the piece in hand, waiting for the piece to give. */
  selectedCell: number | null;
  /** The ply whose position is shown while stepping through the moves; null: the live position. */
  shownPly: number | null;
  /** A command is on its way: nothing can be clicked. */
  busy: boolean;
  /** Whether the live connection is open. */
  connected: boolean;
  /** Per seat, the registered bot whose call log this browser can read (it holds the bot's token): each of its moves links to its call. */
  callsOf?: readonly [string | null, string | null];
}

export function makeMatchViews(draw: Drawing) {
  const e = draw.escapeHtml;

  /**
   * A seat's name for everyone, as markup: its player's name (isolated, see isolateHtml), "Engine (hard)",
   * or "Player 1" / "Player 2" (seats 0 / 1).
   */
  function seatName(view: MatchView, seat: 0 | 1): string {
    const info = view.seats[seat];
    if (info.kind === "engine") return e(`Engine (${info.level})`);
    return info.name ? draw.isolateHtml(info.name) : `Player ${seat + 1}`;
  }

  /** The same as plain text, for an attribute (escape it there). */
  function seatNameText(view: MatchView, seat: 0 | 1): string {
    const info = view.seats[seat];
    if (info.kind === "engine") return `Engine (${info.level})`;
    return info.name ? draw.isolateText(info.name) : `Player ${seat + 1}`;
  }

  /** A seat as this browser says it: "You" to the seat's holder, else its name (capitalized); markup. */
  function who(view: MatchView, seat: 0 | 1, ui: MatchUi): string {
    return ui.seat === seat ? "You" : seatName(view, seat);
  }

  /** The same inside a sentence: "you" for the holder. */
  const whoIn = (view: MatchView, seat: 0 | 1, ui: MatchUi): string => (ui.seat === seat ? "you" : seatName(view, seat));

  /** "You win" / "Ada wins" (the subject starts the sentence when `start`); markup. */
  function wins(view: MatchView, seat: 0 | 1, ui: MatchUi, start: boolean): string {
    return `${start ? who(view, seat, ui) : whoIn(view, seat, ui)} ${ui.seat === seat ? "win" : "wins"}`;
  }

  /** The seat card's name: "You" (with the name given, if any), else the seat's name; markup. */
  function seatLabel(view: MatchView, seat: 0 | 1, ui: MatchUi): string {
    const name = view.seats[seat].name;
    if (ui.seat === seat) return name ? `You <span class="muted">(${draw.isolateHtml(name)})</span>` : "You";
    return seatName(view, seat);
  }

  /** 1:05, 0:09.4 */
  function clockText(ms: number | null): string {
    if (ms === null) return "–";
    const clamped = Math.max(0, ms);
    const minutes = Math.floor(clamped / 60_000);
    const seconds = Math.floor((clamped % 60_000) / 1000);
    const base = `${minutes}:${String(seconds).padStart(2, "0")}`;
    return clamped < 10_000 ? `${base}.${Math.floor((clamped % 1000) / 100)}` : base;
  }

  function shapeText(shape: { kind: string; cellNames: string[]; attributes: string[] }): string {
    return `${shape.kind} ${shape.cellNames.join(" ")}: all ${shape.attributes.join(" and ")}`;
  }

  /** How the match ended, in words, said to this browser ("You win…", "Player 1 ran out of time…"); markup; null while it goes on. */
  function resultHtml(view: MatchView, ui: MatchUi): string | null {
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

  /** The position shown: the live one, or the one after `shownPly` moves. */
  function shownPosition(view: MatchView, ui: MatchUi) {
    if (ui.shownPly === null || ui.shownPly >= view.moves.length) return { board: view.position.json.board, inHand: view.position.json.inHand };
    return draw.positionsOf(view.moves.slice(0, ui.shownPly).map((entry) => entry.move as { place?: number; give?: number }))[ui.shownPly];
  }

  const isLive = (view: MatchView, ui: MatchUi) => ui.shownPly === null || ui.shownPly >= view.moves.length;

  /** True when this browser's seat is to move now and may act. */
  function myTurn(view: MatchView, ui: MatchUi): boolean {
    return view.status === "active" && ui.seat !== null && view.turn?.seat === ui.seat && isLive(view, ui) && !ui.busy && ui.connected;
  }

  /** A verb said of a seat: "you place" / "Ada places". */
  const verb = (seat: 0 | 1, ui: MatchUi, base: string): string => (ui.seat === seat ? base : `${base}s`);

  /**
   * The status while stepping through the moves: the move shown and who was to act after it (not the
   * live turn, nor the result of a finished game).
   */
  function shownHtml(view: MatchView, ui: MatchUi): string {
    const ply = ui.shownPly ?? 0;
    const total = view.moves.length;
    const first = view.firstSeat;
    if (ply === 0) return `The start, before move 1 of ${total}: ${whoIn(view, first, ui)} ${verb(first, ui, "give")} first.`;
    const entry = view.moves[ply - 1];
    const mover = entry.ply < (view.opening?.plies ?? 0) ? "the opening" : whoIn(view, entry.seat, ui);
    const position = shownPosition(view, ui);
    const next = ((first + ply) % 2) as 0 | 1;
    const then = position.inHand === null ? "" : ` Next, ${whoIn(view, next, ui)} ${verb(next, ui, "place")} the ${draw.pieceName(position.inHand)}.`;
    return `Move ${ply} of ${total}: ${mover} played ${e(entry.text)}.${then}`;
  }

  /** The status line's words (markup): the turn, the result, or the move shown while stepping. */
  function statusWords(view: MatchView, ui: MatchUi): string {
    if (!isLive(view, ui)) return shownHtml(view, ui);
    const finished = resultHtml(view, ui);
    if (finished !== null) return finished;
    if (view.status === "waiting") {
      const open = ([0, 1] as const).filter((seat) => view.seats[seat].kind === "human" && !view.seats[seat].taken);
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
    if (view.seats[turn.seat].kind === "engine") return `${mover} is thinking…`;
    return turn.phase === "give" ? `${mover} chooses a piece to give.` : `${mover} places the ${piece}.`;
  }

  function statusHtml(view: MatchView, ui: MatchUi): string {
    const live = isLive(view, ui);
    const kind = !live ? "stepping" : view.status === "finished" ? "finished" : myTurn(view, ui) ? "your-turn" : "waiting";
    const shown = live ? "" : ` data-shown-ply="${ui.shownPly ?? 0}"`;
    return `<p class="status ${kind}" data-status="${view.status}"${shown}>${statusWords(view, ui)}</p>`;
  }

  /** A seat's clock: none without a clock, "untimed" for a seat that plays without one (the engine). */
  function clockHtml(view: MatchView, seat: 0 | 1, ms: number | null): string {
    if (view.clock.kind === "none") return "";
    const timed = view.seats[seat].kind !== "engine";
    return timed ? `<span class="clock" id="clock-${seat}">${clockText(ms)}</span>` : `<span class="clock untimed">untimed</span>`;
  }

  function seatsHtml(view: MatchView, ui: MatchUi, clocks: (number | null)[]): string {
    return ([0, 1] as const)
      .map((seat) => {
        const info = view.seats[seat];
        const classes = ["seat"];
        if (view.status === "active" && view.turn?.seat === seat) classes.push("to-move");
        if (view.result?.winner === seat) classes.push("winner");
        // A noun, so it reads under "You" as under a name (not "You gives first").
        const role = seat === view.firstSeat ? "first to give" : "first to place";
        const open = info.kind === "human" && !info.taken ? ` <em>open</em>` : "";
        return (
          `<div class="${classes.join(" ")}" data-seat="${seat}"><span class="seat-name">${seatLabel(view, seat, ui)}${open}</span>` +
          `<span class="seat-meta"><span class="seat-role">${role}</span>${clockHtml(view, seat, clocks[seat] ?? null)}</span></div>`
        );
      })
      .join("");
  }

  function boardHtml(view: MatchView, ui: MatchUi): string {
    const position = shownPosition(view, ui);
    const live = isLive(view, ui);
    const shownMoves = live ? view.moves : view.moves.slice(0, ui.shownPly ?? 0);
    const lastPlaced = [...shownMoves].reverse().find((entry) => entry.move.place !== undefined);
    const canPlace = myTurn(view, ui) && view.turn?.phase === "place";
    const empty = position.board.flatMap((piece, cell) => (piece === null ? [cell] : []));
    const highlight = live && view.result ? view.result.shapes.flatMap((shape) => shape.cells) : [];
    const tentative = canPlace && ui.selectedCell !== null && position.inHand !== null ? { cell: ui.selectedCell, piece: position.inHand } : null;
    return draw.boardSvg(position.board, {
      highlight,
      playable: canPlace ? empty : [],
      last: lastPlaced?.move.place ?? null,
      tentative,
      label: live ? "The board" : `The board after move ${ui.shownPly}`,
    });
  }

  function handHtml(view: MatchView, ui: MatchUi): string {
    const position = shownPosition(view, ui);
    if (position.inHand === null) return `<span class="hand-empty">No piece in hand</span>`;
    const ply = isLive(view, ui) ? view.ply : (ui.shownPly ?? view.ply);
    const placer = whoIn(view, ((view.firstSeat + ply) % 2) as 0 | 1, ui);
    return `${draw.pieceSvg(position.inHand, { size: 56 })}<span>In hand, for ${placer} to place</span>`;
  }

  function poolHtml(view: MatchView, ui: MatchUi): string {
    const position = shownPosition(view, ui);
    const turn = view.turn;
    const canGive = myTurn(view, ui) && turn !== null && (turn.phase === "give" || ui.selectedCell !== null);
    const pieces = draw.availablePieces(position);
    if (pieces.length === 0) return `<p class="muted pool-empty">Every piece is on the board.</p>`;
    return pieces
      .map((piece) => {
        const svg = draw.pieceSvg(piece, { size: 44 });
        return canGive
          ? `<button type="button" class="pool-piece playable" data-piece="${piece}" aria-label="Give ${e(draw.pieceName(piece))}">${svg}</button>`
          : `<span class="pool-piece" data-piece="${piece}">${svg}</span>`;
      })
      .join("");
  }

  /** A mistake's kind in words: what threw the value away. */
  const MISTAKE_WORDS: Record<string, string> = {
    placement: "the placement lost it",
    give: "the piece given lost it",
    announcement: "the Quarto was not announced",
    claim: "the missed Quarto was not claimed",
  };

  /** A value for a seat, with the placements to the end for a win or a loss. */
  function valueWords(value: string | null, plies: number | undefined): string {
    if (value === null) return "not solved";
    return plies === undefined || value === "draw" ? value : `${value} in ${plies}`;
  }

  /**
   * A finished match's review: for each seat, the exact value after every move (a strip of win, draw
   * and loss, with the placements to the end in each cell's title), the accuracy, and each mistake with
   * what threw the value away, moves that kept it, a button that shows its position and a link to analyze it.
   */
  function reviewHtml(view: MatchView, review: GameReviewOutput): string {
    const seatValue = (move: GameReviewOutput["moves"][number], seat: 0 | 1): string | null => {
      if (move.after === null) return null;
      if (move.seat === seat) return move.after;
      return move.after === "win" ? "loss" : move.after === "loss" ? "win" : "draw";
    };
    const rows = ([0, 1] as const).map((seat) => {
      const summary = review.seats[seat];
      const cells = review.moves.map((move) => {
        const value = seatValue(move, seat);
        const mark = move.mistake && move.seat === seat ? " mistake" : "";
        const title = `after move ${move.ply + 1} (${move.move}): ${valueWords(value, move.afterPliesToEnd)} for ${seatNameText(view, seat)}`;
        const plies = value === "win" || value === "loss" ? (move.afterPliesToEnd ?? "") : "";
        return `<td class="value ${value ?? "unknown"}${mark}" title="${e(title)}">${mark ? "✗" : plies}</td>`;
      });
      const accuracy = summary.accuracy === null ? "–" : `${Math.round(summary.accuracy * 100)}%`;
      return `<tr><th scope="row">${seatName(view, seat)}</th>${cells.join("")}<td class="accuracy" title="moves that kept the value">${accuracy}</td></tr>`;
    });
    const numbers = review.moves.map((move) => `<th scope="col">${move.ply + 1}</th>`).join("");
    const strip = `<div class="strip-wrap"><table class="strip"><thead><tr><th></th>${numbers}<th>accuracy</th></tr></thead><tbody>${rows.join("")}</tbody></table></div>`;
    const positions = draw.positionsOf(view.moves.map((entry) => entry.move as { place?: number; give?: number }));
    const mistakes = review.moves.filter((move) => move.mistake);
    const list = mistakes.map((move) => {
      const mistake = move.mistake as NonNullable<typeof move.mistake>;
      const before = draw.positionString(positions[move.ply]);
      const better = mistake.better.length > 0 ? ` Kept it: ${mistake.better.map((text) => `<code>${draw.moveHtml(text)}</code>`).join(", ")}.` : "";
      return `<li class="mistake-item" data-review-ply="${move.ply}"><span class="ply">${move.ply + 1}.</span> ${seatName(view, move.seat)} <code>${draw.moveHtml(move.move)}</code>: ${mistake.from} → ${mistake.to}, ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind} (<b>${mistake.kind}</b>).${better} <button type="button" data-review-show="${move.ply}">Show the position</button> <a href="/analyze?position=${encodeURIComponent(before)}">Analyze it</a></li>`;
    });
    const summary = mistakes.length === 0 ? `<p>No mistake: every move kept the value it found.</p>` : `<ul class="mistakes">${list.join("")}</ul>`;
    return `<h2>Review</h2><p class="muted">Every move valued exactly by the solved game: green a win, grey a draw, red a loss for that player after each move, with the placements left to the end; ✗ marks a mistake.</p>${strip}${summary}`;
  }

  function movesHtml(view: MatchView, ui: MatchUi, review?: GameReviewOutput | null): string {
    const current = ui.shownPly ?? view.moves.length;
    const start = `<li><button type="button" class="move${current === 0 ? " current" : ""}" data-ply="0">Start</button></li>`;
    const openingPlies = view.opening?.plies ?? 0;
    const items = view.moves.map((entry) => {
      const ply = entry.ply + 1;
      // The opening's moves were played at creation, by neither seat.
      const mover = entry.ply < openingPlies ? `<span class="muted">Opening</span>` : who(view, entry.seat, ui);
      const mistake = review?.moves[entry.ply]?.mistake;
      const flag = mistake ? ` <span class="mistake-flag" title="${e(`${mistake.from} → ${mistake.to}: ${MISTAKE_WORDS[mistake.kind] ?? mistake.kind}`)}">✗ ${mistake.kind}</span>` : "";
      const bot = entry.ply < openingPlies ? null : (ui.callsOf?.[entry.seat] ?? null);
      const call = bot
        ? `<a class="call-link" href="/bots/${e(bot)}?matchId=${e(view.id)}&amp;ply=${entry.ply}#calls" title="${e(`What ${seatNameText(view, entry.seat)} was sent and answered for this move`)}">call</a>`
        : "";
      return `<li><button type="button" class="move${current === ply ? " current" : ""}" data-ply="${ply}"><span class="ply">${ply}.</span> ${mover} <code>${draw.moveHtml(entry.text)}</code>${flag}</button>${call}</li>`;
    });
    // A finished game's list is shown whole (nothing scrolled out of view); a live one scrolls.
    return `<ol class="moves${view.status === "finished" ? " whole" : ""}">${start}${items.join("")}</ol>`;
  }

  /** Which action buttons apply now. */
  function actions(view: MatchView, ui: MatchUi) {
    const mine = ui.seat !== null && view.status !== "finished" && !ui.busy;
    const turn = view.turn;
    const placing = myTurn(view, ui) && turn?.phase === "place";
    const manual = view.rules.announce === "manual";
    const placements = view.moves.filter((entry) => entry.move.place !== undefined).length;
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
      analyze: !(people && view.status !== "finished"),
    };
  }

  /**
   * The request for a rematch (POST /v1/matches): the same rules and clock, the seats swapped (so whoever
   * gave first now places first); this browser takes its new seat, the other person's stays open for them.
   */
  function rematchRequest(view: MatchView, ui: MatchUi) {
    const seats = ([1, 0] as const).map((old) => {
      const info = view.seats[old];
      if (info.kind === "engine") return { kind: "engine" as const, level: info.level ?? undefined };
      const name = info.name ? { name: info.name } : {};
      return old === ui.seat ? { kind: "human" as const, take: true, ...name } : { kind: "human" as const, take: false, ...name };
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
    shownPosition,
  };
}

export type MatchViews = ReturnType<typeof makeMatchViews>;
