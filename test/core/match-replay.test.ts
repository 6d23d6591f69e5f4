/**
 * Replaying game records (src/match/replay.ts): every position of a valid record, the first fault of an
 * invalid one with its code and move index, and recorded results checked against the moves.
 */
import { describe, expect, it } from "vitest";
import { parseRecordText, type RecordedMove, replayRecord, type ReplayInput } from "../../src/match/replay.ts";
import { makePositionString, makeRules, parseMoveText } from "../../src/rules/index.ts";

const START = ".................";
const moves = (...texts: string[]): RecordedMove[] => texts.map((text) => ({ move: parseMoveText(text) ?? { give: -1 } }));
const ROW = ["-8", "a1-9", "b1-A", "c1-B"];
// A full classic game without a Quarto (see test/core/match.test.ts).
const DRAWN = "-1 c1-7 a3-2 d4-0 c3-9 a1-5 a2-4 a4-B b4-8 d3-3 b3-E b2-C b1-6 d1-F c4-A c2-D d2".split(" ");

function replay(input: Partial<ReplayInput> & { moves: RecordedMove[] }) {
  return replayRecord({ rules: makeRules(), firstSeat: 0, ...input });
}

const codeOf = (result: ReturnType<typeof replay>) => (result.ok ? "ok" : `${result.error.code}@${result.error.moveIndex ?? "-"}`);

describe("valid records", () => {
  it("answers every position, the start included", () => {
    const result = replay({ moves: moves(...ROW, "d1") });
    if (!result.ok) throw new Error(result.error.detail);
    expect(result.value.steps.map((step) => makePositionString(step.position))).toEqual([
      START,
      "................8",
      "8...............9",
      "89..............A",
      "89A.............B",
      "89AB.............",
    ]);
    expect(result.value.steps.map((step) => [step.ply, step.seat, step.move])).toEqual([
      [0, null, null],
      [1, 0, "-8"],
      [2, 1, "a1-9"],
      [3, 0, "b1-A"],
      [4, 1, "c1-B"],
      // The winning placement, sent as "d1", is written announced: one notation for every winning move.
      [5, 0, "d1!"],
    ]);
    expect(result.value.state.result).toMatchObject({ winner: 0, reason: "quarto" });
  });

  it("a drawn game, with firstSeat 1", () => {
    const result = replay({ moves: moves(...DRAWN), firstSeat: 1, result: { winner: null, reason: "draw" } });
    expect(result.ok && result.value.state.result).toMatchObject({ winner: null, reason: "draw" });
    expect(result.ok && result.value.steps.at(-1)?.seat).toBe(1);
  });

  it("parses the one-line text form", () => {
    const parsed = parseRecordText(`${START} -8 a1-9  b1-A\n`);
    expect(parsed).toEqual({ ok: true, value: [{ give: 8 }, { place: 0, give: 9 }, { place: 1, give: 10 }] });
    expect(parseRecordText(START)).toEqual({ ok: true, value: [] });
  });
});

describe("faults", () => {
  // Each case: the record, and the code with the index of the move at fault.
  const cases: [string, Partial<ReplayInput> & { moves: RecordedMove[] }, string][] = [
    ["an occupied cell", { moves: moves("-8", "a1-9", "a1-A") }, "move/cell_occupied@2"],
    ["a piece given twice", { moves: moves("-8", "a1-8") }, "move/piece_not_available@1"],
    ["a placement at the start", { moves: moves("a1-8") }, "move/place_not_allowed@0"],
    ["a move after the Quarto", { moves: moves(...ROW, "d1", "a2") }, "replay/moves_after_end@5"],
    ["a wrong ply", { moves: [{ move: { give: 8 }, ply: 1 }] }, "replay/record_mismatch@0"],
    ["a wrong seat", { moves: [{ move: { give: 8 }, seat: 1 }] }, "replay/record_mismatch@0"],
    ["text that is another move", { moves: [{ move: { give: 8 }, text: "-9" }] }, "replay/record_mismatch@0"],
    ["a draw that was a Quarto", { moves: moves(...ROW, "d1"), result: { winner: null, reason: "draw" } }, "replay/result_mismatch@-"],
    ["a Quarto for the wrong seat", { moves: moves(...ROW, "d1"), result: { winner: 1, reason: "quarto" } }, "replay/result_mismatch@-"],
    ["a Quarto the moves did not make", { moves: moves(...ROW), result: { winner: 0, reason: "quarto" } }, "replay/result_mismatch@-"],
    // After four moves seat 0 is to move: only seat 0 can lose on time.
    ["a timeout of the seat not to move", { moves: moves(...ROW), result: { winner: 0, reason: "timeout" } }, "replay/result_mismatch@-"],
    ["an abort after a placement", { moves: moves(...ROW), result: { winner: null, reason: "aborted" } }, "replay/result_mismatch@-"],
    ["a claim in auto mode", { moves: moves(...ROW, "d1"), result: { winner: 1, reason: "claim" } }, "replay/result_mismatch@-"],
  ];
  it.each(cases)("%s", (_, input, code) => {
    expect(codeOf(replay(input))).toBe(code);
  });

  it("a text record must begin at the start and hold moves", () => {
    const badStart = parseRecordText("0................ -8");
    const badMove = parseRecordText(`${START} -8 z9-A`);
    expect(badStart.ok ? "ok" : badStart.error.code).toBe("replay/bad_start");
    expect(badMove.ok ? "ok" : `${badMove.error.code}@${badMove.error.moveIndex}`).toBe("replay/bad_notation@1");
  });
});

