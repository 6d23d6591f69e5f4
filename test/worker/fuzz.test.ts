/**
 * Property tests against the whole Worker: random methods, paths, query strings, headers and bodies,
 * from pure noise to near-valid requests, never get a 5xx; every 4xx is a problem document from the
 * table; and the GET and POST forms of an endpoint answer any input alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemOf, request } from "./http.ts";

const PATHS = [
  "/",
  "/healthz",
  "/docs",
  "/openapi.json",
  "/problems",
  "/problems/position/bad_character",
  "/problems/x/y",
  "/v1/validate-move",
  "/v1/check-win",
  "/v1/check-win/",
  "/v1/suggest-move",
  "/v1/evaluate",
  "/v1",
  "/nowhere",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/problem+json",
  "APPLICATION/JSON",
  "text/plain",
  "multipart/form-data; boundary=x",
  "application/x-www-form-urlencoded",
  "application/json;;",
  "garbage",
  "",
];

const hexOrDot = fc.constantFrom(..."0123456789ABCDEFabcdef.xyz-".split(""));
const slot = fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 16 }), fc.constant("A"), fc.double());
const SIXTEEN = Array.from({ length: 16 }, (_, i) => i);
/** A valid setup: k distinct pieces on k distinct cells, perhaps one more in hand (as a string). */
const validPositionArb = fc
  .tuple(fc.shuffledSubarray(SIXTEEN, { minLength: 16 }), fc.shuffledSubarray(SIXTEEN, { minLength: 16 }), fc.nat(16), fc.boolean())
  .map(([pieces, cells, count, holding]) => {
    const slots: string[] = Array(17).fill(".");
    for (let i = 0; i < count; i++) slots[cells[i]] = pieces[i].toString(16).toUpperCase();
    if (holding && count < 16) slots[16] = pieces[count].toString(16).toUpperCase();
    return slots.join("");
  });
/** Mostly `valid`, sometimes anything: so requests get past validation into the rules often. */
const mostly = <T>(valid: fc.Arbitrary<T>, noise: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: noise, weight: 1 });

const positionArb = fc.oneof(
  { arbitrary: validPositionArb, weight: 4 },
  fc.array(hexOrDot, { minLength: 15, maxLength: 19 }).map((chars) => chars.join("")),
  fc.array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 15 })), { minLength: 16, maxLength: 16 }).map((cells) => {
    const text = cells.map((piece) => (piece === null ? "." : piece.toString(16))).join("");
    return `${text}.`;
  }),
  fc.record({ board: fc.array(slot, { minLength: 14, maxLength: 17 }), inHand: slot }, { requiredKeys: [] }),
  fc.jsonValue(),
);
const cellArb = mostly(fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constantFrom("a1", "d4", "C3")), fc.oneof(fc.constantFrom(-1, 16, "e1", "10", ""), fc.jsonValue()));
const pieceArb = mostly(fc.oneof(fc.integer({ min: 0, max: 15 }), fc.constantFrom("A", "f")), fc.oneof(fc.constantFrom(-1, 16, "G", "10", ""), fc.jsonValue()));
const moveArb = mostly(fc.record({ place: cellArb, give: pieceArb, quarto: mostly(fc.boolean(), fc.jsonValue()) }, { requiredKeys: [] }), fc.jsonValue());
const rulesArb = mostly(
  fc.record(
    {
      squares: mostly(fc.boolean(), fc.jsonValue()),
      attributes: mostly(fc.subarray(["height", "color", "shape", "fill"], { minLength: 1 }), fc.oneof(fc.constant(["size"]), fc.jsonValue())),
      announce: mostly(fc.constantFrom("auto", "manual"), fc.constantFrom("loud", 1)),
      missedClaim: mostly(fc.boolean(), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const nearValidBody = (withMove: boolean) =>
  mostly(
    withMove
      ? fc.record({ position: positionArb, move: moveArb, rules: rulesArb }, { requiredKeys: ["position", "move"] })
      : fc.record({ position: positionArb, rules: rulesArb }, { requiredKeys: ["position"] }),
    fc.record({ position: positionArb, move: moveArb, rules: rulesArb, extra: fc.jsonValue() }, { requiredKeys: [] }),
  ).map((body) => JSON.stringify(body));
const bodyArb = fc.oneof(
  fc.constant(undefined),
  nearValidBody(true),
  nearValidBody(false),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
);

const moveTextArb = fc.oneof(fc.constantFrom("c3-A", "-7", "d4!", "d4", "a1!-0", "!", "-", "12-F", "c3-a"), fc.string({ maxLength: 8 }));
const queryArb = fc
  .record(
    {
      position: fc.oneof(positionArb.filter((value) => typeof value === "string"), fc.string({ maxLength: 30 })),
      move: moveTextArb,
      squares: fc.constantFrom("true", "false", "1", ""),
      attributes: fc.constantFrom("color", "color,height", "colour", ",", "height,height"),
      announce: fc.constantFrom("auto", "manual", "x"),
      missedClaim: fc.constantFrom("true", "false", "no"),
      junk: fc.string({ maxLength: 10 }),
    },
    { requiredKeys: [] },
  )
  .map((fields) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)])).toString());

