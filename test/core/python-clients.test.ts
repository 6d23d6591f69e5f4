/**
 * The Python files, run with the `python3` on PATH (skipped with a message without it):
 * - arena/example_bot.py, started on a free loopback port, passes the conformance check the arena's
 *   bot authors use (src/bots/conformance.ts), signed with its secret; it refuses unsigned calls and
 *   takes a win in one.
 * - clients/python (the package quarto_client), installed with pip into a temporary folder as a user
 *   would, drives the Worker: every operation of the spec is sent (clients/python/tests/walk_api.py),
 *   hosted matches and tournaments are played, and its retries and its WebSocket frames are checked
 *   against scripted servers (clients/python/tests/test_retries.py, test_websocket.py). Matches and tournaments need Durable Objects, which Node
 *   cannot host, so the Worker runs in wrangler's test harness (workerd, in-memory storage, a free
 *   loopback port; not `npm start`).
 * Its types, clients/python/quarto_client/schemas.py, are generated from the spec: the committed file
 * must be what scripts/python-client.ts writes (checked without Python too).
 */
import { type ChildProcess, execFile, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestHarness } from "wrangler";
import { callBot } from "../../src/bots/client.ts";
import { checkBot } from "../../src/bots/conformance.ts";
import { moveRequestFor } from "../../src/bots/protocol.ts";
import { generateBotSecret } from "../../src/bots/signing.ts";
import { applyAction, newMatch, seatToMove } from "../../src/match/machine.ts";
import { CLASSIC_RULES, parseMoveText } from "../../src/rules/index.ts";
import spec from "../../openapi/openapi.json" with { type: "json" };
import { pythonSchemas } from "../../scripts/python-client.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const hasPython = spawnSync("python3", ["--version"]).status === 0;
if (!hasPython) console.warn("\n[python tests] python3 is not on PATH: the Python example client and bot are not tested.\n");

/** Starts `python3 args...` and waits for the line that names its URL. */
async function startPython(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn("python3", args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from python3 ${args.join(" ")}:\n${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`python3 exited with ${code}:\n${output}`)));
  });
  return { child, url };
}

describe.skipIf(!hasPython)("arena/example_bot.py", () => {
  const secret = generateBotSecret();
  let bot: { child: ChildProcess; url: string };
  beforeAll(async () => {
    bot = await startPython(["arena/example_bot.py", "--port", "0", "--secret", secret]);
  });
  afterAll(() => {
    bot?.child.kill();
  });

  it("passes the conformance check", async () => {
    const report = await checkBot(bot.url, { secret, timeoutMs: 5000 });
    expect(report.checks.filter((check) => !check.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.info?.name).toBe("example-py");
  });

  it("refuses calls not signed with its secret", async () => {
    expect((await fetch(`${bot.url}/`)).status).toBe(401);
    const report = await checkBot(bot.url, { secret: generateBotSecret(), timeoutMs: 5000 });
    expect(report.ok).toBe(false);
    expect(report.checks[0]).toMatchObject({ name: "GET /", ok: false });
  });

  it("takes a win in one, announced", async () => {
    // 8, 9 and A are tall and light on a1, b1, c1; B (tall, light) is in hand: d1 wins.
    let state = newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0 }, 0);
    for (const text of ["-8", "a1-9", "b1-A", "c1-B"]) {
      const applied = applyAction(state, { type: "move", seat: seatToMove(state), ply: state.moves.length, move: parseMoveText(text) ?? {}, at: 0 });
      if (!applied.ok) throw new Error(applied.error.detail);
      state = applied.state;
    }
    const request = moveRequestFor(state, seatToMove(state), { tournamentId: null, gameId: "g1", matchId: "m1", opponent: "test" }, 5000);
    const answer = await callBot({ url: bot.url, secret }, "POST", "/move", request, { timeoutMs: 5000 });
    expect(answer).toMatchObject({ ok: true, body: { place: 3, quarto: true } });
  });
});

// biome-ignore lint/suspicious/noExplicitAny: JSON printed by the Python programs, read by the assertions
type Json = Record<string, any>;

/** Every operation of the spec, by operationId. */
const SPEC_OPERATIONS = Object.values(spec.paths as Record<string, Record<string, { operationId?: string }>>)
  .flatMap((item) => Object.values(item).map((operation) => operation.operationId))
  .filter((id): id is string => typeof id === "string")
  .sort();

