/**
 * A deleted connected bot keeps playing what it was already entered in, as a webhook bot does: its
 * link keeps its last token, so it connects (again) and answers with it, and its tournament ends with
 * no forfeit. Nothing new can take it: the registry no longer has it, and the tournament form refuses it.
 */
import { describe, expect, it } from "vitest";
import { answer, answerOf, bearer, registerConnected, Stream, sleep } from "./connected-client.ts";
import { request } from "./http.ts";
import { createTournament, getTournament } from "./tournament-client.ts";

describe("a connected bot deleted while its tournament runs", () => {
  it("connects and answers with its last token until the tournament ends, with no forfeit; nothing new enters it", async () => {
    const bot = await registerConnected();
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 5 });
    const deleted = await request(`/v1/bots/${bot.id}`, { method: "DELETE", headers: bearer(bot.token) });
    expect(deleted.status).toBe(200);
    expect((await request(`/v1/bots/${bot.id}`)).status).toBe(404);
    // It connects after its deletion (it had never connected before), and plays on.
    const stream = await Stream.open(bot);
    let pending: ReturnType<Stream["nextMove"]> | null = null;
    for (;;) {
      const view = await getTournament(created.id);
      if (view.status !== "running") break;
      pending ??= stream.nextMove();
      const event = await Promise.race([pending, sleep(2_000).then(() => "idle" as const)]);
      if (event === "idle") continue;
      pending = null;
      if (event === null) throw new Error("the stream ended");
      const taken = await answer(bot, event.requestId, answerOf(event));
      expect([200, 409]).toContain(taken.status);
    }
    await stream.drop();
    const view = await getTournament(created.id);
    expect(view.status).toBe("finished");
    for (const game of view.games) {
      expect(game.status).toBe("finished");
      expect(game.result?.forfeitCode ?? null, `${game.gameId}: ${game.result?.detail ?? ""}`).toBeNull();
    }
    // A new tournament cannot enter it.
    const again = await request("/v1/tournaments", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ bots: [bot.id, "random"] }),
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    // A wrong token still gets nothing from its link.
    expect((await request(`/v1/bots/${bot.id}/events?wait=1`, { headers: bearer("not-its-token") })).status).toBe(404);
  });
});
