/**
 * Cancelling a tournament, at its edges. The bots of the games it cuts off hear of it (an end notice,
 * outcome `aborted` with reason `cancelled`), and a connected bot's open request closes (an answer is
 * then refused as closed, not taken). A game whose match ended on the board just before the
 * cancellation reached it keeps its result and counts in the standings.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { answer, answerOf, bearer, registerConnected, Stream, type StreamEvent } from "./connected-client.ts";
import { json200, request } from "./http.ts";
import { createTournament, getTournament, matchStubOf, registerFleetBot, tournamentStub } from "./tournament-client.ts";

let fleet: Fleet;
beforeEach(() => {
  fleet = installFleet({ seated: goodBot() });
});
afterEach(() => fleet.restore());

const cancel = (id: string, token: string) => json200<Awaited<ReturnType<typeof getTournament>>>(request(`/v1/tournaments/${id}/cancel`, { method: "POST", headers: bearer(token) }));

describe("cancelling a tournament", () => {
  it("a connected bot's open request closes and it gets an end notice; so does a webhook bot", async () => {
    const linked = await registerConnected();
    const stream = await Stream.open(linked);
    const webhook = await registerFleetBot(fleet, "seated");
    const created = await createTournament({ bots: [linked.id, webhook], gamesPerPair: 2, clock: { kind: "move", moveMs: 20_000 }, seed: 4 });
    const move = await stream.nextMove();
    if (move === null) throw new Error("no move request");
    const cancelled = await cancel(created.id, created.token);
    expect(cancelled.status).toBe("cancelled");
    let end: StreamEvent | null = null;
    while (end === null) {
      const event = await stream.next();
      if (event === null) throw new Error("the stream ended");
      if (event.type === "end") end = event;
    }
    expect(end).toMatchObject({ notice: { matchId: move.request.matchId, outcome: "aborted", reason: "cancelled" } });
    const late = await answer(linked, move.requestId, answerOf(move));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("connection/request_closed");
    const ends = fleet.calls.filter((call) => call.bot === "seated" && call.path === "/end").map((call) => JSON.parse(call.body));
    expect(ends).toContainEqual(expect.objectContaining({ matchId: move.request.matchId, outcome: "aborted", reason: "cancelled" }));
    await stream.drop();
  });

  it("a game that ended on the board just before the cancellation keeps its result and counts", async () => {
    const created = await createTournament({ bots: ["random", "easy"], gamesPerPair: 2, clock: { kind: "move", moveMs: 60_000 }, seed: 9 });
    const stub = tournamentStub(created.id);
    let view = created.state;
    for (let steps = 0; steps < 20 && !view.games.some((game) => game.status === "playing" && game.matchId !== null); steps++) {
      await runDurableObjectAlarm(stub);
      view = await getTournament(created.id);
    }
    const playing = view.games.find((game) => game.status === "playing" && game.matchId !== null);
    if (!playing?.matchId) throw new Error("no game in play");
    // The match ends (a resignation) where the tournament has not read it yet: no alarm of its runs meanwhile.
    await runInDurableObject(stub, (_instance, state) => state.storage.deleteAlarm());
    const state = await matchStubOf(playing.matchId).botState();
    if (!state.ok) throw new Error("no match");
    const ply = state.value.moves.length;
    const resigned = await matchStubOf(playing.matchId).botAct(ply, { type: "resign", seat: 0, at: Date.now() });
    expect(resigned.ok).toBe(true);
    const cancelled = await cancel(created.id, created.token);
    const game = cancelled.games.find((candidate) => candidate.gameId === playing.gameId);
    expect(game).toMatchObject({ status: "finished", result: { reason: "resignation" } });
    expect(cancelled.standings.reduce((sum, row) => sum + row.games, 0)).toBe(2 * cancelled.progress.finished);
    expect(cancelled.progress.finished).toBeGreaterThanOrEqual(1);
  });
});
