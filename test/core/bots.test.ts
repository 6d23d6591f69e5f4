/**
 * The bot client against real servers on 127.0.0.1: each misbehaviour maps to its forfeit code, the
 * deadline covers the whole round trip, redirects are never followed, and every call is signed so the
 * bot can verify it with its secret (and with no other).
 */
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import {
  botUrlProblem,
  callBot,
  fetchBotInfo,
  generateBotSecret,
  httpBot,
  isValidBotSecret,
  parseBotInfo,
  parseMoveAnswer,
  signatureHeaders,
  verifySignature,
} from "../../src/bots/index.ts";
import { FORFEIT_CODES, type ForfeitCode } from "../../src/bots/index.ts";
import { botFetchHandler, readMoveRequest } from "../../src/wire/bot-server.ts";
import { conformanceMatch } from "../../src/bots/conformance.ts";
import { moveRequestFor } from "../../src/bots/protocol.ts";
import {
  errorBot,
  garbageBot,
  goodBot,
  hangingBot,
  hugeBot,
  illegalBot,
  redirectBot,
  refusingUrl,
  startBot,
  type TestBot,
  tricklingBot,
} from "./arena-test-bots.ts";

const secret = generateBotSecret();
const TIMEOUT = 300;
const request = () => moveRequestFor(conformanceMatch(7), 1, { tournamentId: null, gameId: "t", matchId: "t.1", opponent: "x" }, TIMEOUT);

describe("callBot maps every misbehaviour to one forfeit code", () => {
  const bots: Record<string, TestBot> = {};
  let refusing = "";
  beforeAll(async () => {
    bots.good = await goodBot();
    bots.hang = await hangingBot();
    bots.trickle = await tricklingBot();
    bots.error = await errorBot();
    bots.garbage = await garbageBot();
    bots.huge = await hugeBot();
    bots.redirect = await redirectBot(bots.good.url);
    bots.illegal = await illegalBot();
    refusing = await refusingUrl();
  });
  afterAll(async () => {
    await Promise.all(Object.values(bots).map((bot) => bot.close()));
  });

  // Each case: the server, the code it must produce (null: a 2xx JSON answer).
  const cases: [string, ForfeitCode | null][] = [
    ["good", null],
    ["hang", "bot/timeout"], // accepts, never answers
    ["trickle", "bot/timeout"], // headers in time, body too slow: the deadline covers reading the body
    ["error", "bot/http_status"],
    ["garbage", "bot/invalid_json"],
    ["huge", "bot/body_too_large"], // 1 MB, no content-length
    ["redirect", "bot/redirect"],
    ["illegal", null], // well-formed JSON: illegality is the reducer's call, not the client's
  ];
  for (const [name, code] of cases) {
    it(`${name} -> ${code ?? "ok"}`, async () => {
      const started = Date.now();
      const result = await callBot({ url: bots[name].url, secret }, "POST", "/move", request(), { timeoutMs: TIMEOUT });
      expect(result.ok ? null : result.code).toBe(code);
      // Never much past the deadline, whatever the bot does.
      expect(Date.now() - started).toBeLessThan(TIMEOUT + 1000);
    });
  }

  it("connection refused -> bot/connection_error", async () => {
    const result = await callBot({ url: refusing, secret }, "POST", "/move", request(), { timeoutMs: TIMEOUT });
    expect(result.ok ? null : result.code).toBe("bot/connection_error");
    expect(result.ok ? "" : result.detail).toContain("ECONNREFUSED");
  });

  it("a redirect is not followed: the target never sees the move", async () => {
    const before = bots.good.calls.length;
    const result = await callBot({ url: bots.redirect.url, secret }, "POST", "/move", request(), { timeoutMs: TIMEOUT });
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.detail).toContain("307");
    expect(bots.good.calls.length).toBe(before);
  });

  it("a declared content-length over the limit is refused before reading", async () => {
    const result = await callBot({ url: bots.good.url, secret }, "POST", "/move", request(), { timeoutMs: TIMEOUT, maxBodyBytes: 5 });
    expect(result.ok ? null : result.code).toBe("bot/body_too_large");
  });

  it("httpBot turns failures into replies with the same codes, and posts /end", async () => {
    const player = httpBot({ name: "e", url: bots.error.url, secret });
    expect(await player.move(request(), { timeoutMs: TIMEOUT })).toMatchObject({ ok: false, code: "bot/http_status" });
    const good = httpBot({ name: "g", url: `${bots.good.url}/`, secret });
    const reply = await good.move(request(), { timeoutMs: TIMEOUT });
    expect(reply.ok).toBe(true);
    await good.end?.({ ...request(), outcome: "draw", reason: "draw", seat: "first" } as never);
    expect(bots.good.calls.at(-1)?.path).toBe("/end");
  });

  it("GET / gives the identity; fetchBotInfo refuses an answer without a name", async () => {
    expect(await fetchBotInfo({ url: bots.good.url, secret }, { timeoutMs: TIMEOUT })).toMatchObject({ ok: true, info: { name: "good", version: "test" } });
    const nameless = await startBot((_call, response) => response.end(JSON.stringify({ author: "me" })));
    try {
      expect(await fetchBotInfo({ url: nameless.url, secret }, { timeoutMs: TIMEOUT })).toMatchObject({ ok: false, code: "bot/bad_info" });
    } finally {
      await nameless.close();
    }
  });

  it("every call is signed: it verifies with the bot's secret and with no other", async () => {
    const other = generateBotSecret();
    const calls = bots.good.calls;
    expect(calls.length).toBeGreaterThan(2);
    for (const call of calls) {
      expect(call.headers["webhook-id"]).toMatch(/^msg_/);
      expect(verifySignature(secret, call.body, call.headers)).toBe(true);
      expect(verifySignature(other, call.body, call.headers)).toBe(false);
      // The bot's side, with the reference library.
      expect(() => new Webhook(secret).verify(call.body, call.headers)).not.toThrow();
      expect(() => new Webhook(other).verify(call.body, call.headers)).toThrow();
    }
    expect(new Set(calls.map((call) => call.headers["webhook-id"])).size).toBe(calls.length);
  });

  it("the code table covers exactly the misbehaviours of the policy", () => {
    expect([...FORFEIT_CODES].sort()).toEqual(
      ["bot/body_too_large", "bot/connection_error", "bot/http_status", "bot/illegal_move", "bot/invalid_json", "bot/redirect", "bot/timeout"].sort(),
    );
  });
});

