/**
 * The connected-bot walkthrough, run as written against `wrangler dev` (the browser project's
 * server): the shell blocks of docs/bot-protocol.md ("The bridge") and of the README's "A bot without a
 * public server", each in bash from the project's folder, with only the service's origin and the local
 * bot's port replaced by this run's. A webhook bot on loopback (`npm run arena -- serve`), registered as
 * a connected bot and bridged (`npm run arena -- connect`), plays a whole tournament and then a hosted
 * match against a person; the printed standings and match must look as the pages show them.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { baseUrl, skipReason } from "./chromium.ts";
import { freePort } from "./global-setup.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const run = promisify(execFile);

/**
 * The walkthrough's curl commands run as a client of their own: a .curlrc (in CURL_HOME) adds the
 * `CF-Connecting-IP` header Cloudflare would set, which wrangler dev honours, so the per-client limits
 * (5 new tournaments a minute) are not shared with the other browser tests' requests.
 */
const CURL_HOME = mkdtempSync(join(tmpdir(), "walkthrough-curl-"));
writeFileSync(join(CURL_HOME, ".curlrc"), `header = "CF-Connecting-IP: 203.0.113.${1 + Math.floor(Math.random() * 250)}"\n`);
const shellEnv = { ...process.env, CURL_HOME };

/** The fenced blocks of `language` in a page's text, each with the fenced block right after it (if any). */
function blocks(text: string): { language: string; body: string }[] {
  return [...text.matchAll(/```([a-z]*)\n([\s\S]*?)```/g)].map((match) => ({ language: match[1], body: match[2] }));
}

/** The text between a page's line starting with `from` and the next line starting with `to`. */
function between(page: string, from: string, to: string): string {
  const text = readFileSync(join(ROOT, page), "utf8");
  const start = text.indexOf(from);
  if (start < 0) throw new Error(`${page} has no '${from}'`);
  const end = text.indexOf(to, start + from.length);
  return text.slice(start, end < 0 ? undefined : end);
}

const started: ChildProcess[] = [];

/** A block that keeps running (a bot, the bridge), in its own process group; resolves once its output shows `ready`. */
function background(script: string, ready: RegExp, timeoutMs: number): Promise<{ output: () => string }> {
  const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd: ROOT, env: shellEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms:\n${script}\n${output}`)), timeoutMs);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ output: () => output });
      }
    };
    child.stdout?.on("data", seen);
    child.stderr?.on("data", seen);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before it was ready:\n${script}\n${output}`));
    });
  });
}

/** A block that ends: its standard output (it must exit 0). */
async function foreground(script: string, timeoutMs: number): Promise<string> {
  const { stdout } = await run("bash", ["-euo", "pipefail", "-c", script], { cwd: ROOT, env: shellEnv, timeout: timeoutMs });
  return stdout;
}

