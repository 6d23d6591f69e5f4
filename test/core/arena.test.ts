/**
 * The arena runner end to end, against real bot servers on 127.0.0.1: a round robin between two
 * well-behaved bots, a built-in bot and one bot per misbehaviour. Every misbehaviour must give the
 * right forfeit code, the tournament must finish, and the standings must equal those recounted here
 * by hand from the game records. Also: the conformance check, and the CLI's three commands.
 */
import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLASSIC_RULES } from "../../src/rules/index.ts";
import { checkBot, generateBotSecret, httpBot, type Player, builtInBot, verifySignature } from "../../src/bots/index.ts";
import { runTournament, type TournamentReport } from "../../src/tournament/index.ts";
import { main, parseBotSpec, serveBuiltInBot } from "../../arena/main.ts";
import { exampleBotHandler } from "../../arena/example-bot.ts";
import { playRecord } from "./arena-records.ts";
import {
  droppingBot,
  errorBot,
  flakyBot,
  garbageBot,
  goodBot,
  hangingBot,
  hugeBot,
  illegalBot,
  redirectBot,
  refusingUrl,
  startBot,
  type TestBot,
  tricklingBot,
} from "./arena-test-bots.ts";

const MOVE_MS = 400;

describe("a tournament against misbehaving bots", () => {
  const secret = generateBotSecret();
  const servers: Record<string, TestBot> = {};
  let report: TournamentReport;
  // The code each misbehaving bot must forfeit with whenever it has to move.
  const expected: Record<string, string> = {
    hang: "bot/timeout",
    trickle: "bot/timeout",
    error: "bot/http_status",
    garbage: "bot/invalid_json",
    huge: "bot/body_too_large",
    redirect: "bot/redirect",
    illegal: "bot/illegal_move",
    refuse: "bot/connection_error",
  };

  beforeAll(async () => {
    servers.alice = await goodBot("alice");
    servers.bob = await goodBot("bob");
    servers.hang = await hangingBot();
    servers.trickle = await tricklingBot();
    servers.error = await errorBot();
    servers.garbage = await garbageBot();
    servers.huge = await hugeBot();
    servers.redirect = await redirectBot(servers.alice.url);
    servers.illegal = await illegalBot();
    const refusing = await refusingUrl();
    const players: Player[] = [
      ...Object.entries(servers).map(([name, server]) => httpBot({ name, url: server.url, secret, endTimeoutMs: 200 })),
      httpBot({ name: "refuse", url: refusing, secret, endTimeoutMs: 200 }),
      builtInBot("easy"),
    ];
    report = await runTournament({ players, gamesPerPair: 2, rules: CLASSIC_RULES, clock: { kind: "move", moveMs: MOVE_MS }, seed: 11 });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.close()));
  });

  it("finishes every scheduled game exactly once", () => {
    expect(report.games).toHaveLength(report.schedule.length);
    expect(report.games.map((game) => game.gameId)).toEqual(report.schedule.map((game) => game.gameId));
    expect(report.games.every((game) => game.reason !== "aborted")).toBe(true);
  });

  it("every pair plays an even number of games, half with each bot giving first", () => {
    const count = new Map<string, number>();
    for (const game of report.games) count.set(`${game.first}>${game.second}`, (count.get(`${game.first}>${game.second}`) ?? 0) + 1);
    for (const a of report.bots) for (const b of report.bots) if (a !== b) expect(count.get(`${a}>${b}`)).toBe(1);
  });

  it("every misbehaviour forfeits with its own code; the first misbehaving bot to move is the one that loses", () => {
    const good = new Set(["alice", "bob", "easy"]);
    for (const game of report.games) {
      const badFirst = !good.has(game.first);
      const badSecond = !good.has(game.second);
      if (!badFirst && !badSecond) {
        expect(game.forfeitCode, `${game.gameId} ${game.first} vs ${game.second}`).toBeUndefined();
        continue;
      }
      // The first giver moves at ply 0, so it is the first to misbehave when both are bad.
      const culprit = badFirst ? game.first : game.second;
      expect(game.forfeitedBy, `${game.gameId}: ${game.first} vs ${game.second}`).toBe(culprit);
      expect(game.forfeitCode, `${game.gameId}: ${culprit}: ${game.detail}`).toBe(expected[culprit]);
      expect(game.winner).toBe(culprit === game.first ? game.second : game.first);
      expect(game.plies).toBe(culprit === game.first ? 0 : 1);
    }
  });

  it("a bot that refuses connections has each game it reached aborted once, then forfeits the replay", () => {
    for (const game of report.games) {
      const refuseMoved = game.forfeitedBy === "refuse";
      expect(game.abortedAttempts.length, game.gameId).toBe(refuseMoved ? 1 : 0);
      if (refuseMoved) expect(game.matchId).toBe(`${game.gameId}.2`);
    }
    expect(report.games.filter((game) => game.forfeitedBy === "refuse").length).toBeGreaterThan(0);
  });

  it("no redirect was followed: alice never received a move meant for the redirecting bot", () => {
    const movesToAlice = servers.alice.calls.filter((call) => call.path === "/move").map((call) => JSON.parse(call.body));
    const aliceGames = new Set(
      report.games.filter((game) => game.first === "alice" || game.second === "alice").flatMap((game) => [game.matchId, ...game.abortedAttempts.map((attempt) => attempt.matchId)]),
    );
    for (const body of movesToAlice) expect(aliceGames.has(body.matchId)).toBe(true);
  });

  it("standings equal those recounted by hand from the game records", () => {
    const recount = new Map(report.bots.map((bot) => [bot, { games: 0, wins: 0, draws: 0, losses: 0, points: 0, forfeits: 0 }]));
    for (const game of report.games) {
      // The record must be a legal game ending in the recorded position.
      expect(playRecord(game.record, CLASSIC_RULES)).toBe(game.match.position);
      const winnerSeat = game.match.result?.winner;
      const winner = winnerSeat === undefined || winnerSeat === null ? null : [game.first, game.second][winnerSeat];
      expect(winner).toBe(game.winner);
      for (const bot of [game.first, game.second]) {
        const row = recount.get(bot) as { games: number; wins: number; draws: number; losses: number; points: number; forfeits: number };
        row.games++;
        if (winner === null) {
          row.draws++;
          row.points += 0.5;
        } else if (winner === bot) {
          row.wins++;
          row.points += 1;
        } else {
          row.losses++;
          if (game.forfeitedBy === bot) row.forfeits++;
        }
      }
    }
    for (const standing of report.standings) {
      expect(standing, standing.bot).toMatchObject(recount.get(standing.bot) as object);
      // Sonneborn-Berger from the recount: for each game, the opponent's points times the score.
      const sb = report.games
        .filter((game) => game.first === standing.bot || game.second === standing.bot)
        .reduce((sum, game) => {
          const opponent = game.first === standing.bot ? game.second : game.first;
          const score = game.winner === null ? 0.5 : game.winner === standing.bot ? 1 : 0;
          return sum + score * (recount.get(opponent)?.points ?? 0);
        }, 0);
      expect(standing.sonnebornBerger, standing.bot).toBe(sb);
    }
    const points = report.standings.map((row) => row.points);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    expect(report.standings.map((row) => row.bot).slice(0, 3).sort()).toEqual(["alice", "bob", "easy"]);
  });

  it("every call the good bots received was signed with their secret (and not with another)", () => {
    const other = generateBotSecret();
    for (const call of [...servers.alice.calls, ...servers.bob.calls]) {
      expect(verifySignature(secret, call.body, call.headers)).toBe(true);
      expect(verifySignature(other, call.body, call.headers)).toBe(false);
    }
    expect(servers.alice.calls.some((call) => call.path === "/end")).toBe(true);
  });
});

