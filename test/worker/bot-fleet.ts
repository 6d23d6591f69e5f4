/**
 * Bots behind a mocked outbound fetch, for the Worker tests. The Worker and its Durable Objects run in
 * the test's isolate (see @cloudflare/vitest-plugin), so a mock of `globalThis.fetch` is the fetch the
 * registry health check and the tournament's bot calls use. Each bot lives at `http://{name}.bots.test`
 * and is a real bot server (botFetchHandler) or a misbehaving one; the fleet records every call, and
 * the well-behaved bots check every signature against the secret they were registered with.
 */
import { vi } from "vitest";
import { type CheckedMoveRequest, DOH_ENDPOINT, type EndNotice, type MoveAnswer, builtInAnswer, verifySignature } from "../../src/bots/index.ts";
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
  /** What a bot's host name resolves to, by bot name (default: one public IPv4 address). */
  addresses: Map<string, string[]>;
  /** The TTL of those answers (30 s: the service keeps them, as it would a real resolver's; 0 to have every call ask). */
  ttlS: number;
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
export function goodBot(choose: (checked: CheckedMoveRequest) => MoveAnswer = (checked) => builtInAnswer("easy", checked, { maxNodes: 20_000 })): Behaviour {
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
    addresses: new Map(),
    ttlS: 30,
    url: (bot) => `http://${bot}.bots.test`,
    restore: () => spy.mockRestore(),
  };
  const spy = vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // The bots' names, resolved over DNS over HTTPS (src/bots/resolve.ts): a public address each, or the fleet's own answer.
    if (url.origin === new URL(DOH_ENDPOINT).origin) return dnsAnswer(fleet, url);
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

/** A public address (TEST-NET ranges are not public: the policy refuses them). */
const PUBLIC_ADDRESS = "93.184.215.14";

/** The DNS over HTTPS JSON answer for a query: the fleet's bots resolve (A only), any other name does not exist. */
function dnsAnswer(fleet: Fleet, url: URL): Response {
  const name = (url.searchParams.get("name") ?? "").toLowerCase();
  const type = url.searchParams.get("type");
  const bot = name.endsWith(".bots.test") ? name.slice(0, -".bots.test".length) : null;
  if (bot === null) return json({ Status: 3, Answer: [] });
  const addresses = fleet.addresses.get(bot) ?? [PUBLIC_ADDRESS];
  const wanted = addresses.filter((address) => (type === "AAAA" ? address.includes(":") : !address.includes(":")));
  return json({ Status: 0, Answer: wanted.map((data) => ({ name, type: type === "AAAA" ? 28 : 1, TTL: fleet.ttlS, data })) });
}

export { json };