// Raw query strings, not encoded by URLSearchParams: stray '%', '&', '=', '+' and the like.
const rawQueryArb = fc.stringMatching(/^[a-zA-Z0-9%&=+.!,;\-_~'()*]{0,40}$/);

const tokenArb = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/);
const headerValueArb = fc.stringMatching(/^[\x20-\x7e]{0,40}$/).map((value) => value.trim());
const headersArb = fc.dictionary(
  tokenArb.filter((name) => !["content-length", "transfer-encoding", "host", "connection", "expect", "te", "upgrade"].includes(name)),
  headerValueArb,
  { maxKeys: 4 },
);

async function assertWellBehaved(response: Response, method: string): Promise<void> {
  expect(response.status, `${method} answered ${response.status}`).toBeLessThan(500);
  if (response.status >= 400 && method !== "HEAD") await problemOf(response);
  else await response.arrayBuffer();
}

describe("no input makes the API answer 5xx", () => {
  it("random requests to every route", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.oneof(fc.constantFrom(...PATHS), fc.webPath()),
        fc.option(fc.oneof(queryArb, rawQueryArb), { nil: undefined }),
        fc.constantFrom(...CONTENT_TYPES),
        headersArb,
        bodyArb,
        async (method, path, query, contentType, headers, body) => {
          const init: RequestInit = { method, headers: { ...headers, ...(contentType ? { "Content-Type": contentType } : {}) } };
          if (body !== undefined && method !== "GET" && method !== "HEAD") init.body = body;
          const url = `${path.startsWith("/") ? path : `/${path}`}${query === undefined ? "" : `?${query}`}`;
          await assertWellBehaved(await request(url, init), method);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it.each([
    ["/v1/validate-move", true],
    ["/v1/check-win", false],
  ])("near-valid JSON bodies to %s", async (path, withMove) => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(nearValidBody(withMove), async (body) => {
        const response = await request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body });
        statuses.add(response.status);
        await assertWellBehaved(response, "POST");
      }),
      { numRuns: 400 },
    );
    // The generator reaches past validation into the rules, not only the front door.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 422]));
  });
});

describe("the GET and POST forms agree", () => {
  const anyPieces = fc.array(fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 15 })), { minLength: 17, maxLength: 17 }).map((slots) =>
    slots.map((piece) => (piece === null ? "." : piece.toString(16).toUpperCase())).join(""),
  );
  const stringPosition = fc.oneof(validPositionArb, anyPieces);
  const cell = fc.integer({ min: 0, max: 15 });
  const piece = fc.integer({ min: 0, max: 15 });
  const move = fc.record({ place: cell, give: piece, quarto: fc.boolean() }, { requiredKeys: [] });
  const rules = fc.record(
    { squares: fc.boolean(), attributes: fc.subarray(["height", "color", "shape", "fill"] as const, { minLength: 1 }), announce: fc.constantFrom("auto", "manual") },
    { requiredKeys: [] },
  );

  const rulesQuery = (options: { squares?: boolean; attributes?: readonly string[]; announce?: string }) => {
    const params = new URLSearchParams();
    if (options.squares !== undefined) params.set("squares", String(options.squares));
    if (options.attributes !== undefined) params.set("attributes", options.attributes.join(","));
    if (options.announce !== undefined) params.set("announce", options.announce);
    return params;
  };
  const moveText = (m: { place?: number; give?: number; quarto?: boolean }) =>
    `${m.place === undefined ? "" : "abcd"[m.place % 4] + (Math.floor(m.place / 4) + 1)}${m.quarto ? "!" : ""}${m.give === undefined ? "" : `-${m.give.toString(16)}`}`;

  // Every answer carries its own request id (X-Request-Id, and requestId in problem documents): the
  // forms must agree on everything else.
  const answer = async (response: Response) => {
    expect(response.status).toBeLessThan(500);
    const { requestId: _requestId, ...body } = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body };
  };

  it("validate-move", async () => {
    await fc.assert(
      fc.asyncProperty(stringPosition, move, rules, async (position, m, options) => {
        // Text notation cannot write an empty move, nor "!" without a placement.
        fc.pre(m.place !== undefined || m.give !== undefined);
        fc.pre(!(m.quarto && m.place === undefined));
        const post = await answer(await request("/v1/validate-move", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ position, move: m, rules: options }) }));
        const params = rulesQuery(options);
        params.set("position", position);
        params.set("move", moveText(m));
        const get = await answer(await request(`/v1/validate-move?${params}`));
        expect(get).toEqual(post);
      }),
      { numRuns: 200 },
    );
  });

  it("check-win", async () => {
    await fc.assert(
      fc.asyncProperty(stringPosition, rules, async (position, options) => {
        const post = await answer(await request("/v1/check-win", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ position, rules: options }) }));
        const params = rulesQuery(options);
        params.set("position", position);
        const get = await answer(await request(`/v1/check-win?${params}`));
        expect(get).toEqual(post);
      }),
      { numRuns: 200 },
    );
  });
});
