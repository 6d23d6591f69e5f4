/**
 * A registered bot seated in a hosted match: `{"kind": "bot", "bot": "<id>"}` beside a person.
 * The match asks the bot itself, with the bot protocol under the match's clock: a webhook bot by a
 * signed POST /move, a connected bot through its event stream. An owner-only bot needs its token.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";

let fleet: Fleet;
const fresh = (base: string) => `${base}-${Math.random().toString(36).slice(2, 10)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

beforeEach(() => {
  fleet = installFleet({ seated: goodBot() });
});
afterEach(() => fleet.restore());

async function created(
  response: Response,
): Promise<{ id: string; tokens: { seat: number; token: string }[]; state: { seats: { kind: string; name: string | null }[] } }> {
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text);
}

async function untilPly(id: string, ply: number): Promise<{ ply: number; status: string; moves: { seat: number }[] }> {
  const until = Date.now() + 20_000;
  for (;;) {
    const view = await json200<{ ply: number; status: string; moves: { seat: number }[] }>(request(`/v1/matches/${id}`));
    if (view.ply >= ply || view.status === "finished") return view;
    if (Date.now() > until) throw new Error(`match ${id} did not reach ply ${ply}`);
    await sleep(50);
  }
}

describe("a bot seat in a hosted match", () => {
  it("a webhook bot answers through its protocol (signed), and is shown by its name", async () => {
    const response = await postJson("/v1/bots", { name: fresh("seated"), url: fleet.url("seated") });
    const bot = JSON.parse(await response.text()) as { id: string; name: string; secret: string; token: string };
    fleet.secrets.set("seated", bot.secret);
    // entry: owner (the default): without the token it cannot be seated.
    await expectProblem(
      postJson("/v1/matches", {
        firstSeat: 0,
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: bot.id },
        ],
      }),
      "registry/entry_refused",
    );
    await expectProblem(
      postJson("/v1/matches", {
        firstSeat: 0,
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: "b4n6xr2mq7tz3kc5vj3wd2hp6e" },
        ],
      }),
      "registry/not_found",
    );
    const match = await created(
      await postJson("/v1/matches", {
        firstSeat: 0,
        clock: { kind: "move", moveMs: 10_000 },
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: bot.id, token: bot.token },
        ],
      }),
    );
    expect(match.state.seats[1]).toMatchObject({ kind: "bot", name: bot.name });
    // The match page names the bot's seat.
    const page = await request(`/matches/${match.id}`, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(bot.name);
    const me = match.tokens[0].token;
    await json200(postJson(`/v1/matches/${match.id}/moves`, { ply: 0, give: 0 }, bearer(me)));
    const view = await untilPly(match.id, 2);
    expect(view.moves[1].seat).toBe(1);
    const moves = fleet.calls.filter((call) => call.path === "/move" && call.matchId === match.id);
    expect(moves).toHaveLength(1);
    expect(moves[0].signed).toBe(true);
  });

  it("a connected bot gets the request on its event stream, and its answer is the match's move", async () => {
    const registered = JSON.parse(await (await postJson("/v1/bots", { name: fresh("linked"), connection: "stream", entry: "open" })).text()) as {
      id: string;
      token: string;
    };
    const events = await request(`/v1/bots/${registered.id}/events`, { headers: bearer(registered.token) });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const nextMove = async (): Promise<{ requestId: string; request: { ply: number } }> => {
      for (;;) {
        const newline = buffer.indexOf("\n");
        if (newline >= 0) {
          const line = JSON.parse(buffer.slice(0, newline));
          buffer = buffer.slice(newline + 1);
          if (line.type === "move") return line;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += decoder.decode(value, { stream: true });
      }
    };
    const match = await created(
      await postJson("/v1/matches", {
        firstSeat: 1,
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: registered.id },
        ],
      }),
    );
    const event = await nextMove();
    expect(event.request.ply).toBe(0);
    await json200(postJson(`/v1/bots/${registered.id}/moves/${event.requestId}`, { give: 7 }, bearer(registered.token)));
    const view = await untilPly(match.id, 1);
    expect(view.ply).toBe(1);
    await reader.cancel();
  });
});
