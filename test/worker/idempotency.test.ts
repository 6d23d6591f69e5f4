/**
 * `Idempotency-Key` on the creating POSTs: a retry with the same key and request answers the first
 * answer again (status, Location, body: the same id and tokens) and creates nothing; the same key with
 * another body or token is a 422 `idempotency/key_reused`; from another client or on another path it
 * is another key; a bad key a 400; a request still being answered a 409; a refused request is not
 * kept; the key's object forgets it with its alarm (24 hours); the stored answer holds no token in
 * plain text.
 */
import { env } from "cloudflare:workers";
import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scopedKeys } from "../../src/http/idempotency.ts";
import { IDEMPOTENCY_TTL_MS, type IdempotencyKey } from "../../src/objects/idempotency.ts";
import { goodBot, installFleet, type Fleet } from "./bot-fleet.ts";
import { expectProblem, postJson, request } from "./http.ts";
import { bearer, createMatch, getState, tokenOf } from "./match-client.ts";

const newKey = () => crypto.randomUUID();
const keyed = (key: string, headers: Record<string, string> = {}) => ({ "Idempotency-Key": key, ...headers });
const matchIds = async () => new Set((await listDurableObjectIds(env.MATCHES)).map((id) => id.toString()));
/** The object of a key used by this test's client (no CF-Connecting-IP: `unknown`) on POST /v1/matches. */
const keyStub = async (key: string) => {
  const { objectName } = await scopedKeys(key, { client: "unknown", method: "POST", path: "/v1/matches" }, "");
  return env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(objectName));
};

const MATCH = { firstSeat: 0, seats: [{ kind: "human", take: true, name: "Ada" }, { kind: "human" }] };

