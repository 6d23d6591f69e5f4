/**
 * Guessing tokens is throttled (policy `auth-failures`): each wrong seat, bot or tournament token
 * counts against the client; the one over the quota is a 429 with Retry-After and the RateLimit
 * fields, and from then until the window ends every request of that client with a token is refused
 * before the token is looked at (a right one too: a guess gets no answer). Other clients are not
 * affected. The test config raises the real binding out of the way, so the app is called here with
 * TIGHT_RATE_LIMIT (3 a minute, vitest.config.ts) in its place, from a fresh client address per test.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app.ts";
import { expectProblem, ORIGIN, postJson } from "./http.ts";
import { goodBot, installFleet } from "./bot-fleet.ts";
import { createMatch, tokenOf } from "./match-client.ts";

const TIGHT = 3;
const tight = (env as unknown as { TIGHT_RATE_LIMIT: RateLimit }).TIGHT_RATE_LIMIT;
const app = createApp();

const newClient = () => {
  const [a, b] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${a.toString(16)}:${b.toString(16)}::1`;
};

/** A request through the app as `client`, with the auth-failures binding replaced by the tight limit. */
async function call(client: string, method: string, path: string, token: string | null, body?: unknown): Promise<Response> {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { "CF-Connecting-IP": client, ...(token === null ? {} : { Authorization: `Bearer ${token}` }) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await app.fetch(
    new Request(`${ORIGIN}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    { ...env, AUTH_FAILURES_RATE_LIMIT: tight },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

/** Counts are per clock-aligned minute: a burst that could straddle two windows waits for the next one. */
async function startOfWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

async function expectThrottled(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers.get("RateLimit")).toBe(`"auth-failures";r=0;t=${retryAfter}`);
  expect(response.headers.get("RateLimit-Policy")).toBe(`"auth-failures";q=20;w=60`);
  const problem = await expectProblem(response, "request/rate_limited");
  expect(problem.detail).toMatch(/\(policy auth-failures\); retry in \d+ s$/);
}

describe("wrong tokens are throttled per client", () => {
  it("seat tokens: wrong guesses are 403 up to the quota, then 429, and then even the right token is refused, for that client only", async () => {
    await startOfWindow();
    const match = await createMatch();
    const guesser = newClient();
    const move = { ply: 0, give: 3 };
    for (let guess = 0; guess < TIGHT; guess++) {
      await expectProblem(call(guesser, "POST", `/v1/matches/${match.id}/moves`, `guess-${guess}`, move), "match/not_a_player");
    }
    await expectThrottled(await call(guesser, "POST", `/v1/matches/${match.id}/moves`, "guess-over", move));
    // Blocked: the right token gets no answer either, and neither does a socket's ?token=.
    await expectThrottled(await call(guesser, "POST", `/v1/matches/${match.id}/moves`, tokenOf(match, 0), move));
    await expectThrottled(await call(guesser, "GET", `/v1/matches/${match.id}/ws?token=guess`, null));
    // Operations that take no token refuse one too (the document lists this 429 on every operation).
    await expectThrottled(await call(guesser, "GET", "/openapi.json", "any"));
    // Requests without a token, and other clients, go on.
    expect((await call(guesser, "GET", `/v1/matches/${match.id}`, null)).status).toBe(200);
    const other = await call(newClient(), "POST", `/v1/matches/${match.id}/moves`, tokenOf(match, 0), move);
    expect(other.status, await other.clone().text()).toBe(200);
  });

  it("a missing token is not a guess: 401s do not count", async () => {
    await startOfWindow();
    const match = await createMatch();
    const client = newClient();
    for (let attempt = 0; attempt < TIGHT + 3; attempt++) {
      await expectProblem(call(client, "POST", `/v1/matches/${match.id}/resign`, null), "match/token_required");
    }
    const right = await call(client, "POST", `/v1/matches/${match.id}/resign`, tokenOf(match, 0));
    expect(right.status).toBe(200);
  });

  it("tournament tokens count too", async () => {
    await startOfWindow();
    const created = await postJson("/v1/tournaments", { bots: ["random", "easy"], gamesPerPair: 2 });
    const { id, token } = (await created.json()) as { id: string; token: string };
    const guesser = newClient();
    for (let guess = 0; guess < TIGHT; guess++) await expectProblem(call(guesser, "POST", `/v1/tournaments/${id}/cancel`, `guess-${guess}`), "tournament/wrong_token");
    await expectThrottled(await call(guesser, "POST", `/v1/tournaments/${id}/cancel`, "guess-over"));
    expect((await call(newClient(), "POST", `/v1/tournaments/${id}/cancel`, token)).status).toBe(200);
  });

  it("bot management tokens count too", async () => {
    const name = `guarded-${crypto.randomUUID().slice(0, 6)}`;
    const fleet = installFleet({ [name]: goodBot() });
    try {
      const registered = await postJson("/v1/bots", { name, url: fleet.url(name) });
      expect(registered.status, await registered.clone().text()).toBe(201);
      const { id, token } = (await registered.json()) as { id: string; token: string };
      await startOfWindow();
      const guesser = newClient();
      for (let guess = 0; guess < TIGHT; guess++) await expectProblem(call(guesser, "POST", `/v1/bots/${id}/rotate`, `guess-${guess}`), "registry/wrong_token");
      await expectThrottled(await call(guesser, "DELETE", `/v1/bots/${id}`, "guess-over"));
      await expectThrottled(await call(guesser, "DELETE", `/v1/bots/${id}`, token));
      expect((await call(newClient(), "DELETE", `/v1/bots/${id}`, token)).status).toBe(200);
    } finally {
      fleet.restore();
    }
  });

  it("entry tokens in a body count too: a wrong one in a match's seat or a tournament's entrants, and a blocked client gets no answer to them", async () => {
    const name = `owned-${crypto.randomUUID().slice(0, 6)}`;
    const fleet = installFleet({ [name]: goodBot() });
    try {
      const registered = await postJson("/v1/bots", { name, url: fleet.url(name) });
      expect(registered.status).toBe(201);
      const { id, token } = (await registered.json()) as { id: string; token: string };
      const seat = (entry: string) => ({ seats: [{ kind: "human", take: true }, { kind: "bot", bot: id, token: entry }] });
      const entrants = (entry: string) => ({ name: "guessing", bots: [{ id, token: entry }, "easy"] });
      await startOfWindow();
      const guesser = newClient();
      // A missing token is no guess: refused, not counted.
      for (let tries = 0; tries < TIGHT + 1; tries++) {
        await expectProblem(call(guesser, "POST", "/v1/matches", null, { seats: [{ kind: "human", take: true }, { kind: "bot", bot: id }] }), "registry/entry_refused");
      }
      await expectProblem(call(guesser, "POST", "/v1/matches", null, seat("guess-0")), "registry/entry_refused");
      await expectProblem(call(guesser, "POST", "/v1/tournaments", null, entrants("guess-1")), "registry/entry_refused");
      await expectProblem(call(guesser, "POST", "/v1/matches", null, seat("guess-2")), "registry/entry_refused");
      await expectThrottled(await call(guesser, "POST", "/v1/tournaments", null, entrants("guess-3")));
      // Blocked: even the right token in a body gets no answer, for this client only.
      await expectThrottled(await call(guesser, "POST", "/v1/matches", null, seat(token)));
      expect((await call(newClient(), "POST", "/v1/matches", null, seat(token))).status).toBe(201);
    } finally {
      fleet.restore();
    }
  });
});
