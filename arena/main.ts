/**
 * The `arena` runner: `run` (the default) plays a round robin between HTTP bots and built-in bots with
 * the same game code, forfeit policy and standings as the service; `gauntlet` plays one bot against
 * each of a field; `sprt` plays game pairs between two bots until a sequential test decides; `swiss`
 * plays a Swiss, each round paired when the one before is over; `serve`
 * serves a built-in bot over HTTP; `check` runs the conformance check against a bot. Arguments are
 * parsed here; the work is done by src/tournament, src/bots and the bot server of src/wire/bot-server.ts.
 */
import { readFileSync } from "node:fs";
import { basename, extname } from "node:path";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { ANNOUNCE_MODES, ATTRIBUTES, type Attribute, makeRules, type Rules } from "../src/rules/index.ts";
import type { Level } from "../src/engine/index.ts";
import {
  botUrlProblem,
  checkBot,
  type ConformanceReport,
  fetchBotInfo,
  generateBotSecret,
  httpBot,
  isBuiltInBot,
  isValidBotSecret,
  type Player,
  BUILT_IN_BOTS,
  builtInAnswer,
  builtInBot,
  builtInBotInfo,
} from "../src/bots/index.ts";
import { botFetchHandler } from "../src/wire/index.ts";
import type { MatchOpening } from "../src/match/index.ts";
import {
  type AnyFormat,
  FORMATS,
  type FormatOptions,
  formatOf,
  type GameRecord,
  OPENING_SUITE_NAMES,
  OPENING_SUITES,
  parseOpenings,
  type RunProgress,
  runFormat,
  settle,
  SPRT_MODELS,
  type SprtMatchSettings,
  type SprtModel,
  suiteProblem,
} from "../src/tournament/index.ts";
import { textOf } from "./format.ts";
import { type RunningServer, serveFetch } from "./node-server.ts";
import { startBridge } from "./connect.ts";

/** The built-in bots' node budget per move unless --max-nodes says otherwise: the service's default (wrangler.toml's ENGINE_DEFAULT_NODES). */
export const RUNNER_MAX_NODES = 2_000_000;

const USAGE = `Usage:
  npm run arena -- --bot NAME=URL --bot NAME=URL [--bot LEVEL ...] [options]
      Plays a round robin. A bot is NAME=URL (an HTTP bot), a built-in bot (${BUILT_IN_BOTS.join(", ")}),
      or NAME=LEVEL (a built-in bot under another name).
      --games N          games per pair, even (default 2): half with each bot giving first
      --openings NAME|FILE  start the games from openings, each played twice with the seats swapped:
                         a built-in suite (${OPENING_SUITE_NAMES.join(", ")}) or a file of game records or
                         position strings, one per line
      --concurrency N    games played at once (default 1); a bot is never in two games at once
      --move-timeout MS  time per move, round trip included (default 1000)
      --seed N           schedule and built-in-bot seed (default 1)
      --secret SECRET    whsec_... secret to sign calls with (default: a fresh one, printed)
      --max-nodes N      node budget per move of the built-in bots (default 2000000, the service's)
      --squares          the advanced variant: 2x2 squares count
      --attributes LIST  beginner variant, e.g. color,shape (default all four)
      --announce MODE    auto (default) or manual
      --json FILE        also write the full report (games with records) as JSON
  npm run arena -- gauntlet --bot CHALLENGER --bot OPPONENT [--bot OPPONENT ...] [options]
      Plays the first bot against each of the others (they do not meet), --games N against each, with
      the options of a round robin; with --concurrency N the challenger plays up to N games at once,
      each with its own clock.
  npm run arena -- sprt --bot NEW --bot OLD --elo0 E0 --elo1 E1 [--alpha 0.05] [--beta 0.05] [options]
      Plays game pairs (each opening twice, the seats swapped) until the SPRT on the pairs' scores
      accepts H0 (NEW is at most E0 Elo better) or H1 (at least E1), or the game limit is reached.
      --model MODEL      ${SPRT_MODELS.join(" (default) or ")}: the Elo scale of E0 and E1
      --max-games N      the game limit, even (default 2000)
      --concurrency N    games played at once (default 1); both bots play up to N at once
      and the options of a round robin (--openings, --move-timeout, --seed, --json, ...).
  npm run arena -- swiss --bot BOT --bot BOT [--bot BOT ...] [--rounds N] [options]
      Plays a Swiss: each round paired by score groups when the one before is over (no pairing
      repeated, at most one bye per bot, worth half a pairing), --games N games a pairing (default 2),
      --rounds N rounds (default ceil(log2 bots) + 1), with the options of a round robin; a bot is never
      in two games at once.
  npm run arena -- serve LEVEL [--port 9001] [--host 127.0.0.1] [--secret SECRET] [--max-nodes N]
      Serves a built-in bot over HTTP with the bot protocol (verifying signatures when --secret is set).
  npm run arena -- check URL [--move-timeout MS] [--secret SECRET]
      Checks that the bot at URL answers GET / and legal moves in time.
  npm run arena -- secret
      Prints a fresh signing secret (whsec_...) to give your bots and the runner.
  npm run arena -- connect --service URL --bot-id ID --token TOKEN --bot URL|LEVEL [--secret SECRET]
      The bridge for a connected bot (registered with connection: stream): keeps its event stream open
      on the service and forwards each move request to the local bot as a signed POST /move (signed with
      --secret, the bot's signing secret from its registration), or answers with a built-in level;
      reconnects with backoff. Ctrl-C stops it.`;

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Show a progress bar on stderr (when it is a terminal). */
  progress?: boolean;
}

