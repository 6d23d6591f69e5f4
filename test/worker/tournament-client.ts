/**
 * Helpers for the tournament tests: register fleet bots, create a tournament, drive its alarms to the
 * end while evicting the tournament and match objects at random steps (and sometimes running two steps
 * at once), and check a finished tournament against the match records: every game played exactly
 * once, and standings and crosstable equal to those recomputed from the records.
 */
import { env } from "cloudflare:workers";
import { evictDurableObject, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { expect } from "vitest";
import type { TournamentGameOutput, TournamentOutput } from "../../src/wire/tournament-schemas.ts";
import type { TournamentObject } from "../../src/objects/tournament.ts";
import { seededRandom } from "../../src/engine/random.ts";
import type { MatchRecordOutput } from "../../src/wire/match-schemas.ts";
import { computeCrosstable, computeStandings, type ScoredGame } from "../../src/tournament/index.ts";
import type { Fleet } from "./bot-fleet.ts";
import { json200, postJson, request } from "./http.ts";

export interface CreatedTournament {
  id: string;
  url: string;
  token: string;
  state: TournamentOutput;
}

/** Registers fleet bot `bot` under `name`, open to all (`entry: open`); the fleet then checks its signatures. Returns its id. */
export async function registerFleetBot(fleet: Fleet, bot: string, name = bot): Promise<string> {
  const response = await postJson("/v1/bots", { name, url: fleet.url(bot), entry: "open" });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const registered = JSON.parse(text) as { id: string; secret: string };
  fleet.secrets.set(bot, registered.secret);
  return registered.id;
}

export async function createTournament(body: Record<string, unknown>): Promise<CreatedTournament> {
  const response = await postJson("/v1/tournaments", body);
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as CreatedTournament;
}

export const getTournament = (id: string) => json200<TournamentOutput>(request(`/v1/tournaments/${id}`));
export const tournamentStub = (id: string) => env.TOURNAMENTS.get(env.TOURNAMENTS.idFromName(id));
export const matchStubOf = (matchId: string) => env.MATCHES.get(env.MATCHES.idFromName(matchId));
export const getRecord = (matchId: string) => json200<MatchRecordOutput>(request(`/v1/matches/${matchId}/record`));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DriveOptions {
  seed: number;
  /** Chance, before each step, of evicting the tournament object, and (separately) the current match. */
  evict?: number;
  /** Chance of running two steps at once instead of one. */
  concurrent?: number;
}

export interface DriveReport {
  view: TournamentOutput;
  steps: number;
  evictions: number;
  concurrentSteps: number;
}

/** Runs the tournament's alarm until it is over, evicting objects at random steps. */
export async function driveToEnd(id: string, options: DriveOptions): Promise<DriveReport> {
  const random = seededRandom(options.seed);
  const stub = tournamentStub(id);
  const report = { steps: 0, evictions: 0, concurrentSteps: 0 };
  for (;;) {
    const view = await getTournament(id);
    if (view.status !== "running") return { view, ...report };
    if (report.steps > 5000) throw new Error("the tournament does not end");
    const evict = async (target: DurableObjectStub) => {
      // Rejects when the object is not running; that is fine.
      if (
        await evictDurableObject(target).then(
          () => true,
          () => false,
        )
      )
        report.evictions++;
    };
    if (random() < (options.evict ?? 0)) await evict(stub);
    const playing = view.games.find((game) => game.status === "playing");
    if (playing?.matchId && random() < (options.evict ?? 0)) await evict(matchStubOf(playing.matchId));
    if (random() < (options.concurrent ?? 0)) {
      await runInDurableObject(stub, (instance: TournamentObject) => Promise.all([instance.alarm(), instance.alarm()]));
      report.concurrentSteps++;
      report.steps += 2;
    } else if (await runDurableObjectAlarm(stub)) {
      report.steps++;
    } else {
      await sleep(5); // the alarm is running on its own right now
    }
  }
}

/** Every DO id in the MATCHES namespace, as strings. */
export async function matchObjectIds(): Promise<Set<string>> {
  return new Set((await listDurableObjectIds(env.MATCHES)).map((id) => id.toString()));
}

/** A record as the standings read it: seat names, the winner's name, who forfeited. */
export function scoredFromRecord(record: MatchRecordOutput): ScoredGame {
  const names = record.seats.map((seat) => seat.name as string);
  const result = record.result;
  if (!result) throw new Error(`record ${record.id} has no result`);
  const winner = result.winner === null ? null : names[result.winner];
  const lostByMisbehaviour = result.reason === "forfeit" || result.reason === "timeout";
  return { first: names[0], second: names[1], winner, forfeitedBy: lostByMisbehaviour && result.winner !== null ? names[1 - result.winner] : null };
}

export interface Verified {
  records: Map<string, MatchRecordOutput>;
  byGame: Map<string, TournamentGameOutput>;
}

/**
 * Checks a finished tournament against the match records and the match objects that exist: each game
 * has one counted match (plus the aborted attempts it lists) and no other match was created, each
 * record agrees with the game's result, and standings and crosstable equal those recomputed from the
 * records.
 */
export async function verifyAgainstRecords(view: TournamentOutput, matchesBefore: Set<string>): Promise<Verified> {
  expect(view.status).toBe("finished");
  expect(view.progress).toMatchObject({ total: view.games.length, finished: view.games.length, playing: 0, pending: 0 });
  const expectedMatches = new Set<string>();
  const records = new Map<string, MatchRecordOutput>();
  for (const game of view.games) {
    expect(game.status, game.gameId).toBe("finished");
    expect(game.matchId, game.gameId).not.toBeNull();
    for (const matchId of [game.matchId as string, ...game.abortedAttempts.map((attempt) => attempt.matchId)]) {
      expect(expectedMatches.has(matchId), `match ${matchId} used twice`).toBe(false);
      expectedMatches.add(matchId);
    }
    const record = await getRecord(game.matchId as string);
    records.set(game.gameId, record);
    expect(record.seats.map((seat) => [seat.kind, seat.name])).toEqual([
      ["bot", game.first],
      ["bot", game.second],
    ]);
    expect(record.firstSeat).toBe(0);
    expect(record.text, game.gameId).toBe(game.text);
    expect(record.moves.length).toBe(game.plies);
    const result = record.result;
    expect(result, game.gameId).not.toBeNull();
    expect(result?.reason).toBe(game.result?.reason);
    expect(result?.winner === null ? null : record.seats[result?.winner as number].name).toBe(game.result?.winner);
    expect(result?.forfeitCode ?? (result?.reason === "timeout" ? "bot/timeout" : null)).toBe(game.result?.forfeitCode);
    for (const attempt of game.abortedAttempts) {
      const aborted = await getRecord(attempt.matchId);
      expect(aborted.result).toMatchObject({ reason: "aborted", winner: null, detail: attempt.detail });
      expect(aborted.moves.filter((move) => move.move.place !== undefined)).toEqual([]);
    }
  }
  // Exactly the matches the games name were created: no game was played in a second, uncounted match.
  const created = new Set([...(await matchObjectIds())].filter((id) => !matchesBefore.has(id)));
  expect([...created].sort()).toEqual([...expectedMatches].map((matchId) => env.MATCHES.idFromName(matchId).toString()).sort());

  const bots = view.bots.map((entry) => entry.name);
  const scored = [...records.values()].map(scoredFromRecord);
  const standings = computeStandings(bots, scored);
  expect(view.standings.map(({ rating: _r, ratingDeviation: _d, ...row }) => row)).toEqual(standings.map(({ rating: _r, ratingDeviation: _d, ...row }) => row));
  view.standings.forEach((row, index) => {
    expect(row.rating).toBeCloseTo(standings[index].rating, 0);
    expect(row.ratingDeviation).toBeCloseTo(standings[index].ratingDeviation, 0);
  });
  expect(view.crosstable).toEqual(
    computeCrosstable(
      standings.map((row) => row.bot),
      scored,
    ),
  );
  return { records, byGame: new Map(view.games.map((game) => [game.gameId, game])) };
}
