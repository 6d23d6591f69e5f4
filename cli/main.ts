/**
 * The `arena` runner: `run` (the default) plays a round robin between HTTP bots and reference bots with
 * the same game code, forfeit policy and standings as the service; `serve` serves a reference bot
 * over HTTP; `check` runs the conformance check against a bot. Arguments are parsed here; the work is
 * done by src/tournament, src/bots and the bot server of src/wire/bot-server.ts.
 */
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
  isReferenceBot,
  isValidBotSecret,
  type Player,
  REFERENCE_BOTS,
  referenceAnswer,
  referenceBot,
  referenceBotInfo,
} from "../src/bots/index.ts";
import { botFetchHandler } from "../src/wire/bot-server.ts";
import { runTournament, type TournamentReport } from "../src/tournament/index.ts";
import { renderReport } from "./format.ts";
import { type RunningServer, serveFetch } from "./node-server.ts";

export const USAGE = `Usage:
  npm run arena -- --bot NAME=URL --bot NAME=URL [--bot LEVEL ...] [options]
      Plays a round robin. A bot is NAME=URL (an HTTP bot), a reference level (${REFERENCE_BOTS.join(", ")}),
      or NAME=LEVEL (a reference bot under another name).
      --games N          games per pair, even (default 2): half with each bot giving first
      --move-timeout MS  time per move, round trip included (default 1000)
      --seed N           schedule and reference-bot seed (default 1)
      --secret SECRET    whsec_... secret to sign calls with (default: a fresh one, printed)
      --max-nodes N      node budget per move of the reference bots (default 1000000)
      --squares          the advanced variant: 2x2 squares count
      --attributes LIST  beginner variant, e.g. color,shape (default all four)
      --announce MODE    auto (default) or manual
      --json FILE        also write the full report (games with records) as JSON
  npm run arena -- serve LEVEL [--port 9001] [--host 127.0.0.1] [--secret SECRET] [--max-nodes N]
      Serves a reference bot over HTTP with the bot protocol (verifying signatures when --secret is set).
  npm run arena -- check URL [--move-timeout MS] [--secret SECRET]
      Checks that the bot at URL answers GET / and legal moves in time.
  npm run arena -- secret
      Prints a fresh signing secret (whsec_...) to give your bots and the runner.`;

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
  if (value !== undefined && !isValidBotSecret(value)) throw new UsageError("--secret must look like whsec_ followed by base64 (e.g. one printed by a previous run)");
  return value;
}

export type BotSpec = { name: string; kind: "http"; url: string } | { name: string; kind: "reference"; level: Level };

/** `perfect`, `alice=http://127.0.0.1:9001` or `easy2=easy`. */
export function parseBotSpec(spec: string): BotSpec {
  const equals = spec.indexOf("=");
  if (equals < 0) {
    if (isReferenceBot(spec)) return { name: spec, kind: "reference", level: spec };
    throw new UsageError(`--bot ${spec}: expected NAME=URL or one of ${REFERENCE_BOTS.join(", ")}`);
  }
  const name = spec.slice(0, equals).trim();
  const target = spec.slice(equals + 1).trim();
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(name)) throw new UsageError(`--bot ${spec}: a name is 1-40 letters, digits, '_', '.' or '-'`);
  if (isReferenceBot(target)) return { name, kind: "reference", level: target };
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
  return makeRules({ squares: values.squares ?? false, attributes: attributes as Attribute[] | undefined, announce: values.announce as Rules["announce"] | undefined });
}

