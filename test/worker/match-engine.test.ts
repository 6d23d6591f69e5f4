/**
 * Engine seats: the server plays them on its own (an alarm set to now), within the node budget of
 * wrangler.toml, untimed, and always claims a missed Quarto it may claim. Games run to the end and
 * their records replay.
 */
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchView } from "../../src/wire/match-schemas.ts";
import type { StoredMatch } from "../../src/wire/match.ts";
import { availablePieces, completedShapes, emptyCells, makeRules, positionFromTrustedSetup, readPosition, type RulesInput } from "../../src/rules/index.ts";
import { postJson } from "./http.ts";
import { createMatch, getRecord, makeMoveText, sendMove, someLegalMove, stubOf, tokenOf, waitForState } from "./match-client.ts";

/** Waits for the engine to reply to the move at `ply` (or for the game to end). */
const engineReplied = (id: string, ply: number) => waitForState(id, (state) => state.status === "finished" || state.ply > ply + 1);

async function replayOf(id: string) {
  const record = await getRecord(id);
  const response = await postJson("/v1/replay", record);
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    record,
    replay: (await response.json()) as { valid: boolean; status: string; result: { winner: number | null; reason: string } | null; positions: unknown[] },
  };
}

describe("engine seats", () => {
  it("a person plays the engine to the end; the engine seat is untimed", async () => {
    const created = await createMatch({
      clock: { kind: "game", initialMs: 600_000, incrementMs: 0 },
      seats: [
        { kind: "human", take: true },
        { kind: "engine", level: "perfect" },
      ],
    });
    const token = tokenOf(created, 0);
    let state: MatchView = created.state;
    expect(state.seats[1]).toMatchObject({ kind: "engine", level: "perfect", taken: true });
    expect(state.status).toBe("active");
    while (state.status !== "finished") {
      expect(state.turn?.seat).toBe(0);
      const move = someLegalMove(state, {}, state.ply * 5);
      const response = await sendMove(created.id, token, state.ply, makeMoveText(move));
      expect(response.status, await response.clone().text()).toBe(200);
      state = await engineReplied(created.id, state.ply);
      if (state.status !== "finished") {
        expect(state.clocks.remainingMs[1]).toBeNull();
        expect(state.clocks.running).toBe(0);
      }
    }
    expect(["quarto", "draw"]).toContain(state.result?.reason);
    // The engine plays perfectly against a first-legal-move player: it does not lose.
    expect(state.result?.winner).not.toBe(0);
    for (const move of state.moves.filter((entry) => entry.seat === 1)) expect(move.elapsedMs).toBeGreaterThanOrEqual(0);
    const { replay } = await replayOf(created.id);
    expect(replay).toMatchObject({ valid: true, status: "finished", result: { winner: state.result?.winner, reason: state.result?.reason } });
    expect(replay.positions).toHaveLength(state.moves.length + 1);
  });

  it("two engine seats play a whole match on their own", async () => {
    const created = await createMatch({
      seats: [
        { kind: "engine", level: "random" },
        { kind: "engine", level: "easy", maxNodes: 5000 },
      ],
    });
    expect(created.tokens).toEqual([]);
    const state = await waitForState(created.id, (view) => view.status === "finished", 20_000);
    expect(state.moves.length).toBeGreaterThanOrEqual(5); // the earliest Quarto: the opening give and four placements
    expect(state.moves.map((move) => move.seat)).toEqual(state.moves.map((_, ply) => ply % 2));
    const { replay } = await replayOf(created.id);
    expect(replay).toMatchObject({ valid: true, status: "finished" });
  });

  it("an engine seat's node budget comes from wrangler.toml, bounded by ENGINE_MAX_NODES", async () => {
    const created = await createMatch({
      seats: [
        { kind: "engine", level: "hard" },
        { kind: "engine", level: "hard", maxNodes: Number(env.ENGINE_MAX_NODES) },
      ],
      firstSeat: 0,
    });
    const stored = await runInDurableObject(stubOf(created.id), (_instance, state) => state.storage.kv.get<StoredMatch>("match") as StoredMatch);
    expect(stored.state.seats?.map((seat) => (seat.kind === "engine" ? seat.maxNodes : null))).toEqual([
      Number(env.ENGINE_DEFAULT_NODES),
      Number(env.ENGINE_MAX_NODES),
    ]);
    expect(stored.state.config.untimedSeats).toEqual([0, 1]);
    await waitForState(created.id, (view) => view.status === "finished", 30_000);
  });

  it("an engine always claims a Quarto its opponent completed without announcing it", async () => {
    const rulesInput: RulesInput = { announce: "manual" };
    const rules = makeRules(rulesInput);
    let claimed: MatchView | null = null;
    for (let attempt = 0; attempt < 12 && claimed === null; attempt++) {
      const created = await createMatch({
        rules: rulesInput,
        seats: [
          { kind: "human", take: true },
          { kind: "engine", level: "random" },
        ],
      });
      const token = tokenOf(created, 0);
      let state: MatchView = created.state;
      while (state.status === "active" && claimed === null) {
        const position = readPosition(state.position.string, rules);
        if (!position.ok) throw new Error(position.error.detail);
        const board = position.value;
        const gives = availablePieces(board);
        // Look for a placement that completes a Quarto and still leaves a piece to give.
        const missed =
          board.inHand === null || gives.length === 0
            ? undefined
            : emptyCells(board).find((cell) => {
                const placed = [...board.board];
                placed[cell] = board.inHand;
                return completedShapes(positionFromTrustedSetup({ board: placed, inHand: null }), rules, cell).length > 0;
              });
        const move = missed === undefined ? someLegalMove(state, rulesInput, state.ply * 3) : { place: missed, give: gives[0] };
        if (missed === undefined && move.quarto) break; // this game would be won by announcing: start another
        const response = await sendMove(created.id, token, state.ply, makeMoveText(move));
        expect(response.status, await response.clone().text()).toBe(200);
        state = await engineReplied(created.id, state.ply);
        if (missed !== undefined) {
          expect(state.result).toMatchObject({ winner: 1, reason: "claim" });
          claimed = state;
        }
      }
    }
    expect(claimed, "no game reached an unannounced Quarto").not.toBeNull();
    const { replay } = await replayOf((claimed as MatchView).id);
    expect(replay.result).toMatchObject({ winner: 1, reason: "claim" });
  });
});
