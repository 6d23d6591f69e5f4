/**
 * `/learn`: the rules in the service's words, each shown on a small board drawn by the same code as
 * the match page (a turn, a win, the announcement and the missed claim, the 2x2 squares, fewer
 * attributes, the notation), and a first puzzle to try. The boards are fixed positions checked by
 * test/worker/pages-learn.test.ts against the rules core, so what the page says is what the service plays.
 */
import { html, raw } from "hono/html";
import { CELL_NAMES, CLASSIC_RULES, completedShapes, makeRules, readPosition, type Rules } from "../rules/index.ts";
import { committedPuzzles } from "../puzzles/index.ts";
import { DRAWING, type Html, page } from "./layout.ts";

/** The positions the page draws, as position strings, with the rules they are read under. */
export const LEARN_BOARDS = {
  /** A turn: a piece in hand (5), handed over by the opponent. */
  turn: { position: "0A3.............5", rules: CLASSIC_RULES },
  /** A win: a row of four tall pieces (8 9 A B), nothing in hand. */
  win: { position: "89AB.............", rules: CLASSIC_RULES },
  /** The squares variant: a1 b1 a2 b2 tall. */
  square: { position: "89..CD...........", rules: makeRules({ squares: true }) },
  /** Fewer attributes: a row of four hollow pieces, light and dark (1 3 5 7), is no win when only color counts. */
  beginner: { position: "1357.............", rules: makeRules({ attributes: ["color"] }) },
} satisfies Record<string, { position: string; rules: Rules }>;

function board(position: string, rules: Rules, label: string, highlightWins = false): string {
  const read = readPosition(position, rules);
  if (!read.ok) throw new Error(`learn: ${position}: ${read.error.detail}`);
  const highlight = highlightWins ? completedShapes(read.value, rules).flatMap((shape) => [...shape.cells]) : [];
  return `<div class="learn-board">${DRAWING.boardSvg(read.value.board, { highlight, label })}</div>`;
}

const piece = (id: number, size = 28) => raw(DRAWING.pieceSvg(id, { size, className: "inline" }));

/** The first puzzle the page offers: an easy one-move classic puzzle. */
function firstPuzzle(): { id: string; position: string } {
  const puzzle = committedPuzzles(CLASSIC_RULES).find((candidate) => candidate.moves === 1) ?? committedPuzzles(CLASSIC_RULES)[0];
  return { id: puzzle.id, position: puzzle.position };
}

