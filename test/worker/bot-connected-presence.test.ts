/**
 * A connected bot whose client went away is not connected any more: when the client of its event stream
 * or of its long poll goes (its request is aborted), the Worker closes its socket to the bot's link at
 * once, so the link counts the bot as gone after its short grace (a few seconds), not after the next
 * keep-alive fails or the long poll's wait runs out (tens of seconds, in which its games were lost on time
 * instead of being aborted and replayed).
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bearer, linkStub, registerConnected, sleep } from "./connected-client.ts";
import { request } from "./http.ts";

/** The sockets the bot's link holds: one per open stream or long poll. */
const linkSockets = (id: string) => runInDurableObject(linkStub(id), async (_instance: unknown, state: DurableObjectState) => state.getWebSockets().length);

/** Polls the link at most `polls` times, 20 ms apart, until it holds `count` sockets; answers the last count seen. */
async function socketsReach(id: string, count: number, polls = 50): Promise<number> {
  let seen = await linkSockets(id);
  for (let poll = 0; poll < polls && seen !== count; poll++) {
    await sleep(20);
    seen = await linkSockets(id);
  }
  return seen;
}

describe("a connected bot's client that goes away", () => {
  it("an event stream whose client is gone closes its socket to the link at once", async () => {
    const bot = await registerConnected();
    const client = new AbortController();
    const response = await request(`/v1/bots/${bot.id}/events`, { headers: bearer(bot.token), signal: client.signal });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(await linkSockets(bot.id)).toBe(1);
    client.abort();
    // Well before the stream's next keep-alive (15 s), which was the first sign of the client's going.
    expect(await socketsReach(bot.id, 0)).toBe(0);
  });

  it("a long poll whose client is gone closes its socket to the link at once", async () => {
    const bot = await registerConnected();
    const client = new AbortController();
    const polled = request(`/v1/bots/${bot.id}/events?wait=60`, { headers: bearer(bot.token), signal: client.signal }).catch(() => null);
    expect(await socketsReach(bot.id, 1)).toBe(1);
    client.abort();
    // Well before the poll's 60 s, which held the bot connected while nobody was there.
    expect(await socketsReach(bot.id, 0)).toBe(0);
    await polled;
  });
});