describe("signatures", () => {
  it("match an independent HMAC-SHA256 of id.timestamp.body under the base64-decoded secret", () => {
    const headers = signatureHeaders(secret, '{"a":1}', { id: "msg_fixed", now: 1_700_000_000_123 });
    expect(headers["webhook-timestamp"]).toBe("1700000000");
    const key = Buffer.from(secret.slice("whsec_".length), "base64");
    const expected = createHmac("sha256", key).update('msg_fixed.1700000000.{"a":1}').digest("base64");
    expect(headers["webhook-signature"]).toBe(`v1,${expected}`);
  });

  it("fail for a changed body, a stale timestamp, a missing header or a malformed secret", () => {
    const body = '{"ply":3}';
    const fresh = signatureHeaders(secret, body);
    expect(verifySignature(secret, body, fresh)).toBe(true);
    expect(verifySignature(secret, '{"ply":4}', fresh)).toBe(false);
    expect(verifySignature(secret, body, signatureHeaders(secret, body, { now: Date.now() - 10 * 60 * 1000 }))).toBe(false);
    const { "webhook-signature": _dropped, ...missing } = fresh;
    expect(verifySignature(secret, body, missing)).toBe(false);
    expect(verifySignature("not-a-secret", body, fresh)).toBe(false);
    expect(verifySignature(secret, body, new Headers(fresh))).toBe(true);
  });

  it("fresh secrets are valid, distinct, and 32 bytes", () => {
    const a = generateBotSecret();
    expect(isValidBotSecret(a)).toBe(true);
    expect(a).not.toBe(generateBotSecret());
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    for (const bad of ["", "whsec_", "abc", "whsec_!!!!", "whsec_abc"]) expect(isValidBotSecret(bad)).toBe(false);
  });
});