it("clients/python/quarto_client/schemas.py is generated from openapi/openapi.json (regenerate with npm run client:python)", () => {
  const committed = readFileSync(new URL("../../clients/python/quarto_client/schemas.py", import.meta.url), "utf8");
  expect(committed).toBe(pythonSchemas(spec as never));
});

/** `pip install ./clients/python` into a temporary folder, from a copy (pip builds in place); the folder to put on PYTHONPATH. */
function pipInstall(): string {
  const work = mkdtempSync(join(tmpdir(), "quarto-client-"));
  cpSync(fileURLToPath(new URL("../../clients/python", import.meta.url)), join(work, "source"), {
    recursive: true,
    filter: (path) => !path.includes("__pycache__"),
  });
  const installed = spawnSync("python3", ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target", join(work, "site"), join(work, "source")], {
    encoding: "utf8",
    timeout: 180_000,
  });
  if (installed.status !== 0) throw new Error(`pip install ./clients/python failed:\n${installed.stdout}${installed.stderr}`);
  return join(work, "site");
}

let site = "";

/** Runs a Python program that imports quarto_client (as installed by pip) and prints one JSON object. */
async function runClient(program: string, baseUrl: string): Promise<Json> {
  const { stdout } = await promisify(execFile)("python3", ["-c", program, baseUrl], { cwd: root, env: { ...process.env, PYTHONPATH: site }, timeout: 90_000 });
  return JSON.parse(stdout) as Json;
}

