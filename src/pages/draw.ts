/**
 * Pieces and the board as SVG markup, drawn so the four attributes read at a glance: height is the
 * piece's height, color its fill, shape its outline (a cylinder or a box), a hollow piece has a hole on
 * top. The server renders pages with it and the page scripts (bundled for the browser from this same
 * module) redraw with it, so live pages draw exactly what the server drew. It returns markup strings;
 * every text it writes is escaped.
 */
import { ATTRIBUTE_BIT, ATTRIBUTE_VALUES, ATTRIBUTES, CELL_NAMES } from "../rules/index.ts";

/** The vocabulary the drawing needs, passed as data (the rules core's tables, see VOCABULARY). */
export interface DrawingVocabulary {
  attributes: readonly string[];
  bits: Readonly<Record<string, number>>;
  values: Readonly<Record<string, readonly [string, string]>>;
  cellNames: readonly string[];
}

/** The rules core's tables, as the drawing takes them. */
export const VOCABULARY: DrawingVocabulary = { attributes: ATTRIBUTES, bits: ATTRIBUTE_BIT, values: ATTRIBUTE_VALUES, cellNames: CELL_NAMES };

export type CellMark = "win" | "draw" | "loss";

export interface BoardOptions {
  /** Cells to highlight (a winning shape). */
  highlight?: readonly number[];
  /** Empty cells that can be clicked (rendered with class `playable`). */
  playable?: readonly number[];
  /** Occupied cells that can be clicked (the board editor). */
  clickable?: readonly number[];
  /** A cell to mark as the last placement. */
  last?: number | null;
  /** A piece shown faintly on a cell: a placement being chosen. */
  tentative?: { cell: number; piece: number } | null;
  /** A value per cell, tinted (the analysis page). */
  marks?: Readonly<Record<number, CellMark>>;
  /** The accessible label of the board. */
  label?: string;
}

export interface PieceOptions {
  /** Width and height in CSS pixels; default 48. */
  size?: number;
  /** Extra class names. */
  className?: string;
}

/** A position as data: 16 cells (a piece or null) and the piece in hand. */
export interface BoardState {
  board: (number | null)[];
  inHand: number | null;
}

/** A played move as the match API reports it. */
export interface PlayedMove {
  place?: number;
  give?: number;
}