describe("protocol parsing", () => {
  // Each case: a bot's answer body, then the move it means or null when the form is wrong.
  const answers: [unknown, unknown][] = [
    [{ give: 7 }, { kind: "move", move: { give: 7 } }],
    [{ place: 5, give: 10 }, { kind: "move", move: { place: 5, give: 10 } }],
    [{ place: "c3", give: "A" }, { kind: "move", move: { place: 10, give: 10 } }], // cell names and hex digits
    [{ place: "d4", quarto: true }, { kind: "move", move: { place: 15, quarto: true } }],
    [{ place: 3, give: null }, { kind: "move", move: { place: 3 } }],
    [{ claim: true }, { kind: "claim" }],
    [{ place: 16 }, null],
    [{ place: "e1" }, null],
    [{ give: 16 }, null],
    [{ give: 1.5 }, null],
    [{ quarto: "yes", place: 1 }, null],
    [{}, null],
    [[1, 2], null],
    ["c3-A", null],
    [null, null],
  ];
  for (const [body, expected] of answers) {
    it(`${JSON.stringify(body)}`, () => {
      const parsed = parseMoveAnswer(body);
      expect(parsed.ok ? parsed.value : null).toEqual(expected);
    });
  }

  it("bot info needs a name; author and version are optional strings", () => {
    expect(parseBotInfo({ name: "x", author: "y" })).toEqual({ ok: true, value: { name: "x", author: "y" } });
    expect(parseBotInfo({ name: "" }).ok).toBe(false);
    expect(parseBotInfo({ name: "x", version: 2 }).ok).toBe(false);
    expect(parseBotInfo("x").ok).toBe(false);
  });

  it("a move request carries the whole state", () => {
    const body = request();
    expect(body).toMatchObject({ protocol: 1, ply: 7, seat: "second", phase: "place", canClaim: false, clock: { timeLeftMs: TIMEOUT }, opponent: { name: "x" } });
    expect(body.position).toHaveLength(17);
    expect(body.positionJson.inHand).toBe(0xd);
    expect(body.moves).toHaveLength(7);
    expect(body.moves[0]).toEqual({ ply: 0, seat: "first", move: { give: 14 }, text: "-E" });
    expect(body.availablePieces).toHaveLength(16 - 7);
    expect(body.emptyCells).toHaveLength(10);
    expect(readMoveRequest(JSON.parse(JSON.stringify(body))).ok).toBe(true);
  });

  it("a served bot refuses requests that are not a game in progress", () => {
    expect(readMoveRequest({ position: "................." }).ok).toBe(true);
    expect(readMoveRequest({ position: "0123" }).ok).toBe(false);
    expect(readMoveRequest({ position: ".................", rules: { attributes: [] } }).ok).toBe(false);
    expect(readMoveRequest({ position: ".................", rules: { announce: "loud" } }).ok).toBe(false);
    // A full board: the game is over.
    expect(readMoveRequest({ position: "0123456789ABCDEF." }).ok).toBe(false);
  });

  it("bot URLs: http(s) only, no credentials, no query", () => {
    expect(botUrlProblem("http://127.0.0.1:9001")).toBeNull();
    expect(botUrlProblem("https://bots.example/quarto/")).toBeNull();
    for (const bad of ["ftp://x", "http://user:pw@x", "http://x/?a=1", "http://x/#f", "/relative", "javascript:alert(1)"]) expect(botUrlProblem(bad)).not.toBeNull();
  });
});

describe("botFetchHandler serves the protocol", () => {
  const handler = botFetchHandler({ info: { name: "first-legal" }, secret, basePath: "/bots/x", move: (checked) => ({ give: checked.request.availablePieces[0] }) });
  const post = (path: string, body: string, headers: Record<string, string>) => handler(new Request(`http://h${path}`, { method: "POST", body, headers }));

  it("answers signed calls and refuses unsigned or wrongly signed ones", async () => {
    const body = JSON.stringify(moveRequestFor(conformanceMatch(0), 0, { tournamentId: null, gameId: "g", matchId: "g.1", opponent: "o" }, 1000));
    const signed = await post("/bots/x/move", body, { ...signatureHeaders(secret, body) });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ give: 0 });
    expect((await post("/bots/x/move", body, {})).status).toBe(401);
    expect((await post("/bots/x/move", body, { ...signatureHeaders(generateBotSecret(), body) })).status).toBe(401);
    const info = await handler(new Request("http://h/bots/x/", { headers: { ...signatureHeaders(secret, "") } }));
    expect(await info.json()).toEqual({ name: "first-legal" });
  });

  it("routes: 404 elsewhere, 405 for the wrong method, 422 for a finished game, 204 for /end", async () => {
    const signedPost = (path: string, body: string) => post(path, body, { ...signatureHeaders(secret, body) });
    expect((await handler(new Request("http://h/elsewhere"))).status).toBe(404);
    expect((await handler(new Request("http://h/bots/x/move", { headers: { ...signatureHeaders(secret, "") } }))).status).toBe(405);
    expect((await signedPost("/bots/x/move", JSON.stringify({ position: "0123456789ABCDEF." }))).status).toBe(422);
    expect((await signedPost("/bots/x/move", "{")).status).toBe(400);
    expect((await signedPost("/bots/x/end", "{}")).status).toBe(204);
  });
});