async function run(args: string[], io: Io): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      bot: { type: "string", multiple: true },
      games: { type: "string" },
      "move-timeout": { type: "string" },
      seed: { type: "string" },
      secret: { type: "string" },
      "max-nodes": { type: "string" },
      squares: { type: "boolean" },
      attributes: { type: "string" },
      announce: { type: "string" },
      json: { type: "string" },
    },
    strict: true,
  });
  const specs = (values.bot ?? []).map(parseBotSpec);
  if (specs.length < 2) throw new UsageError("give at least two --bot");
  const gamesPerPair = integer(values.games, "--games", 2, 2);
  if (gamesPerPair % 2 !== 0) throw new UsageError("--games must be even, so each bot gives first in half of a pair's games");
  const moveMs = integer(values["move-timeout"], "--move-timeout", 1000, 1);
  const seed = integer(values.seed, "--seed", 1);
  const maxNodes = integer(values["max-nodes"], "--max-nodes", 1_000_000, 1);
  const rules = rulesFrom(values);
  let secret = secretOption(values.secret);
  if (secret === undefined && specs.some((spec) => spec.kind === "http")) {
    secret = generateBotSecret();
    io.err(`Signing calls with ${secret} (pass --secret to use the one your bots verify with).\n`);
  }
  const players: Player[] = specs.map((spec) =>
    spec.kind === "reference"
      ? referenceBot(spec.level, { name: spec.name, maxNodes })
      : httpBot({ name: spec.name, url: spec.url, secret: secret as string, endTimeoutMs: Math.min(moveMs, 2000) }),
  );
  if (new Set(players.map((player) => player.name)).size !== players.length) throw new UsageError("bot names must be unique (use NAME=LEVEL to enter a reference bot twice)");

  // A health check first: a bot that does not answer is still entered (the forfeit policy decides), but say so now.
  for (const spec of specs) {
    if (spec.kind !== "http") continue;
    const identity = await fetchBotInfo({ url: spec.url, secret: secret as string }, { timeoutMs: Math.max(moveMs, 1000) });
    if (!identity.ok) io.err(`Warning: ${spec.name} (${spec.url}) did not answer GET / properly: ${identity.detail} (${identity.code})\n`);
  }

  const bar = io.progress ? new cliProgress.SingleBar({ format: "{bar} {value}/{total} games | {game}", hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  const total = (players.length * (players.length - 1) * gamesPerPair) / 2;
  bar?.start(total, 0, { game: "" });
  let report: TournamentReport;
  try {
    report = await runTournament({
      players,
      gamesPerPair,
      rules,
      clock: { kind: "move", moveMs },
      seed,
      onGameStart: (game) => bar?.update({ game: `${game.gameId}: ${game.first} vs ${game.second}` }),
      onGameEnd: (_record, progress) => bar?.update(progress.played),
    });
  } finally {
    bar?.stop();
  }
  io.out(renderReport(report));
  if (values.json) {
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    io.err(`Wrote the full report to ${values.json}\n`);
  }
  return 0;
}

/** Starts serving a reference bot; resolves once listening (for tests) with the running server. */
export async function serveReferenceBot(level: Level, options: { port: number; host?: string; secret?: string; maxNodes?: number }): Promise<RunningServer> {
  const handler = botFetchHandler({
    info: referenceBotInfo(level),
    secret: options.secret,
    move: (checked) => referenceAnswer(level, checked, { maxNodes: options.maxNodes }),
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
  if (positionals.length !== 1 || !isReferenceBot(level)) throw new UsageError(`serve takes one level: ${REFERENCE_BOTS.join(", ")}`);
  const secret = secretOption(values.secret);
  const running = await serveReferenceBot(level, { port: integer(values.port, "--port", 9001), host: values.host, secret, maxNodes: integer(values["max-nodes"], "--max-nodes", 1_000_000, 1) });
  io.out(`The ${level} bot is listening on ${running.url} (${secret ? "verifying signatures" : "not verifying signatures; pass --secret to verify them"}). Ctrl-C stops it.\n`);
  await new Promise<void>((resolve) => {
    const stop = () => running.close().then(resolve);
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  return 0;
}

export function renderConformance(report: ConformanceReport): string {
  const lines = report.checks.map((check) => `${check.ok ? "PASS" : check.required ? "FAIL" : "WARN"}  ${check.name}: ${check.detail}`);
  const failed = report.checks.filter((check) => !check.ok && check.required).length;
  lines.push(report.ok ? `\n${report.url} conforms to the bot protocol.` : `\n${report.url} fails ${failed} required check${failed === 1 ? "" : "s"}.`);
  return `${lines.join("\n")}\n`;
}

async function check(args: string[], io: Io): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { "move-timeout": { type: "string" }, secret: { type: "string" } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError("check takes one bot URL");
  const problem = botUrlProblem(positionals[0]);
  if (problem) throw new UsageError(problem);
  const report = await checkBot(positionals[0], { timeoutMs: integer(values["move-timeout"], "--move-timeout", 1000, 1), secret: secretOption(values.secret) });
  io.out(renderConformance(report));
  return report.ok ? 0 : 1;
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
    if (args[0] === "secret" && args.length === 1) {
      io.out(`${generateBotSecret()}\n`);
      return 0;
    }
    return await run(args[0] === "run" ? args.slice(1) : args, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(error as Error).message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
