/**
 * POST /v1/bots/{id}/rotate: the bot's owner (with the current management token) gets a new signing
 * secret and token; the old token stops working at once, the new one works, a tournament created
 * afterwards signs its calls with the new secret; a wrong or missing token changes nothing; with an
 * Idempotency-Key a retried rotation answers the same new credentials instead of rotating twice.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REGISTRY_NAME } from "../../src/wire/bots.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";

interface Credentials {
  id: string;
  name: string;
  url: string;
  secret: string;
  token: string;
}

let fleet: Fleet;
beforeEach(() => {
  fleet = installFleet({ rotor: goodBot() });
});
afterEach(() => fleet.restore());

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const registry = () => env.BOT_REGISTRY.get(env.BOT_REGISTRY.idFromName(REGISTRY_NAME));

async function register(): Promise<Credentials> {
  const response = await postJson("/v1/bots", { name: `rotor-${crypto.randomUUID().slice(0, 8)}`, url: fleet.url("rotor"), entry: "open" });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as Credentials;
}

const rotate = (id: string, headers: Record<string, string> = {}) => request(`/v1/bots/${id}/rotate`, { method: "POST", headers });

describe("rotating a bot's secret and token", () => {
  it("answers new credentials; the old token stops working, the new one works", async () => {
    const bot = await register();
    const rotated = await json200<Credentials>(rotate(bot.id, bearer(bot.token)));
    expect(rotated).toMatchObject({ id: bot.id, name: bot.name });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(bot.secret);
    expect(rotated.token).not.toBe(bot.token);

    await expectProblem(rotate(bot.id, bearer(bot.token)), "registry/wrong_token");
    await expectProblem(request(`/v1/bots/${bot.id}`, { method: "DELETE", headers: bearer(bot.token) }), "registry/wrong_token");
    // The public view is unchanged.
    expect(await json200(request(`/v1/bots/${bot.id}`))).toMatchObject({ id: bot.id, name: bot.name, url: bot.url });
    // The registry now hands tournaments the new secret.
    const [entrant] = await registry().entrants([bot.id]);
    expect(entrant?.secret).toBe(rotated.secret);

    const again = await json200<Credentials>(rotate(bot.id, bearer(rotated.token)));
    expect(again.token).not.toBe(rotated.token);
    expect((await request(`/v1/bots/${bot.id}`, { method: "DELETE", headers: bearer(again.token) })).status).toBe(200);
  });

  it("a tournament created after the rotation signs its calls with the new secret", async () => {
    const bot = await register();
    const rotated = await json200<Credentials>(rotate(bot.id, bearer(bot.token)));
    fleet.secrets.set("rotor", rotated.secret);
    const created = await postJson("/v1/tournaments", { bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 2000 } });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: string; token: string };
    const stub = env.TOURNAMENTS.get(env.TOURNAMENTS.idFromName(id));
    for (let step = 0; step < 100 && !fleet.calls.some((call) => call.path === "/move"); step++) {
      if (!(await runDurableObjectAlarm(stub))) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const moves = fleet.calls.filter((call) => call.path === "/move");
    expect(moves.length).toBeGreaterThan(0);
    // `signed`: verified with the secret the fleet holds for the bot, the new one (the old one differs).
    for (const call of moves) expect(call.signed).toBe(true);
    expect((await request(`/v1/tournaments/${id}/cancel`, { method: "POST", headers: bearer(token) })).status).toBe(200);
  });

  it("without the token, with a wrong one, or for an unknown bot: refused, and nothing changes", async () => {
    const bot = await register();
    await expectProblem(rotate(bot.id), "registry/token_required");
    await expectProblem(rotate(bot.id, bearer("not-the-token")), "registry/wrong_token");
    await expectProblem(rotate("b4n6xr2mq7tz3kc5vj3wd2hp6e", bearer(bot.token)), "registry/not_found");
    await expectProblem(rotate("nope", bearer(bot.token)), "registry/not_found");
    const [entrant] = await registry().entrants([bot.id]);
    expect(entrant?.secret).toBe(bot.secret);
    expect((await json200<Credentials>(rotate(bot.id, bearer(bot.token)))).id).toBe(bot.id);
  });

  it("with an Idempotency-Key, a retried rotation answers the same new credentials", async () => {
    const bot = await register();
    const key = crypto.randomUUID();
    const first = await rotate(bot.id, { ...bearer(bot.token), "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const body = await first.text();
    const retried = await rotate(bot.id, { ...bearer(bot.token), "Idempotency-Key": key });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBe("true");
    expect(await retried.text()).toBe(body);
    const [entrant] = await registry().entrants([bot.id]);
    expect(entrant?.secret).toBe((JSON.parse(body) as Credentials).secret);
  });
});
