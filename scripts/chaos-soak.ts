/**
 * `npm run chaos -- --soak 60m [--kills 12] [--seed S] [--port P]`: a mixed, bounded load on one
 * `wrangler dev` for the given time, killed with SIGKILL (its whole process group) at random moments
 * spread over the run and restarted on the same state each time. The load, all at once:
 * - people playing the engine, and people playing registered bots of both kinds (a webhook bot and a
 *   connected one) under a move clock, resigning some games on either turn;
 * - tournaments of every format, one after another in two lanes, between well-behaved bots, a bot that
 *   sometimes answers after its time, one that sometimes answers garbage, a connected bot whose client
 *   goes away and comes back, and built-in bots;
 * - the ladder (the well-behaved bots on it, paired by the Cron Trigger the script fires);
 * - analysis (evaluate, suggest-move) and puzzle requests, and hostile requests (bad JSON, unknown ids,
 *   wrong tokens).
 * At the end it checks what the service promises whatever the faults: every game recorded once and
 * replaying to its result; standings equal to those recomputed from the records; each ladder bot's
 * games those of its pairings' records (every pairing seen as it ends) and the anchors' ratings unmoved; no forfeit or time loss the server caused (a
 * well-behaved bot and a person never lose on time or by forfeit; a misbehaving bot only where it
 * misbehaved); no move request left open; every answer a success or a problem document; the memory of
 * workerd flat across the run. It prints a table of the run (docs/operations.md shows one).
 */
import { appendFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Table from "cli-table3";
import { serveFetch, type RunningServer } from "../arena/node-server.ts";
import { type Bridge, startBridge } from "../arena/connect.ts";
import { type MoveAnswer, builtInAnswer } from "../src/bots/index.ts";
import { seededRandom } from "../src/engine/random.ts";
import { legalMoves, makeMoveText, makePositionString, makeRules, playMove, type Position, readPosition, START_POSITION_STRING } from "../src/rules/index.ts";
import { computeStandings, type ScoredGame } from "../src/tournament/index.ts";
import { botFetchHandler } from "../src/wire/bot-server.ts";
import { type Answer, apiClient, log, quantile, Server, sleep } from "./chaos-kit.ts";

export interface SoakOptions {
  durationMs: number;
  kills: number;
  seed: number;
  port: number;
}

/** The move clock of tournaments and hosted matches with bots. */
const MOVE_MS = 4_000;
const RULES = makeRules();

type Behaviour = "good" | "slow" | "junk" | "flaky";

interface SoakBot {
  name: string;
  behaviour: Behaviour;
  connected: boolean;
  server?: RunningServer;
  bridge?: Bridge | null;
  id?: string;
  token?: string;
  secret?: string;
  moves: number;
  inFlight: number;
  /** `matchId:ply` of the moves it misbehaved on (answered late or answered garbage). */
  misbehaved: Set<string>;
}

interface GameView {
  gameId: string;
  status: string;
  first: string;
  second: string;
  matchId: string | null;
  abortedAttempts: { matchId: string; detail: string }[];
  result: { winner: string | null; reason: string; forfeitedBy?: string | null; forfeitCode?: string | null; detail?: string | null } | null;
}
interface TournamentView {
  id: string;
  kind: string;
  status: string;
  bots: { name: string }[];
  games: GameView[];
  standings: { bot: string; points: number }[];
  progress: { total: number; finished: number };
  swiss: { byePoints: number; byRound: { byes: string[] }[] } | null;
}
interface RecordView {
  seats: { name: string }[];
  result: { winner: number | null; reason: string; forfeitCode?: string | null } | null;
  moves: unknown[];
  text: string;
}

export async function soak(options: SoakOptions): Promise<boolean> {
  const random = seededRandom(options.seed);
  const persistTo = await mkdtemp(join(tmpdir(), "quarto-soak-"));
  // The connected bots' bridges log here, kept after the run for a violation's post-mortem.
  const logDir = await mkdtemp(join(tmpdir(), "quarto-soak-logs-"));
  const server = new Server(options.port, persistTo, ["--test-scheduled"]);
  const violations: string[] = [];
  let invariants = 0;
  const check = (condition: boolean, what: string) => {
    invariants++;
    if (!condition) violations.push(what);
  };
  let requests = 0;
  const notProblems: string[] = [];
  const { api, ok } = apiClient(server.base, (method, path, answer: Answer) => {
    requests++;
    const success = answer.status < 400;
    const problem = answer.contentType.startsWith("application/problem+json") && typeof (answer.body as { code?: unknown } | null)?.code === "string";
    if (!success && !problem) notProblems.push(`${method} ${path.slice(0, 60)}: ${answer.status} ${answer.contentType}`);
    if (answer.status >= 500 && answer.status !== 503) notProblems.push(`${method} ${path.slice(0, 60)}: ${answer.status}`);
  });
  /** A request from a client that keeps to the limits: a 429 is waited out (its Retry-After) and sent again. */
  async function politely<T>(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
    for (;;) {
      const answer = await api(method, path, body, headers);
      if (answer.status === 429) {
        await sleep(1_000 * Number((answer.body as { detail?: string } | null)?.detail?.match(/retry in (\d+) s/)?.[1] ?? 5));
        continue;
      }
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      return answer.body as T;
    }
  }
  const started = Date.now();
  const until = started + options.durationMs;
  let over = false;
  const memory: { at: number; mib: number }[] = [];

  const kinds: { name: string; behaviour: Behaviour; connected: boolean }[] = [
    { name: "soak-web", behaviour: "good", connected: false },
    { name: "soak-link", behaviour: "good", connected: true },
    { name: "soak-slow", behaviour: "slow", connected: false },
    { name: "soak-junk", behaviour: "junk", connected: false },
    { name: "soak-flaky", behaviour: "flaky", connected: true },
  ];
  const bots: SoakBot[] = kinds.map((bot) => ({ ...bot, name: `${bot.name}-${options.seed}`, moves: 0, inFlight: 0, misbehaved: new Set<string>() }));
  const byName = new Map(bots.map((bot) => [bot.name, bot]));

  async function serveBot(bot: SoakBot): Promise<void> {
    bot.server = await serveFetch(
      (request) =>
        botFetchHandler({
          info: { name: bot.name, author: "chaos soak" },
          secret: bot.secret,
          move: async (checked): Promise<MoveAnswer> => {
            bot.moves++;
            bot.inFlight++;
            try {
              const at = `${checked.request.matchId}:${checked.request.ply}`;
              if (bot.behaviour === "slow" && random() < 0.08) {
                bot.misbehaved.add(at);
                await sleep(checked.request.clock.timeLeftMs + 1_500);
              } else if (bot.behaviour === "junk" && random() < 0.05) {
                bot.misbehaved.add(at);
                return { place: "z9" };
              } else await sleep(30 + random() * 120);
              return builtInAnswer("easy", checked, { maxNodes: 20_000 });
            } finally {
              bot.inFlight--;
            }
          },
        })(request),
      { port: 0 },
    );
  }

  const bridgeLog = (bot: SoakBot) => (line: string) => appendFileSync(join(logDir, `${bot.name}.log`), `${new Date().toISOString()} ${line}\n`);
  const connect = (bot: SoakBot) => {
    bot.bridge = startBridge({
      log: bridgeLog(bot),
      service: server.base,
      botId: bot.id as string,
      token: bot.token as string,
      bot: { url: bot.server?.url as string, secret: bot.secret },
      backoffMs: 250,
      maxBackoffMs: 1_000,
    });
  };

  const tournaments: string[] = [];
  const ladderTournaments = new Set<string>();
  let personThrottled = 0;
  const hosted: { id: string; botSeat: boolean }[] = [];
  let kills = 0;
  try {
    log(`soak: wrangler dev on ${server.base} for ${Math.round(options.durationMs / 60_000)} min, ${options.kills} kills, seed ${options.seed}`);
    await server.start();
    for (const bot of bots) {
      await serveBot(bot);
      const registration = bot.connected ? { name: bot.name, connection: "stream", entry: "open" } : { name: bot.name, url: bot.server?.url, entry: "open" };
      const registered = await ok<{ id: string; secret: string; token: string }>("POST", "/v1/bots", registration);
      Object.assign(bot, { id: registered.id, secret: registered.secret, token: registered.token });
      if (bot.connected) connect(bot);
    }
    const [web, link, slow, junk, flaky] = bots;
    for (const bot of [web, link]) await ok("PUT", `/v1/ladder/${bot.id}`, undefined, { Authorization: `Bearer ${bot.token}` });
    const start = await ok<{ bots: { bot: { name: string }; rating: number; anchor?: boolean }[] }>("GET", "/v1/ladder?limit=100");
    const anchorRatings = new Map(start.bots.filter((entry) => entry.anchor).map((entry) => [entry.bot.name, entry.rating]));
    check(anchorRatings.size > 0, "the ladder has no built-in anchors");

    // ---- the load ----
    const running = () => !over && Date.now() < until;
    const loops: Promise<void>[] = [];
    // A load loop that fails (an answer it cannot go on from) is a violation, not the end of the run.
    const keep = (loop: Promise<void>) => {
      loops.push(loop.catch((error: unknown) => check(false, `a load loop stopped: ${String(error).slice(0, 300)}`)));
    };

    // The flaky connected bot's client goes away for 5-20 s every minute or so.
    keep(
      (async () => {
        while (running()) {
          await sleep(40_000 + random() * 40_000);
          if (!running()) break;
          await flaky.bridge?.stop();
          flaky.bridge = null;
          await sleep(5_000 + random() * 15_000);
          connect(flaky);
        }
      })(),
    );

    // Tournaments of every format, in two lanes.
    const formats = [
      () => ({ kind: "roundRobin", bots: [web.id, link.id, slow.id, junk.id, "easy"], gamesPerPair: 2 }),
      () => ({ kind: "gauntlet", bots: [link.id, web.id, flaky.id, "random"], gamesPerPair: 2 }),
      () => ({ kind: "sprt", bots: [web.id, "random"], sprt: { elo0: 0, elo1: 200, maxGames: 12 } }),
      () => ({ kind: "swiss", bots: [web.id, link.id, slow.id, junk.id, flaky.id, "easy", "random"], rounds: 3, gamesPerPair: 2 }),
    ];
    for (let lane = 0; lane < 2; lane++) {
      keep(
        (async () => {
          for (let round = lane; running(); round += 2) {
            const body = { name: `soak ${round}`, clock: { kind: "move", moveMs: MOVE_MS }, seed: options.seed + round, ...formats[round % formats.length]() };
            // Each lane is its own client, and keeps to the tournaments policy (5 a minute): at most one every 15 s.
            const began = Date.now();
            const created = await politely<{ id: string }>("POST", "/v1/tournaments", body, { "CF-Connecting-IP": `198.51.100.${100 + lane}` });
            tournaments.push(created.id);
            for (;;) {
              const view = await ok<TournamentView>("GET", `/v1/tournaments/${created.id}`);
              if (view.status !== "running") break;
              await sleep(2_000);
            }
            await sleep(Math.max(0, 15_000 - (Date.now() - began)));
          }
        })(),
      );
    }

    // People: against the engine, and against the two well-behaved bots.
    const person = async (index: number, opponent: () => Record<string, unknown>) => {
      for (let game = 0; running(); game++) {
        const created = await ok<{ id: string; tokens: { seat: number; token: string }[] }>(
          "POST",
          "/v1/matches",
          // A game clock a person plays within even across an outage of the server (a kill and its restart
          // take up to 20 s); a bot seat's turn the server lost restarts (test/worker/match-server-lost.test.ts).
          { firstSeat: game % 2, clock: { kind: "game", initialMs: 30_000, incrementMs: 2_000 }, seats: [{ kind: "human", take: true }, opponent()] },
          { "CF-Connecting-IP": `198.51.100.${index}` },
        );
        const botSeat = opponent().kind === "bot";
        // Every request of this person comes from its own address: a person is not throttled for the load's other clients.
        const me = { "CF-Connecting-IP": `198.51.100.${index}` };
        hosted.push({ id: created.id, botSeat });
        const token = created.tokens[0].token;
        const resignAt = random() < 0.25 ? 1 + Math.floor(random() * 10) : -1;
        let afterPly = -1;
        for (;;) {
          const view = await ok<{ status: string; ply: number; turn: { seat: number } | null; position: { string: string } }>(
            "GET",
            `/v1/matches/${created.id}${afterPly < 0 ? "" : `?afterPly=${afterPly}&wait=5`}`,
            undefined,
            me,
          );
          if (view.status === "finished") break;
          afterPly = view.ply;
          if (view.ply === resignAt) {
            // Resigning on either turn: the bot's open request must close, and it gets its end notice.
            await api("POST", `/v1/matches/${created.id}/resign`, undefined, { Authorization: `Bearer ${token}`, ...me });
            continue;
          }
          if (view.turn?.seat !== 0) continue;
          const position = readPosition(view.position.string, RULES);
          if (!position.ok) throw new Error(position.error.detail);
          const moves = legalMoves(position.value, RULES);
          await sleep(200 + random() * 800);
          const moved = await api("POST", `/v1/matches/${created.id}/moves`, { ply: view.ply, ...moves[Math.floor(random() * moves.length)] }, { Authorization: `Bearer ${token}`, ...me });
          if (moved.status === 429) personThrottled++;
        }
      }
    };
    keep(person(11, () => ({ kind: "engine", level: "easy" })));
    keep(person(12, () => ({ kind: "bot", bot: web.id })));
    keep(person(13, () => ({ kind: "bot", bot: link.id })));

    // Analysis, puzzles and hostile requests.
    keep(
      (async () => {
        for (let index = 0; running(); index++) {
          const position = randomPosition(random, 5 + Math.floor(random() * 5));
          await api("POST", index % 2 ? "/v1/evaluate" : "/v1/suggest-move", { position, maxNodes: 100_000 }, { "CF-Connecting-IP": `203.0.113.${index % 200}` });
          const puzzle = await api("GET", "/v1/puzzles/next");
          const id = (puzzle.body as { id?: string; position?: string } | null)?.id;
          const start = (puzzle.body as { position?: string } | null)?.position;
          if (id && start) {
            const read = readPosition(start, RULES);
            if (read.ok) {
              const moves = legalMoves(read.value, RULES);
              const move = moves[Math.floor(random() * moves.length)];
              await api("POST", `/v1/puzzles/${id}/moves`, { position: start, move: makeMoveText(move) }, { "CF-Connecting-IP": `192.0.2.${index % 200}` });
            }
          }
          const hostile: [string, string, unknown, Record<string, string>][] = [
            ["POST", "/v1/evaluate", "{not json", {}],
            ["GET", "/v1/matches/zzzzzzzzzzzz", undefined, {}],
            ["POST", `/v1/matches/${hosted.at(-1)?.id ?? "x"}/moves`, { ply: 0, give: 3 }, { Authorization: "Bearer wrong" }],
            ["GET", `/v1/bots/${web.id}/events?wait=1`, undefined, { Authorization: "Bearer wrong" }],
            ["POST", "/v1/tournaments", { bots: ["easy"] }, {}],
            ["POST", "/v1/replay", { moves: "x" }, {}],
          ];
          const [method, path, body, headers] = hostile[index % hostile.length];
          await api(method, path, body, { ...headers, "CF-Connecting-IP": `192.0.2.${200 + (index % 50)}` });
          await sleep(1_500 + random() * 1_500);
        }
      })(),
    );

    // The ladder's Cron Trigger (wrangler dev --test-scheduled), the backstop of the ladder's own alarm, as
    // a deployment's would fire it; and the ladder pairings seen so far (a bot's view lists its latest 50 games).
    const noteLadderGames = async () => {
      for (const bot of [web, link]) {
        const entry = await ok<{ recentGames?: { tournamentId: string }[] }>("GET", `/v1/ladder/${bot.id}`);
        for (const game of entry.recentGames ?? []) ladderTournaments.add(game.tournamentId);
      }
    };
    keep(
      (async () => {
        while (running()) {
          await api("GET", "/__scheduled?cron=*+*+*+*+*");
          await noteLadderGames();
          await sleep(30_000);
        }
      })(),
    );

    // Memory, every 10 s while the server is up.
    keep(
      (async () => {
        while (running()) {
          if (server.up) memory.push({ at: Date.now() - started, mib: server.workerdRssMiB() });
          await sleep(10_000);
        }
      })(),
    );

    // The kills, spread over the run with some jitter.
    const gap = options.durationMs / (options.kills + 1);
    for (let kill = 0; kill < options.kills; kill++) {
      const due = started + gap * (kill + 1) + (random() - 0.5) * gap * 0.6;
      while (Date.now() < due) await sleep(500);
      log(`kill ${kill + 1}/${options.kills}: SIGKILL (${tournaments.length} tournaments, ${hosted.length} matches so far)`);
      await server.kill();
      kills++;
      await sleep(500 + random() * 9_500);
      await server.start();
      log("restarted on the same state");
    }
    while (Date.now() < until) await sleep(1_000);
    log("the load stops; the games in play finish");
    over = true;
    await Promise.all(loops);
    if (flaky.bridge === null) connect(flaky);

    // ---- the checks ----
    const matchIds = new Set<string>();
    const countOnce = (matchId: string, where: string) => {
      check(!matchIds.has(matchId), `match ${matchId} (${where}) counted twice`);
      matchIds.add(matchId);
    };
    let games = 0;
    let forfeits = 0;
    const ladderPoints = new Map<string, { games: number; points: number }>();
    const checkRecord = async (matchId: string, expected: { winner: string | null; reason: string } | null, where: string): Promise<RecordView | null> => {
      const record = await ok<RecordView>("GET", `/v1/matches/${matchId}/record`);
      const replay = await api("POST", "/v1/replay", record);
      check(replay.status === 200 && (replay.body as { valid?: boolean }).valid === true, `${where}: the record of ${matchId} does not replay`);
      if (expected) {
        const winner = record.result?.winner ?? null;
        check((winner === null ? null : record.seats[winner].name) === expected.winner, `${where}: the record's winner is not the game's`);
        check(record.result?.reason === expected.reason, `${where}: the record ends by ${record.result?.reason}, the game by ${expected.reason}`);
      }
      return record;
    };
    // The ladder pairs on its own alarm: take the bots off it first, so that it records no new pairing
    // while the checks run (its pairings in play are played out and seen below).
    for (const bot of [web, link]) await ok("DELETE", `/v1/ladder/${bot.id}`, undefined, { Authorization: `Bearer ${bot.token}` });
    for (let waited = 0; waited < 180; waited += 2) {
      const entries = await Promise.all([web, link].map((bot) => ok<{ playing?: unknown }>("GET", `/v1/ladder/${bot.id}`)));
      if (entries.every((entry) => entry.playing === null || entry.playing === undefined)) break;
      await sleep(2_000);
    }
    await noteLadderGames();
    // The anchors (built-in bots on the ladder at fixed ratings) never move.
    const anchors = await ok<{ bots: { bot: { name: string }; rating: number; anchor?: boolean }[] }>("GET", "/v1/ladder?limit=100");
    for (const entry of anchors.bots.filter((row) => row.anchor)) {
      check(entry.rating === anchorRatings.get(entry.bot.name), `anchor ${entry.bot.name} moved: ${anchorRatings.get(entry.bot.name)} at the start, ${entry.rating} at the end`);
    }
    for (const id of [...tournaments, ...ladderTournaments]) {
      let view = await ok<TournamentView>("GET", `/v1/tournaments/${id}`);
      for (let waited = 0; view.status === "running" && waited < 600; waited += 2) {
        await sleep(2_000);
        view = await ok<TournamentView>("GET", `/v1/tournaments/${id}`);
      }
      check(view.status === "finished", `tournament ${id} (${view.kind}) is ${view.status}`);
      const scored: ScoredGame[] = [];
      for (const game of view.games) {
        const where = `${id}/${game.gameId}`;
        check(game.status === "finished", `${where} is ${game.status}`);
        for (const attempt of game.abortedAttempts) countOnce(attempt.matchId, where);
        if (!game.matchId || !game.result) continue;
        countOnce(game.matchId, where);
        games++;
        const record = await checkRecord(game.matchId, game.result, where);
        const { reason, forfeitedBy } = game.result;
        if (reason === "timeout" || reason === "forfeit") {
          forfeits++;
          const loser = forfeitedBy ?? (game.result.winner === game.first ? game.second : game.first);
          const bot = byName.get(loser);
          const ply = (record?.moves.length ?? 0) as number;
          const excused =
            bot?.behaviour === "flaky" ||
            (bot !== undefined && [...bot.misbehaved].some((at) => at.startsWith(`${game.matchId}:`)) && (bot.behaviour === "slow" || bot.behaviour === "junk"));
          check(excused, `${where}: ${loser} lost by ${reason} ${game.result.forfeitCode ?? ""} at ply ${ply} without misbehaving there (${game.result.detail ?? ""}; aborted before: ${game.abortedAttempts.map((attempt) => attempt.detail).join(" / ")})`);
        }
        scored.push({ first: game.first, second: game.second, winner: game.result.winner, forfeitedBy: forfeitedBy ?? null });
        if (ladderTournaments.has(id))
          for (const name of [game.first, game.second]) {
            const tally = ladderPoints.get(name) ?? { games: 0, points: 0 };
            tally.games++;
            tally.points += game.result.winner === name ? 1 : game.result.winner === null ? 0.5 : 0;
            ladderPoints.set(name, tally);
          }
      }
      check(view.games.length === view.progress.total, `${id}: the view lists ${view.games.length} of ${view.progress.total} games`);
      const standings = computeStandings(
        view.bots.map((bot) => bot.name),
        scored,
      );
      // A Swiss's byes count as its bye points (half a pairing's).
      for (const row of standings)
        for (const round of view.swiss?.byRound ?? []) if (round.byes.includes(row.bot)) row.points += view.swiss?.byePoints ?? 0;
      const pointsOf = (rows: { bot: string; points: number }[]) => JSON.stringify(rows.map((row) => [row.bot, row.points]).sort());
      check(pointsOf(view.standings) === pointsOf(standings), `${id}: standings ${pointsOf(view.standings)} are not the records' ${pointsOf(standings)}`);
    }
    for (const bot of [web, link]) {
      const entry = await ok<{ games: number }>("GET", `/v1/ladder/${bot.id}`);
      const tally = ladderPoints.get(bot.name) ?? { games: 0, points: 0 };
      check(entry.games === tally.games, `ladder: ${bot.name} has ${entry.games} games, its pairings' records ${tally.games}`);
    }
    for (const match of hosted) {
      const view = await ok<{ status: string; ply: number; result: { winner: number | null; reason: string; detail?: string; forfeitCode?: string } | null }>(
        "GET",
        `/v1/matches/${match.id}`,
      );
      check(view.status === "finished", `hosted match ${match.id} is ${view.status} after its person stopped playing`);
      if (view.status !== "finished") continue;
      countOnce(match.id, "hosted");
      games++;
      await checkRecord(match.id, null, `hosted ${match.id}`);
      check(view.result?.reason !== "timeout" && view.result?.reason !== "forfeit", `hosted match ${match.id} ended by ${view.result?.reason} at ply ${view.ply}: nobody in it misbehaves (${JSON.stringify(view.result)})`);
    }
    // No move request left open: the connected bots' clients are stopped, and a long poll finds nothing.
    for (const bot of [link, flaky]) {
      await bot.bridge?.stop();
      const events = await ok<{ events: { type: string }[] }>("GET", `/v1/bots/${bot.id}/events?wait=1`, undefined, { Authorization: `Bearer ${bot.token}` });
      check(events.events.every((event) => event.type !== "move"), `${bot.name} still has ${events.events.length} open move requests`);
    }
    check(personThrottled === 0, `a person's move was refused 429 ${personThrottled} times`);
    for (const bot of bots) check(bot.inFlight === 0, `${bot.name} still has ${bot.inFlight} calls in flight`);
    check(notProblems.length === 0, `${notProblems.length} answers neither a success nor a problem document: ${notProblems.slice(0, 5).join("; ")}`);
    // Memory flat: the last third of the run no higher than the first third's peak, with 64 MiB of slack.
    const third = options.durationMs / 3;
    const early = memory.filter((sample) => sample.at < third).map((sample) => sample.mib);
    const late = memory.filter((sample) => sample.at >= 2 * third).map((sample) => sample.mib);
    if (early.length > 0 && late.length > 0) check(quantile(late, 0.9) <= Math.max(...early) + 64, `workerd's memory grew: ${Math.max(...early).toFixed(0)} MiB early, ${quantile(late, 0.9).toFixed(0)} MiB late (p90)`);

    const table = new Table({ head: ["soak", "value"] });
    table.push(
      ["duration", `${Math.round((Date.now() - started) / 60_000)} min (load ${Math.round(options.durationMs / 60_000)} min)`],
      ["requests answered", requests.toLocaleString("en")],
      ["kills (SIGKILL of the process group)", kills],
      ["games", `${games} (${tournaments.length} tournaments of 4 formats, ${ladderTournaments.size} ladder pairings, ${hosted.length} hosted matches)`],
      ["forfeits and time losses", `${forfeits}, each where a misbehaving bot misbehaved`],
      ["bot moves answered", bots.map((bot) => `${bot.name.replace(`-${options.seed}`, "")} ${bot.moves}`).join(", ")],
      ["workerd memory", memory.length ? `${Math.min(...memory.map((sample) => sample.mib)).toFixed(0)}-${Math.max(...memory.map((sample) => sample.mib)).toFixed(0)} MiB` : "-"],
      ["invariants checked", invariants],
      ["violations", violations.length],
    );
    console.log(table.toString());
  } finally {
    over = true;
    await server.kill();
    for (const bot of bots) await bot.bridge?.stop();
    for (const bot of bots) await bot.server?.close();
    await rm(persistTo, { recursive: true, force: true });
  }
  for (const violation of violations) console.log(`FAILED: ${violation}`);
  if (violations.length > 0) console.log(`the connected bots' bridges logged to ${logDir}`);
  console.log(violations.length === 0 ? "chaos --soak: every invariant held" : `chaos --soak: ${violations.length} violations`);
  return violations.length === 0;
}

/** A random ongoing classic position with about `plies` moves played, as a position string. */
function randomPosition(random: () => number, plies: number): string {
  for (;;) {
    const start = readPosition(START_POSITION_STRING, RULES);
    if (!start.ok) throw new Error(start.error.detail);
    let position: Position = start.value;
    let ongoing = true;
    for (let ply = 0; ply < plies && ongoing; ply++) {
      const moves = legalMoves(position, RULES);
      const played = playMove(position, moves[Math.floor(random() * moves.length)], RULES);
      if (!played.ok) throw new Error(played.error.detail);
      position = played.value.position;
      ongoing = played.value.outcome.status === "ongoing";
    }
    if (ongoing) return makePositionString(position);
  }
}
