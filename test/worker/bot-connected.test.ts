/**
 * Connected bots: a bot registered with `connection: stream` has no URL; it reads its event stream
 * (`GET /v1/bots/{id}/events`, NDJSON, or a long poll with `?wait=`) and answers with
 * `POST /v1/bots/{id}/moves/{requestId}`. It plays a whole tournament; its stream dropped in the middle
 * of a game and opened again brings the open request again and the game goes on with no forfeit; the
 * open request survives the eviction of its link object (storage is the truth); a bot not connected
 * when its game starts has the game aborted and replayed once.
 */
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MoveRequest } from "../../src/bots/index.ts";
import { examples } from "../../src/wire/index.ts";
import { answer, answerOf, bearer, type Connected, fresh, linkStub, type MoveEvent, registerConnected, Stream, type StreamEvent, sleep, waitFor } from "./connected-client.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { createTournament, getTournament } from "./tournament-client.ts";

describe("registration and the stream", () => {
  it("registers by name with no URL and no call; the views say whether it is connected; a webhook bot has no events", async () => {
    const bot = await registerConnected();
    expect(bot).toMatchObject({ connection: "stream", url: null, connected: false, lastSeen: null });
    expect(bot.secret).toMatch(/^whsec_/);
    await expectProblem(postJson("/v1/bots", { name: fresh("x"), connection: "stream", url: "http://a.bots.test" }), "request/invalid");
    await expectProblem(postJson("/v1/bots", { name: fresh("x") }), "request/invalid");
    await expectProblem(request(`/v1/bots/${bot.id}/events`), "registry/token_required");
    await expectProblem(request(`/v1/bots/${bot.id}/events`, { headers: bearer("wrong") }), "registry/wrong_token");

    const stream = await Stream.open(bot);
    expect(await stream.next()).toEqual({ type: "keepAlive" });
    const shown = await json200<Connected>(request(`/v1/bots/${bot.id}`));
    expect(shown).toMatchObject({ connection: "stream", connected: true });
    expect(Date.parse(shown.lastSeen as string)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await json200<{ bots: Connected[] }>(request("/v1/bots?limit=200"));
    expect(listed.bots.find((entry) => entry.id === bot.id)).toMatchObject({ connected: true });

    // One stream per bot: a new one ends the old.
    const second = await Stream.open(bot);
    expect(await second.next()).toEqual({ type: "keepAlive" });
    expect(await stream.next()).toBeNull();
    await second.drop();
  });

  it("answers a move request once: unknown or closed requests are problems", async () => {
    const bot = await registerConnected();
    await expectProblem(answer(bot, "nothing-0", { give: 0 }), "connection/request_not_found");
    const stream = await Stream.open(bot);
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 3 });
    const move = await stream.nextMove();
    expect(move).not.toBeNull();
    const event = move as MoveEvent;
    expect(event.requestId).toBe(`${event.request.matchId}-${event.request.ply}`);
    const taken = await json200(answer(bot, event.requestId, answerOf(event)));
    expect(taken).toEqual({ accepted: true, requestId: event.requestId });
    const again = await expectProblem(answer(bot, event.requestId, answerOf(event)), "connection/request_closed");
    expect(again.detail).toMatch(/answered already/);
    await stream.drop();
    expect((await request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: bearer(created.token) })).status).toBe(200);
  });

  it("answers go by the token the stream connected with; once the token is rotated, the old one is refused", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    expect(await stream.next()).toEqual({ type: "keepAlive" });
    await expectProblem(answer(bot, "nothing-0", { give: 0 }), "connection/request_not_found");
    const rotated = await json200<{ token: string }>(request(`/v1/bots/${bot.id}/rotate`, { method: "POST", headers: bearer(bot.token) }));
    await expectProblem(answer(bot, "nothing-0", { give: 0 }), "registry/wrong_token");
    await expectProblem(answer({ ...bot, token: rotated.token }, "nothing-0", { give: 0 }), "connection/request_not_found");
    await stream.drop();
  });

  it("the long poll answers the open requests at once, or nothing after `wait`", async () => {
    const bot = await registerConnected();
    const started = Date.now();
    expect(await json200(request(`/v1/bots/${bot.id}/events?wait=1`, { headers: bearer(bot.token) }))).toEqual({ events: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Just polled: the bot counts as connected, so its game starts.
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 5 });
    const polled = await waitFor(
      () => json200<{ events: StreamEvent[] }>(request(`/v1/bots/${bot.id}/events?wait=5`, { headers: bearer(bot.token) })),
      (page) => page.events.length > 0,
      "a move event",
    );
    expect(polled.events[0].type).toBe("move");
    // Asked again before answering: the same open request.
    const repeat = await json200<{ events: MoveEvent[] }>(request(`/v1/bots/${bot.id}/events?wait=5`, { headers: bearer(bot.token) }));
    expect(repeat.events[0].requestId).toBe((polled.events[0] as MoveEvent).requestId);
    await json200(answer(bot, repeat.events[0].requestId, answerOf(repeat.events[0])));
    expect((await request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: bearer(created.token) })).status).toBe(200);
  });
});

