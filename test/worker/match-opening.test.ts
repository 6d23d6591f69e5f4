/**
 * Hosted matches from an opening: `opening` on POST /v1/matches takes a built-in suite's
 * opening by name, a game record or a position string; its moves are played at creation, charged to no
 * clock, kept as the record's first moves, and the match state names it. A bad opening is a 422
 * request/invalid naming the field, and creates nothing.
 */
import { describe, expect, it } from "vitest";
import { makeRules } from "../../src/rules/index.ts";
import { OPENING_SUITES, parseOpenings } from "../../src/tournament/index.ts";
import type { MatchView } from "../../src/wire/match-schemas.ts";
import { json200, postJson, problemOf, request } from "./http.ts";
import { createMatch, getRecord, makeMoveText, sendMove, someLegalMove, tokenOf, waitForState } from "./match-client.ts";

const classic01 = OPENING_SUITES.classic.openings[0];

describe("a hosted match from an opening", () => {
  it("starts from a built-in opening by name: its moves are the record's first, by no clock, and the state names it", async () => {
    const created = await createMatch({
      opening: classic01.name,
      firstSeat: 0,
      clock: { kind: "game", initialMs: 60_000, incrementMs: 0 },
      seats: [
        { kind: "human", take: true },
        { kind: "human", take: true },
      ],
    });
    const state = created.state;
    expect(state.opening).toEqual({ name: classic01.name, plies: classic01.moves.length });
    expect(state.ply).toBe(classic01.moves.length);
    expect(state.moves.map((move) => move.text)).toEqual(classic01.moves);
    for (const move of state.moves) expect(move.elapsedMs).toBe(0);
    // Both clocks are whole: the opening charged nobody.
    expect(state.clocks.remainingMs).toEqual([60_000, 60_000]);
    // The seat to move follows the record's parity from firstSeat.
    expect(state.turn?.seat).toBe(classic01.moves.length % 2);
    // Play on from it: the seat to move moves, and the record replays to the same position.
    const seat = state.turn?.seat as 0 | 1;
    const move = someLegalMove(state, {}, 1);
    const moved = await sendMove(created.id, tokenOf(created, seat), state.ply, makeMoveText(move));
    expect(moved.status, await moved.clone().text()).toBe(200);
    const record = await getRecord(created.id);
    const replay = await json200<{ valid: boolean; positions: unknown[] }>(postJson("/v1/replay", record));
    expect(replay.valid).toBe(true);
    expect(replay.positions).toHaveLength(classic01.moves.length + 2);
    // The match page says where the game started.
    const page = await (await request(`/matches/${created.id}`)).text();
    expect(page).toContain(`from the opening <b>${classic01.name}</b> (its ${classic01.moves.length} moves come first)`);
    // Its move list credits the opening's moves to the opening, the move played after them to its seat.
    const movers = [...page.matchAll(/<span class="ply">(\d+)\.<\/span> (.*?) <code>/g)].map((match) => match[2]);
    expect(movers).toHaveLength(classic01.moves.length + 1);
    expect(movers.slice(0, classic01.moves.length).every((mover) => mover === `<span class="muted">Opening</span>`)).toBe(true);
    expect(movers[classic01.moves.length]).toBe(`Player ${seat + 1}`);
  });

  it("takes a game record or a position string, named `opening`, read as tournaments read them", async () => {
    const rules = makeRules({});
    for (const text of ["................. -8 a1-9 b2-3", "8.9A............B"]) {
      const read = parseOpenings(text, rules, "x");
      if (!read.ok) throw new Error(read.detail);
      const created = await createMatch({
        opening: text,
        seats: [
          { kind: "human", take: true },
          { kind: "human", take: true },
        ],
      });
      expect(created.state.opening).toEqual({ name: "opening", plies: read.openings[0].moves.length });
      expect(created.state.moves.map((move) => move.text)).toEqual(read.openings[0].moves);
      if (!text.includes(" ")) expect(created.state.position.string).toBe(text);
    }
  });

  it("a suite's name alone draws one of its openings by lot", async () => {
    const names = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const created = await createMatch({ opening: "squares", rules: { squares: true } });
      const drawn = OPENING_SUITES.squares.openings.find((opening) => opening.name === created.state.opening?.name);
      expect(drawn, JSON.stringify(created.state.opening)).toBeDefined();
      expect(created.state.moves.map((move) => move.text)).toEqual(drawn?.moves);
      names.add(created.state.opening?.name as string);
    }
    // Six draws from a suite of dozens are not all the same opening.
    expect(names.size).toBeGreaterThan(1);
    const refused = await problemOf(postJson("/v1/matches", { opening: "squares" }));
    expect(refused).toMatchObject({ status: 422, code: "request/invalid" });
    expect(refused.detail).toMatch(/squares variant/);
  });

  it("an engine seat plays on from the opening", async () => {
    const created = await createMatch({
      opening: classic01.name,
      firstSeat: 1,
      seats: [
        { kind: "human", take: true },
        { kind: "engine", level: "easy" },
      ],
    });
    // classic/01 has an even number of moves, so firstSeat (the engine) moves first after it.
    expect(classic01.moves.length % 2).toBe(0);
    const state: MatchView = await waitForState(created.id, (view) => view.ply > classic01.moves.length);
    expect(state.moves[classic01.moves.length].seat).toBe(1);
    expect(state.opening?.plies).toBe(classic01.moves.length);
  });

  it.each([
    ["an unknown built-in opening", "classic/99", /no built-in opening 'classic\/99'/],
    ["a built-in opening of the other variant", "squares/01", /for the squares variant/],
    ["a record that ends the game", "................. -0 a1-1 b1-2 c1-3 d1!", /ends the game|Quarto/],
    ["an illegal record", "................. -0 a1-0", /./],
    ["a position with a Quarto on the board", "0123............4", /Quarto/],
    ["a line that is no opening", "hello", /./],
  ])("%s is refused with 422 request/invalid at `opening`, and no match is created", async (_, opening, detail) => {
    const response = await postJson("/v1/matches", { opening });
    const problem = await problemOf(response);
    expect(problem.status).toBe(422);
    expect(problem.code).toBe("request/invalid");
    expect(problem.errors?.[0].path).toEqual(["opening"]);
    expect(problem.detail).toMatch(detail);
    expect(response.headers.get("Location")).toBeNull();
  });
});
