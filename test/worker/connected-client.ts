/**
 * A connected bot's side of the protocol under workerd, for the tests: registration with
 * `connection: stream`, its event stream read a line at a time, the easy engine's answer to a move
 * event, and posting that answer.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { builtInAnswer } from "../../src/bots/index.ts";
import { readMoveRequest } from "../../src/wire/bot-server.ts";
import { postJson, request } from "./http.ts";

export const fresh = (base: string) => `${base}-${Math.random().toString(36).slice(2, 10)}`;
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const linkStub = (id: string) => env.BOT_LINKS.get(env.BOT_LINKS.idFromName(id));

export interface Connected {
  id: string;
  token: string;
  secret: string;
  url: string | null;
  connection: string;
  connected: boolean;
  lastSeen: string | null;
}

/** Registers a connected bot (open to all), with `extra` fields of the registration (e.g. `ladder: true`). */
export async function registerConnected(extra: Record<string, unknown> = {}): Promise<Connected> {
  const response = await postJson("/v1/bots", { name: fresh("linked"), connection: "stream", entry: "open", ...extra });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text);
}

export interface MoveEvent {
  type: "move";
  requestId: string;
  request: { matchId: string; ply: number; clock: { timeLeftMs: number } };
}
export type StreamEvent = MoveEvent | { type: "end"; notice: { matchId: string; outcome: string } } | { type: "keepAlive" };

/** An open event stream, read a line at a time. */
export class Stream {
  private buffer = "";
  private readonly decoder = new TextDecoder();
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private constructor(reader: ReadableStreamDefaultReader<Uint8Array>) {
    this.reader = reader;
  }

  static async open(bot: Connected): Promise<Stream> {
    const response = await request(`/v1/bots/${bot.id}/events`, { headers: bearer(bot.token) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    return new Stream((response.body as ReadableStream<Uint8Array>).getReader());
  }

  /** The next line, or null when the stream ended. */
  async next(): Promise<StreamEvent | null> {
    for (;;) {
      const newline = this.buffer.indexOf("\n");
      if (newline >= 0) {
        const line = this.buffer.slice(0, newline);
        this.buffer = this.buffer.slice(newline + 1);
        return JSON.parse(line) as StreamEvent;
      }
      const { done, value } = await this.reader.read();
      if (done) return null;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next move event (skipping keep-alives and end notices, which go to `ends`). */
  async nextMove(ends: StreamEvent[] = []): Promise<MoveEvent | null> {
    for (;;) {
      const event = await this.next();
      if (event === null) return null;
      if (event.type === "move") return event;
      if (event.type === "end") ends.push(event);
    }
  }

  async drop(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}

/** The easy engine's answer to a move event. */
export function answerOf(event: MoveEvent): unknown {
  const checked = readMoveRequest(event.request);
  if (!checked.ok) throw new Error(checked.error);
  return builtInAnswer("easy", checked.value, { maxNodes: 5_000 });
}

export const answer = (bot: Connected, requestId: string, body: unknown) =>
  request(`/v1/bots/${bot.id}/moves/${requestId}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...bearer(bot.token) },
    body: JSON.stringify(body),
  });

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
