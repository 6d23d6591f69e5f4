/**
 * For the tools that drive the service end to end on this machine (bench/arena.ts,
 * scripts/ladder-restart.ts): `wrangler dev` started and stopped as a child process on a port of their
 * own (never 8787, the browser tests' port), with private bot URLs allowed and its Durable Object storage
 * in a folder that survives a restart; and a fleet of HTTP bots on loopback that answer after a delay.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { builtInAnswer } from "../src/bots/index.ts";
import type { Level } from "../src/engine/index.ts";
import { botFetchHandler } from "../src/wire/bot-server.ts";
import { type RunningServer, serveFetch } from "../arena/node-server.ts";

export interface LocalWorker {
  origin: string;
  /** Ends wrangler dev and its workerd: SIGTERM (then SIGKILL after 5 s), or at once with SIGKILL, as a crash would. */
  stop(signal?: "SIGTERM" | "SIGKILL"): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `wrangler dev` on `port` with its storage in `persistTo`; resolves once /healthz answers. */
export async function startWorker(options: {
  port: number;
  persistTo: string;
  testScheduled?: boolean;
  /** More `--var NAME:value` settings (wrangler.toml's vars otherwise). */
  vars?: Record<string, string>;
  log?: (line: string) => void;
}): Promise<LocalWorker> {
  const args = [
    "wrangler",
    "dev",
    "--port",
    String(options.port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    options.persistTo,
    "--var",
    "ALLOW_PRIVATE_BOT_URLS:true",
  ];
  if (options.testScheduled) args.push("--test-scheduled");
  for (const [name, value] of Object.entries(options.vars ?? {})) args.push("--var", `${name}:${value}`);
  const child: ChildProcess = spawn("npx", args, {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split("\n")) if (line.trim()) options.log?.(line);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const origin = `http://127.0.0.1:${options.port}`;
  const stop = async (signal: "SIGTERM" | "SIGKILL" = "SIGTERM") => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // The whole process group: npx, wrangler and workerd.
    process.kill(-child.pid, signal);
    await Promise.race([exited, sleep(5000)]);
    if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
  };
  for (let waited = 0; waited < 90_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited (${child.exitCode}):\n${output.slice(-2000)}`);
    const up = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`wrangler dev did not answer on ${origin} within 90 s:\n${output.slice(-2000)}`);
}

export interface BotFleet {
  /** Each bot's base URL, by name. */
  urls: Map<string, string>;
  /** Move requests answered. */
  moves(): number;
  close(): Promise<void>;
}

/** Serves `names` on one loopback port (`/{name}`), each the engine at its `level`, answering every move `delayMs` after its request (its search included). */
export async function startBots(names: readonly string[], options: { level: Level | ((name: string) => Level); delayMs: number }): Promise<BotFleet> {
  const levelOf = (name: string): Level => (typeof options.level === "function" ? options.level(name) : options.level);
  let moves = 0;
  const handlers = new Map(
    names.map((name) => [
      name,
      botFetchHandler({
        info: { name, author: "quarto-service tools" },
        basePath: `/${name}`,
        move: async (checked) => {
          // The answer comes delayMs after the request, the engine's own time included: a bot's time
          // is then exactly delayMs a move, and the bench's ideal (plies x delay) is all of the bots' time.
          const started = performance.now();
          const answer = builtInAnswer(levelOf(name), checked, { maxNodes: 20_000 });
          await sleep(Math.max(0, options.delayMs - (performance.now() - started)));
          moves++;
          return answer;
        },
      }),
    ]),
  );
  const server: RunningServer = await serveFetch(
    async (request) => {
      const name = new URL(request.url).pathname.split("/")[1];
      const handler = handlers.get(name);
      return handler ? handler(request) : new Response("no such bot", { status: 404 });
    },
    { port: 0 },
  );
  return { urls: new Map(names.map((name) => [name, `${server.url}/${name}`])), moves: () => moves, close: () => server.close() };
}

/** JSON of a request to the worker; throws with the body on an unexpected status. */
export async function call<T>(origin: string, path: string, init: RequestInit & { expect?: number } = {}): Promise<T> {
  const response = await fetch(`${origin}${path}`, { ...init, headers: { "content-type": "application/json", ...(init.headers ?? {}) } });
  const text = await response.text();
  if (response.status !== (init.expect ?? 200)) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}
