/**
 * Tournaments with several games at once, and the other kinds, on the service: a round robin with
 * concurrency 3 driven through evictions of the tournament and match objects (and steps run twice at
 * once) plays every game exactly once with games overlapping and no bot in two at once; misbehaving
 * bots lose only the game they misbehaved in, with their code, when their games run in parallel; a
 * gauntlet from openings pairs its games; an SPRT stops at its decision with its live state consistent
 * with the games; bad requests are 422s; the unbalanced suites are taken by name under their variant;
 * with TOURNAMENT_CALLS_MS as deployed, an alarm plays on from move to move (the others run 0).
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../../src/engine/random.ts";
import type { TournamentObject } from "../../src/objects/tournament.ts";
import { OPENING_SUITES } from "../../src/tournament/index.ts";
import type { TournamentOutput } from "../../src/wire/tournament-schemas.ts";
import { badMover, type Fleet, goodBot, hang, installFleet, json, refuse } from "./bot-fleet.ts";
import { expectProblem, postJson, request } from "./http.ts";
import {
  createTournament,
  getRecord,
  getTournament,
  matchObjectIds,
  matchStubOf,
  registerFleetBot,
  tournamentStub,
  verifyAgainstRecords,
} from "./tournament-client.ts";

let fleet: Fleet;
beforeAll(() => {
  fleet = installFleet({
    par1: goodBot(),
    par2: goodBot(),
    par3: goodBot(),
    par4: goodBot(),
    slowpar: badMover((request) => hang(request)),
    err500par: badMover(() => json({ error: "internal" }, 500)),
    downpar: badMover(refuse),
    goodpar: goodBot(),
  });
});
afterAll(() => fleet.restore());

/** The games by pair number. */
function byPair<T extends { pair: number | null }>(games: readonly T[]): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const game of games) groups.set(game.pair, [...(groups.get(game.pair) ?? []), game]);
  return groups;
}

interface Observed {
  view: TournamentOutput;
  maxPlaying: number;
  evictions: number;
}

