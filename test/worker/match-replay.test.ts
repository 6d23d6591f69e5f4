/**
 * Records and replay over HTTP: GET /v1/matches/{id}/record in JSON and as one line of text, and
 * POST /v1/replay, which replays such a record exactly (every position) or says what is wrong with it.
 */
import { describe, expect, it } from "vitest";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { createMatch, DRAWN_GAME, getRecord, getState, ROW_QUARTO_SETUP, sendMove, tokenOf, bearer } from "./match-client.ts";

interface ReplayBody {
  valid: boolean;
  text: string;
  status: string;
  positions: { ply: number; seat: number | null; move: string | null; position: { string: string } }[];
  result: { winner: number | null; reason: string } | null;
}

describe("records", () => {
  it("the record replays exactly: every position the match went through", async () => {
    const created = await createMatch({ firstSeat: 1, clock: { kind: "move", moveMs: 60_000 } });
    const positions = [(await getState(created.id)).position.string];
    for (const [ply, text] of DRAWN_GAME.entries()) {
      await sendMove(created.id, tokenOf(created, ((ply + 1) % 2) as 0 | 1), ply, text);
      positions.push((await getState(created.id)).position.string);
    }
    const record = await getRecord(created.id);
    expect(record).toMatchObject({ id: created.id, firstSeat: 1, clock: { kind: "move", moveMs: 60_000 }, result: { winner: null, reason: "draw" } });
    expect(record.moves.map((move) => [move.ply, move.seat, move.text])).toEqual(DRAWN_GAME.map((text, ply) => [ply, (ply + 1) % 2, text]));
    for (const move of record.moves) expect(Number.isNaN(Date.parse(move.at))).toBe(false);
    const replay = await json200<ReplayBody>(postJson("/v1/replay", record));
    expect(replay).toMatchObject({ valid: true, status: "finished", result: { winner: null, reason: "draw" }, text: record.text });
    expect(replay.positions.map((step) => step.position.string)).toEqual(positions);
  });

  it("as one line of text: the start position, then the moves", async () => {
    const created = await createMatch();
    for (const [ply, text] of ROW_QUARTO_SETUP.entries()) await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, text);
    const response = await request(`/v1/matches/${created.id}/record?format=text`);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("................. -8 a1-9 b1-A c1-B\n");
    const replay = await json200<ReplayBody>(postJson("/v1/replay", { text: "................. -8 a1-9 b1-A c1-B" }));
    expect(replay).toMatchObject({ status: "ongoing", result: null });
    expect(replay.positions.at(-1)?.position.string).toBe("89A.............B");
  });

  it("a claimed match replays with its claim", async () => {
    const created = await createMatch({ rules: { announce: "manual" } });
    for (const [ply, text] of [...ROW_QUARTO_SETUP, "d1-0"].entries()) await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, text);
    await postJson(`/v1/matches/${created.id}/claim`, {}, bearer(tokenOf(created, 1)));
    const record = await getRecord(created.id);
    expect(record.result).toMatchObject({ winner: 1, reason: "claim" });
    expect(await json200<ReplayBody>(postJson("/v1/replay", record))).toMatchObject({ valid: true, result: { winner: 1, reason: "claim" } });
    // Under announce auto the same record is illegal: d1 wins at once, so it cannot also give a piece.
    await expectProblem(postJson("/v1/replay", { ...record, rules: { announce: "auto" } }), "move/give_not_allowed");
  });
});

describe("POST /v1/replay refusals", () => {
  const cases: [string, unknown, string, (string | number)[]][] = [
    ["neither text nor moves", { rules: {} }, "request/invalid", []],
    ["a text not starting at the start", { text: "0................ -8" }, "replay/bad_start", ["text"]],
    ["bad notation in text", { text: "................. -8 a1-9 q7" }, "replay/bad_notation", ["text"]],
    ["bad notation in moves", { moves: ["-8", "q7"] }, "replay/bad_notation", ["moves", 1]],
    ["an illegal move", { moves: ["-8", "a1-9", "a1-A"] }, "move/cell_occupied", ["moves", 2]],
    ["text and moves that disagree", { text: "................. -8", moves: ["-9"] }, "replay/record_mismatch", ["text"]],
    ["a wrong seat in a record", { moves: [{ move: { give: 8 }, seat: 1 }] }, "replay/record_mismatch", ["moves", 0]],
    ["a move after the end", { text: "................. -8 a1-9 b1-A c1-B d1 a2" }, "replay/moves_after_end", ["moves", 5]],
    [
      "a result that does not follow",
      { text: "................. -8 a1-9 b1-A c1-B d1", result: { winner: 1, reason: "quarto" } },
      "replay/result_mismatch",
      ["result"],
    ],
    ["more than 17 moves", { moves: Array.from({ length: 18 }, () => "-8") }, "request/invalid", ["moves"]],
  ];
  it.each(cases)("%s", async (_, body, code, path) => {
    const problem = await expectProblem(postJson("/v1/replay", body), code as never);
    expect(problem.errors?.[0]?.path).toEqual(path);
  });
});
