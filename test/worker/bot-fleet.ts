/**
 * Bots behind a mocked outbound fetch, for the Worker tests. The Worker and its Durable Objects run in
 * the test's isolate (see @cloudflare/vitest-plugin), so a mock of `globalThis.fetch` is the fetch the
 * registry health check and the tournament's bot calls use. Each bot lives at `http://{name}.bots.test`
 * and is a real bot server (botFetchHandler) or a misbehaving one; the fleet records every call, and
 * the well-behaved bots check every signature against the secret they were registered with.
 */
import { vi } from "vitest";
import { type CheckedMoveRequest, type EndNotice, type MoveAnswer, referenceAnswer, verifySignature } from "../../src/bots/index.ts";
import { botFetchHandler, readMoveRequest } from "../../src/wire/bot-server.ts";
import { legalMoves, type Move } from "../../src/rules/index.ts";

export interface FleetCall {
  bot: string;
  method: string;
  path: string;
  body: string;
  /** For POST /move: the match and ply asked about. */
  matchId?: string;
  gameId?: string;
  ply?: number;
  /** Whether the signature verified with the bot's registered secret (null before it had one). */
  signed: boolean | null;
}

export type Behaviour = (request: Request, call: FleetCall, fleet: Fleet) => Promise<Response> | Response;

export interface Fleet {
  calls: FleetCall[];
  ends: { bot: string; notice: EndNotice }[];
  /** Secrets by bot name, set once registered. */
  secrets: Map<string, string>;
  url(bot: string): string;
  restore(): void;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A fetch that never answers, rejecting when the caller gives up (as a hung server looks to a client). */
export function hang(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    if (request.signal.aborted) reject(new DOMException("aborted", "AbortError"));
    request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

/** A connection failure, as workerd's fetch reports one. */
export const refuse = (): never => {
  throw new TypeError("Network connection lost.");
};

/** A correct bot: the reference engine at `level` (or any chooser), signatures checked once registered. */
export function goodBot(choose: (checked: CheckedMoveRequest) => MoveAnswer = (checked) => referenceAnswer("easy", checked, { maxNodes: 20_000 })): Behaviour {
  return async (request, call, fleet) => {
    const handler = botFetchHandler({
      info: { name: call.bot, author: "tests" },
      move: choose,
      secret: fleet.secrets.get(call.bot),
      onEnd: (notice) => fleet.ends.push({ bot: call.bot, notice }),
    });
    return handler(request);
  };
}

/** Answers `GET /` and `POST /end` like a good bot, and `POST /move` with `onMove`. */
export function badMover(onMove: Behaviour): Behaviour {
  const good = goodBot();
  return (request, call, fleet) => (call.path === "/move" ? onMove(request, call, fleet) : good(request, call, fleet));
}

/** The first legal move of a request's position. */
export function firstLegal(body: string): Move {
  const checked = readMoveRequest(JSON.parse(body));
  if (!checked.ok) throw new Error(checked.error);
  return legalMoves(checked.value.position, checked.value.rules)[0];
}

/**
 * Installs the fleet: `http://{name}.bots.test/...` goes to `bots[name]`; any other URL to the real fetch.
 * Call `restore()` when done.
 */
export function installFleet(bots: Record<string, Behaviour>): Fleet {
  const realFetch = globalThis.fetch;
  const fleet: Fleet = {
    calls: [],
    ends: [],
    secrets: new Map(),
    url: (bot) => `http://${bot}.bots.test`,
    restore: () => spy.mockRestore(),
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const bot = url.hostname.endsWith(".bots.test") ? url.hostname.slice(0, -".bots.test".length) : null;
    if (bot === null || !(bot in bots)) return realFetch(input, init);
    const body = request.method === "POST" ? await request.clone().text() : "";
    const secret = fleet.secrets.get(bot);
    const call: FleetCall = {
      bot,
      method: request.method,
      path: url.pathname,
      body,
      signed: secret === undefined ? null : verifySignature(secret, body, request.headers),
    };
    if (url.pathname === "/move") {
      const parsed = JSON.parse(body) as { matchId: string; gameId: string; ply: number };
      Object.assign(call, { matchId: parsed.matchId, gameId: parsed.gameId, ply: parsed.ply });
    }
    fleet.calls.push(call);
    return bots[bot](request, call, fleet);
  });
  return fleet;
}

export { json };