describe("the replay policy over HTTP", () => {
  it("a bot that drops its first connection has the game replayed; one that drops mid-game forfeits", async () => {
    const secret = generateBotSecret();
    const flaky = await flakyBot(1);
    const dropping = await droppingBot();
    const good = await goodBot();
    try {
      const base = { rules: CLASSIC_RULES, clock: { kind: "move" as const, moveMs: MOVE_MS }, seed: 3, gamesPerPair: 2 };
      const first = await runTournament({ ...base, players: [httpBot({ name: "flaky", url: flaky.url, secret }), httpBot({ name: "good", url: good.url, secret })] });
      const replayed = first.games.filter((game) => game.abortedAttempts.length > 0);
      expect(replayed).toHaveLength(1);
      expect(replayed[0].abortedAttempts[0].detail).toContain("flaky could not be reached");
      expect(first.games.every((game) => game.forfeitCode === undefined)).toBe(true);

      const second = await runTournament({ ...base, players: [httpBot({ name: "dropping", url: dropping.url, secret }), httpBot({ name: "good", url: good.url, secret })] });
      // Its first move of each game is answered, its second dropped: forfeits, never replays.
      expect(second.games.map((game) => [game.abortedAttempts.length, game.forfeitCode, game.forfeitedBy])).toEqual([
        [0, "bot/connection_error", "dropping"],
        [0, "bot/connection_error", "dropping"],
      ]);
    } finally {
      await Promise.all([flaky.close(), dropping.close(), good.close()]);
    }
  });
});

