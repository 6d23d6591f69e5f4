/**
 * Global setup of the browser tests: starts the Worker the way the README says, `npm start -- --port N`
 * (wrangler dev, its address from wrangler.toml's [dev] section, the port from the flag), on a free port
 * with a fresh `--persist-to` directory, waits until it answers, and stops it afterwards. The tests drive
 * Debian's `chromium`; without it they are skipped with a message, unless CI is set: then a missing
 * browser is an error.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The Worker under `wrangler dev`, e.g. http://127.0.0.1:41234; null when the tests are skipped. */
    baseUrl: string | null;
    /** The chromium executable; null when the tests are skipped. */
    chromium: string | null;
    /** Why the tests are skipped, if they are. */
    skipReason: string | null;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export const isCi = (): boolean => !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

/** The first `chromium` on PATH, as `which chromium` finds it. */
function findChromium(): string | null {
  for (const directory of (process.env.PATH ?? "").split(delimiter).filter(Boolean)) {
    for (const name of ["chromium", "chromium-browser"]) {
      const candidate = join(directory, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/** A port nothing listens on now (the OS's pick; another process may take it before it is bound). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`npm start (wrangler dev) did not answer within ${timeoutMs} ms:\n${output()}`);
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const chromium = findChromium();
  if (chromium === null) {
    const reason = "chromium is not installed (apt-get install -y chromium): the browser tests are skipped";
    if (isCi()) throw new Error(`${reason.split(":")[0]}, and CI is set: the browser tests must run`);
    console.warn(`\n[browser tests] ${reason}.\n`);
    project.provide("baseUrl", null);
    project.provide("chromium", null);
    project.provide("skipReason", reason);
    return undefined;
  }

  const [port, inspectorPort] = [await freePort(), await freePort()];
  const persistTo = await mkdtemp(join(tmpdir(), "quarto-browser-"));
  const args = [
    "start",
    "--",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persistTo,
    // Smaller engine budgets, so analyses and engine seats answer quickly on a loaded CI machine.
    "--var",
    "ENGINE_DEFAULT_NODES:300000",
    "--var",
    "ENGINE_MAX_NODES:2000000",
  ];
  // npm runs the start script with node_modules/.bin first on PATH (the project's Node and wrangler).
  const child = spawn("npm", args, {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);

  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // npm runs wrangler, which runs workerd: stop the whole process group this setup started.
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    }
    await rm(persistTo, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(baseUrl, child, () => log, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("chromium", chromium);
  project.provide("skipReason", null);
  return stop;
}
