/**
 * Tournaments on the service: a round robin in the Durable Object, driven by its alarms with the
 * tournament and match objects evicted at random steps and steps sometimes run twice at once, is
 * played exactly once per game and its standings are those recomputed from the match records; a bot
 * unreachable before its first move has the game replayed (and is told so); the games are ordinary
 * matches that anyone can watch and replay but nobody can play in; creation is checked; cancellation
 * needs the token and ends the game in progress.
 */
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndNotice } from "../../src/bots/index.ts";
import { retentionMs } from "../../src/objects/retention.ts";
import { type Fleet, goodBot, installFleet, refuse } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { bearer } from "./match-client.ts";
import {
  createTournament,
  driveToEnd,
  getRecord,
  getTournament,
  matchObjectIds,
  matchStubOf,
  registerFleetBot,
  tournamentStub,
  verifyAgainstRecords,
} from "./tournament-client.ts";

let fleet: Fleet;
/** Games at once: 1 here; tournament-concurrent.test.ts runs this file again with 3. */
const CONCURRENCY = (globalThis as { TOURNAMENT_CONCURRENCY?: number }).TOURNAMENT_CONCURRENCY ?? 1;
/** Game ids for which the flaky bot already failed once: it fails only its first call of each game. */
const flakyFailed = new Set<string>();

beforeAll(() => {
  const good = goodBot();
  fleet = installFleet({
    good,
    flaky: (request, call, f) => {
      if (call.path === "/move" && call.gameId !== undefined && !flakyFailed.has(call.gameId)) {
        flakyFailed.add(call.gameId);
        return refuse();
      }
      return good(request, call, f);
    },
    other: good,
  });
});
afterAll(() => fleet.restore());