describe("the conformance check", () => {
  it("passes a served built-in bot, signing with the secret it verifies", async () => {
    const secret = generateBotSecret();
    const served = await serveBuiltInBot("easy", { port: 0, secret });
    try {
      const report = await checkBot(served.url, { timeoutMs: 2000, secret });
      expect(report.checks.map((check) => [check.name, check.ok])).toEqual([
        ["GET /", true],
        ["opening give", true],
        ["mid-game move", true],
        ["last placement", true],
        ["POST /end", true],
      ]);
      expect(report.ok).toBe(true);
      expect(report.info?.name).toBe("easy");
      // With the wrong secret, the bot refuses every call: the check fails.
      const wrong = await checkBot(served.url, { timeoutMs: 2000, secret: generateBotSecret() });
      expect(wrong.ok).toBe(false);
      expect(wrong.checks[0].detail).toContain("401");
    } finally {
      await served.close();
    }
  });

  it("flags exactly what a broken bot gets wrong", async () => {
    // Gives a piece even on the last placement (illegal there), and has no name.
    const broken = await startBot((call, response) => {
      if (call.method === "GET") return void response.end(JSON.stringify({ version: "1" }));
      if (call.path === "/end") return void response.writeHead(500).end();
      const request = JSON.parse(call.body);
      const place = request.phase === "place" ? { place: request.emptyCells[0] } : {};
      response.end(JSON.stringify({ ...place, give: request.availablePieces[0] ?? 0 }));
    });
    const hanging = await hangingBot();
    try {
      const report = await checkBot(broken.url, { timeoutMs: 500 });
      const result = Object.fromEntries(report.checks.map((check) => [check.name, check.ok]));
      expect(result).toEqual({ "GET /": false, "opening give": true, "mid-game move": true, "last placement": false, "POST /end": false });
      expect(report.checks.find((check) => check.name === "last placement")?.detail).toContain("move/give_not_allowed");
      expect(report.ok).toBe(false);
      const slow = await checkBot(hanging.url, { timeoutMs: 200 });
      expect(slow.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(["opening give", "mid-game move", "last placement"]);
      expect(slow.checks[1].detail).toContain("bot/timeout");
    } finally {
      await Promise.all([broken.close(), hanging.close()]);
    }
  });
});

describe("the example bot in arena/example-bot.ts", () => {
  it("passes the conformance check with its secret, refuses other callers, and beats random", async () => {
    const secret = generateBotSecret();
    const server = createServer(exampleBotHandler(secret));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await checkBot(url, { timeoutMs: 2000, secret })).ok).toBe(true);
      const stranger = await checkBot(url, { timeoutMs: 2000 });
      expect(stranger.checks.filter((check) => check.required).every((check) => !check.ok)).toBe(true);
      const report = await runTournament({
        players: [httpBot({ name: "example", url, secret }), builtInBot("random")],
        gamesPerPair: 6,
        rules: CLASSIC_RULES,
        clock: { kind: "move", moveMs: 2000 },
        seed: 2,
      });
      expect(report.games.every((game) => game.forfeitCode === undefined)).toBe(true);
      expect(report.standings[0].bot).toBe("example");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the arena CLI", () => {
  const capture = () => {
    const out: string[] = [];
    const err: string[] = [];
    return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
  };

  it("parses bot specs", () => {
    expect(parseBotSpec("perfect")).toEqual({ name: "perfect", kind: "builtIn", level: "perfect" });
    expect(parseBotSpec("alice=http://127.0.0.1:9001")).toEqual({ name: "alice", kind: "http", url: "http://127.0.0.1:9001" });
    expect(parseBotSpec("easy2=easy")).toEqual({ name: "easy2", kind: "builtIn", level: "easy" });
    for (const bad of ["nobody", "x=ftp://h", "=http://h", "a b=http://h", "x=http://u:p@h"]) expect(() => parseBotSpec(bad)).toThrow();
  });

  it("runs a tournament with an HTTP bot and a built-in bot, prints the tables and writes the JSON report", async () => {
    const served = await serveBuiltInBot("random", { port: 0 });
    const json = join(mkdtempSync(join(tmpdir(), "arena-")), "out.json");
    try {
      const { io, out } = capture();
      const code = await main(["--bot", `alice=${served.url}`, "--bot", "easy", "--games", "4", "--move-timeout", "1000", "--seed", "7", "--json", json], io);
      expect(code).toBe(0);
      const text = out.join("");
      expect(text).toContain("Standings (4 games, 4 per pair, seed 7)");
      expect(text).toContain("Crosstable");
      expect(text).toMatch(/│ alice/);
      const report = JSON.parse(readFileSync(json, "utf8")) as TournamentReport;
      expect(report.games).toHaveLength(4);
      expect(report.standings.reduce((sum, row) => sum + row.points, 0)).toBe(4);
    } finally {
      await served.close();
    }
  });

  it("refuses bad arguments with exit code 2 and the usage", async () => {
    for (const args of [["--bot", "easy"], ["--bot", "easy", "--bot", "random", "--games", "3"], ["--bot", "easy", "--bot", "easy"], ["--frobnicate"], ["serve", "grandmaster"], ["check"]]) {
      const { io, err } = capture();
      expect(await main(args, io), args.join(" ")).toBe(2);
      expect(err.join("")).toContain("Usage:");
    }
  });

  it("`npm run arena` works as a command: check exits 1 for a bot that is not there", () => {
    const nothing = spawnSync(process.execPath, ["arena/cli.ts", "check", "http://127.0.0.1:1"], { encoding: "utf8" });
    expect(nothing.status).toBe(1);
    expect(nothing.stdout).toContain("FAIL  GET /");
    const run = spawnSync(process.execPath, ["arena/cli.ts", "--bot", "random", "--bot", "easy", "--games", "2", "--seed", "5"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Standings (2 games, 2 per pair, seed 5)");
  });
});
