/**
 * `npm run book` end to end on a small variant (one attribute, down to 15 empty cells): the same bytes
 * with one or two worker threads and after a kill -9 and a resume, a corrupt checkpoint refused, and the
 * book's answers (for positions in any frame, any attribute in play) agreeing with the live solver; and
 * a committed book (the cheapest, attributes-1-11) rebuilt byte for byte.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lookupBook, openBook } from "../../src/engine/book.ts";
import { evaluate } from "../../src/engine/index.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { ATTRIBUTES, makeRules, playMove, positionFromTrustedSetup } from "../../src/rules/index.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const WORK = mkdtempSync(join(tmpdir(), "book-test-"));
afterAll(() => rmSync(WORK, { recursive: true, force: true }));

const NAME = "attributes-1-15";
const build = (out: string, ...extra: string[]): ChildProcess =>
  spawn(
    process.execPath,
    ["--experimental-strip-types", join(ROOT, "scripts", "book.ts"), "--rules", "attributes-1", "--depth", "15", "--out", out, ...extra],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );

function finish(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

async function buildBook(out: string, ...extra: string[]): Promise<Uint8Array> {
  const { code, output } = await finish(build(out, ...extra));
  expect(code, output).toBe(0);
  return readFileSync(join(out, `${NAME}.bin`));
}

/** Solved entries in a checkpoint (its header's count). */
const checkpointDone = (path: string): number => {
  try {
    const bytes = readFileSync(path);
    return new DataView(bytes.buffer, bytes.byteOffset).getUint32(20, true);
  } catch {
    return 0;
  }
};

/** Starts a build that saves after every position and kills it (-9) once its checkpoint holds one. */
async function killAfterFirstSave(out: string, checkpoint: string): Promise<void> {
  const child = build(out, "--jobs", "1", "--checkpoint-seconds", "0");
  let exited = false;
  const closed = finish(child).then((result) => {
    exited = true;
    return result;
  });
  while (checkpointDone(checkpoint) < 1 && !exited) await new Promise((resolve) => setTimeout(resolve, 10));
  child.kill("SIGKILL");
  const result = await closed;
  expect(result.code, `the build ended before it could be killed: ${result.output}`).toBeNull();
}

describe("npm run book", { timeout: 240_000 }, () => {
  let reference: Uint8Array;

  it("gives the same bytes with one worker or two, and after a kill -9 and a resume", async () => {
    reference = await buildBook(join(WORK, "one"), "--jobs", "1");
    expect(Buffer.from(await buildBook(join(WORK, "two"), "--jobs", "2")).equals(Buffer.from(reference))).toBe(true);

    const out = join(WORK, "killed");
    const checkpoint = join(out, `${NAME}.checkpoint`);
    await killAfterFirstSave(out, checkpoint);
    expect(existsSync(join(out, `${NAME}.bin`))).toBe(false);
    const saved = checkpointDone(checkpoint);
    expect(saved).toBeGreaterThanOrEqual(1);
    expect(saved).toBeLessThan(4);

    const resumed = await finish(build(out, "--jobs", "1"));
    expect(resumed.code, resumed.output).toBe(0);
    expect(resumed.output).toMatch(new RegExp(`resumed from the checkpoint, ${saved}/4 solved`));
    expect(Buffer.from(readFileSync(join(out, `${NAME}.bin`))).equals(Buffer.from(reference))).toBe(true);
    expect(existsSync(checkpoint)).toBe(false);
  });

  it("rebuilds a committed book (attributes-1-11, about half a core-minute) byte for byte", async () => {
    const out = join(WORK, "committed");
    const child = spawn(
      process.execPath,
      ["--experimental-strip-types", join(ROOT, "scripts", "book.ts"), "--rules", "attributes-1", "--depth", "11", "--jobs", "2", "--out", out],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    const { code, output } = await finish(child);
    expect(code, output).toBe(0);
    const rebuilt = readFileSync(join(out, "attributes-1-11.bin"));
    expect(rebuilt.length).toBeGreaterThan(1000);
    expect(Buffer.from(rebuilt).equals(readFileSync(join(ROOT, "books", "attributes-1-11.bin")))).toBe(true);
  });

  it("refuses a corrupt checkpoint instead of resuming from it", async () => {
    const out = join(WORK, "corrupt");
    const checkpoint = join(out, `${NAME}.checkpoint`);
    await killAfterFirstSave(out, checkpoint);
    const bytes = readFileSync(checkpoint);
    bytes[bytes.length - 6] ^= 1;
    writeFileSync(checkpoint, bytes);
    const refused = await finish(build(out, "--jobs", "1"));
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/checksum mismatch: the checkpoint is corrupt \(delete it or pass --fresh\)/);
  });

  it("answers like the live solver, in every frame: value, distance, and a move that keeps them", () => {
    const book = openBook(reference, makeRules({ attributes: ["height"] }));
    expect(book.entryCount).toBe(5);
    const random = seededRandom(15);
    let checked = 0;
    for (let trial = 0; trial < 6; trial++) {
      // One piece on the board, any attribute in play: a position of the 15-empty tier in a random frame.
      const rules = makeRules({ attributes: [ATTRIBUTES[Math.floor(random() * 4)]] });
      const placed = Math.floor(random() * 16);
      const board: (number | null)[] = Array(16).fill(null);
      board[Math.floor(random() * 16)] = placed;
      const hand = trial % 3 === 2 ? null : (placed + 1 + Math.floor(random() * 15)) % 16;
      const position = positionFromTrustedSetup({ board, inHand: hand });
      const answer = lookupBook(book, position, rules);
      expect(answer).toBeDefined();
      if (!answer) continue;
      const live = evaluate(position, rules, { distance: true, maxNodes: 1e9 });
      expect(live.exact).toBe(true);
      expect(answer.value).toBe(live.value);
      expect(answer.pliesToEnd).toBe(live.pliesToEnd);
      // The book's move is legal and keeps the value and the distance.
      const played = playMove(position, answer.move, rules);
      expect(played.ok).toBe(true);
      if (!played.ok) continue;
      if (played.value.outcome.status === "ongoing") {
        const reply = evaluate(played.value.position, rules, { distance: true, maxNodes: 1e9 });
        expect(reply.value).toBe(answer.value === "win" ? "loss" : answer.value === "loss" ? "win" : "draw");
        expect(reply.pliesToEnd).toBe(position.inHand === null ? answer.pliesToEnd : answer.pliesToEnd - 1);
      } else expect(answer.pliesToEnd).toBe(1);
      checked++;
    }
    expect(checked).toBe(6);
  });
});
