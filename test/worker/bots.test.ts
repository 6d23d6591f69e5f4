/**
 * The bot registry and the built-in bots, through the Worker: a registration checks the URL and calls
 * the bot's `GET /` (signed with the secret it answers), names are unique, deletion needs the
 * management token; the built-in bots at /bots/{name}/ speak exactly the protocol (the conformance
 * check passes against them) and play legal moves.
 */
import { exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkBot, moveRequestFor, conformanceMatch, BUILT_IN_BOTS, verifySignature } from "../../src/bots/index.ts";
import { seatToMove } from "../../src/match/machine.ts";
import { legalMoves, makeRules, parseCell, parsePiece, readPosition } from "../../src/rules/index.ts";
import { type Fleet, goodBot, installFleet, json, refuse } from "./bot-fleet.ts";
import { expectProblem, json200, ORIGIN, postJson, request } from "./http.ts";

interface Registered {
  id: string;
  name: string;
  url: string;
  info: { name: string; author?: string };
  createdAt: string;
  secret: string;
  token: string;
}

let fleet: Fleet;
let names = 0;
/** A fresh bot name per registration: the registry is shared by every test of the file. */
const fresh = (base: string) => `${base}-${++names}-${Math.random().toString(36).slice(2, 8)}`;

beforeEach(() => {
  fleet = installFleet({
    alice: goodBot(),
    down: refuse,
    broken: () => json({ error: "boom" }, 500),
    nameless: () => json({ version: "1" }),
    garbage: () => new Response("<html>", { status: 200 }),
  });
});
afterEach(() => fleet.restore());

