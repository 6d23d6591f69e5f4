/**
 * A tournament on the service between a good HTTP bot, a built-in bot and one HTTP bot per misbehaviour
 * (a timeout, a 500, a body that is not JSON, an illegal move mid-game, a connection error), behind a
 * mocked outbound fetch, driven by its alarms with the tournament and match objects evicted at random
 * steps. Every misbehaviour loses with its forfeit code (written into the match record), the bot that
 * cannot be reached has its games aborted once and then forfeited, every game is played exactly once,
 * and the standings are those recomputed from the records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TournamentGameOutput } from "../../src/wire/tournament-schemas.ts";
import { badMover, type Fleet, firstLegal, goodBot, hang, installFleet, json, refuse } from "./bot-fleet.ts";
import { createTournament, driveToEnd, matchObjectIds, registerFleetBot, verifyAgainstRecords } from "./tournament-client.ts";

/** Legal moves up to ply 3, then a placement on an occupied cell. */
const illegalLate = badMover((_request, call) => {
  const body = JSON.parse(call.body) as { ply: number; positionJson: { board: (number | null)[] }; availablePieces: number[] };
  if (body.ply < 3) return json(firstLegal(call.body));
  return json({ place: body.positionJson.board.findIndex((piece) => piece !== null), give: body.availablePieces[0] });
});

const MISBEHAVIOUR: Record<string, { code: string; detail: RegExp }> = {
  slow: { code: "bot/timeout", detail: /time|took longer/ },
  err500: { code: "bot/http_status", detail: /500/ },
  garbage: { code: "bot/invalid_json", detail: /not JSON/ },
  illegal: { code: "bot/illegal_move", detail: /move\/cell_occupied/ },
  down: { code: "bot/connection_error", detail: /POST \/move/ },
};

let fleet: Fleet;
/** Games at once: 1 here; tournament-forfeits-concurrent.test.ts runs this file again with 3. */
const CONCURRENCY = (globalThis as { TOURNAMENT_CONCURRENCY?: number }).TOURNAMENT_CONCURRENCY ?? 1;

beforeAll(() => {
  fleet = installFleet({
    good: goodBot(),
    slow: badMover((request) => hang(request)),
    err500: badMover(() => json({ error: "internal" }, 500)),
    garbage: badMover(() => new Response("{ place: 5, give: ", { status: 200, headers: { "content-type": "application/json" } })),
    illegal: illegalLate,
    down: badMover(refuse),
  });
});
afterAll(() => fleet.restore());

describe(`misbehaving bots, ${CONCURRENCY} game${CONCURRENCY === 1 ? "" : "s"} at once`, () => {
  it("lose by forfeit with their code; the unreachable one gets each game replayed once; standings match the records", async () => {
    const ids = new Map<string, string>();
    for (const bot of ["good", ...Object.keys(MISBEHAVIOUR)]) ids.set(bot, await registerFleetBot(fleet, bot));
    const before = await matchObjectIds();
    const created = await createTournament({
      name: "misbehaviour",
      bots: [...ids.values(), "random"],
      gamesPerPair: 2,
      clock: { kind: "move", moveMs: 1000 },
      seed: 11,
      concurrency: CONCURRENCY,
    });
    expect(created.state).toMatchObject({ status: "running", progress: { total: 42, finished: 0, pending: 42 } });
    const { view, evictions } = await driveToEnd(created.id, { seed: 5, evict: 0.2 });
    expect(evictions).toBeGreaterThan(10);
    await verifyAgainstRecords(view, before);

    const involving = (bot: string) => view.games.filter((game) => game.first === bot || game.second === bot);
    const wellBehaved = new Set(["good", "random"]);
    const opponentOf = (game: TournamentGameOutput, bot: string) => (game.first === bot ? game.second : game.first);
    for (const [bot, expected] of Object.entries(MISBEHAVIOUR)) {
      for (const game of involving(bot)) {
        const opponent = opponentOf(game, bot);
        const where = `${game.gameId} ${game.first}-${game.second}`;
        if (wellBehaved.has(opponent)) {
          // Against a bot that behaves, the misbehaving one loses, with its own code.
          expect(game.result, where).toMatchObject({ winner: opponent, forfeitedBy: bot, forfeitCode: expected.code });
          expect(game.result?.detail, where).toMatch(expected.detail);
        } else {
          // Between two misbehaving bots, the first to misbehave loses, with its code.
          const loser = game.result?.forfeitedBy as string;
          expect([bot, opponent], where).toContain(loser);
          expect(game.result?.forfeitCode, where).toBe(MISBEHAVIOUR[loser].code);
        }
        if (bot === "illegal" && game.result?.forfeitedBy === "illegal") expect(game.plies, where).toBeGreaterThanOrEqual(3);
      }
    }
    // The bot that cannot be reached had each game it was asked to move in aborted once, then forfeited it.
    for (const game of involving("down").filter((candidate) => candidate.result?.forfeitedBy === "down")) {
      expect(game.abortedAttempts, game.gameId).toHaveLength(1);
      expect(game.abortedAttempts[0].detail).toMatch(/^down could not be reached before its first move .* the game is replayed$/);
      expect(game.abortedAttempts[0].matchId).not.toBe(game.matchId);
    }
    expect(view.progress.replays).toBe(involving("down").filter((game) => game.result?.forfeitedBy === "down").length);
    expect(view.games.filter((game) => game.abortedAttempts.length > 0).every((game) => game.first === "down" || game.second === "down")).toBe(true);

    // good and random never forfeit; games between them end on the board.
    for (const game of view.games.filter((candidate) => wellBehaved.has(candidate.first) && wellBehaved.has(candidate.second))) {
      expect(["quarto", "draw"]).toContain(game.result?.reason);
    }
    const good = view.standings.find((row) => row.bot === "good");
    expect(good?.forfeits).toBe(0);
    for (const bot of Object.keys(MISBEHAVIOUR)) expect(view.standings.find((row) => row.bot === bot)?.forfeits, bot).toBeGreaterThan(0);

    // Every call to the good bot was signed with its secret (it answers 401 otherwise, a forfeit it never took).
    const goodCalls = fleet.calls.filter((call) => call.bot === "good" && call.signed !== null);
    expect(goodCalls.length).toBeGreaterThan(20);
    expect(goodCalls.every((call) => call.signed)).toBe(true);
  });
});
