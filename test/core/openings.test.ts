/**
 * Openings: the built-in suites are what their generator says (legal, distinct, exact draws for the
 * player to move with the drawing-move counts recorded, made for their variant), and a caller's
 * openings are read from game records and position strings (a position becomes the record that places
 * its pieces in cell order, which replays to it), with every bad line refused with its line number.
 */
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { CLASSIC_RULES, makeRules, readPosition } from "../../src/rules/index.ts";
import { newMatch } from "../../src/match/machine.ts";
import { movesToPosition, OPENING_SUITES, parseOpenings, suiteProblem } from "../../src/tournament/openings.ts";
import classicData from "../../src/tournament/openings/classic.json" with { type: "json" };
import squaresData from "../../src/tournament/openings/squares.json" with { type: "json" };

const positionAfter = (moves: string[], rules = CLASSIC_RULES) =>
  newMatch({ rules, clock: { kind: "none" }, firstSeat: 0, opening: { name: "t", moves } }, 0).position;

describe("the built-in suites", () => {
  for (const data of [classicData, squaresData]) {
    const rules = makeRules(data.rules);
    it(`${data.name}: legal, distinct openings of the recorded depth, made for its variant`, () => {
      const suite = OPENING_SUITES[data.name];
      expect(suite.openings.length).toBe(data.generator.count);
      expect(suiteProblem(suite, rules)).toBeNull();
      expect(suiteProblem(suite, makeRules({ squares: !data.rules.squares }))).toMatch(/is for/);
      expect(new Set(data.openings.map((opening) => opening.position)).size).toBe(data.openings.length);
      for (const opening of data.openings) {
        expect(opening.moves).toHaveLength(data.generator.plies);
        expect(positionAfter(opening.moves, rules)).toBe(opening.position);
        expect(opening.drawingMoves).toBeGreaterThan(0);
        expect(opening.drawingMoves).toBeLessThan(opening.legalMoves);
      }
      // Chosen in order: the smallest share of drawing moves first.
      const shares = data.openings.map((opening) => opening.drawingMoves / opening.legalMoves);
      expect(shares).toEqual([...shares].sort((a, b) => a - b));
    });

    it(`${data.name}: its first openings are exact draws with the recorded number of drawing moves`, () => {
      for (const opening of data.openings.slice(0, 3)) {
        const position = readPosition(opening.position, rules);
        if (!position.ok) throw new Error(position.error.detail);
        const evaluation = evaluate(position.value, rules, { maxNodes: data.generator.maxNodes, moves: true });
        expect(evaluation.value).toBe("draw");
        expect(evaluation.moves?.length).toBe(opening.legalMoves);
        expect(evaluation.moves?.filter((move) => move.value === "draw").length).toBe(opening.drawingMoves);
        expect(evaluation.moves?.some((move) => move.value === "win")).toBe(false);
      }
    });
  }
});

describe("a caller's openings", () => {
  it("a position string becomes the record that places its pieces in cell order and replays to it", () => {
    const reached = movesToPosition("8........2.....14", CLASSIC_RULES);
    expect(reached).toEqual({ ok: true, moves: ["-8", "a1-2", "b3-1", "d4-4"] });
    if (reached.ok) expect(positionAfter(reached.moves)).toBe("8........2.....14");
    expect(movesToPosition(".................", CLASSIC_RULES)).toEqual({ ok: true, moves: [] });
    expect(movesToPosition("................5", CLASSIC_RULES)).toEqual({ ok: true, moves: ["-5"] });
    // Under squares this board has a 2x2 square of tall pieces (a1 b1 a2 b2): not a start.
    expect(movesToPosition("89..CD..........1", CLASSIC_RULES).ok).toBe(true);
    expect(movesToPosition("89..CD..........1", makeRules({ squares: true }))).toEqual({ ok: false, detail: "the board already has a Quarto" });
    expect(movesToPosition("8........2.....1.", CLASSIC_RULES)).toMatchObject({ ok: false, detail: expect.stringMatching(/piece in hand/) });
    expect(movesToPosition("8x.......2.....14", CLASSIC_RULES).ok).toBe(false);
  });

  it("reads records and positions line by line, skipping blanks and comments, naming each by its line", () => {
    const text = ["# two openings", "................. -8 a1-2 b3-1 d4-4", "", "89..CD..........1"].join("\n");
    const parsed = parseOpenings(text, CLASSIC_RULES, "mine");
    expect(parsed).toEqual({
      ok: true,
      openings: [
        { name: "mine/2", moves: ["-8", "a1-2", "b3-1", "d4-4"] },
        { name: "mine/4", moves: ["-8", "a1-9", "b1-C", "a2-D", "b2-1"] },
      ],
    });
  });

  it("refuses a bad line with its number: bad notation, an illegal move, a finished game, nothing at all", () => {
    expect(parseOpenings("................. -8 a1-2\n................. -8 zz", CLASSIC_RULES, "f")).toMatchObject({ ok: false, line: 2 });
    expect(parseOpenings("................. -8 a1-8", CLASSIC_RULES, "f")).toMatchObject({ ok: false, line: 1, detail: expect.stringMatching(/a1-8/) });
    expect(parseOpenings("................. -8 a1-9 b1-A c1-B d1", CLASSIC_RULES, "f")).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/ends the game/),
    });
    expect(parseOpenings("0A3.5..C.9......E", CLASSIC_RULES, "f").ok).toBe(true);
    expect(parseOpenings("# nothing\n\n", CLASSIC_RULES, "f")).toMatchObject({ ok: false, detail: expect.stringMatching(/no opening/) });
  });
});
