/**
 * Clocks, enforced by the Durable Object's alarm: the alarm is armed at the mover's deadline, a flag
 * falls with nobody connected, a second run of the alarm changes nothing, a finished match keeps no
 * alarm, and a game clock adds its increment. Limits are one second (the shortest allowed), so these
 * tests wait for real time to pass rather than fake it.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchObject } from "../../src/objects/match.ts";
import { retentionMs } from "../../src/objects/retention.ts";
import type { StoredMatch } from "../../src/wire/match.ts";
import { expectProblem } from "./http.ts";
import { bearer, createMatch, getRecord, getState, ROW_QUARTO_SETUP, sendMove, stubOf, tokenOf, waitForState } from "./match-client.ts";
import { request } from "./http.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const alarmOf = (id: string) => runInDurableObject(stubOf(id), (_instance, state) => state.storage.getAlarm());
/** The alarm a finished match keeps: its deletion, the retention after it ended. */
const retentionAlarmOf = async (id: string) => Date.parse((await getState(id)).result?.at as string) + retentionMs(env);
const storedOf = (id: string) => runInDurableObject(stubOf(id), (_instance, state) => state.storage.kv.get<StoredMatch>("match") as StoredMatch);

/** Opens a spectator socket and collects what it receives. */
async function spectate(id: string): Promise<{ messages: { type: string; event?: { kind: string } }[]; close: () => void }> {
  const response = await request(`/v1/matches/${id}/ws`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket as WebSocket;
  socket.accept();
  const messages: { type: string; event?: { kind: string } }[] = [];
  socket.addEventListener("message", (event) => {
    messages.push(JSON.parse(event.data as string));
  });
  return { messages, close: () => socket.close() };
}

describe("clocks", () => {
  it("the alarm is armed at the mover's deadline, and moves with each move", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 60_000 } });
    const first = await alarmOf(created.id);
    expect(first).toBe(Date.parse((await getState(created.id)).clocks.deadline as string));
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const state = await getState(created.id);
    expect(await alarmOf(created.id)).toBe(Date.parse(state.clocks.deadline as string));
    expect(Date.parse(state.clocks.deadline as string)).toBe(Date.parse(state.moves[0].at) + 60_000);
  });

  it("no clock, no alarm; a waiting match keeps none either", async () => {
    expect(await alarmOf((await createMatch()).id)).toBeNull();
    const waiting = await createMatch({ clock: { kind: "move", moveMs: 1000 }, seats: [{ kind: "human", take: true }, { kind: "human" }] });
    expect(await alarmOf(waiting.id)).toBeNull();
  });

  it("a flag falls with nobody connected: the seat to move loses on time", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 1000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    // GET only reads: the alarm alone can end the match.
    const state = await waitForState(created.id, (view) => view.status === "finished", 5000);
    expect(state.result).toMatchObject({ winner: 0, reason: "timeout" });
    expect(Date.parse(state.result?.at as string)).toBe(Date.parse(state.moves[0].at) + 1000);
    expect(await alarmOf(created.id)).toBe(await retentionAlarmOf(created.id));
  });

  it("flag fall is applied exactly once, even if the alarm handler runs twice", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 1000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const watcher = await spectate(created.id);
    await sleep(1100);
    await runDurableObjectAlarm(stubOf(created.id)); // false if the alarm already ran on its own
    const after = await getRecord(created.id);
    expect(after.result).toMatchObject({ winner: 0, reason: "timeout" });
    await runInDurableObject(stubOf(created.id), (instance: MatchObject) => instance.alarm());
    await runInDurableObject(stubOf(created.id), (instance: MatchObject) => instance.alarm());
    expect(await getRecord(created.id)).toEqual(after);
    expect(await alarmOf(created.id)).toBe(await retentionAlarmOf(created.id));
    await sleep(50);
    expect(watcher.messages.filter((message) => message.event?.kind === "timeout")).toHaveLength(1);
    watcher.close();
  });

  it("a move after the deadline ends the match on time and is refused", async () => {
    const created = await createMatch({ clock: { kind: "game", initialMs: 1000, incrementMs: 0 } });
    await sleep(1100);
    await expectProblem(sendMove(created.id, tokenOf(created, 0), 0, "-3"), "match/finished");
    const state = await getState(created.id);
    expect(state.moves).toHaveLength(0);
    expect(state.result).toMatchObject({ winner: 1, reason: "timeout" });
    expect(state.clocks.remainingMs).toEqual([0, 1000]);
  });

  it("a game clock charges the mover and adds the increment", async () => {
    const created = await createMatch({ clock: { kind: "game", initialMs: 60_000, incrementMs: 5000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const stored = await storedOf(created.id);
    const [seat0, seat1] = stored.state.remainingMs as [number, number];
    expect(seat1).toBe(60_000);
    expect(seat0).toBe(60_000 - stored.state.moves[0].elapsedMs + 5000);
    expect(seat0).toBeGreaterThan(60_000);
    const state = await getState(created.id);
    expect(state.clocks).toMatchObject({ running: 1, deadline: new Date(stored.state.moves[0].at + 60_000).toISOString() });
  });

  it("a finished match keeps no alarm but its deletion's: Quarto, resignation, abort", async () => {
    const clock = { kind: "move", moveMs: 60_000 };
    const won = await createMatch({ clock });
    for (const [ply, text] of [...ROW_QUARTO_SETUP, "d1"].entries()) await sendMove(won.id, tokenOf(won, (ply % 2) as 0 | 1), ply, text);
    expect((await getState(won.id)).status).toBe("finished");
    const resigned = await createMatch({ clock });
    await request(`/v1/matches/${resigned.id}/resign`, { method: "POST", headers: bearer(tokenOf(resigned, 1)) });
    const aborted = await createMatch({ clock, seats: [{ kind: "human", take: true }, { kind: "human" }] });
    await request(`/v1/matches/${aborted.id}/abort`, { method: "POST", headers: bearer(tokenOf(aborted, 0)) });
    for (const { id } of [won, resigned, aborted]) {
      expect((await getState(id)).status).toBe("finished");
      expect(await alarmOf(id), id).toBe(await retentionAlarmOf(id));
    }
  });
});