describe(`a tournament in the Durable Object, ${CONCURRENCY} game${CONCURRENCY === 1 ? "" : "s"} at once`, () => {
  it("plays every game exactly once through evictions and concurrent steps; standings equal the records'", async () => {
    const good = await registerFleetBot(fleet, "good");
    const flaky = await registerFleetBot(fleet, "flaky");
    const before = await matchObjectIds();
    const created = await createTournament({
      bots: [good, flaky, "easy", "random"],
      gamesPerPair: 2,
      clock: { kind: "move", moveMs: 5000 },
      seed: 3,
      concurrency: CONCURRENCY,
    });
    expect(created.state.bots).toEqual([
      { name: "good", kind: "registered", botId: good },
      { name: "flaky", kind: "registered", botId: flaky },
      { name: "easy", kind: "builtIn", botId: null },
      { name: "random", kind: "builtIn", botId: null },
    ]);
    const { view, evictions, concurrentSteps } = await driveToEnd(created.id, { seed: 9, evict: 0.3, concurrent: 0.2 });
    expect(evictions).toBeGreaterThan(20);
    // With games in parallel an alarm serves several games, so there are fewer steps to double.
    expect(concurrentSteps).toBeGreaterThan(CONCURRENCY === 1 ? 10 : 4);
    const { records } = await verifyAgainstRecords(view, before);
    expect(view.games).toHaveLength(12);
    expect(view.finishedAt).not.toBeNull();
    // Only its deletion, the retention after it finished, is left to do.
    expect(await runInDurableObject(tournamentStub(created.id), (_instance, state) => state.storage.getAlarm())).toBe(
      Date.parse(view.finishedAt as string) + retentionMs(env),
    );

    // Each pair played twice, each bot giving first once.
    for (const game of view.games) {
      const reverse = view.games.filter((other) => other.first === game.second && other.second === game.first);
      expect(reverse, game.gameId).toHaveLength(1);
    }
    // The flaky bot failed its first call of every game: games it had to move in before it ever answered
    // were aborted and replayed (at most once); it never lost one by forfeit.
    const flakyGames = view.games.filter((game) => game.first === "flaky" || game.second === "flaky");
    expect(flakyGames.every((game) => game.abortedAttempts.length <= 1 && game.result?.forfeitedBy !== "flaky")).toBe(true);
    expect(flakyGames.filter((game) => game.abortedAttempts.length === 1).length).toBeGreaterThanOrEqual(4);
    expect(view.progress.replays).toBe(flakyGames.reduce((sum, game) => sum + game.abortedAttempts.length, 0));
    for (const game of view.games) expect(["quarto", "draw"], game.gameId).toContain(game.result?.reason);

    // POST /end: the HTTP bots heard of each of their games (and of each aborted attempt) with the right outcome.
    for (const bot of ["good", "flaky"]) {
      const heard = new Map<string, EndNotice>(fleet.ends.filter((end) => end.bot === bot).map((end) => [end.notice.matchId, end.notice]));
      for (const game of view.games.filter((candidate) => candidate.first === bot || candidate.second === bot)) {
        const notice = heard.get(game.matchId as string);
        const record = records.get(game.gameId);
        expect(notice, `${bot} ${game.gameId}`).toBeDefined();
        expect(notice?.seat).toBe(game.first === bot ? "first" : "second");
        expect(notice?.outcome).toBe(game.result?.winner === null ? "draw" : game.result?.winner === bot ? "win" : "loss");
        expect(notice?.moves.length).toBe(record?.moves.length);
        for (const attempt of game.abortedAttempts) expect(heard.get(attempt.matchId)?.outcome, `${bot} ${attempt.matchId}`).toBe("aborted");
      }
    }
    // Every call the HTTP bots received after registration was signed with their own secret.
    expect(fleet.calls.filter((call) => call.signed === false)).toEqual([]);
  });

  it("games are ordinary matches: watched and replayed by anyone, played by nobody else", async () => {
    const created = await createTournament({ bots: ["random", "easy"], gamesPerPair: 2, seed: 1 });
    const stub = tournamentStub(created.id);
    let game = created.state.games[0];
    while (game.status !== "finished") {
      await runDurableObjectAlarm(stub);
      game = (await getTournament(created.id)).games[0];
      if (game.matchId !== null && game.status === "playing") {
        const view = await json200<{ seats: unknown[]; status: string }>(request(`/v1/matches/${game.matchId}`));
        expect(view.seats).toEqual([
          { seat: 0, role: "first", kind: "bot", taken: true, name: game.first, level: null },
          { seat: 1, role: "second", kind: "bot", taken: true, name: game.second, level: null },
        ]);
        await expectProblem(postJson(`/v1/matches/${game.matchId}/moves`, { ply: 0, give: 1 }), "match/token_required");
        await expectProblem(postJson(`/v1/matches/${game.matchId}/moves`, { ply: 0, give: 1 }, bearer("x".repeat(43))), "match/not_a_player");
        await expectProblem(postJson(`/v1/matches/${game.matchId}/join`, {}), view.status === "finished" ? "match/finished" : "match/no_open_seat");
      }
    }
    const record = await getRecord(game.matchId as string);
    const replay = await json200<{ valid: boolean; status: string; result: { reason: string } }>(postJson("/v1/replay", record));
    expect(replay).toMatchObject({ valid: true, status: "finished", result: { reason: game.result?.reason } });
    expect(game.links).toEqual({ match: `/v1/matches/${game.matchId}`, record: `/v1/matches/${game.matchId}/record`, page: `/matches/${game.matchId}` });
    const page = await request(game.links?.page as string, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(game.first);
  });

  it("checks the request: entrants, games per pair, clock", async () => {
    const unknown = await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "aaaaaaaaaaaaaaaaaaaaaaaaaa"] }), "tournament/unknown_bot");
    expect(unknown.errors).toEqual([{ path: ["bots", 1], message: expect.stringContaining("neither a registered bot id nor a built-in bot") }]);
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "genius"] }), "tournament/unknown_bot");
    const twice = await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random", "easy"] }), "request/invalid");
    expect(twice.errors?.[0].path).toEqual(["bots", 2]);
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy"] }), "request/invalid");
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random"], gamesPerPair: 3 }), "request/invalid");
    const many = await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random", "hard"], gamesPerPair: 200 }), "request/invalid");
    expect(many.detail).toMatch(/600 games; at most 500/);
    const slow = await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random"], clock: { kind: "move", moveMs: 120_000 } }), "request/invalid");
    expect(slow.errors?.[0].path).toEqual(["clock", "moveMs"]);
    await expectProblem(request("/v1/tournaments/aaaaaaaaaaaaaaaaaaaaaaaaaa"), "tournament/not_found");
    await expectProblem(request("/v1/tournaments/nope"), "tournament/not_found");
  });

  it("cancel needs the token, ends the game in progress without a result and plays no more", async () => {
    const other = await registerFleetBot(fleet, "other");
    const created = await createTournament({ bots: [other, "random"], gamesPerPair: 4, clock: { kind: "move", moveMs: 5000 }, seed: 2 });
    const stub = tournamentStub(created.id);
    let view = created.state;
    while (!(view.progress.finished >= 1 && view.games.some((game) => game.status === "playing"))) {
      await runDurableObjectAlarm(stub);
      view = await getTournament(created.id);
    }
    // Two more steps: the game in progress has moves.
    await runDurableObjectAlarm(stub);
    await runDurableObjectAlarm(stub);
    const cancel = (headers: Record<string, string> = {}) => request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers });
    await expectProblem(cancel(), "tournament/token_required");
    await expectProblem(cancel(bearer("not-the-token")), "tournament/wrong_token");
    const cancelled = await json200<typeof view>(cancel(bearer(created.token)));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.finishedAt).not.toBeNull();
    const interrupted = cancelled.games.find((game) => game.status === "cancelled" && game.matchId !== null);
    expect(interrupted).toBeDefined();
    const record = await getRecord(interrupted?.matchId as string);
    expect(record.result).toMatchObject({ reason: "cancelled", winner: null, detail: "the tournament was cancelled" });
    expect(cancelled.games.filter((game) => game.status === "finished").length).toBe(cancelled.progress.finished);
    expect(cancelled.games.filter((game) => game.status === "pending")).toEqual([]);
    expect(cancelled.progress).toMatchObject({ playing: 0, pending: 0, cancelled: cancelled.games.length - cancelled.progress.finished });
    expect(cancelled.standings.reduce((sum, row) => sum + row.games, 0)).toBe(2 * cancelled.progress.finished);
    // No alarm is left but the deletion's, after the retention; running one now changes nothing.
    expect(await runInDurableObject(stub, (_instance, state) => state.storage.getAlarm())).toBe(Date.parse(cancelled.finishedAt as string) + retentionMs(env));
    await runInDurableObject(stub, (instance: import("../../src/objects/tournament.ts").TournamentObject) => instance.alarm());
    expect(await getTournament(created.id)).toEqual(cancelled);
    await expectProblem(cancel(bearer(created.token)), "tournament/over");
    expect((await json200<{ status: string }>(request(`/v1/matches/${interrupted?.matchId}`))).status).toBe("finished");
    expect(await runInDurableObject(matchStubOf(interrupted?.matchId as string), (_instance, state) => state.storage.getAlarm())).toBe(
      Date.parse((await getRecord(interrupted?.matchId as string)).result?.at as string) + retentionMs(env),
    );
  });
});

// The Env binding is typed: a compile-time check that the namespace is the tournament's.
void (env.TOURNAMENTS satisfies DurableObjectNamespace);
