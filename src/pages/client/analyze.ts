/**
 * The analysis page's script: a position editor (pieces onto the board, into the hand, the string
 * field), then the API's verdict on it: POST /v1/check-win for the status, POST /v1/evaluate with
 * `moves: true` for the engine's value and every move's, and when proven the placements to the end and a
 * best line (POST /v1/suggest-move's principal variation). A move "threw away a win" when the position is
 * a win for the player to move and the move's value is a draw or a loss. The moves are listed in groups
 * by value (win, draw, loss), each compact; clicking a move plays it.
 * Bundled into public/scripts/analyze.js (see scripts.ts).
 */
import type { BoardState, CellMark } from "../draw.ts";
import { boot, type ClientEnv } from "./boot.ts";

/** The page's starting point, read from its query by the server. */
export interface AnalyzeConfig {
  position: string;
  squares: boolean;
  attributes: string[];
}

type Value = "win" | "draw" | "loss";

interface Shape {
  kind: string;
  cells: number[];
  cellNames: string[];
  attributes: string[];
}

interface CheckWin {
  status: "ongoing" | "won" | "drawn";
  phase: "give" | "place" | null;
  winner: "first" | "second" | null;
  shapes: Shape[];
  legalMoveCount: number;
  position: { string: string; ply: number; toMove: "first" | "second" };
}

interface MoveValue {
  move: { place?: number; give?: number; quarto?: boolean; text: string };
  value: Value | null;
  exact: boolean;
}

interface Evaluation {
  value: Value | null;
  exact: boolean;
  nodes: number;
  maxNodes: number;
  moves?: MoveValue[];
  source: "book" | "known" | "search";
  note?: string;
  pliesToEnd?: number;
}

