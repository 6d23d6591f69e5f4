/**
 * Openings: the built-in suites (data in openings/, one JSON file per suite: the balanced `classic` and
 * `squares`, exact draws written by scripts/openings.ts, and the unbalanced `classic-unbalanced` and
 * `squares-unbalanced`, exact wins for the player to move written by scripts/unbalanced-openings.ts)
 * and a caller's own, given as game records or position strings, one per line. A position string has
 * no history, so it is recorded as the game that reaches it with its pieces placed in cell order (a1,
 * b1, ... d4), each given just before it is placed, the piece in hand given last: its board has no
 * Quarto, so neither has any part of it, every move is legal and the record replays to that position.
 */
import { makeMoveText, parsePositionString, positionFromTrustedSetup, type Rules, START_POSITION_STRING, completedShapes } from "../rules/index.ts";
import { type MatchOpening, openingError, parseRecordText } from "../match/index.ts";
import classic from "./openings/classic.json" with { type: "json" };
import classicUnbalanced from "./openings/classic-unbalanced.json" with { type: "json" };
import squares from "./openings/squares.json" with { type: "json" };
import squaresUnbalanced from "./openings/squares-unbalanced.json" with { type: "json" };

export interface OpeningSuite {
  name: string;
  /**
   * The variant the suite was made for (four attributes): its positions are exact draws under these rules
   * (a balanced suite) or exact wins for the player to move (an unbalanced one, `-unbalanced`).
   */
  rules: { squares: boolean };
  description: string;
  openings: MatchOpening[];
}

const suiteOf = (data: { name: string; rules: { squares: boolean }; description: string; openings: { name: string; moves: string[] }[] }): OpeningSuite => ({
  name: data.name,
  rules: data.rules,
  description: data.description,
  openings: data.openings.map(({ name, moves }) => ({ name, moves })),
});

/** The built-in suites by name. */
export const OPENING_SUITES: Readonly<Record<string, OpeningSuite>> = {
  classic: suiteOf(classic),
  squares: suiteOf(squares),
  "classic-unbalanced": suiteOf(classicUnbalanced),
  "squares-unbalanced": suiteOf(squaresUnbalanced),
};
export const OPENING_SUITE_NAMES = Object.keys(OPENING_SUITES);

/** Why a built-in suite does not fit these rules (a board made without squares may hold one), or null. */
export function suiteProblem(suite: OpeningSuite, rules: Rules): string | null {
  if (suite.rules.squares !== rules.squares) return `the suite ${suite.name} is for ${suite.rules.squares ? "the squares variant" : "play without squares"}`;
  for (const opening of suite.openings) {
    const error = openingError(opening.moves, rules);
    if (error) return `opening ${opening.name}: ${error}`;
  }
  return null;
}

/** The moves that reach a position string (see the header), or why it cannot start a game. */
export function movesToPosition(text: string, rules: Rules): { ok: true; moves: string[] } | { ok: false; detail: string } {
  const setup = parsePositionString(text);
  if (!setup.ok) return { ok: false, detail: setup.error.detail };
  const position = positionFromTrustedSetup(setup.value);
  const cells = setup.value.board.flatMap((piece, cell) => (piece === null ? [] : [cell]));
  if (cells.length === 0 && setup.value.inHand === null) return { ok: true, moves: [] };
  if (setup.value.inHand === null) return { ok: false, detail: "a position to start from has a piece in hand (only the empty board has none)" };
  if (completedShapes(position, rules).length > 0) return { ok: false, detail: "the board already has a Quarto" };
  const pieces = cells.map((cell) => setup.value.board[cell] as number);
  const moves = [makeMoveText({ give: pieces[0] ?? setup.value.inHand })];
  cells.forEach((cell, index) => {
    moves.push(makeMoveText({ place: cell, give: pieces[index + 1] ?? setup.value.inHand }));
  });
  const error = openingError(moves, rules);
  return error ? { ok: false, detail: error } : { ok: true, moves };
}

/**
 * A built-in suite's opening by its name (`classic/07`), checked under `rules`; null when `text` does not
 * have the form of such a name (suite/number).
 */
export function suiteOpening(text: string, rules: Rules): { ok: true; opening: MatchOpening } | { ok: false; detail: string } | null {
  const name = /^([a-z][a-z0-9-]*)\/\d+$/.exec(text);
  if (!name) return null;
  const suite = Object.hasOwn(OPENING_SUITES, name[1]) ? OPENING_SUITES[name[1]] : undefined;
  const opening = suite?.openings.find((candidate) => candidate.name === text);
  if (!suite || !opening)
    return { ok: false, detail: `there is no built-in opening '${text}' (the suites are ${OPENING_SUITE_NAMES.join(", ")}, their openings numbered from 01)` };
  if (suite.rules.squares !== rules.squares)
    return { ok: false, detail: `the opening ${text} is for ${suite.rules.squares ? "the squares variant" : "play without squares"}` };
  const error = openingError(opening.moves, rules);
  return error ? { ok: false, detail: `opening ${text}: ${error}` } : { ok: true, opening };
}

/**
 * Openings from text: one per line, a built-in suite's opening by name (`classic/07`, keeping its name),
 * a game record (`................. -8 a1-9 b1-A`) or a position string (`8.9A............B`); blank lines
 * and lines starting with `#` are skipped. Each is checked under `rules`; records and positions are
 * named `<name>/<line>`.
 */
export function parseOpenings(text: string, rules: Rules, name: string): { ok: true; openings: MatchOpening[] } | { ok: false; line: number; detail: string } {
  const openings: MatchOpening[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const words = line.split(/\s+/);
    const named = words.length === 1 ? suiteOpening(words[0], rules) : null;
    if (named && !named.ok) return { ok: false, line: index + 1, detail: named.detail };
    if (named) {
      openings.push(named.opening);
      continue;
    }
    let moves: string[];
    if (words.length === 1 && words[0] !== START_POSITION_STRING) {
      const reached = movesToPosition(words[0], rules);
      if (!reached.ok) return { ok: false, line: index + 1, detail: reached.detail };
      moves = reached.moves;
    } else {
      const parsed = parseRecordText(line);
      if (!parsed.ok) return { ok: false, line: index + 1, detail: parsed.error.detail };
      moves = parsed.value.map(makeMoveText);
      const error = openingError(moves, rules);
      if (error) return { ok: false, line: index + 1, detail: error };
    }
    openings.push({ name: `${name}/${index + 1}`, moves });
  }
  if (openings.length === 0) return { ok: false, line: lines.length, detail: "no opening in it: give one game record or position string per line" };
  return { ok: true, openings };
}
