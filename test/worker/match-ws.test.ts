/**
 * The WebSocket of a match: the full state on connect, an event with the new state after every
 * change (whatever made it: a socket, an HTTP request, an alarm), players moving over it with the same
 * checks as HTTP, and sockets that keep working after the object hibernates.
 */
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MatchView } from "../../src/wire/match-schemas.ts";
import { expectProblem, request } from "./http.ts";
import { createMatch, getRecord, getState, moveFields, ROW_QUARTO_SETUP, sendMove, stubOf, tokenOf } from "./match-client.ts";

interface Message {
  type: string;
  id?: unknown;
  seat?: number | null;
  state?: MatchView;
  event?: { kind: string; seat: number | null; ply: number };
  problem?: { code: string; status: number; detail: string };
  duplicate?: boolean;
}

/** A connected socket: every message received, and a way to wait for the next one matching a test. */
class Client {
  readonly messages: Message[] = [];
  private waiters: { test: (message: Message) => boolean; resolve: (message: Message) => void }[] = [];
  private seen = 0;
  readonly socket: WebSocket;

  constructor(socket: WebSocket) {
    this.socket = socket;
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data as string) as Message;
      this.messages.push(message);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(message)) return true;
        waiter.resolve(message);
        return false;
      });
    });
  }

  send(body: unknown): void {
    this.socket.send(typeof body === "string" ? body : JSON.stringify(body));
  }

  /** The first message after the last one taken that passes `test`. */
  next(test: (message: Message) => boolean = () => true): Promise<Message> {
    for (let index = this.seen; index < this.messages.length; index++) {
      if (test(this.messages[index])) {
        this.seen = index + 1;
        return Promise.resolve(this.messages[index]);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message came; got ${JSON.stringify(this.messages.slice(this.seen))}`)), 5000);
      this.waiters.push({
        test,
        resolve: (message) => {
          clearTimeout(timer);
          this.seen = this.messages.length;
          resolve(message);
        },
      });
    });
  }

  /** Sends a command and waits for its answer (ok or error) by id. */
  async call(body: Record<string, unknown>): Promise<Message> {
    const id = crypto.randomUUID();
    const answer = this.next((message) => message.id === id && (message.type === "ok" || message.type === "error" || message.type === "state"));
    this.send({ ...body, id });
    return answer;
  }
}

async function connect(id: string, token?: string): Promise<Client> {
  const query = token === undefined ? "" : `?token=${encodeURIComponent(token)}`;
  const response = await request(`/v1/matches/${id}/ws${query}`, { headers: { Upgrade: "websocket" } });
  expect(response.status).toBe(101);
  const socket = response.webSocket as WebSocket;
  const client = new Client(socket);
  socket.accept();
  return client;
}

describe("match WebSocket", () => {
  it("sends the full state on connect, to spectators and players", async () => {
    const created = await createMatch();
    const spectator = await connect(created.id);
    const player = await connect(created.id, tokenOf(created, 1));
    expect(await spectator.next()).toMatchObject({ type: "state", seat: null, state: { id: created.id, ply: 0, status: "active" } });
    expect(await player.next()).toMatchObject({ type: "state", seat: 1, state: { id: created.id, ply: 0 } });
  });

  it("two people play a whole match over it; everyone gets an event with the new state after every move", async () => {
    const created = await createMatch();
    const players = [await connect(created.id, tokenOf(created, 0)), await connect(created.id, tokenOf(created, 1))];
    const spectator = await connect(created.id);
    for (const client of [...players, spectator]) await client.next((message) => message.type === "state");
    for (const [ply, text] of [...ROW_QUARTO_SETUP, "d1"].entries()) {
      const answer = await players[ply % 2].call({ type: "move", ply, ...moveFields(text) });
      expect(answer, text).toMatchObject({ type: "ok", duplicate: false, ply: ply + 1 });
      const event = await spectator.next((message) => message.type === "event");
      expect(event).toMatchObject({ event: { kind: "move", seat: ply % 2, ply }, state: { ply: ply + 1 } });
      // The winning placement is recorded announced ("d1!"), as every winning placement is.
      expect(event.state?.moves.at(-1)?.text).toBe(text === "d1" ? "d1!" : text);
    }
    const final = await getState(created.id);
    expect(final.result).toMatchObject({ winner: 0, reason: "quarto" });
    expect(spectator.messages.filter((message) => message.type === "event")).toHaveLength(5);
  });

  it("changes made over HTTP reach the socket too", async () => {
    const created = await createMatch();
    const spectator = await connect(created.id);
    await spectator.next();
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    expect(await spectator.next()).toMatchObject({ type: "event", event: { kind: "move", seat: 0, ply: 0 }, state: { ply: 1 } });
    await request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: { Authorization: `Bearer ${tokenOf(created, 1)}` } });
    expect(await spectator.next()).toMatchObject({ type: "event", event: { kind: "resignation", seat: 1 }, state: { status: "finished" } });
  });

  it("a player may authenticate by message; refusals are problem documents and change nothing", async () => {
    const created = await createMatch();
    const client = await connect(created.id);
    await client.next();
    const before = await getRecord(created.id);
    const refusals: [unknown, string][] = [
      [{ type: "move", ply: 0, give: 3 }, "match/token_required"],
      [{ type: "auth", token: "nope" }, "match/not_a_player"],
      [{ type: "teleport" }, "request/invalid"],
      [{ type: "move", ply: 0, give: 99 }, "request/invalid"],
    ];
    for (const [body, code] of refusals) {
      const answer = await client.call(body as Record<string, unknown>);
      expect(answer, JSON.stringify(body)).toMatchObject({ type: "error", problem: { code } });
    }
    client.send("{not json");
    expect(await client.next((message) => message.type === "error")).toMatchObject({ problem: { code: "request/malformed_json", status: 400 } });
    expect(await client.call({ type: "auth", token: tokenOf(created, 0) })).toMatchObject({ type: "ok", seat: 0 });
    const player0Refusals: [unknown, string][] = [
      [{ type: "move", ply: 1, give: 3 }, "match/stale_ply"],
      [{ type: "move", ply: 0, place: "a1", give: 3 }, "move/place_not_allowed"],
      [{ type: "claim" }, "match/nothing_to_claim"],
    ];
    for (const [body, code] of player0Refusals) {
      expect(await client.call(body as Record<string, unknown>), JSON.stringify(body)).toMatchObject({ type: "error", problem: { code } });
    }
    expect(await getRecord(created.id)).toEqual(before);
    expect(await client.call({ type: "move", ply: 0, give: 3 })).toMatchObject({ type: "ok", ply: 1 });
    expect(await client.call({ type: "move", ply: 0, give: 3 })).toMatchObject({ type: "ok", duplicate: true, ply: 1 });
    expect(await client.call({ type: "state" })).toMatchObject({ type: "state", seat: 0, state: { ply: 1 } });
  });

  it("keeps working after the object hibernates: the socket still speaks for its seat", async () => {
    const created = await createMatch();
    const player = await connect(created.id, tokenOf(created, 0));
    const spectator = await connect(created.id);
    await player.next();
    await spectator.next();
    await evictDurableObject(stubOf(created.id));
    expect(await player.call({ type: "move", ply: 0, give: 3 })).toMatchObject({ type: "ok", ply: 1 });
    expect(await spectator.next((message) => message.type === "event")).toMatchObject({ event: { kind: "move", seat: 0 } });
    await evictDurableObject(stubOf(created.id));
    expect(await player.call({ type: "move", ply: 1, give: 4 })).toMatchObject({ type: "error", problem: { code: "match/not_your_turn" } });
  });

  it("a wrong token in the query is refused before the upgrade", async () => {
    const created = await createMatch();
    await expectProblem(request(`/v1/matches/${created.id}/ws?token=wrong`, { headers: { Upgrade: "websocket" } }), "match/not_a_player");
  });
});
