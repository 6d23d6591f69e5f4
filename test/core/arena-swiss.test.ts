/**
 * `npm run arena -- swiss`: a Swiss of built-in bots in the local runner, through the CLI's `main`: the
 * standings with Buchholz, a row per round with its pairings and its bye, the report written as JSON
 * (rounds, byes, games with their round), the same output for the same seed, the example of
 * docs/arena.md printing what the page shows; and the bad arguments
 * (more rounds than the field can play, one bot, an odd --games) refused with exit code 2 and the usage.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../arena/main.ts";
import type { SwissReport } from "../../src/tournament/index.ts";

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
};

const BOTS = ["--bot", "random", "--bot", "easy", "--bot", "medium", "--bot", "r2=random", "--bot", "e2=easy"];

describe("arena swiss", () => {
  it("plays 5 bots for 3 rounds from the classic suite: standings with Buchholz, the rounds with their byes, the report", async () => {
    const json = join(mkdtempSync(join(tmpdir(), "arena-swiss-")), "swiss.json");
    const args = ["swiss", ...BOTS, "--rounds", "3", "--openings", "classic", "--concurrency", "2", "--max-nodes", "2000", "--seed", "4"];
    const { io, out } = capture();
    expect(await main([...args, "--json", json], io)).toBe(0);
    const text = out.join("");
    expect(text).toMatch(/^Swiss standings \(5 bots, 3 rounds, 2 games a pairing, a bye worth 1, seed 4, from the classic suite \(32 openings\)\)/);
    expect(text).toMatch(/│ # +│ bot +│ games │ won │ drawn │ lost │ points │ Buchholz │ +S-B │/);
    const report = JSON.parse(readFileSync(json, "utf8")) as SwissReport;
    expect(report).toMatchObject({ kind: "swiss", rounds: 3, roundsPlayed: 3, stopped: null, byePoints: 1 });
    expect(report.games).toHaveLength(3 * 2 * 2);
    expect(report.schedule.map((game) => game.round)).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
    // One bye a round, three different bots; each round's row names its pairings and its bye.
    const byes = report.roundResults.map((round) => round.byes[0]);
    expect(new Set(byes).size).toBe(3);
    for (const round of report.roundResults) {
      const roundsTable = text.slice(text.indexOf("\nRounds\n"));
      const row = roundsTable.split("\n").find((line) => new RegExp(`^│ +${round.round} │`).test(line)) as string;
      expect(row, `round ${round.round}`).toContain(round.byes[0]);
      expect(row).toContain(`${round.pairings[0].first} `);
    }
    // No pairing repeated.
    const pairs = report.roundResults.flatMap((round) => round.pairings.map((pairing) => [pairing.first, pairing.second].sort().join("-")));
    expect(new Set(pairs).size).toBe(6);
    // The same seed, the same Swiss.
    const again = capture();
    expect(await main(args, again.io)).toBe(0);
    expect(again.out.join("")).toBe(text);
  });

  it("prints what docs/arena.md shows for its example", async () => {
    const docs = readFileSync(join(import.meta.dirname, "..", "..", "docs", "arena.md"), "utf8");
    const found = /```bash\n(npm run arena -- swiss [^\n]+)\n```\n\n```text\n([\s\S]*?)\n```/.exec(docs);
    if (!found) throw new Error("docs/arena.md shows no `npm run arena -- swiss` example with its output");
    const { io, out } = capture();
    expect(await main(found[1].replace("npm run arena -- ", "").split(/\s+/), io)).toBe(0);
    expect(out.join("").trimEnd()).toBe(found[2]);
  });

  it("refuses more rounds than the field can play, a single bot and an odd number of games, with exit code 2", async () => {
    for (const [args, message] of [
      [["swiss", ...BOTS, "--rounds", "6"], /5 bots can play 1 to 5 rounds/],
      [["swiss", "--bot", "easy"], /give at least two --bot/],
      [["swiss", ...BOTS, "--games", "3"], /--games must be even/],
    ] as const) {
      const { io, err } = capture();
      expect(await main([...args], io)).toBe(2);
      expect(err.join("")).toMatch(message);
      expect(err.join("")).toContain("npm run arena -- swiss --bot BOT");
    }
  });
});