export function learnPage(): Html {
  const first = firstPuzzle();
  const pieces = Array.from({ length: 16 }, (_, id) => id);
  const body = html`<h1>Learn Quarto</h1>
<p class="lead">Quarto is played on a 4×4 board with 16 different pieces. <strong>The one surprising rule: you do not choose the piece you place. Your opponent does.</strong></p>

<section class="card learn">
<h2>A turn: place what you were given, then give</h2>
<div class="learn-row">
${raw(board(LEARN_BOARDS.turn.position, LEARN_BOARDS.turn.rules, "A turn: piece 5 in hand"))}
<div>
<p>Each turn has two halves. First you <strong>place</strong> the piece your opponent handed you (here ${piece(5)} <code>5</code>) on any empty cell. Then you <strong>give</strong> your opponent one of the pieces still beside the board: that is the piece they must place next.</p>
<p>The first player starts by giving a piece. A piece once handed over cannot be taken back, so every give is a decision: never hand over a piece that completes a line.</p>
</div>
</div>
</section>

<section class="card learn">
<h2>A win: four in a line that share one attribute</h2>
<div class="learn-row">
${raw(board(LEARN_BOARDS.win.position, LEARN_BOARDS.win.rules, "A win: a row of four tall pieces", true))}
<div>
<p>Each piece is <strong>tall or short</strong>, <strong>dark or light</strong>, <strong>square or round</strong>, and <strong>hollow or solid</strong>. Whoever places the fourth piece of a line (a row, a column or a diagonal: 10 lines) whose four pieces share at least one of these wins: here row 1 holds four tall pieces (all light, too).</p>
<p>It does not matter who placed the other three. If all 16 pieces are placed and nobody has won, the game is a draw.</p>
</div>
</div>
</section>

<section class="card learn">
<h2>Announcing “Quarto!” and the missed claim</h2>
<p>On this site a completed line wins at once by default (<em>declared for you</em>). The official rule is stricter, and a match can be set to it (<em>announced by the player</em>): you win only if you announce “Quarto!” when you place the fourth piece (the <strong>Quarto!</strong> button). If you complete a line and hand over a piece instead, your opponent may, before placing, <strong>claim</strong> the Quarto you missed and win (unless the match turns the missed claim off). Once that turn has passed, the line no longer counts.</p>
</section>

<section class="card learn">
<h2>The advanced variant: 2×2 squares count too</h2>
<div class="learn-row">
${raw(board(LEARN_BOARDS.square.position, LEARN_BOARDS.square.rules, "A win in the squares variant: four tall pieces in a square", true))}
<div>
<p>With <em>2×2 squares count too</em>, the nine squares of four neighbouring cells are winning shapes as well as the lines: here four tall pieces on a1, b1, a2, b2.</p>
</div>
</div>
</section>

<section class="card learn">
<h2>The beginners' variant: fewer attributes</h2>
<div class="learn-row">
${raw(board(LEARN_BOARDS.beginner.position, LEARN_BOARDS.beginner.rules, "Four hollow pieces in a row, with only color counting"))}
<div>
<p>To start gently, play with only some attributes counting, for instance only <strong>color</strong>. Then only four dark or four light pieces in a line win: this row of four hollow pieces (light and dark mixed) wins nothing, because fill does not count.</p>
</div>
</div>
</section>

<section class="card learn">
<h2>Notation: pieces, cells, positions and moves</h2>
<p>Each piece has a number 0-15 written as one hex digit <code>0</code>-<code>F</code>: 8 for tall, 4 for dark, 2 for square, 1 for hollow, added up. So <code>0</code> is short, light, round and solid, and <code>F</code> is tall, dark, square and hollow.</p>
<div class="legend">${pieces.map((id) => html`<figure>${raw(DRAWING.pieceSvg(id, { size: 36 }))}<figcaption><strong>${DRAWING.pieceChar(id)}</strong> ${DRAWING.pieceValues(id).join(" ")}</figcaption></figure>`)}</div>
<div class="learn-row">
${raw(
  `<div class="learn-board">${DRAWING.boardSvg(
    Array.from({ length: 16 }, () => null),
    { label: "The cells, named in their corners" },
  )}</div>`,
)}
<div>
<p>Cells are named by column <code>a</code>-<code>d</code> and row <code>1</code>-<code>4</code> from the top left: ${CELL_NAMES.slice(0, 4).join(", ")} is the top row. A move is written as the cell, a dash and the piece given: <code>c3-A</code> places the piece in hand on c3 and gives ${piece(10)} <code>A</code>; <code>d4!</code> places on d4 and announces Quarto; <code>-7</code> is the opening give. A position is 17 characters: the 16 cells a1…d4 (a digit, or <code>.</code> when empty), then the piece in hand.</p>
</div>
</div>
</section>

<section class="card learn">
<h2>Your first puzzle</h2>
<div class="learn-row">
${raw(board(first.position, CLASSIC_RULES, "Your first puzzle"))}
<div>
<p>You hold ${piece(Number.parseInt(first.position[16], 16))} <code>${first.position[16]}</code>. Placed on the right cell, it completes a line whose four pieces share an attribute: find it.</p>
<p><a class="button primary" href="/puzzles?id=${first.id}">Solve it</a> <a class="button" href="/puzzles">More puzzles</a> <a class="button" href="/">Play a match</a></p>
</div>
</div>
</section>`;
  return page({ title: "Learn", body });
}