class UsageError extends Error {}

function integer(value: string | undefined, name: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`${name} must be an integer >= ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}

function secretOption(value: string | undefined): string | undefined {
  if (value !== undefined && !isValidBotSecret(value))
    throw new UsageError("--secret must look like whsec_ followed by base64 (e.g. one printed by a previous run)");
  return value;
}

export type BotSpec = { name: string; kind: "http"; url: string } | { name: string; kind: "builtIn"; level: Level };

/** `perfect`, `alice=http://127.0.0.1:9001` or `easy2=easy`. */
export function parseBotSpec(spec: string): BotSpec {
  const equals = spec.indexOf("=");
  if (equals < 0) {
    if (isBuiltInBot(spec)) return { name: spec, kind: "builtIn", level: spec };
    throw new UsageError(`--bot ${spec}: expected NAME=URL or one of ${BUILT_IN_BOTS.join(", ")}`);
  }
  const name = spec.slice(0, equals).trim();
  const target = spec.slice(equals + 1).trim();
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(name)) throw new UsageError(`--bot ${spec}: a name is 1-40 letters, digits, '_', '.' or '-'`);
  if (isBuiltInBot(target)) return { name, kind: "builtIn", level: target };
  const problem = botUrlProblem(target);
  if (problem) throw new UsageError(`--bot ${spec}: ${problem}`);
  return { name, kind: "http", url: target };
}

function rulesFrom(values: { squares?: boolean; attributes?: string; announce?: string }): Rules {
  const attributes = values.attributes?.split(",").map((name) => name.trim());
  if (attributes && (attributes.length === 0 || !attributes.every((name) => (ATTRIBUTES as readonly string[]).includes(name)))) {
    throw new UsageError(`--attributes must be a comma-separated list of ${ATTRIBUTES.join(", ")}`);
  }
  if (values.announce !== undefined && !(ANNOUNCE_MODES as readonly string[]).includes(values.announce)) {
    throw new UsageError(`--announce must be one of ${ANNOUNCE_MODES.join(", ")}`);
  }
  return makeRules({
    squares: values.squares ?? false,
    attributes: attributes as Attribute[] | undefined,
    announce: values.announce as Rules["announce"] | undefined,
  });
}

/** The options every playing command takes. */
const PLAY_OPTIONS = {
  bot: { type: "string", multiple: true },
  openings: { type: "string" },
  concurrency: { type: "string" },
  "move-timeout": { type: "string" },
  seed: { type: "string" },
  secret: { type: "string" },
  "max-nodes": { type: "string" },
  squares: { type: "boolean" },
  attributes: { type: "string" },
  announce: { type: "string" },
  json: { type: "string" },
} as const;

type PlayValues = {
  [key in keyof typeof PLAY_OPTIONS]?: (typeof PLAY_OPTIONS)[key]["type"] extends "boolean" ? boolean : key extends "bot" ? string[] : string;
};

