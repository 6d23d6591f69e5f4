/**
 * Hosted matches over HTTP, against the real Worker and Durable Object: a full game with the object
 * evicted between every two steps, seats and tokens, the join flow, retries and conflicting moves, and
 * every refusal as a problem document that leaves the stored record unchanged.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { retentionMs } from "../../src/objects/retention.ts";
import { expectProblem, postJson, request } from "./http.ts";
import { bearer, createMatch, DRAWN_GAME, getRecord, getState, ROW_QUARTO_SETUP, sendMove, stubOf, timeless, tokenOf } from "./match-client.ts";

describe("a full game", () => {
  it("survives eviction between every two steps: nothing changes", async () => {
    const created = await createMatch({ clock: { kind: "game", initialMs: 600_000, incrementMs: 1000 } });
    const { id } = created;
    const stub = stubOf(id);
    for (const [ply, text] of DRAWN_GAME.entries()) {
      const before = timeless(await getState(id));
      await evictDurableObject(stub);
      expect(timeless(await getState(id)), `after eviction at ply ${ply}`).toEqual(before);
      expect(before.ply).toBe(ply);
      const response = await sendMove(id, tokenOf(created, (ply % 2) as 0 | 1), ply, text);
      expect(response.status, await response.clone().text()).toBe(200);
      await evictDurableObject(stub);
    }
    const final = await getState(id);
    expect(final.status).toBe("finished");
    expect(final.result).toMatchObject({ winner: null, reason: "draw" });
    expect(final.turn).toBeNull();
    expect(final.moves.map((move) => move.text)).toEqual(DRAWN_GAME);
    expect(final.text).toBe(`................. ${DRAWN_GAME.join(" ")}`);
    expect(await stub.view()).toMatchObject({ ok: true });
    // Only the deletion after the retention is left to do.
    expect(await runAlarmArmed(stub)).toBe(Date.parse(final.result?.at as string) + retentionMs(env));
  });

  it("answers the public state: position, turn, seats, clocks, moves with times", async () => {
    const created = await createMatch({
      clock: { kind: "move", moveMs: 60_000 },
      seats: [
        { kind: "human", take: true, name: "Ada" },
        { kind: "human", take: true },
      ],
    });
    expect(created.url).toBe(`/v1/matches/${created.id}`);
    expect(created.id).toMatch(/^[a-z2-7]{26}$/);
    expect(created.tokens.map((entry) => entry.seat)).toEqual([0, 1]);
    for (const { token } of created.tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await sendMove(created.id, tokenOf(created, 0), 0, "-8");
    const state = await getState(created.id);
    expect(state).toMatchObject({
      status: "active",
      ply: 1,
      firstSeat: 0,
      position: { string: "................8", ply: 1, toMove: "second" },
      turn: { seat: 1, phase: "place", piece: 8 },
      seats: [
        { seat: 0, kind: "human", taken: true, name: "Ada", level: null },
        { seat: 1, kind: "human", taken: true, name: null, level: null },
      ],
      clocks: { running: 1, remainingMs: [null, expect.any(Number)] },
      result: null,
      moves: [{ ply: 0, seat: 0, move: { give: 8 }, text: "-8" }],
    });
    expect(state.clocks.remainingMs[1]).toBeLessThanOrEqual(60_000);
    expect(Date.parse(state.moves[0].at)).toBeGreaterThanOrEqual(Date.parse(state.createdAt));
  });

  it("the winner's Quarto is in the result, with its shape and shared attributes", async () => {
    const created = await createMatch();
    for (const [ply, text] of [...ROW_QUARTO_SETUP, "d1"].entries())
      expect((await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, text)).status).toBe(200);
    const state = await getState(created.id);
    expect(state.result).toMatchObject({
      winner: 0,
      reason: "quarto",
      shapes: [{ kind: "row", cells: [0, 1, 2, 3], attributes: ["tall", "light"] }],
    });
  });

  it("firstSeat random is drawn by lot: both seats come up", async () => {
    const drawn = new Set<number>();
    for (let attempt = 0; attempt < 40 && drawn.size < 2; attempt++) drawn.add((await createMatch({ firstSeat: "random" })).state.firstSeat);
    expect([...drawn].sort()).toEqual([0, 1]);
  });

  it("a creation without a body: the creator takes seat 0, seat 1 is open, the match waits", async () => {
    const response = await request("/v1/matches", { method: "POST" });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; tokens: { seat: number }[]; state: { status: string; seats: { taken: boolean }[] } };
    expect(response.headers.get("Location")).toBe(`/v1/matches/${created.id}`);
    expect(created.tokens.map((entry) => entry.seat)).toEqual([0]);
    expect(created.state.status).toBe("waiting");
    expect(created.state.seats.map((seat) => seat.taken)).toEqual([true, false]);
  });
});

describe("seats and tokens", () => {
  it("an open seat is taken once; the match starts when every seat is taken", async () => {
    const created = await createMatch({ firstSeat: 1, clock: { kind: "move", moveMs: 5000 }, seats: [{ kind: "human", take: true }, { kind: "human" }] });
    const { id } = created;
    expect(created.state).toMatchObject({ status: "waiting", clocks: { running: null, deadline: null } });
    const early = await sendMove(id, tokenOf(created, 0), 0, "-3");
    await expectProblem(early, "match/waiting_for_players");
    await expectProblem(postJson(`/v1/matches/${id}/join`, { seat: 0 }), "match/no_open_seat");
    const joined = await postJson(`/v1/matches/${id}/join`, { name: "Grace" });
    expect(joined.status).toBe(200);
    const { seat, token, state } = (await joined.json()) as { seat: number; token: string; state: { status: string; clocks: { running: number | null } } };
    expect(seat).toBe(1);
    expect(state).toMatchObject({ status: "active", clocks: { running: 1 } });
    await expectProblem(postJson(`/v1/matches/${id}/join`, {}), "match/no_open_seat");
    expect((await sendMove(id, token, 0, "-3")).status).toBe(200);
  });

  it("tokens are stored only as SHA-256 hashes", async () => {
    const created = await createMatch();
    const stored = await runInStub(created.id);
    const text = JSON.stringify(stored);
    for (const { token } of created.tokens) expect(text).not.toContain(token);
    expect(text).toMatch(/"tokenHash":"[0-9a-f]{64}"/);
  });
});

describe("retries and conflicts", () => {
  it("a retried move is not applied twice", async () => {
    const created = await createMatch();
    const first = await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const retry = await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    expect(((await first.json()) as { duplicate: boolean }).duplicate).toBe(false);
    expect(retry.status).toBe(200);
    const body = (await retry.json()) as { duplicate: boolean; state: { ply: number } };
    expect(body).toMatchObject({ duplicate: true, state: { ply: 1 } });
    expect((await getState(created.id)).moves).toHaveLength(1);
  });

  it("two conflicting moves sent at once: exactly one is applied, the other gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const created = await createMatch();
      const token = tokenOf(created, 0);
      const responses = await Promise.all([sendMove(created.id, token, 0, "-3"), sendMove(created.id, token, 0, "-5")]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const loser = responses.find((response) => response.status === 409) as Response;
      await expectProblem(loser, "match/stale_ply");
      const state = await getState(created.id);
      expect(state.moves).toHaveLength(1);
      const winner = (await (responses.find((response) => response.status === 200) as Response).json()) as { state: { moves: { text: string }[] } };
      expect(state.moves[0].text).toBe(winner.state.moves[0].text);
    }
  });

  it("the same move sent twice at once is played once", async () => {
    const created = await createMatch();
    const token = tokenOf(created, 0);
    const responses = await Promise.all([sendMove(created.id, token, 0, "-3"), sendMove(created.id, token, 0, "-3")]);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { duplicate: boolean }[];
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    expect(bodies.map((body) => body.duplicate).sort()).toEqual([false, true]);
    expect((await getState(created.id)).moves).toHaveLength(1);
  });
});

describe("refusals", () => {
  it("every refusal is a problem document with a stable code, and leaves the record unchanged", async () => {
    const manual = await createMatch({ rules: { announce: "manual" }, clock: { kind: "none" } });
    const { id } = manual;
    const [t0, t1] = [tokenOf(manual, 0), tokenOf(manual, 1)];
    for (const [ply, text] of ROW_QUARTO_SETUP.entries()) expect((await sendMove(id, ply % 2 ? t1 : t0, ply, text)).status).toBe(200);
    const other = await createMatch();
    const json = { "Content-Type": "application/json" };
    const cases: [string, Promise<Response>, string][] = [
      ["no token", postJson(`/v1/matches/${id}/moves`, { ply: 4, place: "d4", give: 0 }), "match/token_required"],
      [
        "a malformed Authorization",
        postJson(`/v1/matches/${id}/moves`, { ply: 4, place: "d4", give: 0 }, { Authorization: `Basic ${t0}` }),
        "match/token_required",
      ],
      ["another match's token", sendMove(id, tokenOf(other, 0), 4, "d4-0"), "match/not_a_player"],
      ["a made-up token", sendMove(id, "x".repeat(43), 4, "d4-0"), "match/not_a_player"],
      ["not your turn", sendMove(id, t1, 4, "d4-0"), "match/not_your_turn"],
      ["a stale ply", sendMove(id, t0, 3, "d4-0"), "match/stale_ply"],
      ["a ply from the future", sendMove(id, t0, 5, "d4-0"), "match/stale_ply"],
      ["an occupied cell", sendMove(id, t0, 4, "a1-0"), "move/cell_occupied"],
      ["a piece already played", sendMove(id, t0, 4, "d4-8"), "move/piece_not_available"],
      ["no give", sendMove(id, t0, 4, "d4"), "move/give_required"],
      ["an announcement with no Quarto", sendMove(id, t0, 4, { place: "d4", quarto: true }), "move/no_quarto"],
      ["a wrong shape", sendMove(id, t0, 4, { place: "d1", quarto: { shape: 4, attribute: "tall" } }), "match/wrong_announcement"],
      ["a wrong attribute", sendMove(id, t0, 4, { place: "d1", quarto: { shape: ["a1", "b1", "c1", "d1"], attribute: "dark" } }), "match/wrong_announcement"],
      ["a claim with nothing to claim", postJson(`/v1/matches/${id}/claim`, {}, bearer(t0)), "match/nothing_to_claim"],
      ["an abort after a placement", request(`/v1/matches/${id}/abort`, { method: "POST", headers: bearer(t0) }), "match/cannot_abort"],
      ["a join with no open seat", postJson(`/v1/matches/${id}/join`, {}), "match/no_open_seat"],
      ["a body that is not a move", postJson(`/v1/matches/${id}/moves`, { ply: 4, place: "z9" }, bearer(t0)), "request/invalid"],
      ["an unknown field", postJson(`/v1/matches/${id}/moves`, { ply: 4, place: "d4", give: 0, extra: 1 }, bearer(t0)), "request/invalid"],
      ["no ply", postJson(`/v1/matches/${id}/moves`, { place: "d4", give: 0 }, bearer(t0)), "request/invalid"],
      [
        "malformed JSON",
        request(`/v1/matches/${id}/moves`, { method: "POST", headers: { ...json, ...bearer(t0) }, body: '{"ply":' }),
        "request/malformed_json",
      ],
      [
        "the wrong content type",
        request(`/v1/matches/${id}/moves`, { method: "POST", headers: { "Content-Type": "text/plain", ...bearer(t0) }, body: "d4-0" }),
        "request/unsupported_media_type",
      ],
      ["a WebSocket path without Upgrade", request(`/v1/matches/${id}/ws`), "match/websocket_required"],
      ["a bad record format", request(`/v1/matches/${id}/record?format=xml`), "request/invalid"],
      ["GET on the moves", request(`/v1/matches/${id}/moves`), "request/method_not_allowed"],
    ];
    const before = await getRecord(id);
    for (const [name, response, code] of cases) {
      const problem = await expectProblem(response, code as never);
      expect(problem.detail.length, name).toBeGreaterThan(0);
      expect(await getRecord(id), `${name} changed the record`).toEqual(before);
    }
    // Only then does the right move go through.
    expect((await sendMove(id, t0, 4, "d4-0")).status).toBe(200);
  });

  it("unknown and malformed match ids are 404 match/not_found on every route", async () => {
    for (const id of ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "not-an-id", "x".repeat(300)]) {
      await expectProblem(request(`/v1/matches/${id}`), "match/not_found");
      await expectProblem(request(`/v1/matches/${id}/record`), "match/not_found");
      await expectProblem(postJson(`/v1/matches/${id}/join`, {}), "match/not_found");
      await expectProblem(sendMove(id, "x".repeat(43), 0, "-3"), "match/not_found");
      await expectProblem(request(`/v1/matches/${id}/ws`, { headers: { Upgrade: "websocket" } }), "match/not_found");
    }
  });

  it("the creation request is checked field by field", async () => {
    const cases: [unknown, string][] = [
      [{ clock: { kind: "move", moveMs: 10 } }, "clock.moveMs"],
      [{ clock: { kind: "sundial" } }, "clock.kind"],
      [{ seats: [{ kind: "human" }] }, "seats"],
      [{ seats: [{ kind: "engine", level: "godlike" }, { kind: "human" }] }, "seats.0.level"],
      [{ seats: [{ kind: "engine", maxNodes: 1e12 }, { kind: "human" }] }, "seats.0.maxNodes"],
      [{ firstSeat: 2 }, "firstSeat"],
      [{ rules: { attributes: [] } }, "rules.attributes"],
    ];
    for (const [body, path] of cases) {
      const problem = await expectProblem(postJson("/v1/matches", body), "request/invalid");
      expect(
        problem.errors?.map((error) => error.path.join(".")),
        JSON.stringify(body),
      ).toContain(path);
    }
  });

  it("a resignation ends the match, and nothing is accepted after it", async () => {
    const created = await createMatch({ clock: { kind: "move", moveMs: 60_000 } });
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const resigned = await request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: bearer(tokenOf(created, 0)) });
    expect(resigned.status).toBe(200);
    expect(((await resigned.json()) as { state: { result: unknown } }).state.result).toMatchObject({ winner: 1, reason: "resignation" });
    const before = await getRecord(created.id);
    await expectProblem(sendMove(created.id, tokenOf(created, 1), 1, "a1-4"), "match/finished");
    await expectProblem(request(`/v1/matches/${created.id}/resign`, { method: "POST", headers: bearer(tokenOf(created, 1)) }), "match/finished");
    expect(await getRecord(created.id)).toEqual(before);
    expect(await runAlarmArmed(stubOf(created.id))).toBe(Date.parse((await getState(created.id)).result?.at as string) + retentionMs(env));
  });

  it("an abort before the first placement, by either player", async () => {
    const created = await createMatch();
    await sendMove(created.id, tokenOf(created, 0), 0, "-3");
    const aborted = await request(`/v1/matches/${created.id}/abort`, { method: "POST", headers: bearer(tokenOf(created, 1)) });
    expect(aborted.status).toBe(200);
    expect((await getState(created.id)).result).toMatchObject({ winner: null, reason: "aborted" });
  });
});

/** The stored match, read inside the object. */
async function runInStub(id: string): Promise<unknown> {
  const { runInDurableObject } = await import("cloudflare:test");
  return runInDurableObject(stubOf(id), (_instance, state) => state.storage.kv.get("match"));
}

/** The time the object's alarm is set for, or null. */
async function runAlarmArmed(stub: ReturnType<typeof stubOf>): Promise<number | null> {
  const { runInDurableObject } = await import("cloudflare:test");
  return runInDurableObject(stub, (_instance, state) => state.storage.getAlarm());
}
