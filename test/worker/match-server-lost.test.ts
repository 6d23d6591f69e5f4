/**
 * Time the server lost is charged to no one in a hosted match. The crash is staged in storage: the match
 * is written as it was when the server died (a turn begun 30 s ago, no alarm run since), then its alarm
 * runs as the restarted server's would. A registered bot seat's turn starts again and the bot is asked;
 * a person's flag found long overdue restarts the turn (and a move sent then is taken); a flag that
 * falls on time still ends the match.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyAction, type MatchState } from "../../src/match/index.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { json200, postJson, request } from "./http.ts";
import { stubOf } from "./match-client.ts";

let fleet: Fleet;
const fresh = (base: string) => `${base}-${Math.random().toString(36).slice(2, 10)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeEach(() => {
  fleet = installFleet({ seated: goodBot() });
});
afterEach(() => fleet.restore());

interface Stored {
  state: MatchState;
}
interface Storeish {
  load(): Stored;
  save(match: Stored): void;
}

/** Rewrites the match as the server left it: `change` applied to its state, its alarm set far off (as if it had not run). */
async function stage(id: string, change: (state: MatchState) => MatchState): Promise<void> {
  await runInDurableObject(stubOf(id), async (instance: unknown, state: DurableObjectState) => {
    const store = (instance as { store: Storeish }).store;
    const match = store.load();
    match.state = change(match.state);
    store.save(match);
    await state.storage.setAlarm(Date.now() + 3_600_000);
  });
}

async function view(id: string) {
  return json200<{ status: string; ply: number; result: { reason: string } | null; moves: { seat: number }[] }>(request(`/v1/matches/${id}`));
}

describe("a crash of the server in a hosted match", () => {
  it("a registered bot seat whose turn the server lost is asked again with its time, not flagged", async () => {
    const bot = JSON.parse(await (await postJson("/v1/bots", { name: fresh("seated"), url: fleet.url("seated"), entry: "open" })).text()) as {
      id: string;
      secret: string;
    };
    fleet.secrets.set("seated", bot.secret);
    const created = JSON.parse(
      await (
        await postJson("/v1/matches", {
          firstSeat: 0,
          clock: { kind: "move", moveMs: 6_000 },
          seats: [
            { kind: "human", take: true },
            { kind: "bot", bot: bot.id },
          ],
        })
      ).text(),
    ) as { id: string };
    // The person gave a piece 30 s ago and the server died before the bot was asked.
    await stage(created.id, (state) => {
      const applied = applyAction(state, { type: "move", seat: 0, ply: 0, move: { give: 5 }, at: Date.now() - 30_000 });
      if (!applied.ok) throw new Error(applied.error.detail);
      return applied.state;
    });
    expect(await runDurableObjectAlarm(stubOf(created.id))).toBe(true);
    const after = await view(created.id);
    expect(after.result).toBeNull();
    expect(after.ply).toBe(2);
    expect(after.moves[1].seat).toBe(1);
    // The bot was asked once, and charged its own time only, not the 30 s the server lost.
    expect(fleet.calls.filter((call) => call.path === "/move" && call.matchId === created.id)).toHaveLength(1);
    const record = await json200<{ moves: { elapsedMs: number }[] }>(request(`/v1/matches/${created.id}/record`));
    expect(record.moves[1].elapsedMs).toBeLessThan(6_000);
  });

  it("a person's flag found long overdue restarts the turn, and a move sent then is taken; a flag on time ends the match", async () => {
    const make = async () =>
      JSON.parse(
        await (
          await postJson("/v1/matches", {
            firstSeat: 0,
            clock: { kind: "move", moveMs: 6_000 },
            seats: [
              { kind: "human", take: true },
              { kind: "human", take: true },
            ],
          })
        ).text(),
      ) as { id: string; tokens: { seat: number; token: string }[] };

    // Down for 30 s across the deadline: the alarm, when it finally runs, restarts the turn.
    const late = await make();
    await stage(late.id, (state) => ({ ...state, turnStartedAt: Date.now() - 30_000 }));
    await runDurableObjectAlarm(stubOf(late.id));
    expect((await view(late.id)).status).toBe("active");
    // A move that reaches a server back up before its alarm ran is taken too.
    const moveFirst = await make();
    await stage(moveFirst.id, (state) => ({ ...state, turnStartedAt: Date.now() - 30_000 }));
    const token = moveFirst.tokens.find((entry) => entry.seat === 0)?.token as string;
    await json200(postJson(`/v1/matches/${moveFirst.id}/moves`, { ply: 0, give: 3 }, bearer(token)));
    expect((await view(moveFirst.id)).ply).toBe(1);

    // A deadline that just passed (the alarm on time): the flag falls.
    const onTime = await make();
    await stage(onTime.id, (state) => ({ ...state, turnStartedAt: Date.now() - 6_500 }));
    await runDurableObjectAlarm(stubOf(onTime.id));
    await sleep(10);
    const flagged = await view(onTime.id);
    expect(flagged.status).toBe("finished");
    expect(flagged.result?.reason).toBe("timeout");
  });
});