/** Ends the blocks left running (the bot, the bridge): their whole process groups. */
function stopStarted(): void {
  for (const child of started.splice(0)) {
    try {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}

afterEach(stopStarted);

afterAll(() => {
  stopStarted();
  for (const file of ["carol.json", "carol-tournament.json", "dana.json", "dana-tournament.json"]) rmSync(join(ROOT, file), { force: true });
  rmSync(CURL_HOME, { recursive: true, force: true });
});

interface Walkthrough {
  page: string;
  /** The commands: the local bot, the registration and bridge, the tournament, the match. */
  bot: string;
  bridge: string;
  tournament: string;
  /** The hosted match against the bot (docs/bot-protocol.md only: the README stops at the tournament). */
  match: string | null;
  /** What the pages show the tournament and the match print. */
  standingsShown: string;
  matchShown: string | null;
}

/** The walkthrough of a page: three or four bash blocks, the tournament's and the match's each followed by its output. */
function walkthroughOf(page: string, from: string, to: string, withMatch: boolean): Walkthrough {
  const found = blocks(between(page, from, to));
  const bash = found.flatMap((block, index) => (block.language === "bash" ? [{ ...block, next: found[index + 1] }] : []));
  expect(bash.length, `${page}: the bash blocks from '${from}'`).toBe(withMatch ? 4 : 3);
  const [bot, bridge, tournament, match] = bash;
  for (const shown of withMatch ? [tournament, match] : [tournament]) expect(shown.next?.language, `${page}: a text block with the output after the tournament and the match`).toBe("text");
  return {
    page,
    bot: bot.body,
    bridge: bridge.body,
    tournament: tournament.body,
    match: match?.body ?? null,
    standingsShown: tournament.next?.body.trim() ?? "",
    matchShown: match?.next?.body.trim() ?? null,
  };
}

const walkthroughs = (): Walkthrough[] => [
  walkthroughOf("docs/bot-protocol.md", "**The bridge: a webhook bot behind a router.**", "Then move with `POST /v1/matches/{id}/moves`", true),
  walkthroughOf("README.md", "## A bot without a public server", "\n## ", false),
];

describe.skipIf(skipReason !== null)("the connected-bot walkthrough, as the pages write it", () => {
  for (const walkthrough of skipReason === null ? walkthroughs() : []) {
    it(`${walkthrough.page}: a bridged webhook bot plays a tournament to its end${walkthrough.match === null ? "" : ", then a hosted match"}`, async () => {
      const origin = new URL(baseUrl ?? "").origin;
      // The local bot on a free port (another process may take a port between the check and the bind: then another one).
      let port = 0;
      for (let attempt = 1; port === 0; attempt++) {
        const candidate = await freePort();
        const script = walkthrough.bot.replaceAll("9001", String(candidate));
        const started = await background(script, new RegExp(`is listening on http://127\\.0\\.0\\.1:${candidate}`), 60_000).then(
          () => true,
          (error: Error) => {
            if (attempt >= 3 || !error.message.includes("EADDRINUSE")) throw error;
            return false;
          },
        );
        if (started) port = candidate;
      }
      const local = (script: string) => script.replaceAll("http://localhost:8787", origin).replaceAll("9001", String(port));
      const bridge = await background(local(walkthrough.bridge), /connected to /, 60_000);

      // The tournament: every game played to its end, carol (the bridged bot) among the standings, no forfeit.
      const printed = (await foreground(local(walkthrough.tournament), 240_000)).trim().split("\n").at(-1) ?? "";
      const standings = JSON.parse(printed) as { bot: string; points: number; forfeits: number }[];
      const shown = JSON.parse(walkthrough.standingsShown) as typeof standings;
      expect(standings.map((row) => row.bot).sort()).toEqual(shown.map((row) => row.bot).sort());
      expect(Object.keys(standings[0]).sort()).toEqual(Object.keys(shown[0]).sort());
      expect(standings.every((row) => row.forfeits === 0)).toBe(true);
      // Three bots, two games a pair: six games, a point each (a draw is half to each).
      expect(standings.reduce((sum, row) => sum + row.points, 0)).toBe(6);
      expect(bridge.output()).toMatch(/answered \{"place":/);

      // The hosted match: a person's seat and carol's, named; the person moves, the bridge answers for carol.
      if (walkthrough.match === null || walkthrough.matchShown === null) return;
      const matchPrinted = (await foreground(local(walkthrough.match), 60_000)).trim().split("\n").at(-1) ?? "";
      const match = JSON.parse(matchPrinted) as { id: string; me: string; bot: string };
      const matchShown = JSON.parse(walkthrough.matchShown) as typeof match;
      expect(Object.keys(match).sort()).toEqual(Object.keys(matchShown).sort());
      expect(match.bot).toBe(matchShown.bot);
      const view = await fetch(`${origin}/v1/matches/${match.id}`).then((response) => response.json() as Promise<{ status: string; turn: { seat: number } }>);
      expect(view.turn.seat).toBe(0);
      // The first ply only gives a piece: the person gives, then carol places it and gives one back.
      const moved = await fetch(`${origin}/v1/matches/${match.id}/moves`, {
        method: "POST",
        headers: { Authorization: `Bearer ${match.me}`, "Content-Type": "application/json" },
        body: JSON.stringify({ ply: 0, give: 0 }),
      });
      expect(moved.status, await moved.clone().text()).toBe(200);
      const after = await fetch(`${origin}/v1/matches/${match.id}?afterPly=1&wait=20`).then(
        (response) => response.json() as Promise<{ ply: number; moves: { seat: number }[] }>,
      );
      expect(after.ply).toBe(2);
      expect(after.moves.map((move) => move.seat)).toEqual([0, 1]);
    });
  }
});