export function makeDrawing(vocabulary: DrawingVocabulary) {
  const { attributes, bits, values, cellNames } = vocabulary;

  // The hole of a hollow piece has a rim that contrasts with the piece's top (light on dark pieces), so
  // it still reads on a piece drawn 20 pixels wide.
  const PALETTE = {
    dark: { top: "#9a6642", body: "#643b22", side: "#4b2a16", hole: "#140a04", rim: "#f3d7ae" },
    light: { top: "#fff6e0", body: "#f1d9a6", side: "#d9bb80", hole: "#6e4f24", rim: "#2e1c0f" },
  };
  const STROKE = "#2e1c0f";

  const escapeHtml = (text: string): string =>
    text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] as string);

  /**
   * Text people and bots supply (a name), isolated from the text around it: inside it, a direction
   * control (U+202E, a right-to-left override) or right-to-left letters reorder only the name, never
   * what follows it. Markup gets <bdi>; plain text (a title attribute, the window's title) the isolates
   * U+2068 and U+2069. The isolate controls in the name itself are dropped: an unpaired U+2069 in it would
   * close the isolate early and let the rest of the name out.
   */
  const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, "");
  const isolateHtml = (text: string): string => `<bdi>${escapeHtml(withoutIsolates(text))}</bdi>`;
  const isolateText = (text: string): string => `\u2068${withoutIsolates(text)}\u2069`;

  const pieceChar = (piece: number): string => piece.toString(16).toUpperCase();

  /** The attribute values of a piece, e.g. ["tall", "dark", "square", "hollow"]. */
  const pieceValues = (piece: number): string[] => attributes.map((attribute) => values[attribute][piece & bits[attribute] ? 1 : 0]);

  /** "tall dark square hollow (F)" */
  const pieceName = (piece: number): string => `${pieceValues(piece).join(" ")} (${pieceChar(piece)})`;

  const has = (piece: number, attribute: string): boolean => (piece & bits[attribute]) !== 0;

  /**
   * The shapes of one piece in a 100 x 100 box, standing on its base near the bottom. A round piece is
   * a cylinder (elliptic top), a square one a box (diamond top, two visible faces).
   */
  function pieceShapes(piece: number): string {
    const colors = has(piece, "color") ? PALETTE.dark : PALETTE.light;
    const height = has(piece, "height") ? 46 : 20;
    const base = 84;
    const top = base - height;
    const halfWidth = 34;
    const depth = 12;
    const stroke = `stroke="${STROKE}" stroke-width="2.5" stroke-linejoin="round"`;
    const hole = `stroke="${colors.rim}" stroke-width="3" stroke-linejoin="round"`;
    const parts: string[] = [];
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

  /** A standalone SVG of one piece, labelled with its attributes. */
  function pieceSvg(piece: number, options: PieceOptions = {}): string {
    const size = options.size ?? 48;
    const name = escapeHtml(pieceName(piece));
    const className = `piece${options.className ? ` ${escapeHtml(options.className)}` : ""}`;
    return `<svg class="${className}" viewBox="0 0 100 100" width="${size}" height="${size}" role="img" aria-label="${name}" data-piece="${piece}"><title>${name}</title>${pieceShapes(piece)}</svg>`;
  }

  const MARK_COLORS: Record<CellMark, string> = { win: "#bfe8c2", draw: "#e4e4e4", loss: "#f5c4bf" };

  /** The 4 x 4 board, 400 x 400 units, cell i at column i % 4, row i / 4 from the top. */
  function boardSvg(board: readonly (number | null)[], options: BoardOptions = {}): string {
    const highlight = new Set(options.highlight ?? []);
    const playable = new Set(options.playable ?? []);
    const clickable = new Set(options.clickable ?? []);
    const cells: string[] = [];
    for (let cell = 0; cell < 16; cell++) {
      const x = (cell % 4) * 100;
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
      const label = `${cellNames[cell]}: ${shown === null ? "empty" : pieceName(shown)}${mark ? `, ${mark}` : ""}`;
      const interactive = playable.has(cell) || clickable.has(cell);
      const fill = highlight.has(cell) ? "#ffe27a" : mark ? MARK_COLORS[mark] : "#faf6ec";
      const ring = highlight.has(cell)
        ? `stroke="#c8900a" stroke-width="5"`
        : options.last === cell
          ? `stroke="#3f6fc4" stroke-width="4"`
          : `stroke="#cdbf9f" stroke-width="2"`;
      cells.push(
        `<g class="${classes.join(" ")}" data-cell="${cell}"${piece === null ? "" : ` data-piece="${piece}"`} transform="translate(${x} ${y})"` +
          `${interactive ? ` role="button" tabindex="0"` : ` role="img"`} aria-label="${escapeHtml(label)}">` +
          `<rect width="100" height="100" fill="transparent"/>` +
          `<circle class="spot" cx="50" cy="50" r="45" fill="${fill}" ${ring}/>` +
          // The cell's name sits in the corner, outside the spot and its ring (a winning cell's ring glows
          // up to 8 units wide, reaching 49 from the centre; the label's far corner is 51 away), in a
          // colour that reads on the board.
          `<text class="cell-name" x="3" y="12" font-size="11" fill="#5f4f33" font-family="sans-serif">${cellNames[cell]}</text>` +
          (shown === null ? "" : `<g transform="translate(7 4) scale(0.86)"${piece === null ? ` opacity="0.55"` : ""}>${pieceShapes(shown)}</g>`) +
          `</g>`,
      );
    }
    const label = escapeHtml(options.label ?? "The board");
    return `<svg class="board" viewBox="-6 -6 412 412" role="group" aria-label="${label}"><rect x="-6" y="-6" width="412" height="412" rx="22" fill="#d9c9a3"/>${cells.join("")}</svg>`;
  }

  /**
   * A move's text as HTML with the piece it gives drawn before that piece's digit (`c3-` then A's
   * picture and `A`), so a move list reads without knowing the hex code.
   */
  function moveHtml(text: string): string {
    const match = /^(.*-)([0-9A-Fa-f])$/.exec(text);
    if (!match) return escapeHtml(text);
    const piece = Number.parseInt(match[2], 16);
    // The picture is decoration beside the digit: hidden from screen readers and from the text, which stays the move's.
    const picture = pieceSvg(piece, { size: 18, className: "inline" })
      .replace(/ role="img" aria-label="[^"]*"/, ' aria-hidden="true"')
      .replace(/<title>[^<]*<\/title>/, "");
    return `${escapeHtml(match[1])}<span class="move-piece">${picture}${pieceChar(piece)}</span>`;
  }

  /** Every position of a game from its moves: the start, then one after each move. */
  function positionsOf(moves: readonly PlayedMove[]): BoardState[] {
    const positions: BoardState[] = [{ board: Array.from({ length: 16 }, () => null), inHand: null }];
    for (const move of moves) {
      const previous = positions[positions.length - 1];
      const board = [...previous.board];
      if (move.place !== undefined) board[move.place] = previous.inHand;
      positions.push({ board, inHand: move.give ?? null });
    }
    return positions;
  }

  /** The 17-character position string of a position. */
  function positionString(state: BoardState): string {
    return [...state.board, state.inHand].map((piece) => (piece === null ? "." : pieceChar(piece))).join("");
  }

  /** Reads a position string's pieces (no rules checks: the API does those); null if malformed. */
  function readPositionString(text: string): BoardState | null {
    if (!/^[0-9a-fA-F.]{17}$/.test(text)) return null;
    const slots = [...text].map((ch) => (ch === "." ? null : Number.parseInt(ch, 16)));
    return { board: slots.slice(0, 16), inHand: slots[16] };
  }

  /** Pieces neither on the board nor in hand, in id order. */
  function availablePieces(state: BoardState): number[] {
    const used = new Set([...state.board, state.inHand]);
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
    cellNames,
  };
}

export type Drawing = ReturnType<typeof makeDrawing>;
