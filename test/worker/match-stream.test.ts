/**
 * Live updates without WebSockets. The stream (`GET /v1/matches/{id}/stream`): newline-delimited JSON,
 * first the socket's `state` message, then its `event` message after every change (the same bytes a
 * spectator's socket gets), ending after the event that ends the match. The long poll
 * (`GET /v1/matches/{id}?afterPly=N`): answered at once when the match is past ply N or over, otherwise
 * when a change passes it, or after `wait` seconds with the state as it is.
 */
import { describe, expect, it } from "vitest";
import { expectProblem, request } from "./http.ts";
import { createMatch, getState, sendMove, tokenOf } from "./match-client.ts";

interface Message {
  type: string;
  seat?: number | null;
  event?: { kind: string; seat: number | null; ply: number };
  state: { ply: number; status: string; position: { string: string } };
}

/** Reads a body line by line. */
function lines(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return {
    /** The next line, or null once the stream has ended. */
    async next(): Promise<string | null> {
      for (;;) {
        const end = buffered.indexOf("\n");
        if (end >= 0) {
          const line = buffered.slice(0, end);
          buffered = buffered.slice(end + 1);
          return line;
        }
        const { value, done } = await reader.read();
        if (done) {
          expect(buffered, "a partial last line").toBe("");
          return null;
        }
        buffered += value;
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** A WebSocket spectator, for comparing its messages with the stream's. */
async function spectate(id: string): Promise<string[]> {
  const response = await request(`/v1/matches/${id}/ws`, { headers: { Upgrade: "websocket" } });
  const socket = response.webSocket;
  if (!socket) throw new Error("no socket");
  const received: string[] = [];
  socket.addEventListener("message", (event) => received.push(String(event.data)));
  socket.accept();
  return received;
}

// A won game: seat 0 gives first; seat 0 completes the row of tall pieces a1-d1 at ply 8.
const WIN = ["-8", "a1-9", "b1-A", "c1-0", "a4-1", "b4-B", "d1"];

describe("GET /v1/matches/{id}/stream", () => {
  it("sends the state, then every change as the socket does, and ends with the match", async () => {
    const created = await createMatch();
    const response = await request(`/v1/matches/${created.id}/stream`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    if (!response.body) throw new Error("no body");
    const stream = lines(response.body);
    const socket = await spectate(created.id);

    const first = JSON.parse((await stream.next()) ?? "") as Message;
    expect(first).toMatchObject({ type: "state", seat: null, state: { ply: 0, status: "active" } });

    const received: Message[] = [];
    for (const [ply, move] of WIN.entries()) {
      const answer = await sendMove(created.id, tokenOf(created, ply % 2 === 0 ? 0 : 1), ply, move);
      expect(answer.status, await answer.clone().text()).toBe(200);
      const line = await stream.next();
      expect(line, `the line after ply ${ply}`).not.toBeNull();
      received.push(JSON.parse(line ?? "") as Message);
    }
    expect(received.map((message) => [message.type, message.event?.kind, message.event?.ply, message.state.ply])).toEqual(
      WIN.map((_, ply) => ["event", "move", ply, ply + 1]),
    );
    expect(received.at(-1)?.state.status).toBe("finished");
    // The stream ends after the event that ends the match.
    expect(await stream.next()).toBeNull();

    // Line for line, the socket's event messages (after its own first state message).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const socketEvents = socket.slice(1).map((text) => JSON.parse(text) as Message);
    expect(socketEvents.map((message) => [message.type, message.event, message.state.position.string])).toEqual(
      received.map((message) => [message.type, message.event, message.state.position.string]),
    );
  });

  it("a finished match: the state, then the end", async () => {
    const created = await createMatch();
    for (const [ply, move] of WIN.entries()) expect((await sendMove(created.id, tokenOf(created, ply % 2 === 0 ? 0 : 1), ply, move)).status).toBe(200);
    const response = await request(`/v1/matches/${created.id}/stream`);
    const text = await response.text();
    const messages = text.trimEnd().split("\n").map((line) => JSON.parse(line) as Message);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: "state", state: { status: "finished", ply: 7 } });
  });

  it("joins, the start, and a resignation are events too", async () => {
    const created = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    const response = await request(`/v1/matches/${created.id}/stream`);
    if (!response.body) throw new Error("no body");
    const stream = lines(response.body);
    expect(JSON.parse((await stream.next()) ?? "")).toMatchObject({ type: "state", state: { status: "waiting" } });
    const joined = await request(`/v1/matches/${created.id}/join`, { method: "POST" });
    expect(joined.status).toBe(200);
    expect(JSON.parse((await stream.next()) ?? "")).toMatchObject({ type: "event", event: { kind: "started", seat: 1 }, state: { status: "active" } });
    const resigned = await request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${tokenOf(created, 0)}` } });
    expect(resigned.status).toBe(200);
    expect(JSON.parse((await stream.next()) ?? "")).toMatchObject({ type: "event", event: { kind: "resignation", seat: 0 }, state: { status: "finished" } });
    expect(await stream.next()).toBeNull();
  });

  it("an unknown match is a 404 problem", async () => {
    await expectProblem(request("/v1/matches/k3v7tq2mz5xj4c6rb3wn2hd5fa/stream"), "match/not_found");
    await expectProblem(request("/v1/matches/nope/stream"), "match/not_found");
  });
});

describe("GET /v1/matches/{id}?afterPly=N: the long poll", () => {
  it("answers at once when the match is already past N", async () => {
    const created = await createMatch();
    expect((await sendMove(created.id, tokenOf(created, 0), 0, "-8")).status).toBe(200);
    const state = (await (await request(`/v1/matches/${created.id}?afterPly=0`)).json()) as Message["state"];
    expect(state.ply).toBe(1);
  });

  it("waits for the move that passes N, and answers the state after it", async () => {
    const created = await createMatch();
    let answered = false;
    const poll = request(`/v1/matches/${created.id}?afterPly=0&wait=20`).then(async (response) => {
      answered = true;
      expect(response.status).toBe(200);
      return (await response.json()) as Message["state"];
    });
    // The poll is waiting: reading the state in the meantime does not answer it.
    await getState(created.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    expect((await sendMove(created.id, tokenOf(created, 0), 0, "-8")).status).toBe(200);
    const state = await poll;
    expect(state.ply).toBe(1);
    expect(state.position.string).toBe("................8");
  });

  it("a change that does not pass N (a join) does not answer it; the end of the match does", async () => {
    const created = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    let answered = false;
    const poll = request(`/v1/matches/${created.id}?afterPly=0&wait=20`).then(async (response) => {
      answered = true;
      return (await response.json()) as Message["state"];
    });
    expect((await request(`/v1/matches/${created.id}/join`, { method: "POST" })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    expect((await request(`/v1/matches/${created.id}/abort`, { method: "POST", headers: { Authorization: `Bearer ${tokenOf(created, 0)}` } })).status).toBe(200);
    const state = await poll;
    expect(state.status).toBe("finished");
    expect(state.ply).toBe(0);
  });

  it("after `wait` seconds without a change, answers the state as it is", async () => {
    const created = await createMatch();
    const response = await request(`/v1/matches/${created.id}?afterPly=0&wait=1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Message["state"]).ply).toBe(0);
  });

  it.each([["afterPly=-1"], ["afterPly=18"], ["afterPly=x"], ["afterPly="], ["afterPly=0&wait=0"], ["afterPly=0&wait=26"]])("%s is a 422", async (query) => {
    const created = await createMatch();
    await expectProblem(request(`/v1/matches/${created.id}?${query}`), "request/invalid");
  });
});