function analyzeClient(env: ClientEnv, config: AnalyzeConfig): void {
  const { kit, draw } = env;
  const { browser } = kit;
  const e = draw.escapeHtml;
  let position: BoardState = draw.readPositionString(config.position) ?? { board: Array.from({ length: 16 }, () => null), inHand: null };
  let selected: number | null = null;
  let highlight: number[] = [];
  let marks: Record<number, CellMark> = {};
  let giveMarks: Record<number, Value> = {};
  let moves: MoveValue[] = [];
  let generation = 0;
  let debounce = 0;

  const el = {
    form: kit.byId("position-form"),
    field: kit.byId("position"),
    board: kit.byId("board-wrap"),
    hand: kit.byId("hand"),
    palette: kit.byId("palette"),
    status: kit.byId("status"),
    value: kit.byId("value"),
    line: kit.byId("line"),
    error: kit.byId("error"),
    moves: kit.byId("moves"),
  };

  function rules() {
    const attributes = [...el.form.querySelectorAll('[name="attributes"]')].filter((input) => input.checked).map((input) => input.value);
    const squares = el.form.querySelector('[name="squares"]')?.checked === true;
    return { squares, attributes };
  }

  function render(): void {
    const occupied = position.board.flatMap((piece, cell) => (piece === null ? [] : [cell]));
    const empty = position.board.flatMap((piece, cell) => (piece === null ? [cell] : []));
    el.board.innerHTML = draw.boardSvg(position.board, {
      highlight,
      marks,
      playable: selected === null ? [] : empty,
      clickable: occupied,
      label: "The position",
    });
    kit.byId("marks-legend").hidden = Object.keys(marks).length === 0 && Object.keys(giveMarks).length === 0;
    el.hand.innerHTML =
      position.inHand === null
        ? `<span class="hand-empty">No piece in hand</span>`
        : `${draw.pieceSvg(position.inHand, { size: 56 })}<span>In hand: ${e(draw.pieceName(position.inHand))}</span>`;
    el.palette.innerHTML = draw
      .availablePieces(position)
      .map((piece) => {
        const mark = giveMarks[piece];
        const classes = `pool-piece playable${selected === piece ? " selected" : ""}${mark ? ` give-${mark}` : ""}`;
        const title = `${draw.pieceName(piece)}${mark ? `: giving it is a ${mark}` : ""}`;
        return `<button type="button" class="${classes}" data-piece="${piece}" title="${e(title)}">${draw.pieceSvg(piece, { size: 44 })}</button>`;
      })
      .join("");
  }

  /** After any change: the field, the address, the drawing, and (soon) the analysis. */
  function changed(): void {
    const text = draw.positionString(position);
    el.field.value = text;
    const query = new URLSearchParams({ position: text });
    const { squares, attributes } = rules();
    if (squares) query.set("squares", "true");
    if (attributes.length > 0 && attributes.length < 4) query.set("attributes", attributes.join(","));
    browser.history.replaceState(null, "", `/analyze?${query}`);
    highlight = [];
    marks = {};
    giveMarks = {};
    render();
    browser.clearTimeout(debounce);
    debounce = browser.setTimeout(() => void analyze(), 250);
  }

  function valueHtml(value: Value | null): string {
    return value === null ? `<span class="muted">unknown</span>` : `<span class="value-${value}">${value}</span>`;
  }

  function statusText(check: CheckWin): string {
    const toMove = check.position.toMove;
    if (check.status === "won") {
      const shapes = check.shapes.map((shape) => `${shape.kind} ${shape.cellNames.join(" ")}: all ${shape.attributes.join(" and ")}`).join("; ");
      return `Won by the ${check.winner} player. Quarto! ${shapes}`;
    }
    if (check.status === "drawn") return "Drawn: the board is full and nobody made a Quarto.";
    if (check.phase === "give") return `Ply ${check.position.ply}: the ${toMove} player chooses a piece to give (${check.legalMoveCount} moves).`;
    return `Ply ${check.position.ply}: the ${toMove} player places the piece in hand, then gives one (${check.legalMoveCount} moves).`;
  }

  const RANK: Record<string, number> = { win: 0, draw: 1, loss: 2, unknown: 3 };
  const GROUPS = ["win", "draw", "loss", "unknown"] as const;
  const GROUP_TITLES: Record<(typeof GROUPS)[number], string> = { win: "Win", draw: "Draw", loss: "Loss", unknown: "Unknown" };
  const PLURALS: Record<(typeof GROUPS)[number], [string, string]> = {
    win: ["win", "wins"],
    draw: ["draw", "draws"],
    loss: ["loss", "losses"],
    unknown: ["unknown", "unknown"],
  };
  const count = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;

  /**
   * Every move, grouped by its value for the mover (win, draw, loss, then unknown), each group a
   * compact run of buttons ("c3-6" and the piece given); a move that throws away a win is marked.
   */
  function movesHtml(evaluation: Evaluation): string {
    const list = [...(evaluation.moves ?? [])].sort(
      (a, b) => RANK[a.value ?? "unknown"] - RANK[b.value ?? "unknown"] || a.move.text.localeCompare(b.move.text),
    );
    const threw = (entry: MoveValue) => evaluation.value === "win" && (entry.value === "draw" || entry.value === "loss");
    const counts = { win: 0, draw: 0, loss: 0, unknown: 0 };
    for (const entry of list) counts[entry.value ?? "unknown"]++;
    const thrown = list.filter(threw).length;
    const parts = GROUPS.filter((group) => counts[group] > 0).map((group) => count(counts[group], PLURALS[group]));
    const summary = `${count(list.length, ["move", "moves"])}: ${parts.join(", ")}${thrown ? `; ${thrown} of them throw away the win` : ""}.`;
    moves = list;
    const groups = GROUPS.filter((group) => counts[group] > 0).map((group) => {
      const buttons = list.flatMap((entry, index) => {
        if ((entry.value ?? "unknown") !== group) return [];
        const give = entry.move.give === undefined ? "" : draw.pieceSvg(entry.move.give, { size: 24 });
        const heuristic = entry.exact || entry.value === null ? "" : `<span class="muted" title="the engine's estimate, not proven">?</span>`;
        const title = `${entry.move.text}: a ${entry.value ?? "value not known"} for the mover${entry.exact || entry.value === null ? "" : " (estimated)"}${threw(entry) ? ", throwing away the win" : ""}. Click to play it.`;
        return [
          `<button type="button" class="move-chip${threw(entry) ? " threw-win" : ""}" data-index="${index}" data-move="${e(entry.move.text)}" data-value="${group}"${threw(entry) ? ` data-threw="true"` : ""} title="${e(title)}"><code>${e(entry.move.text)}</code>${heuristic}${give}</button>`,
        ];
      });
      const note = (group === "draw" || group === "loss") && evaluation.value === "win" ? ` <span class="threw">each throws away the win</span>` : "";
      return `<section class="move-group" data-value="${group}"><h3><span class="value-${group}">${GROUP_TITLES[group]}</span> <span class="muted">${count(counts[group], ["move", "moves"])}</span>${note}</h3><div class="move-chips">${buttons.join("")}</div></section>`;
    });
    return `<h2>Every move</h2><p>${summary} Click a move to play it.</p>${groups.join("")}`;
  }

  /** The best value per target: per cell when placing, per piece given when only giving. */
  function summarize(list: MoveValue[]): void {
    const better = (a: Value | undefined, b: Value | null): Value | undefined => {
      if (b === null) return a;
      if (a === undefined) return b;
      return RANK[b] < RANK[a] ? b : a;
    };
    const cells: Record<number, Value> = {};
    const pieces: Record<number, Value> = {};
    for (const entry of list) {
      if (entry.move.place !== undefined) {
        const best = better(cells[entry.move.place], entry.value);
        if (best) cells[entry.move.place] = best;
      } else if (entry.move.give !== undefined) {
        const best = better(pieces[entry.move.give], entry.value);
        if (best) pieces[entry.move.give] = best;
      }
    }
    marks = cells;
    giveMarks = pieces;
  }

  async function analyze(): Promise<void> {
    const mine = ++generation;
    const text = draw.positionString(position);
    const chosen = rules();
    el.error.textContent = "";
    el.value.innerHTML = "";
    el.line.innerHTML = "";
    el.moves.innerHTML = "";
    if (chosen.attributes.length === 0) {
      el.status.textContent = "Choose at least one attribute that counts.";
      return;
    }
    el.status.textContent = "Checking the position…";
    const check = await kit.api<CheckWin>("POST", "/v1/check-win", { position: text, rules: chosen });
    if (mine !== generation) return;
    if (!check.ok) {
      el.status.textContent = "This is not a valid position.";
      el.error.textContent = check.detail;
      return;
    }
    el.status.textContent = statusText(check.body);
    highlight = check.body.shapes.flatMap((shape) => shape.cells);
    render();
    if (check.body.status !== "ongoing") return;
    el.value.innerHTML = `<span class="muted">The engine is thinking…</span>`;
    const evaluation = await kit.api<Evaluation>("POST", "/v1/evaluate", { position: text, rules: chosen, moves: true, distance: true });
    if (mine !== generation) return;
    if (!evaluation.ok) {
      el.value.textContent = "";
      el.error.textContent = evaluation.detail;
      return;
    }
    const result = evaluation.body;
    const who = `the ${check.body.position.toMove} player`;
    el.value.innerHTML =
      result.value === null
        ? `Engine: not solved within ${result.maxNodes.toLocaleString("en")} nodes.`
        : `Engine: a <strong>${valueHtml(result.value)}</strong> for ${who}${result.exact ? " (proven" : " (not proven"}, ${howKnown(result)}).`;
    el.value.setAttribute("data-value", result.value ?? "unknown");
    el.moves.innerHTML = movesHtml(result);
    summarize(result.moves ?? []);
    render();
    await bestLine(text, chosen, result, mine);
  }

  /**
   * How the game ends with best play: the placements left (the winner hurries, the loser holds out)
   * and the engine's line (POST /v1/suggest-move at `perfect`, its principal variation), when proven.
   */
  async function bestLine(text: string, chosen: ReturnType<typeof rules>, result: Evaluation, mine: number): Promise<void> {
    el.line.innerHTML = "";
    if (!result.exact || result.value === null) return;
    const plies = result.pliesToEnd === undefined ? "" : `The game ends in <strong>${result.pliesToEnd}</strong> placement${result.pliesToEnd === 1 ? "" : "s"} with best play`;
    el.line.innerHTML = plies ? `${plies}.` : "";
    const suggestion = await kit.api<{ exact: boolean; principalVariation?: string[] }>("POST", "/v1/suggest-move", { position: text, rules: chosen, level: "perfect", seed: 1 });
    if (mine !== generation || !suggestion.ok || !suggestion.body.exact || !suggestion.body.principalVariation?.length) return;
    const line = suggestion.body.principalVariation.map((move) => `<code>${draw.moveHtml(move)}</code>`).join(" ");
    el.line.innerHTML = `${plies ? `${plies}; ` : ""}a best line: <span class="best-line">${line}</span>`;
  }

  /** Where the value came from: the opening book, the known result, or the nodes searched. */
  function howKnown(result: Evaluation): string {
    if (result.source === "book")
      return result.nodes > 0
        ? `from the opening book; its moves with ${result.nodes.toLocaleString("en")} nodes searched`
        : "from the opening book, no search";
    if (result.source === "known") return "a published result, no search";
    return `${result.nodes.toLocaleString("en")} nodes searched`;
  }

  // ---- editing ----

  kit.onActivate(el.palette, ".pool-piece", (target) => {
    const piece = Number(target.dataset.piece);
    selected = selected === piece ? null : piece;
    render();
  });

  kit.onActivate(el.board, ".cell", (target) => {
    const cell = Number(target.dataset.cell);
    const board = [...position.board];
    if (board[cell] !== null) board[cell] = null;
    else if (selected !== null) board[cell] = selected;
    else return;
    selected = null;
    position = { board, inHand: position.inHand };
    changed();
  });

  kit.byId("to-hand").addEventListener("click", () => {
    if (selected === null) return;
    position = { board: position.board, inHand: selected };
    selected = null;
    changed();
  });
  kit.byId("empty-hand").addEventListener("click", () => {
    position = { board: position.board, inHand: null };
    changed();
  });
  kit.byId("clear").addEventListener("click", () => {
    position = { board: Array.from({ length: 16 }, () => null), inHand: null };
    selected = null;
    changed();
  });

  el.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const read = draw.readPositionString(el.field.value.trim());
    if (!read) {
      el.error.textContent = "A position string is 17 characters: a hex digit or '.' for each cell a1…d4, then the piece in hand.";
      return;
    }
    position = read;
    changed();
  });
  el.form.addEventListener("change", (event) => {
    if (event.target?.getAttribute("name") !== "position") changed();
  });

  kit.delegate(el.moves, "click", ".move-chip", (target) => {
    const entry = moves[Number(target.dataset.index)];
    if (!entry) return;
    const board = [...position.board];
    if (entry.move.place !== undefined) board[entry.move.place] = position.inHand;
    position = { board, inHand: entry.move.give ?? null };
    selected = null;
    changed();
  });

  render();
  void analyze();
}

boot(analyzeClient);
