/**
 * A registered bot seated in a hosted match gets its end notice however the match ends, the person's
 * doing included: a resignation on the person's own turn or during the bot's, for a webhook bot
 * (`POST /end`) and a connected bot (an `end` line on its stream, and its open request closed, so an
 * answer to it is refused as closed).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { answer, answerOf, bearer, registerConnected, Stream, type StreamEvent, waitFor } from "./connected-client.ts";
import { json200, postJson, request } from "./http.ts";

let fleet: Fleet;
const fresh = (base: string) => `${base}-${Math.random().toString(36).slice(2, 10)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether the bot was told the match is over: answers true once it holds an end notice for it. */
let released = false;

beforeEach(() => {
  released = false;
  const thinker = goodBot();
  fleet = installFleet({
    seated: goodBot(),
    // Thinks until told the game is over (or 5 s), then answers: a bot the person resigns against mid-turn.
    thinker: async (request, call, own) => {
      if (call.path === "/move") for (let waited = 0; waited < 5_000 && !released; waited += 20) await sleep(20);
      return thinker(request, call, own);
    },
  });
});
afterEach(() => fleet.restore());

async function registerWebhook(bot: string): Promise<{ id: string }> {
  const registered = JSON.parse(await (await postJson("/v1/bots", { name: fresh(bot), url: fleet.url(bot), entry: "open" })).text()) as { id: string; secret: string };
  fleet.secrets.set(bot, registered.secret);
  return registered;
}

async function hosted(botId: string, firstSeat: 0 | 1): Promise<{ id: string; token: string }> {
  const created = JSON.parse(
    await (
      await postJson("/v1/matches", {
        firstSeat,
        clock: { kind: "move", moveMs: 20_000 },
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: botId },
        ],
      })
    ).text(),
  ) as { id: string; tokens: { seat: number; token: string }[] };
  return { id: created.id, token: created.tokens[0].token };
}

const endsOf = (matchId: string) => fleet.calls.filter((call) => call.path === "/end" && JSON.parse(call.body).matchId === matchId);

describe("end notices of a hosted match's bot seat", () => {
  it("a webhook bot hears of a resignation on the person's turn", async () => {
    const bot = await registerWebhook("seated");
    const match = await hosted(bot.id, 0);
    await json200(postJson(`/v1/matches/${match.id}/resign`, {}, bearer(match.token)));
    const [end] = await waitFor(
      async () => endsOf(match.id),
      (ends) => ends.length > 0,
      "the end notice",
      10_000,
    );
    expect(JSON.parse(end.body)).toMatchObject({ matchId: match.id, outcome: "win", reason: "resignation" });
    await sleep(100);
    expect(endsOf(match.id)).toHaveLength(1);
  });

  it("a webhook bot hears of a resignation during its own turn, and its late answer changes nothing", async () => {
    const bot = await registerWebhook("thinker");
    const match = await hosted(bot.id, 1);
    await waitFor(
      async () => fleet.calls.filter((call) => call.path === "/move" && call.matchId === match.id),
      (calls) => calls.length > 0,
      "the move request",
      10_000,
    );
    await json200(postJson(`/v1/matches/${match.id}/resign`, {}, bearer(match.token)));
    const [end] = await waitFor(
      async () => endsOf(match.id),
      (ends) => ends.length > 0,
      "the end notice while the bot still thinks",
      4_000,
    );
    expect(JSON.parse(end.body)).toMatchObject({ outcome: "win", reason: "resignation" });
    released = true;
    await sleep(300);
    const view = await json200<{ ply: number; result: { reason: string } }>(request(`/v1/matches/${match.id}`));
    expect(view).toMatchObject({ ply: 0, result: { reason: "resignation" } });
    expect(endsOf(match.id)).toHaveLength(1);
  });

  it("a connected bot gets an end line, and its open request closes", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    const match = await hosted(bot.id, 1);
    const move = await stream.nextMove();
    expect(move?.request.matchId).toBe(match.id);
    await json200(postJson(`/v1/matches/${match.id}/resign`, {}, bearer(match.token)));
    let end: StreamEvent | null = null;
    while (end === null) {
      const event = await stream.next();
      if (event === null) throw new Error("the stream ended");
      if (event.type === "end") end = event;
    }
    expect(end).toMatchObject({ type: "end", notice: { matchId: match.id, outcome: "win" } });
    const late = await answer(bot, (move as { requestId: string }).requestId, answerOf(move as never));
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe("connection/request_closed");
    await stream.drop();
  });
});
