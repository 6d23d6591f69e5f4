/**
 * A server fault is never a bot's fault: a tournament game between an HTTP bot and a
 * built-in bot on a 1 s move clock, where the server loses more than a move's time (a real pause while
 * no step runs) either between two steps (the bot not asked yet) or in the middle of the bot's call (the
 * tournament object evicted while the call hangs). The match's own alarm does not flag the bot, the next
 * step restarts the turn's clock (recorded in the match) and asks the bot again, and the game ends on the
 * board, never on time; the record replays.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MatchState } from "../../src/match/machine.ts";
import { type Fleet, goodBot, hang, installFleet } from "./bot-fleet.ts";
import { postJson } from "./http.ts";
import { createTournament, driveToEnd, getRecord, matchObjectIds, matchStubOf, registerFleetBot, tournamentStub, verifyAgainstRecords } from "./tournament-client.ts";

const MOVE_MS = 1000;
/** Longer than a move's clock: the time the server is "down". */
const LOST_MS = MOVE_MS + 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let fleet: Fleet;
/** The ply at which `sleepy` hangs, once, on its first call (set by the test that uses it). */
const hangAt = { ply: -1, hung: false };

beforeAll(() => {
  const good = goodBot();
  fleet = installFleet({
    steady: good,
    lease: good,
    sleepy: (request, call, fleet) => {
      if (call.path === "/move" && call.ply === hangAt.ply && !hangAt.hung) {
        hangAt.hung = true;
        return hang(request);
      }
      return good(request, call, fleet);
    },
  });
});
afterAll(() => fleet.restore());

const matchState = async (matchId: string): Promise<MatchState> => {
  const read = await matchStubOf(matchId).botState();
  if (!read.ok) throw new Error(`match ${matchId}: ${read.error.detail}`);
  return read.value as MatchState;
};

async function expectReplays(matchId: string) {
  const record = await getRecord(matchId);
  const response = await postJson("/v1/replay", record);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toMatchObject({ valid: true });
}

describe("the server loses time during a bot's turn", () => {
  it("a crash in the middle of the bot's call: no flag, the bot is asked again with a fresh clock, the game is played out", async () => {
    const id = await registerFleetBot(fleet, "sleepy");
    const before = await matchObjectIds();
    // The bot's second move hangs (once): the step that asks is stuck in the call until the server "dies".
    hangAt.ply = 2;
    const created = await createTournament({ name: "crash", bots: [id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: MOVE_MS }, seed: 4 });
    let matchId: string | null = null;
    for (let waited = 0; matchId === null; waited++) {
      if (waited > 5000) throw new Error("the bot was never asked at ply 2");
      matchId = fleet.calls.find((call) => call.bot === "sleepy" && call.ply === 2)?.matchId ?? null;
      if (matchId === null) await sleep(1);
    }
    // The crash: nothing of the tournament runs any more (the object evicted, its alarm gone) ...
    await runInDurableObject(tournamentStub(created.id), (_instance, state) => state.abort("the server was killed")).catch(() => {});
    await runInDurableObject(tournamentStub(created.id), (_instance, state) => state.storage.deleteAlarm());
    // ... for longer than the bot's move clock. The match's own alarm does not flag the bot meanwhile.
    await sleep(LOST_MS);
    expect(await runInDurableObject(matchStubOf(matchId), (_instance, state) => state.storage.getAlarm())).toBeNull();
    expect(await matchState(matchId)).toMatchObject({ status: "active", moves: { length: 2 } });
    // The restart: the alarm the lease kept a few seconds ahead comes due.
    await runInDurableObject(tournamentStub(created.id), (_instance, state) => state.storage.setAlarm(Date.now()));

    const { view } = await driveToEnd(created.id, { seed: 2 });
    await verifyAgainstRecords(view, before);
    for (const game of view.games) expect(game.result?.reason, game.gameId).not.toBe("timeout");
    expect(fleet.calls.filter((call) => call.bot === "sleepy" && call.matchId === matchId && call.ply === 2)).toHaveLength(2);
    const restart = (await matchState(matchId)).clockRestarts?.find((entry) => entry.ply === 2);
    expect(restart?.lostMs).toBeGreaterThanOrEqual(LOST_MS);
    await expectReplays(matchId);
  });
});

describe("the lease", () => {
  it("a running step keeps the tournament's alarm a few seconds ahead, not a long watchdog", async () => {
    const id = await registerFleetBot(fleet, "lease");
    const created = await createTournament({ name: "lease", bots: [id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: MOVE_MS }, seed: 5 });
    const stub = tournamentStub(created.id);
    const alarms: number[] = [];
    await runInDurableObject(stub, async (instance, state) => {
      const original = state.storage.setAlarm.bind(state.storage);
      state.storage.setAlarm = (time: number | Date, options?: DurableObjectSetAlarmOptions) => {
        alarms.push(Number(time) - Date.now());
        return original(time, options);
      };
      try {
        await (instance as unknown as { alarm(): Promise<void> }).alarm();
      } finally {
        state.storage.setAlarm = original;
      }
    });
    expect(alarms.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...alarms)).toBeLessThanOrEqual(5_000);
  });
});
