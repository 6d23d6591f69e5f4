/**
 * Closing a socket quietly (src/wire/socket-close.ts), the one way the objects and the Worker's
 * relay close: a code the peer reported but that may not be sent goes out as 1000, every other code and
 * the reason pass through, and a socket already closed is left alone. A match's and a connected bot's
 * link's end of a socket close that way when their client closes, whatever code its close carried.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { closeQuietly } from "../../src/wire/socket-close.ts";
import type { MatchObject } from "../../src/objects/match.ts";
import type { BotLinkObject } from "../../src/objects/bot-link.ts";
import { createMatch, stubOf } from "./match-client.ts";

/** A pair whose far end reports the close it receives. */
function pair() {
  const [near, far] = Object.values(new WebSocketPair());
  near.accept();
  far.accept();
  const received = new Promise<{ code: number; reason: string }>((resolve) => far.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })));
  return { near, received };
}

/** A socket that records its close calls and, like a real one, refuses a code it may not send. */
function recording() {
  const calls: [number, string][] = [];
  const socket = {
    close(code: number, reason: string) {
      if (code === 1005 || code === 1006 || code === 1015) throw new TypeError(`invalid close code ${code}`);
      calls.push([code, reason]);
    },
  } as unknown as WebSocket;
  return { socket, calls };
}

describe("closeQuietly", () => {
  it("passes a sendable code and the reason through", async () => {
    const { near, received } = pair();
    closeQuietly(near, 4000, "replaced");
    expect(await received).toEqual({ code: 4000, reason: "replaced" });
  });

  for (const reported of [1005, 1006, 1015]) {
    it(`sends ${reported}, a code only a runtime reports, as a normal close (1000) with the reason`, async () => {
      const { near, received } = pair();
      closeQuietly(near, reported, "peer gone");
      expect(await received).toEqual({ code: 1000, reason: "peer gone" });
    });
  }

  it("leaves a socket already closed as it is, without throwing", async () => {
    const { near, received } = pair();
    closeQuietly(near, 1001, "going away");
    expect(await received).toEqual({ code: 1001, reason: "going away" });
    expect(() => closeQuietly(near, 1000, "again")).not.toThrow();
  });
});

/** The closes an object's end makes as its client closes with each code. */
async function closesOf(instance: MatchObject | BotLinkObject): Promise<[number, string][]> {
  const seen: [number, string][] = [];
  for (const [code, reason] of [
    [4001, "bye"],
    [1015, "tls"],
    [1006, ""],
  ] as const) {
    const { socket, calls } = recording();
    await instance.webSocketClose(socket, code, reason);
    seen.push(...calls);
  }
  return seen;
}

const EXPECTED: [number, string][] = [
  [4001, "bye"],
  [1000, "tls"],
  [1000, ""],
];

describe("an object's end of a socket", () => {
  it("a match's closes with the client's code and reason, a TLS failure's 1015 as 1000", async () => {
    const { id } = await createMatch();
    expect(await runInDurableObject(stubOf(id), closesOf)).toEqual(EXPECTED);
  });

  it("a connected bot's link's does the same", async () => {
    const link = env.BOT_LINKS.get(env.BOT_LINKS.idFromName(`close-test-${crypto.randomUUID()}`));
    expect(await runInDurableObject(link, closesOf)).toEqual(EXPECTED);
  });
});