describe.skipIf(!hasPython)("clients/python: the package quarto_client", () => {
  let harness: ReturnType<typeof createTestHarness>;
  let baseUrl: string;
  beforeAll(async () => {
    site = pipInstall();
    harness = createTestHarness({ root, workers: [{ configPath: "./wrangler.toml", vars: { ENGINE_DEFAULT_NODES: "50000", ENGINE_MAX_NODES: "500000" } }] });
    baseUrl = (await harness.listen()).url.origin;
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
    if (site) rmSync(join(site, ".."), { recursive: true, force: true });
  });

  it("has a method for every operation of the spec, and nothing else", async () => {
    const out = await runClient("import json\nfrom quarto_client import QuartoClient\nprint(json.dumps(QuartoClient.operations()))", baseUrl);
    expect(Object.keys(out).sort()).toEqual(SPEC_OPERATIONS);
  });

  it("sends every operation of the spec to the Worker, and reads each answer", async () => {
    const { stdout } = await promisify(execFile)("python3", ["clients/python/tests/walk_api.py", baseUrl], { cwd: root, env: { ...process.env, PYTHONPATH: site }, timeout: 120_000 });
    const out = JSON.parse(stdout) as Json;
    expect(out.sent).toEqual(SPEC_OPERATIONS);
    expect(out.socketUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/v1\/matches\/\w{26}\/ws\?token=/);
    // The WebSocket, spoken by the client's own RFC 6455 code: a seat's socket, a move over it, a refusal.
    expect(out.socket).toEqual({ first: "state", seat: 0, heard: ["event:move", "ok"] });
    expect(out.socketRefused).toEqual({ status: 404, code: "match/not_found" });
    expect(out).toMatchObject({
      index: "quarto-service",
      health: "ok",
      problemType: 422,
      openapi: "3.1.0",
      reference: true,
      validate: [true, false],
      checkWin: ["first", "first"],
      badPosition: { status: 422, code: "position/bad_character" },
      suggest: ["win", "win"],
      evaluate: [7, 7],
      claim: { status: 409, code: "match/nothing_to_claim" },
      resigned: "resignation",
      recordText: "................. -8",
      replay: true,
      stream: ["state"],
      review: { match: 1, record: 1 },
      aborted: "finished",
      listed: true,
      entry: "owner",
      polled: [],
      info: "easy",
      ended: { received: true },
      botDetail: true,
      ladder: ["active", "active", true],
      left: "left",
      deleted: true,
      tournament: "finished",
      games: 1,
      cancelled: "cancelled",
    });
    // The connected bot played its game through the event stream, one answer per move request.
    expect(out.botMoves).toBeGreaterThanOrEqual(3);
  }, 150_000);

  it("retries 429 and 503 after Retry-After, bounded, and only what is safe to send twice; speaks RFC 6455's frames", async () => {
    const { stderr } = await promisify(execFile)("python3", ["-m", "unittest", "discover", "-s", "clients/python/tests", "-p", "test_*.py"], {
      cwd: root,
      env: { ...process.env, PYTHONPATH: site },
      timeout: 60_000,
    });
    // test_retries.py (10) and test_websocket.py (3).
    expect(stderr).toMatch(/Ran 13 tests in [\d.]+s\s+OK/);
  });

  it("calls the stateless API, and reads problem documents", async () => {
    const out = await runClient(
      `
import json, sys
from quarto_client import QuartoClient, QuartoError
q = QuartoClient(sys.argv[1])
out = {}
out["legal"] = q.validate_move("0A3.............5", {"place": "c3", "give": 6})
out["legal_text"] = q.validate_move("0A3.............5", "c3-6", rules={"squares": True})
out["won"] = q.check_win("89AB.............")
out["post"] = q.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000)
out["get"] = q.evaluate("..5.A...D3EF90.67", distance=True, max_nodes=200000, query_form=True)
try:
    q.evaluate("..5.A...D3EF90.67", max_nodes=0, query_form=True)
except QuartoError as error:
    out["error"] = {"status": error.status, "code": error.code}
print(json.dumps(out))
`,
      baseUrl,
    );
    expect(out.legal).toMatchObject({ legal: true, moveText: "c3-6", position: { string: "0A3.......5.....6", toMove: "second" } });
    expect(out.legal_text).toMatchObject({ legal: true, rules: { squares: true } });
    expect(out.won).toMatchObject({ status: "won", winner: "first" });
    expect(out.post).toMatchObject({ value: "win", exact: true, pliesToEnd: 7 });
    expect(out.get).toEqual(out.post);
    expect(out.error).toEqual({ status: 422, code: "request/invalid" });
  });

  it("plays a hosted match against the engine to the end, and replays its record", async () => {
    const out = await runClient(
      `
import json, sys
from quarto_client import QuartoClient, play_against_engine
q = QuartoClient(sys.argv[1])
state = play_against_engine(q, level="easy", seed=3)
record = q.match_record(state["id"])
print(json.dumps({"state": state, "replay": q.replay(record), "text": q.match_record(state["id"], text=True)}))
`,
      baseUrl,
    );
    const { state, replay, text } = out;
    expect(state.status).toBe("finished");
    expect(state.seats.map((seat: { kind: string; role: string }) => [seat.kind, seat.role])).toEqual([
      ["human", state.firstSeat === 0 ? "first" : "second"],
      ["engine", state.firstSeat === 1 ? "first" : "second"],
    ]);
    expect(replay).toMatchObject({ valid: true, status: "finished", result: { winner: state.result.winner, winnerRole: state.result.winnerRole } });
    expect(text.trim()).toBe(state.text);
  });

  it("runs a tournament between built-in bots", async () => {
    const out = await runClient(
      `
import json, sys
from quarto_client import QuartoClient
q = QuartoClient(sys.argv[1])
created = q.create_tournament(["random", "easy"], seed=11)
print(json.dumps(q.wait_for_tournament(created["id"], timeout=60)))
`,
      baseUrl,
    );
    expect(out.status).toBe("finished");
    expect(out.games).toHaveLength(2);
    for (const game of out.games) expect(game.result.winner).toBe(game.result.winnerRole === null ? null : game[game.result.winnerRole]);
  });

  it("runs the first Python example of clients/README.md as written, printing what its comments say", async () => {
    const readme = readFileSync(new URL("../../clients/README.md", import.meta.url), "utf8");
    const example = /```python\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
    const expected = [...example.matchAll(/^print\(.*#\s*(.+)$|^\s+print\(.*#\s*(.+)$/gm)].map((match) => (match[1] ?? match[2]).trim());
    expect(expected).toEqual(["True", "7", "state", "422 position/bad_character"]);
    const { stdout } = await promisify(execFile)("python3", ["-c", example.replace("http://localhost:8787", baseUrl)], { cwd: root, env: { ...process.env, PYTHONPATH: site }, timeout: 60_000 });
    expect(stdout.trim().split("\n")).toEqual(expected);
  });

  it("runs its own demonstration", async () => {
    const { stdout } = await promisify(execFile)("python3", ["-m", "quarto_client", baseUrl], { cwd: root, env: { ...process.env, PYTHONPATH: site }, timeout: 90_000 });
    expect(stdout).toContain("c3-6 is legal: True -> 0A3.......5.....6");
    expect(stdout).toContain("..5.A...D3EF90.67 is a win in 7 placements");
    expect(stdout).toContain("a finished game: engine/game_over");
    expect(stdout).toMatch(/match \w{26}: (quarto|draw|claim), won by /);
  });
});