describe("a connected bot in a tournament", () => {
  it("plays a whole tournament; a stream dropped mid-game loses nothing, and nothing is forfeited", async () => {
    const bot = await registerConnected();
    let stream = await Stream.open(bot);
    const created = await createTournament({ bots: [bot.id, "random", "easy"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 11 });
    const ends: StreamEvent[] = [];
    let answered = 0;
    let dropped = false;
    let pending: Promise<MoveEvent | null> | null = null;
    for (;;) {
      const view = await getTournament(created.id);
      if (view.status !== "running") break;
      // One read in flight at a time, kept across turns of the loop (a read given up on would lose its event).
      pending ??= stream.nextMove(ends);
      const event = await Promise.race([pending, sleep(2_000).then(() => "idle" as const)]);
      if (event === "idle") continue;
      pending = null;
      if (event === null) throw new Error("the stream ended");
      if (answered === 3 && !dropped) {
        // Drop the stream with the request open, and connect again: it comes first.
        dropped = true;
        await stream.drop();
        stream = await Stream.open(bot);
        const replayed = await stream.nextMove(ends);
        expect(replayed?.requestId).toBe(event.requestId);
      }
      const taken = await answer(bot, event.requestId, answerOf(event));
      if (taken.status === 200) answered++;
      else await expectProblem(taken, "connection/request_closed");
    }
    await stream.drop();
    const view = await getTournament(created.id);
    expect(view.status).toBe("finished");
    expect(dropped).toBe(true);
    const name = view.bots.find((entry) => entry.botId === bot.id)?.name;
    const mine = view.games.filter((game) => game.first === name || game.second === name);
    expect(mine.length).toBe(4);
    for (const game of view.games) {
      expect(game.status).toBe("finished");
      expect(game.result?.forfeitCode ?? null, `${game.gameId}: ${game.result?.detail ?? ""}`).toBeNull();
      expect(game.abortedAttempts).toEqual([]);
    }
    expect(ends.length).toBeGreaterThan(0);
  });

  it("an open request is in storage: asked again after its link object was evicted, it is sent again, and an answer given meanwhile is found", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    expect(await stream.next()).toEqual({ type: "keepAlive" });
    const link = linkStub(bot.id);
    const moveRequest = { ...examples.bots.moveRequest, matchId: `m${Math.random().toString(36).slice(2, 12)}` } as unknown as MoveRequest;
    // The ask times out (nobody answers): the request closes, and the tournament would flag the bot.
    expect(await link.ask("linked", moveRequest, 300)).toMatchObject({ ok: false, code: "bot/timeout" });
    const first = (await stream.nextMove()) as MoveEvent;
    // The same turn asked again (the tournament restarted the clock after a lost invocation): open again, sent again.
    const again = link.ask("linked", moveRequest, 5_000);
    const resent = (await stream.nextMove()) as MoveEvent;
    expect(resent.requestId).toBe(first.requestId);
    await json200(answer(bot, resent.requestId, { place: 10, give: 3 }));
    // Taken through its POST: the call log shows that status.
    expect(await again).toEqual({ ok: true, answer: { place: 10, give: 3 }, status: 200 });
    // Nothing waits in memory now: after an eviction, the stored answer is what the same ask gets, at once.
    await evictDurableObject(link).catch(() => {});
    expect(await link.ask("linked", moveRequest, 5_000)).toEqual({ ok: true, answer: { place: 10, give: 3 }, status: 200 });
    await stream.drop();
  });

  it("not connected when its game starts: the game is aborted and replayed once, then forfeited (bot/connection_error)", async () => {
    const bot = await registerConnected();
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 2_000 }, seed: 1 });
    const view = await waitFor(
      () => getTournament(created.id),
      (state) => state.status !== "running",
      "the tournament's end",
    );
    const games = view.games.filter((game) => game.abortedAttempts.length > 0);
    expect(games.length).toBeGreaterThan(0);
    for (const game of view.games) {
      expect(game.abortedAttempts.length, game.gameId).toBe(1);
      expect(game.result?.forfeitCode, game.gameId).toBe("bot/connection_error");
      expect(game.result?.detail).toMatch(/not connected/);
    }
  });
});