interface Play {
  players: Player[];
  rules: Rules;
  moveMs: number;
  seed: number;
  concurrency: number;
  openings: MatchOpening[] | undefined;
  /** What the games start from, for the summaries. */
  openingsLabel: string;
}

/** Reads the openings option: a built-in suite's name, or a file of records or positions. */
function openingsFrom(value: string | undefined, rules: Rules): { openings: MatchOpening[] | undefined; label: string } {
  if (value === undefined) return { openings: undefined, label: "the empty board" };
  const suite = OPENING_SUITES[value];
  if (suite) {
    const problem = suiteProblem(suite, rules);
    if (problem) throw new UsageError(`--openings ${value}: ${problem}`);
    return { openings: suite.openings, label: `the ${suite.name} suite (${suite.openings.length} openings)` };
  }
  let text: string;
  try {
    text = readFileSync(value, "utf8");
  } catch {
    throw new UsageError(`--openings ${value}: neither a built-in suite (${OPENING_SUITE_NAMES.join(", ")}) nor a readable file`);
  }
  const name = basename(value, extname(value));
  const parsed = parseOpenings(text, rules, name);
  if (!parsed.ok) throw new UsageError(`--openings ${value}, line ${parsed.line}: ${parsed.detail}`);
  return { openings: parsed.openings, label: `${value} (${parsed.openings.length} openings)` };
}

/** The players, rules and settings common to every playing command; warns about bots that do not answer. */
async function setUp(values: PlayValues, io: Io, minBots = 2): Promise<Play> {
  const specs = (values.bot ?? []).map(parseBotSpec);
  if (specs.length < minBots) throw new UsageError(`give at least ${minBots === 2 ? "two" : minBots} --bot`);
  const moveMs = integer(values["move-timeout"], "--move-timeout", 1000, 1);
  const seed = integer(values.seed, "--seed", 1);
  const maxNodes = integer(values["max-nodes"], "--max-nodes", RUNNER_MAX_NODES, 1);
  const concurrency = integer(values.concurrency, "--concurrency", 1, 1);
  const rules = rulesFrom(values);
  const { openings, label } = openingsFrom(values.openings, rules);
  let secret = secretOption(values.secret);
  if (secret === undefined && specs.some((spec) => spec.kind === "http")) {
    secret = generateBotSecret();
    io.err(`Signing calls with ${secret} (pass --secret to use the one your bots verify with).\n`);
  }
  const players: Player[] = specs.map((spec) =>
    spec.kind === "builtIn"
      ? builtInBot(spec.level, { name: spec.name, maxNodes })
      : httpBot({ name: spec.name, url: spec.url, secret: secret as string, endTimeoutMs: Math.min(moveMs, 2000) }),
  );
  if (new Set(players.map((player) => player.name)).size !== players.length)
    throw new UsageError("bot names must be unique (use NAME=LEVEL to enter a built-in bot twice)");
  if (concurrency > 1 && specs.some((spec) => spec.kind === "builtIn") && specs.some((spec) => spec.kind === "http")) {
    io.err(
      "Note: built-in bots compute on the runner's thread; with --concurrency above 1 an HTTP bot's answer may be read late while one computes (and count against its clock).\n",
    );
  }

  // A health check first: a bot that does not answer is still entered (the forfeit policy decides), but say so now.
  for (const spec of specs) {
    if (spec.kind !== "http") continue;
    const identity = await fetchBotInfo({ url: spec.url, secret: secret as string }, { timeoutMs: Math.max(moveMs, 1000) });
    if (!identity.ok) io.err(`Warning: ${spec.name} (${spec.url}) did not answer GET / properly: ${identity.detail} (${identity.code})\n`);
  }
  return { players, rules, moveMs, seed, concurrency, openings, openingsLabel: label };
}

function gamesPerPairOf(value: string | undefined): number {
  const gamesPerPair = integer(value, "--games", 2, 2);
  if (gamesPerPair % 2 !== 0) throw new UsageError("--games must be even, so each bot gives first in half of a pair's games");
  return gamesPerPair;
}

async function writeJson(path: string | undefined, report: unknown, io: Io): Promise<void> {
  if (!path) return;
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  io.err(`Wrote the full report to ${path}\n`);
}

