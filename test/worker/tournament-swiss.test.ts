/**
 * A Swiss on the service: 23 registered HTTP bots, five rounds, four games at a time, driven
 * by the tournament object's alarm while the object and the matches in play are evicted at random steps
 * (and two steps sometimes run at once). Each round is paired only once the one before has ended; no
 * pairing is repeated; one bot a round has the bye, never one bot twice; every bot moves first in half
 * its games; the standings are those recomputed from the match records and the byes; every game was
 * played in exactly one counted match. Bad Swiss requests are 422s.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtInAnswer } from "../../src/bots/index.ts";
import { seededRandom } from "../../src/engine/index.ts";
import type { TournamentObject } from "../../src/objects/tournament.ts";
import { computeStandings } from "../../src/tournament/index.ts";
import type { TournamentGameOutput, TournamentOutput } from "../../src/wire/tournament-schemas.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import {
  createTournament,
  getRecord,
  getTournament,
  matchObjectIds,
  matchStubOf,
  registerFleetBot,
  scoredFromRecord,
  tournamentStub,
} from "./tournament-client.ts";

const NAMES = Array.from({ length: 23 }, (_, index) => `sw${index + 1}`);
const ROUNDS = 5;

let fleet: Fleet;
beforeAll(() => {
  // A third of the field plays easy moves, the rest at random: the scores spread out, as a Swiss wants.
  const easy = goodBot((checked) => builtInAnswer("easy", checked, { maxNodes: 2000 }));
  const random = goodBot((checked) => builtInAnswer("random", checked, { maxNodes: 500 }));
  fleet = installFleet(Object.fromEntries(NAMES.map((name, index) => [name, index % 3 === 0 ? easy : random])));
});
afterAll(() => fleet.restore());

/** Every game of the tournament, through the paged listing (the view shows the first 100). */
async function allGames(id: string): Promise<TournamentGameOutput[]> {
  const games: TournamentGameOutput[] = [];
  let next: string | null = `/v1/tournaments/${id}/games?limit=50`;
  while (next !== null) {
    const page: { games: TournamentGameOutput[]; next: string | null } = await json200(request(next));
    games.push(...page.games);
    next = page.next;
  }
  return games;
}

