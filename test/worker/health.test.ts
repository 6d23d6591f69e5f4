/**
 * The deep health check: `GET /healthz?deep=1` pings a match object, a tournament object and the
 * registry, reports each one's time, writes nothing, and answers a 503 problem naming the object that
 * failed (here a registry binding whose ping rejects, put in place of the real one); it also opens the
 * opening books and fails, naming the file, when one is refused (here a corrupt one installed in its place).
 */
import { env } from "cloudflare:workers";
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OPENING_BOOKS } from "../../src/books.ts";
import { openBook } from "../../src/engine/book.ts";
import { createApp } from "../../src/http/app.ts";
import type { MatchObject } from "../../src/objects/match.ts";
import { HEALTH_OBJECT_NAME } from "../../src/http/routes/meta.ts";
import { withCorruptBook } from "./corrupt-book.ts";
import { expectProblem, json200, ORIGIN, postJson, request } from "./http.ts";

/** A position of the two-attribute book (13 empty cells). */
const BOOKED = { position: "0A3.............5", rules: { attributes: ["height", "color"] } };

interface Health {
  status: string;
  checks?: Record<string, { status: string; ms?: number; open?: { name: string; deepest: number; positions: number }[] }>;
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
      expect(Object.keys(health.checks ?? {}).sort()).toEqual(["books", "match", "registry", "tournament"]);
      for (const name of ["match", "registry", "tournament"]) {
        const check = health.checks?.[name];
        expect(check?.status).toBe("ok");
        expect(Number.isInteger(check?.ms) && (check?.ms ?? -1) >= 0).toBe(true);
      }
    }
    const probe = env.MATCHES.get(env.MATCHES.idFromName(HEALTH_OBJECT_NAME));
    expect(await runInDurableObject(probe, (_instance: MatchObject, state) => [...state.storage.kv.list()].length)).toBe(0);
    // The probe is no match.
    await expectProblem(request(`/v1/matches/${encodeURIComponent(HEALTH_OBJECT_NAME)}`), "match/not_found");
  });

  it("deep: every variant's opening book is opened and listed, the deepest of each variant", async () => {
    const health = await json200<Health>(request("/healthz?deep=1"));
    const deepest = new Map<string, { name: string; deepest: number }>();
    for (const name of Object.keys(OPENING_BOOKS)) {
      const [, variant, depth] = /^(.+)-(\d+)$/.exec(name) as RegExpExecArray;
      const known = deepest.get(variant);
      if (!known || Number(depth) < known.deepest) deepest.set(variant, { name, deepest: Number(depth) });
    }
    expect(health.checks?.books.status).toBe("ok");
    expect(health.checks?.books.open?.map(({ name, deepest }) => ({ name, deepest })).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...deepest.values()].sort((a, b) => a.name.localeCompare(b.name)),
    );
    for (const book of health.checks?.books.open ?? []) expect(book.positions).toBe(openBook(OPENING_BOOKS[book.name]).entryCount);
  });

  it("deep: a refused book (here a corrupt file) is a 503 problem that names it, and the engine searches that variant instead", async () => {
    await withCorruptBook("attributes-2", async (name) => {
      const ctx = createExecutionContext();
      const response = await createApp().fetch(new Request(`${ORIGIN}/healthz?deep=1`), env, ctx);
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(503);
      const problem = await expectProblem(response, "server/unhealthy");
      expect(problem.detail).toMatch(new RegExp(`; books: ${name} refused \\(book/checksum: book: checksum mismatch`));
      expect(problem.errors).toEqual([{ path: ["checks", "books"], message: expect.stringMatching(new RegExp(`^books: ${name} refused`)) }]);
      // POST: the GET form's answers are cached, and this one must not outlive the bad book.
      expect(await json200(postJson("/v1/evaluate", BOOKED))).toMatchObject({ source: "search" });
    });
    expect((await json200<Health>(request("/healthz?deep=1"))).checks?.books.status).toBe("ok");
    expect(await json200(postJson("/v1/evaluate", BOOKED))).toMatchObject({ exact: true, source: "book" });
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
    expect(problem.detail).toMatch(
      /^match: ok in \d+ ms; tournament: ok in \d+ ms; registry: failed after \d+ ms \(storage is unavailable\); books: \d+ open$/,
    );
    expect(problem.errors).toEqual([{ path: ["checks", "registry"], message: expect.stringMatching(/^registry: failed after \d+ ms/) }]);
  });

  it("refuses a deep value it does not know", async () => {
    await expectProblem(request("/healthz?deep=yes"), "request/invalid");
  });
});