async function register(name: string, bot = "alice"): Promise<Registered> {
  const response = await postJson("/v1/bots", { name, url: fleet.url(bot) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const registered = JSON.parse(text) as Registered;
  expect(response.headers.get("location")).toBe(`/v1/bots/${registered.id}`);
  return registered;
}

describe("registration", () => {
  it("answers the id, a secret and a token; GET / was signed with that secret", async () => {
    const name = fresh("alice");
    const bot = await register(name);
    // The URL is stored normalized (WHATWG serialization: a root path is "/").
    expect(bot).toMatchObject({ name, url: `${fleet.url("alice")}/`, info: { name: "alice", author: "tests" } });
    expect(bot.id).toMatch(/^[a-z2-7]{26}$/);
    expect(bot.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(bot.token.length).toBeGreaterThanOrEqual(40);
    expect(fleet.calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /"]);
  });

  it("the health check is signed with the secret the bot gets (and with no other)", async () => {
    const seen: Request[] = [];
    fleet.restore();
    fleet = installFleet({
      alice: async (request, call, f) => {
        seen.push(request.clone());
        return goodBot()(request, call, f);
      },
    });
    const bot = await register(fresh("signed"));
    expect(seen).toHaveLength(1);
    expect(verifySignature(bot.secret, "", seen[0].headers)).toBe(true);
    const other = (await register(fresh("other"))).secret;
    expect(verifySignature(other, "", seen[0].headers)).toBe(false);
  });

  it("refuses URLs that are not http(s), carry credentials, a query or a fragment, before calling anything", async () => {
    const cases: [string, RegExp][] = [
      ["ftp://alice.bots.test", /http or https/],
      ["http://user:pass@alice.bots.test", /credentials/],
      ["http://alice.bots.test/?token=1", /query or a fragment/],
      ["http://alice.bots.test/#x", /query or a fragment/],
      ["alice.bots.test", /not an absolute URL/],
    ];
    for (const [url, message] of cases) {
      const problem = await expectProblem(postJson("/v1/bots", { name: fresh("bad"), url }), "registry/bad_url");
      expect(problem.detail, url).toMatch(message);
      expect(problem.errors?.[0].path).toEqual(["url"]);
    }
    expect(fleet.calls).toEqual([]);
  });

  it("refuses a bot that does not answer GET / with a name, saying the same whatever answered", async () => {
    // In production the detail must not tell what is behind an address (status, body, connection errors).
    for (const bot of ["down", "broken", "garbage", "nameless"]) {
      const problem = await expectProblem(postJson("/v1/bots", { name: fresh(bot), url: fleet.url(bot) }), "registry/health_check_failed");
      expect(problem.detail, bot).toBe(`GET ${fleet.url(bot)}/ did not answer with the bot's identity (a 2xx JSON BotInfo within 5 s, without redirects)`);
    }
    const listed = await json200<{ bots: { url: string }[] }>(request("/v1/bots?limit=200"));
    expect(listed.bots.map((bot) => bot.url)).not.toContain(`${fleet.url("down")}/`);
  });

  it("names are unique, case-insensitively, and built-in names are reserved", async () => {
    const name = fresh("Unique");
    await register(name);
    await expectProblem(postJson("/v1/bots", { name: name.toLowerCase(), url: fleet.url("alice") }), "registry/name_taken");
    for (const builtIn of ["easy", "Perfect"]) await expectProblem(postJson("/v1/bots", { name: builtIn, url: fleet.url("alice") }), "registry/name_taken");
    for (const bad of ["", "has space", "-dash", "x".repeat(41)])
      await expectProblem(postJson("/v1/bots", { name: bad, url: fleet.url("alice") }), "request/invalid");
  });
});

describe("reading and deleting", () => {
  it("lists and shows bots without their secret or token, with the built-in bots", async () => {
    const bot = await register(fresh("listed"));
    const list = await json200<{ bots: Record<string, unknown>[]; builtIn: { name: string; url: string }[] }>(request("/v1/bots?limit=200"));
    const listed = list.bots.find((entry) => entry.id === bot.id);
    expect(listed).toEqual({ id: bot.id, name: bot.name, connection: "webhook", url: bot.url, info: bot.info, entry: "owner", createdAt: bot.createdAt });
    expect(list.builtIn).toEqual(BUILT_IN_BOTS.map((name) => ({ name, url: `/bots/${name}` })));
    // The bot's own view adds its ladder entry (null: never on the ladder).
    expect(await json200(request(`/v1/bots/${bot.id}`))).toEqual({ ...listed, ladder: null });
    await expectProblem(request("/v1/bots/aaaaaaaaaaaaaaaaaaaaaaaaaa"), "registry/not_found");
    await expectProblem(request("/v1/bots/not-an-id"), "registry/not_found");
  });

  it("DELETE needs the bot's management token", async () => {
    const bot = await register(fresh("doomed"));
    const other = await register(fresh("other"));
    const remove = (token?: string) =>
      request(`/v1/bots/${bot.id}`, { method: "DELETE", headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
    await expectProblem(remove(), "registry/token_required");
    await expectProblem(remove(other.token), "registry/wrong_token");
    await expectProblem(remove("nonsense"), "registry/wrong_token");
    await json200(request(`/v1/bots/${bot.id}`));
    const deleted = await json200<{ id: string }>(remove(bot.token));
    expect(deleted.id).toBe(bot.id);
    await expectProblem(request(`/v1/bots/${bot.id}`), "registry/not_found");
    await expectProblem(remove(bot.token), "registry/not_found");
    // The name is free again.
    await register(bot.name);
  });
});

describe("built-in bots at /bots/{name}/", () => {
  const selfFetch = ((input: RequestInfo | URL, init?: RequestInit) => exports.default.fetch(input as string, init)) as typeof fetch;

  it("pass the conformance check, served by the Worker", async () => {
    for (const name of ["random", "easy"]) {
      const report = await checkBot(`${ORIGIN}/bots/${name}`, { timeoutMs: 10_000, fetch: selfFetch });
      expect(
        report.checks.filter((check) => !check.ok),
        name,
      ).toEqual([]);
      expect(report.info).toMatchObject({ name, author: "quarto-service" });
    }
  });

  it("answer legal moves to move requests", async () => {
    for (const plies of [0, 5, 9]) {
      const state = conformanceMatch(plies);
      const body = moveRequestFor(state, seatToMove(state), { tournamentId: null, gameId: "g1", matchId: "m1", opponent: "x" }, 1000);
      for (const name of BUILT_IN_BOTS) {
        const answer = await json200<{ place?: number | string; give?: number | string }>(postJson(`/bots/${name}/move`, body));
        const rules = makeRules();
        const position = readPosition(body.position, rules);
        if (!position.ok) throw new Error(position.error.detail);
        const move = {
          ...(answer.place === undefined ? {} : { place: typeof answer.place === "number" ? answer.place : parseCell(answer.place) }),
          ...(answer.give === undefined ? {} : { give: typeof answer.give === "number" ? answer.give : parsePiece(answer.give) }),
        };
        const legal = legalMoves(position.value, rules).some((candidate) => candidate.place === move.place && candidate.give === move.give);
        expect(legal, `${name} at ply ${plies}: ${JSON.stringify(answer)}`).toBe(true);
      }
    }
  });

  it("acknowledge /end, and refuse unknown bots and impossible requests with problems", async () => {
    const info = await json200(request("/bots/perfect/"));
    expect(info).toEqual({ name: "perfect", author: "quarto-service", version: "1" });
    const ended = conformanceMatch(17);
    const { endNoticeFor } = await import("../../src/bots/index.ts");
    const notice = endNoticeFor(ended, 0, { tournamentId: null, gameId: "g1", matchId: "m1", opponent: "x" });
    expect(await json200(postJson("/bots/easy/end", notice))).toEqual({ received: true });
    await expectProblem(request("/bots/genius/"), "reference/unknown_bot");
    const over = moveRequestFor(conformanceMatch(16), 0, { tournamentId: null, gameId: "g1", matchId: "m1", opponent: "x" }, 1000);
    await expectProblem(postJson("/bots/easy/move", { ...over, position: ended.position }), "reference/bad_move_request");
    await expectProblem(postJson("/bots/easy/move", { position: "................." }), "request/invalid");
  });

  it("answer GET / of the protocol at /bots/{name}/ and, as the OpenAPI document describes it, at /bots/{name}", async () => {
    // The protocol calls `{botUrl}/`; generators and linters want paths without a trailing slash.
    expect(await json200(request("/bots/medium"))).toEqual(await json200(request("/bots/medium/")));
    expect(await json200(request("/bots/medium"))).toMatchObject({ name: "medium", author: "quarto-service" });
    await expectProblem(request("/bots/genius"), "reference/unknown_bot");
  });
});
