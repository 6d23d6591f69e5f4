/**
 * The deep health check: `GET /healthz?deep=1` pings a match object, a tournament object and the
 * registry, reports each one's time, writes nothing, and answers a 503 problem naming the object that
 * failed (here a registry binding whose ping rejects, put in place of the real one).
 */
import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/http/app.ts";
import type { MatchObject } from "../../src/objects/match.ts";
import { HEALTH_OBJECT_NAME } from "../../src/http/routes/meta.ts";
import { expectProblem, json200, ORIGIN, request } from "./http.ts";

interface Health {
  status: string;
  checks?: Record<string, { status: string; ms: number }>;
}

describe("GET /healthz", () => {
  it("without deep: the Worker alone", async () => {
    expect(await json200<Health>(request("/healthz"))).toEqual({ status: "ok" });
    expect(await json200<Health>(request("/healthz?deep=0"))).toEqual({ status: "ok" });
  });

  it("deep: each Durable Object class answers, with its time, and nothing is written", async () => {
    for (const deep of ["1", "true"]) {
      const health = await json200<Health>(request(`/healthz?deep=${deep}`));
      expect(health.status).toBe("ok");
      expect(Object.keys(health.checks ?? {}).sort()).toEqual(["match", "registry", "tournament"]);
      for (const check of Object.values(health.checks ?? {})) {
        expect(check.status).toBe("ok");
        expect(Number.isInteger(check.ms) && check.ms >= 0).toBe(true);
      }
    }
    const probe = env.MATCHES.get(env.MATCHES.idFromName(HEALTH_OBJECT_NAME));
    expect(await runInDurableObject(probe, (_instance: MatchObject, state) => [...state.storage.kv.list()].length)).toBe(0);
    // The probe is no match.
    await expectProblem(request(`/v1/matches/${encodeURIComponent(HEALTH_OBJECT_NAME)}`), "match/not_found");
  });

  it("deep: a failing object is a 503 problem that names it and gives every check's time", async () => {
    const failing = {
      idFromName: (name: string) => env.BOT_REGISTRY.idFromName(name),
      get: () => ({ ping: () => Promise.reject(new Error("storage is unavailable")) }),
    };
    const ctx = createExecutionContext();
    const response = await createApp().fetch(new Request(`${ORIGIN}/healthz?deep=1`), { ...env, BOT_REGISTRY: failing }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(503);
    const problem = await expectProblem(response, "server/unhealthy");
    expect(problem.detail).toMatch(/^match: ok in \d+ ms; tournament: ok in \d+ ms; registry: failed after \d+ ms \(storage is unavailable\)$/);
    expect(problem.errors).toEqual([{ path: ["checks", "registry"], message: expect.stringMatching(/^registry: failed after \d+ ms/) }]);
  });

  it("refuses a deep value it does not know", async () => {
    await expectProblem(request("/healthz?deep=yes"), "request/invalid");
  });
});