/** A progress bar on a terminal, counting games. */
function progressBar(io: Io, total: number) {
  const bar = io.progress
    ? new cliProgress.SingleBar({ format: "{bar} {value}/{total} games | {game}", hideCursor: true }, cliProgress.Presets.shades_classic)
    : null;
  bar?.start(total, 0, { game: "" });
  return {
    onGameStart: (game: { gameId: string; first: string; second: string }) => bar?.update({ game: `${game.gameId}: ${game.first} vs ${game.second}` }),
    onGameEnd: (_record: GameRecord, progress: RunProgress) => bar?.update(progress.played),
    stop: () => bar?.stop(),
  };
}

/** The flags of the format fields and of games per pair: each command takes those of its format. */
const FORMAT_OPTIONS = {
  games: { type: "string" },
  rounds: { type: "string" },
} as const;
const SPRT_OPTIONS = {
  elo0: { type: "string" },
  elo1: { type: "string" },
  alpha: { type: "string" },
  beta: { type: "string" },
  model: { type: "string" },
  "max-games": { type: "string" },
} as const;

type FormatValues = { [key in keyof typeof FORMAT_OPTIONS | keyof typeof SPRT_OPTIONS]?: string };

function decimal(value: string | undefined, name: string, fallback: number | undefined): number {
  if (value === undefined) {
    if (fallback === undefined) throw new UsageError(`${name} is required`);
    return fallback;
  }
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw new UsageError(`${name} must be a number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** An SPRT's settings from --elo0, --elo1 (required), --alpha, --beta, --model and --max-games. */
function sprtFrom(values: FormatValues): SprtMatchSettings {
  const model = (values.model ?? "normalized") as SprtModel;
  if (!SPRT_MODELS.includes(model)) throw new UsageError(`--model must be one of ${SPRT_MODELS.join(", ")}`);
  return {
    elo0: decimal(values.elo0, "--elo0", undefined),
    elo1: decimal(values.elo1, "--elo1", undefined),
    alpha: decimal(values.alpha, "--alpha", 0.05),
    beta: decimal(values.beta, "--beta", 0.05),
    model,
    maxGames: integer(values["max-games"], "--max-games", 2000, 2),
  };
}

/** Plays a tournament of `format` with the arguments of its command, and prints its report. */
async function playFormat(format: AnyFormat, args: string[], io: Io): Promise<number> {
  const flags = {
    ...(format.perPair ? { games: FORMAT_OPTIONS.games } : {}),
    ...(format.takes.includes("rounds") ? { rounds: FORMAT_OPTIONS.rounds } : {}),
    ...(format.takes.includes("sprt") ? SPRT_OPTIONS : {}),
  };
  const { values } = parseArgs({ args, options: { ...PLAY_OPTIONS, ...flags }, strict: true });
  const fields = values as FormatValues;
  const options: FormatOptions = {
    gamesPerPair: gamesPerPairOf(fields.games),
    ...(fields.rounds !== undefined ? { rounds: integer(fields.rounds, "--rounds", 1, 1) } : {}),
    ...(format.takes.includes("sprt") ? { sprt: sprtFrom(fields) } : {}),
  };
  const play = await setUp(values, io);
  const settled = settle(
    format,
    play.players.map((player) => player.name),
    options,
  );
  if (!settled.ok) throw new UsageError(`${format.command}: ${settled.refusal.message}`);
  const total = format.gameCount(play.players.length, settled.options);
  const text = textOf(format);
  const bar = text.live ? null : progressBar(io, total);
  // A format with a live line rewrites it in place on a terminal, every 100 games otherwise.
  const live = (record: GameRecord, progress: RunProgress) => {
    const line = text.live?.(progress, settled.options, play.players[0].name, total);
    if (line !== undefined && io.progress) io.err(`\r\x1b[K${line}`);
    else if (line !== undefined && progress.played % 100 === 0) io.err(`${line}\n`);
    bar?.onGameEnd(record, progress);
  };
  let report: unknown;
  try {
    report = await runFormat(format, {
      players: play.players,
      ...settled.options,
      rules: play.rules,
      clock: { kind: "move", moveMs: play.moveMs },
      seed: play.seed,
      concurrency: play.concurrency,
      openings: play.openings,
      ...(bar ? { onGameStart: bar.onGameStart } : {}),
      onGameEnd: live,
    });
  } finally {
    bar?.stop();
    if (text.live && io.progress) io.err("\n");
  }
  io.out(text.render(report, play.openingsLabel));
  await writeJson(values.json, report, io);
  return 0;
}

/** Starts serving a built-in bot; resolves once listening (for tests) with the running server. */
export async function serveBuiltInBot(level: Level, options: { port: number; host?: string; secret?: string; maxNodes?: number }): Promise<RunningServer> {
  const handler = botFetchHandler({
    info: builtInBotInfo(level),
    secret: options.secret,
    move: (checked) => builtInAnswer(level, checked, { maxNodes: options.maxNodes }),
  });
  return serveFetch(handler, { port: options.port, host: options.host });
}

async function serve(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { port: { type: "string" }, host: { type: "string" }, secret: { type: "string" }, "max-nodes": { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  const level = positionals[0];
  if (positionals.length !== 1 || !isBuiltInBot(level)) throw new UsageError(`serve takes one level: ${BUILT_IN_BOTS.join(", ")}`);
  const secret = secretOption(values.secret);
  const running = await serveBuiltInBot(level, {
    port: integer(values.port, "--port", 9001),
    host: values.host,
    secret,
    maxNodes: integer(values["max-nodes"], "--max-nodes", RUNNER_MAX_NODES, 1),
  });
  io.out(
    `The ${level} bot is listening on ${running.url} (${secret ? "verifying signatures" : "not verifying signatures; pass --secret to verify them"}). Ctrl-C stops it.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => running.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

function renderConformance(report: ConformanceReport): string {
  const lines = report.checks.map((check) => `${check.ok ? "PASS" : check.required ? "FAIL" : "WARN"}  ${check.name}: ${check.detail}`);
  const failed = report.checks.filter((check) => !check.ok && check.required).length;
  lines.push(report.ok ? `\n${report.url} conforms to the bot protocol.` : `\n${report.url} fails ${failed} required check${failed === 1 ? "" : "s"}.`);
  return `${lines.join("\n")}\n`;
}

async function check(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { "move-timeout": { type: "string" }, secret: { type: "string" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new UsageError("check takes one bot URL");
  const problem = botUrlProblem(positionals[0]);
  if (problem) throw new UsageError(problem);
  const report = await checkBot(positionals[0], { timeoutMs: integer(values["move-timeout"], "--move-timeout", 1000, 1), secret: secretOption(values.secret) });
  io.out(renderConformance(report));
  return report.ok ? 0 : 1;
}

async function connect(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      service: { type: "string" },
      "bot-id": { type: "string" },
      token: { type: "string" },
      bot: { type: "string" },
      secret: { type: "string" },
      "max-nodes": { type: "string" },
    },
    strict: true,
  });
  const { service, "bot-id": botId, token, bot } = values;
  if (!service || !botId || !token || !bot) throw new UsageError("connect needs --service, --bot-id, --token and --bot");
  if (!isBuiltInBot(bot)) {
    const problem = botUrlProblem(bot);
    if (problem) throw new UsageError(`--bot: ${problem}`);
  }
  const bridge = startBridge({
    service,
    botId,
    token,
    bot: isBuiltInBot(bot)
      ? { level: bot, maxNodes: integer(values["max-nodes"], "--max-nodes", 1_000_000, 1) }
      : { url: bot, secret: secretOption(values.secret) },
    log: (line) => io.err(`${new Date().toISOString()} ${line}\n`),
  });
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await bridge.stop();
  io.out(`Stopped after ${bridge.answered} move${bridge.answered === 1 ? "" : "s"}.\n`);
  return 0;
}

/** Runs the arena with command-line arguments; resolves to the exit code. */
export async function main(args: string[], io: Io): Promise<number> {
  try {
    if (args[0] === "help" || args.includes("--help") || args.includes("-h")) {
      io.out(`${USAGE}\n`);
      return 0;
    }
    if (args[0] === "serve") return await serve(args.slice(1), io);
    if (args[0] === "check") return await check(args.slice(1), io);
    if (args[0] === "connect") return await connect(args.slice(1), io);
    if (args[0] === "secret" && args.length === 1) {
      io.out(`${generateBotSecret()}\n`);
      return 0;
    }
    // A format's command, or the default format (a round robin) when the arguments start with options.
    const format = FORMATS.find((candidate) => candidate.command === args[0]);
    return format ? await playFormat(format, args.slice(1), io) : await playFormat(formatOf(undefined), args, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