describe("POST /v1/matches with an Idempotency-Key", () => {
  it("a retry answers the first answer, byte for byte, and creates no second match", async () => {
    const key = newKey();
    const before = await matchIds();
    const first = await postJson("/v1/matches", MATCH, keyed(key));
    expect(first.status).toBe(201);
    const body = await first.text();
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const afterFirst = await matchIds();
    expect(afterFirst.size).toBe(before.size + 1);

    for (let retry = 0; retry < 2; retry++) {
      const again = await postJson("/v1/matches", MATCH, keyed(key));
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(again.headers.get("location")).toBe(first.headers.get("location"));
      expect(again.headers.get("content-type")).toBe(first.headers.get("content-type"));
      expect(await again.text()).toBe(body);
    }
    expect(await matchIds()).toEqual(afterFirst);

    // The replayed token is the seat's token: it plays.
    const created = JSON.parse(body) as { id: string; tokens: { seat: 0 | 1; token: string }[] };
    const join = await postJson(`/v1/matches/${created.id}/join`, {});
    expect(join.status).toBe(200);
    const moved = await postJson(`/v1/matches/${created.id}/moves`, { ply: 0, give: 3 }, bearer(created.tokens[0].token));
    expect(moved.status).toBe(200);
  });

  it("without a key, or with another key, each POST creates a match", async () => {
    const before = await matchIds();
    const answers = [await postJson("/v1/matches", MATCH), await postJson("/v1/matches", MATCH), await postJson("/v1/matches", MATCH, keyed(newKey()))];
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: string }).id));
    expect(new Set(ids).size).toBe(3);
    expect((await matchIds()).size).toBe(before.size + 3);
  });

  it("the same key with another body or token is a 422 idempotency/key_reused, and changes nothing", async () => {
    const key = newKey();
    const first = await postJson("/v1/matches", MATCH, keyed(key));
    expect(first.status).toBe(201);
    const before = await matchIds();
    await expectProblem(postJson("/v1/matches", { ...MATCH, firstSeat: 1 }, keyed(key)), "idempotency/key_reused");
    await expectProblem(postJson("/v1/matches", MATCH, keyed(key, { Authorization: "Bearer someone" })), "idempotency/key_reused");
    expect(await matchIds()).toEqual(before);
    // The first answer is still there for its own request.
    expect((await postJson("/v1/matches", MATCH, keyed(key))).headers.get("idempotent-replayed")).toBe("true");
  });

  it.each([[""], ["x".repeat(256)], ["tab\there"], ["with space"]])("a bad key (%j) is a 400 idempotency/bad_key and creates nothing", async (key) => {
    const before = await matchIds();
    const problem = await expectProblem(
      request("/v1/matches", { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body: JSON.stringify(MATCH) }),
      "idempotency/bad_key",
    );
    expect(problem.detail).toContain("Idempotency-Key");
    expect(await matchIds()).toEqual(before);
  });

  it("a refused request is not kept: its retry runs again, and the key stays free for the request that works", async () => {
    const key = newKey();
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await postJson("/v1/matches", { seats: "two" }, keyed(key));
      expect(refused.headers.get("idempotent-replayed")).toBeNull();
      await expectProblem(refused, "request/invalid");
    }
    const created = await postJson("/v1/matches", MATCH, keyed(key));
    expect(created.status).toBe(201);
    expect(created.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a request that began and never finished is taken as lost after a while", async () => {
    const key = newKey();
    const fingerprint = "a request being answered";
    const stub = await keyStub(key);
    expect(await stub.begin(fingerprint, Date.now())).toEqual({ kind: "new" });
    expect(await stub.begin(fingerprint, Date.now())).toEqual({ kind: "in_progress" });
    expect(await stub.begin("another request", Date.now())).toEqual({ kind: "mismatch" });
    expect(await stub.begin(fingerprint, Date.now() + 10 * 60_000)).toEqual({ kind: "new" });
  });

  it("the key's object keeps the answer 24 hours, then its alarm forgets it", async () => {
    const key = newKey();
    const startedAt = Date.now();
    expect((await postJson("/v1/matches", MATCH, keyed(key))).status).toBe(201);
    const stub = await keyStub(key);
    const alarm = await runInDurableObject(stub, (_instance: IdempotencyKey, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect(alarm ?? 0).toBeGreaterThanOrEqual(startedAt + IDEMPOTENCY_TTL_MS);
    expect(alarm ?? 0).toBeLessThanOrEqual(Date.now() + IDEMPOTENCY_TTL_MS);

    expect(await runDurableObjectAlarm(stub)).toBe(true);
    // Forgotten: the key is free again, for any request.
    const other = await postJson("/v1/matches", { ...MATCH, firstSeat: 1 }, keyed(key));
    expect(other.status).toBe(201);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("a key is its client's and its route's, and its answer is sealed", () => {
  const from = (client: string, headers: Record<string, string> = {}) => ({ "CF-Connecting-IP": client, ...headers });

  it("the same key and body from another client is another key: a new match, not the first client's tokens", async () => {
    const key = newKey();
    const first = await postJson("/v1/matches", MATCH, keyed(key, from("203.0.113.7")));
    const second = await postJson("/v1/matches", MATCH, keyed(key, from("198.51.100.9")));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    const [a, b] = [(await first.json()) as { id: string; tokens: { token: string }[] }, (await second.json()) as { id: string; tokens: { token: string }[] }];
    expect(b.id).not.toBe(a.id);
    expect(b.tokens[0].token).not.toBe(a.tokens[0].token);
    // Each client's retry still gets its own first answer.
    const again = await postJson("/v1/matches", MATCH, keyed(key, from("203.0.113.7")));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { id: string }).id).toBe(a.id);
  });

  it("the same key on another route is another key, not key_reused", async () => {
    const key = newKey();
    expect((await postJson("/v1/matches", MATCH, keyed(key))).status).toBe(201);
    const tournament = await postJson("/v1/tournaments", { bots: ["random", "easy"], gamesPerPair: 2 }, keyed(key));
    expect(tournament.status).toBe(201);
    const { id, token } = (await tournament.json()) as { id: string; token: string };
    await request(`/v1/tournaments/${id}/cancel`, { method: "POST", headers: bearer(token) });
  });

  it("no token is kept in plain text: every stored value of every key object is free of the tokens it answered", async () => {
    const key = newKey();
    const created = await postJson("/v1/matches", { seats: [{ kind: "human", take: true }, { kind: "human", take: true }] }, keyed(key, from("192.0.2.44")));
    expect(created.status).toBe(201);
    const { id, tokens } = (await created.json()) as { id: string; tokens: { token: string }[] };
    const joinKey = newKey();
    const open = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    const joined = (await (await postJson(`/v1/matches/${open.id}/join`, {}, keyed(joinKey))).json()) as { token: string };
    const secrets = [...tokens.map((entry) => entry.token), joined.token];
    const stored: string[] = [];
    for (const objectId of await listDurableObjectIds(env.IDEMPOTENCY)) {
      const dump = await runInDurableObject(env.IDEMPOTENCY.get(objectId), (_instance: IdempotencyKey, state) => {
        const rows = [...state.storage.kv.list()].map(([name, value]) => `${name}=${JSON.stringify(value)}`);
        const sql = [...state.storage.sql.exec("SELECT * FROM sqlite_master")].map((row) => JSON.stringify(row));
        return [...rows, ...sql].join("\n");
      });
      stored.push(dump);
    }
    const everything = stored.join("\n");
    expect(everything).toContain('"sealed"');
    for (const secret of secrets) expect(everything).not.toContain(secret);
    expect(everything).not.toContain(id);
    expect(everything).not.toContain(key);
    // And the holder of the key, in its scope, still gets the answer back.
    const replay = await postJson("/v1/matches", { seats: [{ kind: "human", take: true }, { kind: "human", take: true }] }, keyed(key, from("192.0.2.44")));
    expect(((await replay.json()) as { tokens: { token: string }[] }).tokens.map((entry) => entry.token)).toEqual(tokens.map((entry) => entry.token));
  });
});

describe("the other creating POSTs", () => {
  it("POST /v1/matches/{id}/join: a retry gets the same seat and token, and the seat is not taken twice", async () => {
    const created = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    const key = newKey();
    const first = await postJson(`/v1/matches/${created.id}/join`, { name: "Grace" }, keyed(key));
    expect(first.status).toBe(200);
    const body = (await first.json()) as { seat: number; token: string };
    const again = await postJson(`/v1/matches/${created.id}/join`, { name: "Grace" }, keyed(key));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(body);
    expect((await getState(created.id)).status).toBe("active");
    // The match has no open seat left: a join without the key is refused.
    await expectProblem(postJson(`/v1/matches/${created.id}/join`, {}), "match/no_open_seat");
    expect((await postJson(`/v1/matches/${created.id}/moves`, { ply: 0, give: 1 }, bearer(tokenOf(created, 0)))).status).toBe(200);
  });

  it("POST /v1/tournaments: a retry gets the same tournament and token", async () => {
    const key = newKey();
    const request = { bots: ["random", "easy"], gamesPerPair: 2, seed: 4 };
    const first = await postJson("/v1/tournaments", request, keyed(key));
    expect(first.status).toBe(201);
    const body = await first.text();
    const again = await postJson("/v1/tournaments", request, keyed(key));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(body);
  });

  describe("POST /v1/bots", () => {
    let fleet: Fleet;
    beforeEach(() => {
      fleet = installFleet({ keyed: goodBot() });
    });
    afterEach(() => fleet.restore());

    it("a retry after a lost answer gets the same id, secret and token, instead of name_taken", async () => {
      const key = newKey();
      const name = `keyed-${crypto.randomUUID().slice(0, 8)}`;
      const registration = { name, url: fleet.url("keyed") };
      const first = await postJson("/v1/bots", registration, keyed(key));
      expect(first.status).toBe(201);
      const body = await first.text();
      const again = await postJson("/v1/bots", registration, keyed(key));
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.text()).toBe(body);
      // The bot was called once, at the first registration.
      expect(fleet.calls.filter((call) => call.path === "/")).toHaveLength(1);
      // Without the key, the retry is what it always was.
      await expectProblem(postJson("/v1/bots", registration), "registry/name_taken");
    });

    it("a retry while the first request is still being answered is a 409 idempotency/in_progress with Retry-After", async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      fleet.restore();
      const good = goodBot();
      // This bot takes its time to answer the registration's GET /.
      fleet = installFleet({
        slow: async (request, call, f) => {
          await released;
          return good(request, call, f);
        },
      });
      const key = newKey();
      const registration = { name: `slow-${crypto.randomUUID().slice(0, 8)}`, url: fleet.url("slow") };
      const first = postJson("/v1/bots", registration, keyed(key));
      while (!fleet.calls.some((call) => call.path === "/")) await new Promise((resolve) => setTimeout(resolve, 5));
      const twin = await postJson("/v1/bots", registration, keyed(key));
      expect(twin.headers.get("retry-after")).toBe("1");
      await expectProblem(twin, "idempotency/in_progress");
      release();
      const answered = await first;
      expect(answered.status).toBe(201);
      const body = await answered.text();
      const retried = await postJson("/v1/bots", registration, keyed(key));
      expect(retried.headers.get("idempotent-replayed")).toBe("true");
      expect(await retried.text()).toBe(body);
    });
  });
});
