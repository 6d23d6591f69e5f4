/**
 * A bot's call log (`GET /v1/bots/{id}/calls`): every move request and end notice of a registered bot,
 * webhook or connected, in its tournaments and hosted matches, with the answer's status, the latency,
 * the move answered and the forfeit it was. Read with the bot's token only; newest first, a page at a
 * time, filtered by match; bounded (the last 1,000 calls, 7 days); stored in the bot's link object
 * under its schema version 2 (a version-1 link is migrated).
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { LINK_SCHEMA } from "../../src/objects/bot-link.ts";
import { openTables, sqlOf, storedTableVersion } from "../../src/objects/storage.ts";
import type { StoredBotCall } from "../../src/wire/index.ts";
import { badMover, type Fleet, goodBot, hang, installFleet, json } from "./bot-fleet.ts";
import { answerOf, bearer, type Connected, fresh, linkStub, registerConnected, Stream, sleep, waitFor } from "./connected-client.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { createTournament, getTournament } from "./tournament-client.ts";

interface Call {
  id: string;
  kind: "move" | "end";
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  ply: number;
  sentAt: string;
  status: number | null;
  latencyMs: number;
  move: string | null;
  forfeit: string | null;
  detail: string | null;
}
interface CallPage {
  calls: Call[];
  next: string | null;
}
interface Registered {
  id: string;
  token: string;
  secret: string;
  name: string;
}
interface MatchView {
  status: string;
  moves: { ply: number; seat: number; text: string }[];
  result: { reason: string; forfeitCode?: string } | null;
}

let fleet: Fleet | null = null;
afterEach(() => {
  fleet?.restore();
  fleet = null;
});

const callsOf = (bot: { id: string; token: string }, query = "") => json200<CallPage>(request(`/v1/bots/${bot.id}/calls${query}`, { headers: bearer(bot.token) }));

/** Every call of the bot's log, following `next` (newest first). */
async function allCalls(bot: { id: string; token: string }, query = "?limit=200"): Promise<Call[]> {
  const calls: Call[] = [];
  let page = await callsOf(bot, query);
  for (;;) {
    calls.push(...page.calls);
    if (page.next === null) return calls;
    page = await json200<CallPage>(request(page.next, { headers: bearer(bot.token) }));
  }
}

async function registerWebhook(fleetBot: string, extra: Record<string, unknown> = {}): Promise<Registered> {
  const response = await postJson("/v1/bots", { name: fresh(fleetBot), url: (fleet as Fleet).url(fleetBot), entry: "open", ...extra });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const bot = JSON.parse(text) as Registered;
  (fleet as Fleet).secrets.set(fleetBot, bot.secret);
  return bot;
}

async function finishedTournament(id: string) {
  return waitFor(() => getTournament(id), (view) => view.status !== "running", `tournament ${id} to end`, 60_000);
}

const matchView = (id: string) => json200<MatchView>(request(`/v1/matches/${id}`));

