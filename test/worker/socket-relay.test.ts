/**
 * The Worker's relay in front of a match object's socket (src/http/socket-relay.ts): what a client
 * floods is dropped in the Worker, so the object behind it sees only the allowance, and the client is
 * closed (1008) once it is past the drop bound, after the answers to what was let through. Here the
 * "object" is the far end of a WebSocketPair, which counts what reaches it.
 */
import { describe, expect, it } from "vitest";
import { relayMatchSocket } from "../../src/http/socket-relay.ts";
import { POLICY_VIOLATION, SOCKET_BURST, SOCKET_MAX_DROPPED } from "../../src/wire/socket-allowance.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A relay between a client end (what a browser holds) and an object end that answers each message with its echo. */
function relayed() {
  const [upstream, objectEnd] = Object.values(new WebSocketPair());
  objectEnd.accept();
  const reached: string[] = [];
  let objectClose: number | null = null;
  objectEnd.addEventListener("message", (event) => {
    reached.push(String(event.data));
    objectEnd.send(`echo ${event.data}`);
  });
  objectEnd.addEventListener("close", (event) => {
    objectClose = event.code;
    objectEnd.close(event.code, "bye");
  });
  const client = relayMatchSocket(upstream);
  client.accept();
  const received: string[] = [];
  let clientClose: number | null = null;
  const closed = new Promise<void>((resolve) =>
    client.addEventListener("close", (event) => {
      clientClose = event.code;
      resolve();
    }),
  );
  client.addEventListener("message", (event) => received.push(String(event.data)));
  return { client, objectEnd, reached, received, closed, codes: () => ({ client: clientClose, object: objectClose }) };
}

describe("the Worker's socket relay", () => {
  it(`a flood of 5,000 frames reaches the object as its burst (${SOCKET_BURST}); the client is closed 1008 after those answers`, async () => {
    const { client, reached, received, closed, codes } = relayed();
    for (let index = 0; index < 5_000; index++) client.send(String(index));
    await closed;
    expect(reached).toEqual([...Array(SOCKET_BURST).keys()].map(String));
    expect(received).toEqual(reached.map((message) => `echo ${message}`));
    expect(codes()).toEqual({ client: POLICY_VIOLATION, object: POLICY_VIOLATION });
  });

  it(`fewer than ${SOCKET_MAX_DROPPED} dropped messages leave the socket open; what is within the allowance goes through both ways`, async () => {
    const { client, reached, received, codes } = relayed();
    for (let index = 0; index < SOCKET_BURST + SOCKET_MAX_DROPPED - 1; index++) client.send(String(index));
    await sleep(50);
    expect(reached).toHaveLength(SOCKET_BURST);
    expect(received).toHaveLength(SOCKET_BURST);
    expect(codes()).toEqual({ client: null, object: null });
    client.close(1000, "done");
  });

  it("a close of the object reaches the client with its code, and a close of the client reaches the object", async () => {
    const first = relayed();
    first.objectEnd.close(4001, "the match object went away");
    await first.closed;
    expect(first.codes().client).toBe(4001);

    const second = relayed();
    second.client.close(1000, "leaving");
    await sleep(20);
    expect(second.codes().object).toBe(1000);
  });
});
