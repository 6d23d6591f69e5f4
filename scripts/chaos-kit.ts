/**
 * What the chaos scenarios (scripts/chaos.ts, scripts/chaos-soak.ts) share: `wrangler dev` on persisted
 * state that can be killed with SIGKILL (its whole process group, as a crash of the machine would) and
 * restarted on the same state, its memory read off `ps`, and HTTP calls that retry across the restarts.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);

export const quantile = (values: number[], q: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};

export class Server {
  private child: ChildProcess | null = null;
  private output = "";
  up = false;
  readonly base: string;
  private readonly port: number;
  private readonly persistTo: string;
  private readonly extraArgs: readonly string[];
  constructor(port: number, persistTo: string, extraArgs: readonly string[] = []) {
    this.port = port;
    this.persistTo = persistTo;
    this.extraArgs = extraArgs;
    if (port === 8787) throw new Error("port 8787 belongs to `npm start` and the browser tests");
    this.base = `http://127.0.0.1:${port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      join(root, "node_modules/.bin/wrangler"),
      [
        "dev",
        "--ip",
        "127.0.0.1",
        "--port",
        String(this.port),
        "--inspector-port",
        String(this.port + 1),
        "--persist-to",
        this.persistTo,
        "--var",
        "ALLOW_PRIVATE_BOT_URLS:true",
        ...this.extraArgs,
      ],
      { cwd: root, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" } },
    );
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const started = Date.now();
    while (Date.now() - started < 90_000) {
      if (child.exitCode !== null) break;
      const answered = await fetch(`${this.base}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) {
        this.up = true;
        return;
      }
      await sleep(250);
    }
    throw new Error(`wrangler dev did not start:\n${this.output}`);
  }

  /** The server's recent output (the last 20,000 characters). */
  recentOutput(): string {
    return this.output;
  }

  /** The resident memory of the server's workerd processes, in MiB (0 when it is not running). */
  workerdRssMiB(): number {
    if (!this.child?.pid) return 0;
    try {
      const rows = execFileSync("ps", ["-o", "rss=,comm=", "-g", String(this.child.pid)], { encoding: "utf8" });
      const kib = rows
        .split("\n")
        .filter((row) => row.includes("workerd"))
        .reduce((sum, row) => sum + Number(row.trim().split(/\s+/)[0]), 0);
      return kib / 1024;
    } catch {
      return 0;
    }
  }

  /** SIGKILL to the whole process group (npx/wrangler/workerd), as a crash of the machine would. */
  async kill(): Promise<void> {
    const child = this.child;
    this.up = false;
    if (!child || child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    await exited;
    this.child = null;
  }
}

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
  /** False when an earlier attempt of this request found the server down. */
  firstTry: boolean;
  contentType: string;
}

/** Told of every answer the server gave (not of the outages): the soak checks each is a success or a problem. */
export type AnswerWatcher = (method: string, path: string, answer: Answer) => void;

/**
 * An HTTP client of `base` that retries across restarts for up to `patienceMs` (a maximal search may
 * wait its turn for minutes). A 5xx other than 503 is taken for the outage of a server being killed.
 */
export function apiClient(base: string, watch?: AnswerWatcher) {
  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, patienceMs = 180_000): Promise<Answer> {
    const deadline = Date.now() + patienceMs;
    let firstTry = true;
    for (;;) {
      const started = performance.now();
      try {
        const response = await fetch(`${base}${path}`, {
          method,
          headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
          body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
          // A server that takes the connection and never answers is a hang: given up on with the rest of the patience.
          signal: AbortSignal.timeout(Math.max(1_000, deadline - Date.now())),
        });
        const text = await response.text();
        const ms = performance.now() - started;
        const contentType = response.headers.get("content-type") ?? "";
        let parsed: unknown = null;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          parsed = text;
        }
        const answer = { status: response.status, body: parsed, ms, firstTry, contentType };
        watch?.(method, path, answer);
        if (response.status >= 500 && response.status !== 503) throw new Error(`${response.status} ${text.slice(0, 200)}`);
        return answer;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`${method} ${path}: no answer for ${patienceMs / 1000} s (${String(error)})`);
        firstTry = false;
        await sleep(300);
      }
    }
  }

  async function ok<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
    const answer = await api(method, path, body, headers);
    if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body as T;
  }

  return { api, ok };
}