describe("recorded results", () => {
  const manual = makeRules({ announce: "manual" });

  it("a claim is checked: the missed Quarto must still be claimable by the winner", () => {
    const missed = moves(...ROW, "d1-0");
    expect(codeOf(replay({ rules: manual, moves: missed, result: { winner: 1, reason: "claim" } }))).toBe("ok");
    expect(codeOf(replay({ rules: manual, moves: missed, result: { winner: 0, reason: "claim" } }))).toBe("replay/result_mismatch@-");
    expect(codeOf(replay({ rules: manual, moves: moves(...ROW, "d1-0", "a2-1"), result: { winner: 1, reason: "claim" } }))).toBe("replay/result_mismatch@-");
    const claimed = replay({ rules: manual, moves: missed, result: { winner: 1, reason: "claim" } });
    expect(claimed.ok && claimed.value.state.result?.shapes?.[0].cells).toEqual([0, 1, 2, 3]);
  });

  it("resignation, timeout, forfeit and abort end an open game", () => {
    const open = moves(...ROW);
    const endings = [
      { winner: 1, reason: "resignation" },
      { winner: 0, reason: "resignation" },
      { winner: 1, reason: "timeout" },
      { winner: 0, reason: "forfeit" },
    ] as const;
    for (const result of endings) {
      const replayed = replay({ moves: open, result });
      expect(replayed.ok && replayed.value.state.result, result.reason).toMatchObject(result);
    }
    expect(codeOf(replay({ moves: moves("-8"), result: { winner: null, reason: "aborted" } }))).toBe("ok");
    expect(codeOf(replay({ moves: open, result: { winner: null, reason: "resignation" } }))).toBe("replay/result_mismatch@-");
  });

  it("a cancellation ends the game at any ply, without a winner", () => {
    for (const plies of [0, 1, 4, 16]) {
      const cancelled = replay({ moves: moves(...DRAWN.slice(0, plies)), result: { winner: null, reason: "cancelled" } });
      expect(cancelled.ok && cancelled.value.state.result, `${plies} plies`).toMatchObject({ winner: null, reason: "cancelled" });
      expect(cancelled.ok && cancelled.value.state.status).toBe("finished");
    }
    expect(codeOf(replay({ moves: moves(...ROW), result: { winner: 1, reason: "cancelled" } }))).toBe("replay/result_mismatch@-");
    expect(codeOf(replay({ moves: moves(...ROW, "d1"), result: { winner: null, reason: "cancelled" } }))).toBe("replay/result_mismatch@-");
  });

  it("a null result is a game in progress: the moves must leave it open", () => {
    const ongoing = replay({ moves: moves(...ROW), result: null });
    expect(ongoing.ok && [ongoing.value.state.status, ongoing.value.state.result]).toEqual(["active", null]);
    expect(codeOf(replay({ moves: [], result: null }))).toBe("ok");
    const over = replay({ moves: moves(...ROW, "d1"), result: null });
    expect(over.ok ? "ok" : over.error).toEqual({
      code: "replay/result_mismatch",
      detail: "the record says the game is not over, but the moves end in quarto won by seat 0",
    });
  });
});