/** Runs the alarm until the tournament is over, evicting its object and the matches in play at random, sometimes two steps at once; records the most games seen in play. */
async function driveObserving(id: string, seed: number, evict = 0.25): Promise<Observed> {
  const random = seededRandom(seed);
  const stub = tournamentStub(id);
  let maxPlaying = 0;
  let evictions = 0;
  for (let steps = 0; ; steps++) {
    const view = await getTournament(id);
    maxPlaying = Math.max(maxPlaying, view.progress.playing);
    if (view.status !== "running") return { view, maxPlaying, evictions };
    if (steps > 5000) throw new Error("the tournament does not end");
    // No bot is in two games at once in a round robin.
    const busy = view.games.filter((game) => game.status === "playing").flatMap((game) => [game.first, game.second]);
    if (view.kind === "roundRobin") expect(new Set(busy).size, `step ${steps}`).toBe(busy.length);
    const targets = [stub, ...view.games.filter((game) => game.status === "playing" && game.matchId).map((game) => matchStubOf(game.matchId as string))];
    for (const target of targets) {
      if (
        random() < evict &&
        (await evictDurableObject(target).then(
          () => true,
          () => false,
        ))
      )
        evictions++;
    }
    if (random() < 0.15) await runInDurableObject(stub, (instance: TournamentObject) => Promise.all([instance.alarm(), instance.alarm()]));
    else if (!(await runDurableObjectAlarm(stub))) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("games in parallel", () => {
  it("a round robin with concurrency 3 plays every game once through evictions, games overlapping, no bot in two at once", async () => {
    const ids = [];
    for (const bot of ["par1", "par2", "par3", "par4"]) ids.push(await registerFleetBot(fleet, bot));
    const before = await matchObjectIds();
    const created = await createTournament({
      bots: [...ids, "easy", "random"],
      gamesPerPair: 2,
      concurrency: 3,
      clock: { kind: "move", moveMs: 5000 },
      seed: 21,
    });
    expect(created.state).toMatchObject({ kind: "roundRobin", concurrency: 3, openings: null, sprt: null, gauntlet: null });
    const { view, maxPlaying, evictions } = await driveObserving(created.id, 4);
    expect(maxPlaying).toBe(3);
    expect(evictions).toBeGreaterThan(20);
    await verifyAgainstRecords(view, before);
    expect(view.games).toHaveLength(30);
  });

  it("with TOURNAMENT_CALLS_MS as deployed (the tests run 0), one alarm plays on from move to move, each game at its own pace", async () => {
    const before = await matchObjectIds();
    const created = await createTournament({ bots: ["easy", "random", "medium", "hard"], gamesPerPair: 2, concurrency: 2, seed: 23 });
    const stub = tournamentStub(created.id);
    // This instance reads the deployed value (wrangler.toml's 20 s; the engine here runs within it).
    await runInDurableObject(stub, (instance: TournamentObject) => {
      const patched = instance as unknown as { env: Env };
      patched.env = { ...patched.env, TOURNAMENT_CALLS_MS: "20000" };
    });
    let alarms = 0;
    for (;;) {
      const view = await getTournament(created.id);
      if (view.status !== "running") break;
      if (alarms > 50) throw new Error("the tournament does not end");
      if (await runDurableObjectAlarm(stub)) alarms++;
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const view = await getTournament(created.id);
    // 12 games of about 16 moves: one call per game per alarm would take some hundred alarms.
    expect(alarms).toBeLessThan(12);
    await verifyAgainstRecords(view, before);
    expect(view.games).toHaveLength(12);
  });

  it("misbehaving bots in parallel games lose only the game they misbehaved in, with their code; the unreachable one's games are replayed once", async () => {
    const ids = new Map<string, string>();
    for (const bot of ["goodpar", "slowpar", "err500par", "downpar"]) ids.set(bot, await registerFleetBot(fleet, bot));
    const before = await matchObjectIds();
    const created = await createTournament({
      bots: [...ids.values(), "random"],
      gamesPerPair: 2,
      concurrency: 2,
      clock: { kind: "move", moveMs: 1000 },
      seed: 8,
    });
    const { view, maxPlaying } = await driveObserving(created.id, 6, 0.2);
    expect(maxPlaying).toBe(2);
    await verifyAgainstRecords(view, before);
    const codes: Record<string, string> = { slowpar: "bot/timeout", err500par: "bot/http_status", downpar: "bot/connection_error" };
    for (const game of view.games) {
      const culprits = Object.keys(codes).filter((bot) => game.first === bot || game.second === bot);
      if (culprits.length === 0) {
        expect(["quarto", "draw"], game.gameId).toContain(game.result?.reason);
        continue;
      }
      // The game is lost by the misbehaving bot that had to move first, with its own code; the clock was this game's.
      expect(game.result?.forfeitedBy, game.gameId).not.toBeNull();
      const culprit = game.result?.forfeitedBy as string;
      expect(culprits).toContain(culprit);
      expect(game.result?.forfeitCode, game.gameId).toBe(codes[culprit]);
      const record = await getRecord(game.matchId as string);
      for (const move of record.moves) expect(move.elapsedMs, game.gameId).toBeLessThanOrEqual(1000);
    }
    const down = view.games.filter((game) => game.first === "downpar" || game.second === "downpar");
    expect(down.every((game) => game.abortedAttempts.length <= 1)).toBe(true);
    expect(down.some((game) => game.abortedAttempts.length === 1)).toBe(true);
  });
});

describe("tournament kinds", () => {
  it("a gauntlet from a suite plays each opening twice against each bot of the field, seats swapped, and reports per-opponent pairs", async () => {
    const suite = OPENING_SUITES.classic;
    const created = await createTournament({
      kind: "gauntlet",
      bots: ["medium", "random", "easy"],
      gamesPerPair: 4,
      openings: "classic",
      concurrency: 2,
      seed: 5,
    });
    expect(created.state).toMatchObject({ kind: "gauntlet", openings: { suite: "classic", count: suite.openings.length } });
    const { view, maxPlaying } = await driveObserving(created.id, 9, 0.1);
    expect(maxPlaying).toBe(2);
    expect(view.games).toHaveLength(8);
    // The field never meets; each pair is one opening with the seats swapped, the two games together.
    for (const game of view.games) expect([game.first, game.second]).toContain("medium");
    const pairs = byPair(view.games);
    expect(pairs.size).toBe(4);
    for (const [, games] of pairs) {
      expect(games).toHaveLength(2);
      expect(games[0].opening).toBe(games[1].opening);
      expect(games[0].first).toBe(games[1].second);
      expect(Math.abs(games[0].index - games[1].index)).toBeLessThanOrEqual(2);
      const opening = suite.openings.find((candidate) => candidate.name === games[0].opening);
      expect(opening).toBeDefined();
      for (const game of games) expect(game.text?.split(" ").slice(1, 1 + (opening?.moves.length ?? 0))).toEqual(opening?.moves);
    }
    expect(view.gauntlet?.map((row) => row.opponent).sort()).toEqual(["easy", "random"]);
    const page = await (await request(`/tournaments/${created.id}`, { headers: { Accept: "text/html" } })).text();
    expect(page).toContain('<table class="gauntlet">');
    expect(page).toContain("from the classic suite in pairs, up to 2 games at once");
    for (const row of view.gauntlet ?? []) {
      const against = view.games.filter((game) => game.first === row.opponent || game.second === row.opponent);
      expect(row.games).toBe(against.length);
      expect(row.wins).toBe(against.filter((game) => game.result?.winner === "medium").length);
      expect(row.pentanomial?.reduce((sum, count) => sum + count, 0)).toBe(2);
      expect(row.elo).not.toBeNull();
    }
  });

  it("an SPRT stops at its decision; its live state agrees with the games", async () => {
    const created = await createTournament({
      kind: "sprt",
      bots: ["medium", "random"],
      openings: "classic",
      concurrency: 2,
      sprt: { elo0: 0, elo1: 50, maxGames: 60 },
      seed: 3,
    });
    expect(created.state.sprt).toMatchObject({
      test: "medium",
      base: "random",
      elo0: 0,
      elo1: 50,
      alpha: 0.05,
      beta: 0.05,
      model: "normalized",
      maxGames: 60,
      decision: null,
      pairs: 0,
    });
    const { view } = await driveObserving(created.id, 2, 0.1);
    const sprt = view.sprt;
    expect(view.status).toBe("finished");
    expect(sprt?.decision).toBe("H1");
    expect(sprt?.llr).toBeGreaterThanOrEqual(sprt?.upper as number);
    expect(sprt?.upper).toBeCloseTo(Math.log(0.95 / 0.05), 2);
    expect(sprt?.lower).toBeCloseTo(Math.log(0.05 / 0.95), 2);
    const finished = view.games.filter((game) => game.status === "finished");
    // It stopped early; the games not played say so.
    expect(finished.length).toBeLessThan(60);
    expect(view.games.filter((game) => game.status === "pending" || game.status === "playing")).toEqual([]);
    expect(sprt?.wins).toBe(finished.filter((game) => game.result?.winner === "medium").length);
    expect(sprt?.losses).toBe(finished.filter((game) => game.result?.winner === "random").length);
    expect(sprt?.draws).toBe(finished.filter((game) => game.result?.winner === null).length);
    // The pentanomial counts the complete pairs by the tested bot's points.
    const points = [...byPair(finished).values()]
      .filter((games) => games.length === 2)
      .map((games) => games.reduce((sum, game) => sum + (game.result?.winner === "medium" ? 1 : game.result?.winner === null ? 0.5 : 0), 0));
    const counts = [0, 0, 0, 0, 0];
    for (const score of points) counts[score * 2]++;
    expect(sprt?.pentanomial).toEqual(counts);
    expect(sprt?.pairs).toBe(points.length);
    expect(sprt?.elo.elo).toBeGreaterThan(0);
    expect(sprt?.elo.low).toBeLessThanOrEqual(sprt?.elo.elo as number);
    // The page shows the same live state, in normalized Elo (nElo) as the test reads it.
    const page = await (await request(`/tournaments/${created.id}`, { headers: { Accept: "text/html" } })).text();
    expect(page).toContain("H1 accepted: <bdi>medium</bdi> is better than <bdi>random</bdi> by 50 nElo or more.");
    expect(page).toContain(`LLR <strong>${sprt?.llr.toFixed(2)}</strong>`);
    expect(page).toContain(`pentanomial [${sprt?.pentanomial.join(", ")}]`);
    expect(page).toContain("the SPRT decided");
  });

  it("refuses what it cannot play with a 422", async () => {
    const invalid = async (body: Record<string, unknown>, path: (string | number)[]) => {
      const problem = await expectProblem(postJson("/v1/tournaments", body), "request/invalid");
      expect(problem.errors?.[0]?.path, JSON.stringify(body)).toEqual(path);
    };
    await invalid({ kind: "sprt", bots: ["easy", "random"] }, ["sprt"]);
    await invalid({ kind: "sprt", bots: ["easy", "random", "medium"], sprt: { elo0: 0, elo1: 10 } }, ["bots"]);
    await invalid({ bots: ["easy", "random"], sprt: { elo0: 0, elo1: 10 } }, ["sprt"]);
    await invalid({ kind: "sprt", bots: ["easy", "random"], sprt: { elo0: 10, elo1: 0 } }, ["sprt"]);
    await invalid({ bots: ["easy", "random"], concurrency: 9 }, ["concurrency"]);
    await invalid({ bots: ["easy", "random"], openings: "nonesuch" }, ["openings"]);
    await invalid({ bots: ["easy", "random"], openings: "classic", rules: { squares: true } }, ["openings"]);
    await invalid({ bots: ["easy", "random"], openings: ["................. -8 a1-8"] }, ["openings", 0]);
    await invalid({ bots: ["easy", "random"], openings: ["................. -0 a1-1", "................. -8 a1-9 b1-A c1-B d1-C"] }, ["openings", 1]);
    await invalid({ kind: "league", bots: ["easy", "random"] }, ["kind"]);
    // A list of records and position strings is accepted, and each game starts from its opening.
    const created = await createTournament({
      bots: ["easy", "random"],
      openings: ["................. -0 a1-1", "8.9A............B"],
      gamesPerPair: 4,
      seed: 1,
    });
    expect(created.state.openings).toEqual({ suite: null, count: 2 });
    expect(new Set(created.state.games.map((game) => game.opening))).toEqual(new Set(["openings/1", "openings/2"]));
  });

  it("takes the unbalanced suites by name, each under its own variant", async () => {
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random"], openings: "squares-unbalanced" }), "request/invalid");
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random"], openings: "classic-unbalanced", rules: { squares: true } }), "request/invalid");
    for (const [suite, rules] of [
      ["classic-unbalanced", {}],
      ["squares-unbalanced", { squares: true }],
    ] as const) {
      const created = await createTournament({ bots: ["easy", "random"], openings: suite, rules, gamesPerPair: 4, seed: 2 });
      expect(created.state.openings).toEqual({ suite, count: OPENING_SUITES[suite].openings.length });
      for (const game of created.state.games) expect(game.opening).toMatch(new RegExp(`^${suite}/\\d\\d$`));
    }
  });
});