/** A hosted match: a person in seat 0, the bot in seat 1 moving first; the person's token. */
async function hostedMatch(bot: { id: string }, moveMs: number): Promise<{ id: string; me: string }> {
  const response = await postJson("/v1/matches", {
    firstSeat: 1,
    clock: { kind: "move", moveMs },
    seats: [
      { kind: "human", take: true },
      { kind: "bot", bot: bot.id },
    ],
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const created = JSON.parse(text) as { id: string; tokens: { token: string }[] };
  return { id: created.id, me: created.tokens[0].token };
}

/** The move text as the bot answered it, next to the record's (which marks a Quarto under `auto` with `!`). */
const unannounced = (text: string) => text.replace(/!$/, "");

/** Checks the bot's move calls of a finished tournament against its games' records: one call per move of the bot, in its match and at its ply, with the text it played. */
async function expectMovesLogged(bot: Registered | Connected, name: string, tournamentId: string): Promise<Call[]> {
  const view = await finishedTournament(tournamentId);
  const games = view.games.filter((game) => game.first === name || game.second === name);
  expect(games.length).toBeGreaterThan(0);
  const expected: { matchId: string; ply: number; text: string }[] = [];
  for (const game of games) {
    const seat = game.first === name ? 0 : 1;
    const match = await matchView(game.matchId as string);
    for (const move of match.moves) if (move.seat === seat) expected.push({ matchId: game.matchId as string, ply: move.ply, text: move.text });
  }
  const calls = await waitFor(
    () => allCalls(bot),
    (all) => all.filter((call) => call.kind === "move").length >= expected.length && all.filter((call) => call.kind === "end").length >= games.length,
    "the calls to be logged",
  );
  const moves = calls.filter((call) => call.kind === "move");
  expect(moves).toHaveLength(expected.length);
  for (const want of expected) {
    const call = moves.find((candidate) => candidate.matchId === want.matchId && candidate.ply === want.ply);
    expect(call, `${want.matchId} ply ${want.ply}`).toBeDefined();
    expect(call).toMatchObject({ tournamentId, status: 200, forfeit: null, detail: null });
    expect(unannounced(call?.move ?? "")).toBe(unannounced(want.text));
    expect(call?.latencyMs).toBeGreaterThanOrEqual(0);
  }
  // Newest first.
  const sent = calls.map((call) => Date.parse(call.sentAt));
  expect(sent).toEqual([...sent].sort((a, b) => b - a));
  const ends = calls.filter((call) => call.kind === "end");
  expect(new Set(ends.map((call) => call.matchId))).toEqual(new Set(games.map((game) => game.matchId)));
  for (const end of ends) expect(end).toMatchObject({ tournamentId, move: null, forfeit: null });
  return calls;
}

describe("the call log of a webhook bot", () => {
  it("has every move request and end notice of its tournament, with status, latency and the move answered", async () => {
    fleet = installFleet({ logged: goodBot() });
    const bot = await registerWebhook("logged");
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 7 });
    const calls = await expectMovesLogged(bot, bot.name, created.id);
    // The bots of the fleet take an end notice with a 204.
    for (const end of calls.filter((call) => call.kind === "end")) expect(end).toMatchObject({ status: 204 });
  });

  it("shows a hosted match's calls; a timeout and an illegal move show their forfeit codes", async () => {
    fleet = installFleet({
      sleepy: badMover((request) => hang(request)),
      // An opening answered with a placement: a move the rules refuse (the text is kept).
      clumsy: badMover(() => json({ place: "a1", give: 0 })),
    });
    const sleepy = await registerWebhook("sleepy");
    const timedOut = await hostedMatch(sleepy, 1_000);
    const timeout = await waitFor(() => callsOf(sleepy, `?matchId=${timedOut.id}`), (page) => page.calls.some((call) => call.kind === "move"), "the timeout to be logged");
    const move = timeout.calls.find((call) => call.kind === "move");
    expect(move).toMatchObject({ matchId: timedOut.id, tournamentId: null, gameId: timedOut.id, ply: 0, status: null, move: null, forfeit: "bot/timeout" });
    expect(move?.latencyMs).toBeGreaterThanOrEqual(900);
    expect((await matchView(timedOut.id)).result?.reason).toBe("timeout");

    const clumsy = await registerWebhook("clumsy");
    const refused = await hostedMatch(clumsy, 10_000);
    const page = await waitFor(() => callsOf(clumsy, `?matchId=${refused.id}`), (got) => got.calls.some((call) => call.kind === "move"), "the illegal move to be logged");
    const bad = page.calls.find((call) => call.kind === "move");
    expect(bad).toMatchObject({ matchId: refused.id, ply: 0, status: 200, move: "a1-0", forfeit: "bot/illegal_move" });
    expect(bad?.detail).toMatch(/^move\//);
    expect((await matchView(refused.id)).result).toMatchObject({ reason: "forfeit", forfeitCode: "bot/illegal_move" });
    // The end notice of a hosted match is logged too.
    const ended = await waitFor(() => callsOf(clumsy, `?matchId=${refused.id}`), (got) => got.calls.some((call) => call.kind === "end"), "the end notice to be logged");
    expect(ended.calls.find((call) => call.kind === "end")).toMatchObject({ status: 204, detail: "loss (forfeit)" });
  });
});

describe("the call log of a connected bot", () => {
  it("has every move request of its tournament, answered through its POST (status 200)", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    const created = await createTournament({ bots: [bot.id, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 10_000 }, seed: 9 });
    const name = (await getTournament(created.id)).bots.find((entry) => entry.name !== "random")?.name as string;
    let pending: ReturnType<Stream["nextMove"]> | null = null;
    for (;;) {
      if ((await getTournament(created.id)).status !== "running") break;
      pending ??= stream.nextMove();
      const event = await Promise.race([pending, sleep(1_000).then(() => "idle" as const)]);
      if (event === "idle") continue;
      pending = null;
      if (event === null) throw new Error("the stream ended");
      await request(`/v1/bots/${bot.id}/moves/${event.requestId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...bearer(bot.token) },
        body: JSON.stringify(answerOf(event)),
      });
    }
    await stream.drop();
    const calls = await expectMovesLogged(bot, name, created.id);
    for (const end of calls.filter((call) => call.kind === "end")) expect(end.status).toBeNull();
  });

  it("in a hosted match: an answer that is not a legal move shows bot/illegal_move with the status of its POST", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    const match = await hostedMatch(bot, 10_000);
    const event = await stream.nextMove();
    if (event === null) throw new Error("no move request");
    await json200(postJson(`/v1/bots/${bot.id}/moves/${event.requestId}`, { place: "z9" }, bearer(bot.token)));
    const page = await waitFor(() => callsOf(bot, `?matchId=${match.id}`), (got) => got.calls.some((call) => call.kind === "move"), "the answer to be logged");
    expect(page.calls.find((call) => call.kind === "move")).toMatchObject({ matchId: match.id, ply: 0, status: 200, move: null, forfeit: "bot/illegal_move" });
    await stream.drop();
  });
});

/** A call of the log, `index` ms after `base`, in match `matchId`. */
const stored = (index: number, base: number, matchId: string): StoredBotCall => ({
  kind: "move",
  tournamentId: null,
  gameId: matchId,
  matchId,
  ply: index % 16,
  sentAt: base + index,
  status: 200,
  latencyMs: 5,
  move: "-0",
  forfeit: null,
  detail: null,
});

describe("reading the log", () => {
  it("keeps the last 1,000 calls and none older than 7 days; pages newest first; filters by match; the cursor keeps the filter", async () => {
    fleet = installFleet({ busy: goodBot() });
    const bot = await registerWebhook("busy");
    const base = Date.now() - 60_000;
    const [a, b] = ["aaaaaaaaaaaaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbbbbbbbbbbbb"];
    const stale = { ...stored(0, Date.now() - 8 * 24 * 60 * 60_000, a), ply: 15 };
    await runInDurableObject(linkStub(bot.id), async (link: { record(call: StoredBotCall): Promise<void> }) => {
      await link.record(stale);
      for (let index = 0; index < 1_010; index++) await link.record(stored(index, base, index % 2 === 0 ? a : b));
    });
    const count = await runInDurableObject(linkStub(bot.id), (_link, state) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM calls").one().n);
    expect(count).toBe(1_000);
    const all = await allCalls(bot);
    expect(all).toHaveLength(1_000);
    // The oldest 10 (and the stale one) are gone; the newest comes first.
    expect(all[0].sentAt).toBe(new Date(base + 1_009).toISOString());
    expect(all.at(-1)?.sentAt).toBe(new Date(base + 10).toISOString());
    expect(new Set(all.map((call) => call.id)).size).toBe(1_000);

    const first = await callsOf(bot, `?matchId=${b}&limit=3`);
    expect(first.calls.map((call) => call.matchId)).toEqual([b, b, b]);
    expect(first.calls.map((call) => Date.parse(call.sentAt) - base)).toEqual([1_009, 1_007, 1_005]);
    expect(first.next).toContain(`matchId=${b}`);
    const second = await json200<CallPage>(request(first.next as string, { headers: bearer(bot.token) }));
    expect(second.calls.map((call) => Date.parse(call.sentAt) - base)).toEqual([1_003, 1_001, 999]);
    expect(await allCalls(bot, `?matchId=${a}&limit=200`)).toHaveLength(500);
    expect((await callsOf(bot, `?matchId=${"c".repeat(26)}`)).calls).toEqual([]);

    await expectProblem(request(`/v1/bots/${bot.id}/calls?cursor=nonsense`, { headers: bearer(bot.token) }), "request/invalid");
    await expectProblem(request(`/v1/bots/${bot.id}/calls?matchId=NOT-AN-ID`, { headers: bearer(bot.token) }), "request/invalid");
    await expectProblem(request(`/v1/bots/${bot.id}/calls?limit=0`, { headers: bearer(bot.token) }), "request/invalid");
  });

  it("only with the bot's own token: none, a wrong one or another bot's get nothing; an unknown bot is not found", async () => {
    fleet = installFleet({ owner: goodBot(), other: goodBot() });
    const bot = await registerWebhook("owner");
    const other = await registerWebhook("other");
    await runInDurableObject(linkStub(bot.id), (link: { record(call: StoredBotCall): Promise<void> }) => link.record(stored(0, Date.now(), "aaaaaaaaaaaaaaaaaaaaaaaaaa")));
    expect((await callsOf(bot)).calls).toHaveLength(1);
    await expectProblem(request(`/v1/bots/${bot.id}/calls`), "registry/token_required");
    await expectProblem(request(`/v1/bots/${bot.id}/calls`, { headers: bearer("not-a-token") }), "registry/wrong_token");
    await expectProblem(request(`/v1/bots/${bot.id}/calls`, { headers: bearer(other.token) }), "registry/wrong_token");
    expect((await callsOf(other)).calls).toEqual([]);
    await expectProblem(request("/v1/bots/b4n6xr2mq7tz3kc5vj3wd2hp6e/calls", { headers: bearer(bot.token) }), "registry/not_found");
  });

  it("a link stored at version 1 (no call log) is migrated to version 2 and logs calls", async () => {
    const id = fresh("legacy");
    const stub = linkStub(id);
    await runInDurableObject(stub, (_link, state) => {
      // Back to version 1: the requests table alone.
      state.storage.sql.exec("DROP TABLE calls");
      state.storage.sql.exec("UPDATE meta SET value = 1 WHERE key = 'schema_version'");
      expect(storedTableVersion(sqlOf(state.storage))).toBe(1);
      openTables(sqlOf(state.storage), LINK_SCHEMA);
      expect(storedTableVersion(sqlOf(state.storage))).toBe(2);
    });
    await runInDurableObject(stub, async (link: { record(call: StoredBotCall): Promise<void>; calls(limit: number, after: null, matchId: null): Promise<{ calls: unknown[] }> }) => {
      await link.record(stored(0, Date.now(), "aaaaaaaaaaaaaaaaaaaaaaaaaa"));
      expect((await link.calls(10, null, null)).calls).toHaveLength(1);
    });
  });
});

describe("registration and rotation with the bot's own secret", () => {
  const ownSecret = () => `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;

  it("signs the registration's GET / with the secret given, so a bot that checks signatures runs with it from the start", async () => {
    fleet = installFleet({ strict: goodBot() });
    const secret = ownSecret();
    // The bot knows its final secret before it is registered: it refuses any call not signed with it.
    fleet.secrets.set("strict", secret);
    const response = await postJson("/v1/bots", { name: fresh("strict"), url: fleet.url("strict"), secret });
    const text = await response.text();
    expect(response.status, text).toBe(201);
    const bot = JSON.parse(text) as Registered;
    expect(bot.secret).toBe(secret);
    expect(fleet.calls.filter((call) => call.bot === "strict")).toEqual([expect.objectContaining({ method: "GET", path: "/", signed: true })]);
    // Its games are signed with it too.
    const match = await postJson("/v1/matches", {
      firstSeat: 1,
      seats: [
        { kind: "human", take: true },
        { kind: "bot", bot: bot.id, token: bot.token },
      ],
    });
    expect(match.status).toBe(201);
    const moves = await waitFor(
      async () => (fleet as Fleet).calls.filter((call) => call.bot === "strict" && call.path === "/move"),
      (calls) => calls.length > 0,
      "a move call",
    );
    expect(moves[0].signed).toBe(true);
  });

  it("refuses a secret that is not whsec_ and base64 of at least 16 bytes: 422 registry/bad_secret", async () => {
    fleet = installFleet({ picky: goodBot() });
    const short = `whsec_${btoa("12345678")}`;
    for (const secret of [short, "whsec_abc", "not-a-secret", `whsec_${btoa("123456789012345")}`]) {
      const problem = await expectProblem(postJson("/v1/bots", { name: fresh("picky"), url: fleet.url("picky"), secret }), "registry/bad_secret");
      expect(problem.status).toBe(422);
    }
    expect(fleet.calls).toEqual([]);
    const exact = `whsec_${btoa("1234567890123456")}`;
    expect((await postJson("/v1/bots", { name: fresh("picky"), url: fleet.url("picky"), secret: exact })).status).toBe(201);
  });

  it("rotates to the secret given, or to a fresh one without a body; a bad one is refused and changes nothing", async () => {
    fleet = installFleet({ rotating: goodBot() });
    const bot = await registerWebhook("rotating");
    const next = ownSecret();
    await expectProblem(
      request(`/v1/bots/${bot.id}/rotate`, { method: "POST", headers: { "Content-Type": "application/json", ...bearer(bot.token) }, body: JSON.stringify({ secret: "whsec_abcd" }) }),
      "registry/bad_secret",
    );
    const rotated = await json200<Registered>(
      request(`/v1/bots/${bot.id}/rotate`, { method: "POST", headers: { "Content-Type": "application/json", ...bearer(bot.token) }, body: JSON.stringify({ secret: next }) }),
    );
    expect(rotated.secret).toBe(next);
    fleet.secrets.set("rotating", next);
    const match = await hostedMatch(bot, 10_000);
    const moves = await waitFor(
      async () => (fleet as Fleet).calls.filter((call) => call.path === "/move" && call.matchId === match.id),
      (calls) => calls.length > 0,
      "a move call",
    );
    expect(moves[0].signed).toBe(true);
    const fresh = await json200<Registered>(request(`/v1/bots/${bot.id}/rotate`, { method: "POST", headers: bearer(rotated.token) }));
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(next);
  });
});
