/**
 * Retention: a finished match or tournament keeps one alarm, its deletion after RETENTION_DAYS; until
 * then it is all there (the alarm run early deletes nothing), afterwards its storage is gone and its
 * URLs answer 404. The test config keeps wrangler.toml's 30 days; "a short retention" is put in place
 * on the object itself (its env) before its alarm is run, as if the days had passed.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchObject } from "../../src/objects/match.ts";
import { retentionMs } from "../../src/objects/retention.ts";
import type { TournamentObject } from "../../src/objects/tournament.ts";
import { expectProblem, json200, request } from "./http.ts";
import { bearer, createMatch, getRecord, getState, sendMove, stubOf, tokenOf } from "./match-client.ts";
import { createTournament, getTournament, tournamentStub } from "./tournament-client.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What an object holds: its alarm and its storage keys. */
const contents = (stub: DurableObjectStub<MatchObject> | DurableObjectStub<TournamentObject>) =>
  runInDurableObject(stub as DurableObjectStub<MatchObject>, async (_instance, state) => ({
    alarm: await state.storage.getAlarm(),
    keys: [...state.storage.kv.list()].map(([key]) => key),
  }));

/** Gives the running object a retention of `days` (its env), as a deployment configured so would have. */
const setRetention = (stub: DurableObjectStub<MatchObject> | DurableObjectStub<TournamentObject>, days: string) =>
  runInDurableObject(stub as DurableObjectStub<MatchObject>, (instance) => {
    Object.defineProperty(instance, "env", { value: { ...env, RETENTION_DAYS: days }, configurable: true });
  });

describe("retention", () => {
  it("reads RETENTION_DAYS, 30 days when absent, an error naming it when malformed", () => {
    expect(retentionMs({ RETENTION_DAYS: "7" })).toBe(7 * DAY_MS);
    expect(retentionMs({ RETENTION_DAYS: "0.5" })).toBe(DAY_MS / 2);
    expect(retentionMs({ RETENTION_DAYS: "0" })).toBe(0);
    for (const absent of [undefined, "", " "]) expect(retentionMs({ RETENTION_DAYS: absent })).toBe(30 * DAY_MS);
    for (const malformed of ["-1", "soon"]) expect(() => retentionMs({ RETENTION_DAYS: malformed })).toThrow(/RETENTION_DAYS/);
    expect(retentionMs(env)).toBe(30 * DAY_MS);
  });

  it("a finished match stays whole until its retention ends, then is deleted and answers 404", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 60_000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const stub = stubOf(created.id);
    // While it is played, the alarm is the clock's.
    const playing = await getState(created.id);
    expect((await contents(stub)).alarm).toBe(Date.parse(playing.clocks.deadline as string));
    await request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: bearer(tokenOf(created, 1)) });
    const finished = await getState(created.id);
    const record = await getRecord(created.id);
    const due = Date.parse(finished.result?.at as string) + 30 * DAY_MS;
    expect(await contents(stub)).toEqual({ alarm: due, keys: ["match"] });

    // The alarm run early (a retry, a restart) deletes nothing and keeps the deletion's time.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await contents(stub)).toEqual({ alarm: due, keys: ["match"] });
    expect(await getRecord(created.id)).toEqual(record);

    // A day's retention is not over either.
    await setRetention(stub, "1");
    await runInDurableObject(stub, (instance: MatchObject) => instance.alarm());
    expect(await contents(stub)).toEqual({ alarm: Date.parse(finished.result?.at as string) + DAY_MS, keys: ["match"] });

    // Once it is over: storage and alarm gone, 404 everywhere.
    await setRetention(stub, "0");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await contents(stub)).toEqual({ alarm: null, keys: [] });
    await expectProblem(request(`/v1/matches/${created.id}`), "match/not_found");
    await expectProblem(request(`/v1/matches/${created.id}/record`), "match/not_found");
    await expectProblem(request(`/v1/matches/${created.id}/ws`, { headers: { Upgrade: "websocket" } }), "match/not_found");
  });

  it("a match in play is never deleted: its alarm stays the clock's", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 60_000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const stub = stubOf(created.id);
    await setRetention(stub, "0");
    const before = await contents(stub);
    await runInDurableObject(stub, (instance: MatchObject) => instance.alarm());
    expect(await contents(stub)).toEqual(before);
    expect((await getState(created.id)).status).toBe("active");
  });

  it("a finished tournament keeps its games until its retention ends, then is deleted", async () => {
    const created = await createTournament({ bots: ["random", "easy"], gamesPerPair: 2, seed: 5 });
    const stub = tournamentStub(created.id);
    let view = created.state;
    for (let steps = 0; view.status === "running"; steps++) {
      if (steps > 500) throw new Error("the tournament does not end");
      await runDurableObjectAlarm(stub);
      view = await getTournament(created.id);
    }
    const due = Date.parse(view.finishedAt as string) + 30 * DAY_MS;
    const kept = await contents(stub);
    expect(kept.alarm).toBe(due);
    expect(kept.keys).toEqual(["game:000000", "game:000001", "tournament"]);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await contents(stub)).toEqual(kept);
    expect(await getTournament(created.id)).toEqual(view);
    const matchId = view.games[0].matchId as string;
    await json200(request(`/v1/matches/${matchId}/record`));

    await setRetention(stub, "0");
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await contents(stub)).toEqual({ alarm: null, keys: [] });
    await expectProblem(request(`/v1/tournaments/${created.id}`), "tournament/not_found");
    await expectProblem(request(`/v1/tournaments/${created.id}/games`), "tournament/not_found");
    // Its games' matches expire on their own alarms, counted from their own ends.
    await json200(request(`/v1/matches/${matchId}/record`));
  });
});
