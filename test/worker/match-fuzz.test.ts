/**
 * No request makes a match answer 5xx: random methods, tokens, bodies and WebSocket messages against
 * live matches answer a success or a problem document from the table, and a refused request never
 * changes the record.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { problemOf, request } from "./http.ts";
import { bearer, createMatch, getRecord, ROW_QUARTO_SETUP, sendMove, tokenOf } from "./match-client.ts";

const cellArb = fc.oneof(fc.integer({ min: -1, max: 16 }), fc.constantFrom("a1", "d4", "e5", "A1", ""), fc.jsonValue());
const pieceArb = fc.oneof(fc.integer({ min: -1, max: 16 }), fc.constantFrom("A", "f", "G", "10"), fc.jsonValue());
const announcementArb = fc.oneof(
  fc.boolean(),
  fc.record(
    { shape: fc.oneof(fc.integer({ min: -1, max: 20 }), fc.array(cellArb, { maxLength: 5 })), attribute: fc.constantFrom("tall", "dark", "round", "big", 3) },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc
    .record({ ply: fc.oneof(fc.integer({ min: -1, max: 18 }), fc.jsonValue()), place: cellArb, give: pieceArb, quarto: announcementArb }, { requiredKeys: [] })
    .map((body) => JSON.stringify(body)),
  fc
    .record(
      {
        seat: fc.oneof(fc.integer({ min: -1, max: 2 }), fc.jsonValue()),
        name: fc.oneof(fc.string({ maxLength: 50 }), fc.jsonValue()),
        rules: fc.jsonValue(),
        clock: fc.oneof(
          fc.record(
            { kind: fc.constantFrom("none", "move", "game", "x"), moveMs: fc.integer(), initialMs: fc.integer(), incrementMs: fc.integer() },
            { requiredKeys: [] },
          ),
          fc.jsonValue(),
        ),
        seats: fc.oneof(
          fc.array(fc.record({ kind: fc.constantFrom("human", "engine"), take: fc.boolean(), level: fc.constantFrom("easy", "x") }, { requiredKeys: [] }), {
            maxLength: 3,
          }),
          fc.jsonValue(),
        ),
        firstSeat: fc.oneof(fc.constantFrom(0, 1, "random", 2), fc.jsonValue()),
        text: fc.oneof(fc.constantFrom("................. -8 a1-9", "................. -8 a1-8"), fc.string({ maxLength: 40 })),
        moves: fc.oneof(fc.array(fc.oneof(fc.constantFrom("-8", "a1-9", "b1-A", "zz"), fc.jsonValue()), { maxLength: 18 }), fc.jsonValue()),
        result: fc.jsonValue(),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 100 }),
);

describe("matches never answer 5xx", () => {
  it("random requests to every match route, with and without tokens", async () => {
    const created = await createMatch({ rules: { announce: "manual" }, clock: { kind: "move", moveMs: 3_600_000 } });
    for (const [ply, text] of ROW_QUARTO_SETUP.entries()) await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, text);
    const ids = [created.id, "aaaaaaaaaaaaaaaaaaaaaaaaaa", "nope"];
    const suffixes = ["", "/join", "/moves", "/claim", "/resign", "/abort", "/record", "/record?format=text", "/record?format=x", "/ws", "/ws?token=x"];
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: fc.constant("POST"), weight: 6 }, fc.constantFrom("GET", "PUT", "DELETE")),
        fc.oneof(
          fc
            .tuple(fc.oneof({ arbitrary: fc.constant(ids[0]), weight: 4 }, fc.constantFrom(...ids)), fc.constantFrom(...suffixes))
            .map(([id, suffix]) => `/v1/matches/${id}${suffix}`),
          fc.constantFrom("/v1/matches", "/v1/replay"),
        ),
        fc.constantFrom<Record<string, string>>(
          {},
          bearer(tokenOf(created, 0)),
          bearer(tokenOf(created, 1)),
          bearer("x"),
          { Authorization: "Bearer" },
          { Upgrade: "websocket" },
        ),
        fc.constantFrom("application/json", "text/plain", ""),
        bodyArb,
        async (method, path, auth, contentType, body) => {
          const headers = { ...auth, ...(contentType ? { "Content-Type": contentType } : {}) };
          const init: RequestInit = { method, headers };
          if (body !== undefined && method !== "GET") init.body = body;
          const response = await request(path, init);
          statuses.add(response.status);
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
          if (response.status >= 400) await problemOf(response);
          else if (response.status === 101) response.webSocket?.accept();
          else await response.arrayBuffer();
        },
      ),
      { numRuns: 400 },
    );
    // The requests reach past validation into the object (which statuses exactly depends on the draw).
    expect([...statuses]).toEqual(expect.arrayContaining([200, 401, 404, 422]));
    expect(statuses.has(403) || statuses.has(409)).toBe(true);
  });

  it("random WebSocket messages are answered, never crash the object, and refusals change nothing", async () => {
    const created = await createMatch();
    // A socket takes 20 messages at once (then drops the rest unanswered, and is closed past 50 dropped
    // or 5 wrong tokens: test/worker/limits.test.ts): the messages go 10 to a socket.
    const BATCH = 10;
    const sockets: { socket: WebSocket; answers: { type: string; problem?: { code: string } }[]; sent: number }[] = [];
    const open = async () => {
      const response = await request(`/v1/matches/${created.id}/ws?token=${tokenOf(created, 1)}`, { headers: { Upgrade: "websocket" } });
      const socket = response.webSocket as WebSocket;
      const entry = { socket, answers: [] as { type: string; problem?: { code: string } }[], sent: 0 };
      socket.addEventListener("message", (event) => {
        entry.answers.push(JSON.parse(event.data as string));
      });
      socket.accept();
      sockets.push(entry);
      return entry;
    };
    let current = await open();
    const before = await getRecord(created.id);
    const messageArb = fc.oneof(
      fc
        .record(
          {
            type: fc.constantFrom("move", "claim", "resign", "abort", "state", "auth", "x"),
            ply: fc.integer({ min: -1, max: 2 }),
            place: cellArb,
            give: pieceArb,
            token: fc.string(),
          },
          { requiredKeys: ["type"] },
        )
        .filter((message) => message.type !== "resign" && message.type !== "abort"),
      fc.jsonValue(),
    );
    await fc.assert(
      fc.asyncProperty(messageArb, async (message) => {
        if (current.sent === BATCH) current = await open();
        current.socket.send(JSON.stringify(message));
        current.sent++;
      }),
      { numRuns: 200, seed: 7 },
    );
    current.socket.send("not json");
    current.sent++;
    // Each message gets exactly one answer: wait for all of them (the state on connect, then one per message).
    const complete = () => sockets.every((entry) => entry.answers.length >= entry.sent + 1);
    for (let wait = 0; wait < 200 && !complete(); wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const entry of sockets) expect(entry.answers.length).toBe(entry.sent + 1);
    for (const answer of sockets.flatMap((entry) => entry.answers)) expect(["state", "ok", "error"]).toContain(answer.type);
    // Seat 1 cannot move at ply 0: nothing it sent could change the record.
    expect(await getRecord(created.id)).toEqual(before);
  });
});