/** Runs the alarm until the Swiss is over, evicting at random; at every step, no round is paired before the one before it ended. */
async function drive(id: string, seed: number): Promise<{ view: TournamentOutput; evictions: number; maxPlaying: number }> {
  const random = seededRandom(seed);
  const stub = tournamentStub(id);
  let evictions = 0;
  let maxPlaying = 0;
  for (let steps = 0; ; steps++) {
    const view = await getTournament(id);
    const swiss = view.swiss;
    if (!swiss) throw new Error("not a Swiss");
    const rounds = swiss.byRound;
    expect(rounds.length, `step ${steps}`).toBe(swiss.paired);
    expect(
      rounds.slice(0, -1).every((round) => round.status === "finished"),
      `step ${steps}: a round paired before the one before ended`,
    ).toBe(true);
    maxPlaying = Math.max(maxPlaying, view.progress.playing);
    if (view.status !== "running") return { view, evictions, maxPlaying };
    if (steps > 5000) throw new Error("the Swiss does not end");
    const playing = (await allGames(id)).filter((game) => game.status === "playing" && game.matchId);
    for (const target of [stub, ...playing.map((game) => matchStubOf(game.matchId as string))]) {
      if (
        random() < 0.15 &&
        (await evictDurableObject(target).then(
          () => true,
          () => false,
        ))
      )
        evictions++;
    }
    if (random() < 0.1) await runInDurableObject(stub, (instance: TournamentObject) => Promise.all([instance.alarm(), instance.alarm()]));
    else if (!(await runDurableObjectAlarm(stub))) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("a Swiss on the service", () => {
  it("23 registered bots, 5 rounds, 4 games at a time, through evictions: no repeated pairing, one bye a round never twice to a bot, first moves balanced, standings from the records", async () => {
    const ids = new Map<string, string>();
    for (const name of NAMES) ids.set(await registerFleetBot(fleet, name), name);
    const before = await matchObjectIds();
    const created = await createTournament({
      kind: "swiss",
      bots: [...ids.keys()],
      rounds: ROUNDS,
      gamesPerPair: 2,
      concurrency: 4,
      openings: "classic",
      clock: { kind: "move", moveMs: 10_000 },
      seed: 22,
    });
    // Round 1 is paired at once: 11 pairings of two games, one bye.
    expect(created.state).toMatchObject({ kind: "swiss", status: "running", swiss: { rounds: ROUNDS, paired: 1, byePoints: 1, stopped: null } });
    expect(created.state.progress.total).toBe(22);
    expect(created.state.crosstable).toEqual({ bots: [], cells: [] });
    const { view, evictions, maxPlaying } = await drive(created.id, 3);
    expect(view.status).toBe("finished");
    expect(evictions).toBeGreaterThan(10);
    expect(maxPlaying).toBe(4);
    const swiss = view.swiss as NonNullable<TournamentOutput["swiss"]>;
    expect(swiss).toMatchObject({ rounds: ROUNDS, paired: ROUNDS, stopped: null });

    const games = await allGames(created.id);
    expect(games).toHaveLength(ROUNDS * 22);
    expect(view.progress).toMatchObject({ total: ROUNDS * 22, finished: ROUNDS * 22, playing: 0, pending: 0, cancelled: 0 });
    // Games carry their round, 22 a round, in play order.
    // Rounds are numbered from 1, as the pages number them.
    for (let round = 1; round <= ROUNDS; round++) expect(games.filter((game) => game.round === round)).toHaveLength(22);
    expect(games.map((game) => game.round)).toEqual([...games.map((game) => game.round)].sort((x, y) => x - y));

    // One bye a round, never twice to one bot, and the bot with the bye plays no game that round.
    const byes = swiss.byRound.map((round) => round.byes);
    expect(byes.every((round) => round.length === 1)).toBe(true);
    expect(new Set(byes.flat()).size).toBe(ROUNDS);
    swiss.byRound.forEach((round) => {
      const bye = round.byes[0];
      expect(games.some((game) => game.round === round.round && (game.first === bye || game.second === bye))).toBe(false);
      expect(round.boards).toHaveLength(11);
    });
    // No pairing repeated: each pair of bots in one round at most, its two games from one opening, seats swapped.
    const pairings = new Map<string, TournamentGameOutput[]>();
    for (const game of games) {
      const key = [game.first, game.second].sort().join("-");
      pairings.set(key, [...(pairings.get(key) ?? []), game]);
    }
    expect(pairings.size).toBe(ROUNDS * 11);
    for (const [key, pair] of pairings) {
      expect(pair, key).toHaveLength(2);
      expect(pair[0].round).toBe(pair[1].round);
      expect(pair[0].opening).toBe(pair[1].opening);
      expect(pair[0].pair).toBe(pair[1].pair);
      expect([pair[0].first, pair[0].second]).toEqual([pair[1].second, pair[1].first]);
    }
    // First moves balanced: every bot moved first in exactly half its games.
    for (const name of NAMES) {
      const firsts = games.filter((game) => game.first === name).length;
      expect(firsts, name).toBe(games.filter((game) => game.second === name).length);
      expect(firsts, name).toBeGreaterThanOrEqual(ROUNDS - 1);
    }

    // Every game in exactly one counted match (plus its aborted attempts), each record agreeing with the game.
    const expected = new Set<string>();
    const scored = [];
    for (const game of games) {
      expect(game.status, game.gameId).toBe("finished");
      for (const matchId of [game.matchId as string, ...game.abortedAttempts.map((attempt) => attempt.matchId)]) {
        expect(expected.has(matchId), `match ${matchId} used twice`).toBe(false);
        expected.add(matchId);
      }
      const record = await getRecord(game.matchId as string);
      expect(record.seats.map((seat) => seat.name)).toEqual([game.first, game.second]);
      expect(record.text).toBe(game.text);
      const winner = record.result?.winner === null || record.result === null ? null : record.seats[record.result.winner].name;
      expect(winner, game.gameId).toBe(game.result?.winner ?? null);
      scored.push(scoredFromRecord(record));
    }
    const created_ = new Set([...(await matchObjectIds())].filter((matchId) => !before.has(matchId)));
    expect(created_.size).toBe(expected.size);

    // Standings: recomputed from the records and the byes, ordered by points, Buchholz, Sonneborn-Berger.
    const byePoints = new Map(byes.flat().map((bot) => [bot, swiss.byePoints]));
    const standings = computeStandings([...ids.values()], scored, { byePoints, order: "swiss" });
    expect(view.standings.map(({ rating: _r, ratingDeviation: _d, ...row }) => row)).toEqual(
      standings.map(({ rating: _r, ratingDeviation: _d, ...row }) => row),
    );
    const total = view.standings.reduce((sum, row) => sum + row.points, 0);
    expect(total).toBe(ROUNDS * 22 + ROUNDS * swiss.byePoints);
    // The boards' points are the games'.
    for (const round of swiss.byRound) {
      for (const board of round.boards) {
        const pair = pairings.get([board.first, board.second].sort().join("-")) as TournamentGameOutput[];
        const points = (bot: string) => pair.reduce((sum, game) => sum + (game.result?.winner === null ? 0.5 : game.result?.winner === bot ? 1 : 0), 0);
        expect([board.firstPoints, board.secondPoints]).toEqual([points(board.first), points(board.second)]);
      }
    }
    // The page shows the rounds.
    const html = await (await request(`/tournaments/${created.id}`, { headers: { Accept: "text/html" } })).text();
    expect(html.match(/<summary>Round \d+ \(finished\), bye: <bdi>sw\d+<\/bdi><\/summary><div class="table-wrap"><table class="swiss-round">/g)?.length).toBe(ROUNDS);
    expect(html).toContain("<h2>Rounds</h2>");
  }, 300_000);

  it("refuses rounds on another kind, more rounds than the field can play, and more than 16 bots outside a Swiss", async () => {
    await expectProblem(postJson("/v1/tournaments", { bots: ["easy", "random"], rounds: 2 }), "request/invalid");
    await expectProblem(postJson("/v1/tournaments", { kind: "swiss", bots: ["easy", "random", "medium", "hard"], rounds: 4 }), "request/invalid");
    const many = Array.from({ length: 17 }, (_, index) => `b${index}`);
    const tooMany = await postJson("/v1/tournaments", { bots: many });
    expect(tooMany.status).toBe(422);
    expect((await tooMany.json()) as { detail: string }).toMatchObject({ detail: expect.stringMatching(/at most 16 bots/) });
    await expectProblem(postJson("/v1/tournaments", { kind: "swiss", bots: Array.from({ length: 1025 }, (_, index) => `b${index}`) }), "request/invalid");
    // The default: ceil(log2 N) + 1 rounds (4 bots: 3, the most they can play).
    const swiss = await createTournament({ kind: "swiss", bots: ["easy", "random", "medium", "hard"], seed: 1 });
    expect(swiss.state.swiss).toMatchObject({ rounds: 3, paired: 1 });
    await postJson(`/v1/tournaments/${swiss.id}/cancel`, {}, { Authorization: `Bearer ${swiss.token}` });
  });
});
