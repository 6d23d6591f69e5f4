/**
 * HTTP caching of the pure GET answers: a strong ETag that is a hash of the bytes answered, Cache-Control,
 * 304 for a matching If-None-Match (also `*`, a list, a weak form); engine searches kept in the Workers
 * Cache API (a repeat, even with its parameters in another order, is a `Cache-Status` hit with the same
 * bytes); an answer that depends on a random draw (suggest-move without a seed) is `no-store` and never
 * cached; refusals and POSTs carry no cache headers. The cache's key names the installed opening books (a
 * deployment with other books misses), and an answer searched while a book is refused is never kept.
 */
import { describe, expect, it } from "vitest";
import { OPENING_BOOKS } from "../../src/books.ts";
import { installBooks } from "../../src/engine/index.ts";
import { strongEtag } from "../../src/http/caching.ts";
import { withCorruptBook } from "./corrupt-book.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";

const ENDGAME = "..5.A...D3EF90.67";

/** Asks until the answer comes from the shared cache (the first answer stores it after it is sent). */
async function untilCached(path: string): Promise<Response> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await request(path);
    if (response.headers.get("cache-status")?.endsWith("; hit")) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} never came from the cache`);
}

describe("pure GET answers", () => {
  it.each([
    ["/v1/validate-move?position=0A3.............5&move=c3-6"],
    ["/v1/check-win?position=89AB.............&squares=true"],
    ["/openapi.json"],
  ])("%s: a strong ETag of the bytes, Cache-Control, and 304 for If-None-Match", async (path) => {
    const response = await request(path);
    expect(response.status).toBe(200);
    const body = await response.text();
    const etag = response.headers.get("etag");
    expect(etag).toBe(await strongEtag(body));
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);

    // The same bytes again, the same tag.
    const again = await request(path);
    expect(await again.text()).toBe(body);
    expect(again.headers.get("etag")).toBe(etag);

    for (const condition of [etag ?? "", `W/${etag}`, `"other", ${etag}`, "*"]) {
      const revalidated = await request(path, { headers: { "If-None-Match": condition } });
      expect(revalidated.status, condition).toBe(304);
      expect(await revalidated.text()).toBe("");
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toBe(response.headers.get("cache-control"));
    }
    const changed = await request(path, { headers: { "If-None-Match": '"0000"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(body);
  });

  it("different questions have different tags", async () => {
    const one = await request("/v1/check-win?position=89AB.............");
    const other = await request("/v1/check-win?position=89AB.............&squares=true");
    expect(one.headers.get("etag")).not.toBe(other.headers.get("etag"));
  });

  it("refusals and POSTs carry no cache headers", async () => {
    const refused = await request("/v1/check-win?position=xyz");
    expect(refused.headers.get("etag")).toBeNull();
    expect(refused.headers.get("cache-control")).toBeNull();
    await expectProblem(refused, "position/wrong_length");
    const posted = await postJson("/v1/check-win", { position: "................." });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("etag")).toBeNull();
  });
});

describe("engine GETs and the Workers cache", () => {
  it("a repeated evaluation is served from the cache, byte for byte, whatever the order of its parameters", async () => {
    const path = `/v1/evaluate?position=${ENDGAME}&moves=true&distance=true`;
    const first = await request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-status")).toBe("quarto-engine; fwd=miss; stored");
    const body = await first.text();
    const cached = await untilCached(path);
    expect(await cached.text()).toBe(body);
    expect(cached.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(cached.headers.get("content-type")).toMatch(/^application\/json/);
    // Served from the cache, the answer still carries this request's id, not the first one's.
    const reordered = await request(`/v1/evaluate?distance=true&moves=true&position=${ENDGAME}`, { headers: { "X-Request-Id": "reordered-1" } });
    expect(reordered.headers.get("cache-status")).toBe("quarto-engine; hit");
    expect(reordered.headers.get("x-request-id")).toBe("reordered-1");
    expect(await reordered.text()).toBe(body);
    const revalidated = await request(path, { headers: { "If-None-Match": first.headers.get("etag") ?? "" } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cache-status")).toBe("quarto-engine; hit");
  });

  it("a suggested move with a seed is pure and cached", async () => {
    const path = `/v1/suggest-move?position=${ENDGAME}&level=hard&seed=5`;
    const first = await request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).not.toBeNull();
    expect(first.headers.get("cache-control")).toMatch(/^public, max-age=/);
    const body = await first.text();
    expect(await (await untilCached(path)).text()).toBe(body);
  });

  it("a suggested move without a seed is drawn at random: no-store, no ETag, never from the cache", async () => {
    const path = "/v1/suggest-move?position=.................&level=random";
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("etag")).toBeNull();
      expect(response.headers.get("cache-status")).toBeNull();
      await response.arrayBuffer();
    }
  });

  it("a refused search is not cached", async () => {
    const path = "/v1/evaluate?position=89AB.............";
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await request(path);
      expect(response.headers.get("cache-status")).toBeNull();
      await expectProblem(response, "engine/game_over");
    }
  });

  it("the key names the installed books: with other books installed, an answer is searched and stored again", async () => {
    const path = `/v1/evaluate?position=${ENDGAME}&distance=true`;
    await (await request(path)).arrayBuffer();
    const cached = await untilCached(path);
    const body = await cached.text();
    // One book fewer (the first): another deployment's set of books.
    installBooks(Object.fromEntries(Object.entries(OPENING_BOOKS).slice(1)));
    try {
      const other = await request(path);
      expect(other.headers.get("cache-status")).toBe("quarto-engine; fwd=miss; stored");
      expect(await other.text()).toBe(body);
    } finally {
      installBooks(OPENING_BOOKS);
    }
    expect((await untilCached(path)).headers.get("cache-status")).toBe("quarto-engine; hit");
  });

  it("an answer searched while its variant's book is refused (here a corrupt file) is not kept; once the book is back, the book answers", async () => {
    // A position of the two-attribute book (13 empty cells): searched exactly enough when the book is refused.
    const path = "/v1/evaluate?position=0A3.............5&attributes=height,color";
    await withCorruptBook("attributes-2", async (name, warn) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await request(path);
        expect(response.headers.get("cache-status")).toBe("quarto-engine; fwd=miss; detail=book-refused");
        expect(await json200(response)).toMatchObject({ source: "search" });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`engine: book ${name} refused (book/checksum)`));
    });
    const restored = await request(path);
    expect(restored.headers.get("cache-status")).toBe("quarto-engine; fwd=miss; stored");
    expect(await json200(restored)).toMatchObject({ exact: true, source: "book" });
  });
});
