/**
 * The arena CLI's gauntlet, sprt and openings options: what each prints and writes, and every bad
 * argument refused with exit code 2 and the usage (a missing or contradictory SPRT setting, an SPRT
 * with other than two bots, an opening suite of the other variant, an unreadable or bad openings file).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../arena/main.ts";
import type { SprtReport, TournamentReport } from "../../src/tournament/index.ts";

const capture = () => {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (text: string) => out.push(text), err: (text: string) => err.push(text) }, out, err };
};
const scratch = () => mkdtempSync(join(tmpdir(), "arena-cli-"));

describe("arena sprt", () => {
  it("plays pairs until the test decides, prints the summary and writes the report", async () => {
    const json = join(scratch(), "sprt.json");
    const { io, out } = capture();
    const code = await main(
      [
        "sprt",
        "--bot",
        "easy",
        "--bot",
        "random",
        "--elo0",
        "0",
        "--elo1",
        "100",
        "--openings",
        "classic",
        "--max-nodes",
        "1000",
        "--seed",
        "2",
        "--json",
        json,
      ],
      io,
    );
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as SprtReport;
    expect(report.decision).toBe("H1");
    expect(report.llr).toBeGreaterThanOrEqual(report.bounds.upper);
    expect(report.pentanomial.reduce((sum, count) => sum + count, 0)).toBe(report.pairs);
    expect(report.wins + report.draws + report.losses).toBe(report.games.length);
    // Every game from an opening of the suite, in pairs with the seats swapped.
    for (const game of report.games) expect(game.opening).toMatch(/^classic\/\d\d$/);
    const lines = out.join("").trimEnd().split("\n");
    expect(lines).toEqual([
      "SPRT easy vs random, from the classic suite (32 openings), seed 2",
      `Games ${report.games.length} of at most 2000, ${report.pairs} pairs: easy won ${report.wins}, drew ${report.draws}, lost ${report.losses}`,
      `Pentanomial (pairs scoring 0, ½, 1, 1½, 2 for easy): [${report.pentanomial.join(", ")}]`,
      // Every pair won twice: the largest Elo the logistic scale shows, and no spread for nElo.
      "Elo +1199.8 (95%: +1199.8 .. +1199.8), nElo undefined (every pair scored the same)",
      `LLR ${report.llr.toFixed(2)} (bounds -2.94, 2.94), normalized Elo [0, 100], alpha 0.05, beta 0.05`,
      "H1 accepted: easy is better than random (100 nElo rather than 0)",
    ]);
  });

  it("stops at the game limit without a decision", async () => {
    const { io, out } = capture();
    expect(
      await main(
        ["sprt", "--bot", "random", "--bot", "random2=random", "--elo0", "0", "--elo1", "5", "--max-games", "6", "--model", "logistic", "--seed", "1"],
        io,
      ),
    ).toBe(0);
    expect(out.join("")).toContain("Games 6 of at most 6, 3 pairs");
    expect(out.join("")).toContain("logistic Elo [0, 5]");
    expect(out.join("")).toContain("no decision: the game limit (6 games) came first");
  });

  it("refuses settings that cannot make a test", async () => {
    const base = ["sprt", "--bot", "easy", "--bot", "random"];
    for (const args of [
      [...base, "--elo1", "10"],
      [...base, "--elo0", "10", "--elo1", "0"],
      [...base, "--elo0", "0", "--elo1", "10", "--alpha", "0"],
      [...base, "--elo0", "0", "--elo1", "ten"],
      [...base, "--elo0", "0", "--elo1", "10", "--model", "bayesian"],
      [...base, "--elo0", "0", "--elo1", "10", "--max-games", "7"],
      ["sprt", "--bot", "easy", "--bot", "random", "--bot", "hard", "--elo0", "0", "--elo1", "10"],
    ]) {
      const { io, err } = capture();
      expect(await main(args, io), args.join(" ")).toBe(2);
      expect(err.join("")).toContain("Usage:");
    }
  });
});

describe("arena gauntlet", () => {
  it("plays the first bot against each other one, who never meet, and prints its rows first", async () => {
    const json = join(scratch(), "gauntlet.json");
    const { io, out } = capture();
    const args = ["gauntlet", "--bot", "easy", "--bot", "random", "--bot", "random2=random", "--games", "4", "--openings", "classic", "--concurrency", "2"];
    expect(await main([...args, "--seed", "4", "--json", json], io)).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as TournamentReport;
    expect(report.kind).toBe("gauntlet");
    expect(report.games).toHaveLength(8);
    expect(report.games.every((game) => [game.first, game.second].includes("easy"))).toBe(true);
    expect(report.gauntlet?.map((row) => [row.opponent, row.games, row.wins + row.draws + row.losses])).toEqual([
      ["random", 4, 4],
      ["random2", 4, 4],
    ]);
    expect(report.gauntlet?.every((row) => row.pentanomial?.reduce((sum, count) => sum + count, 0) === 2)).toBe(true);
    const text = out.join("");
    expect(text.indexOf("Gauntlet: easy against each bot")).toBe(0);
    expect(text).toContain("Standings (8 games, 4 per pair, seed 4, from the classic suite (32 openings))");
  });
});

describe("openings", () => {
  it("from a file of records and positions: each game starts from one, in pairs", async () => {
    const dir = scratch();
    const file = join(dir, "mine.txt");
    writeFileSync(file, "# two openings\n................. -8 a1-2 b3-1 d4-4\n0A3.5..C.9......E\n");
    const json = join(dir, "out.json");
    const { io } = capture();
    expect(await main(["--bot", "easy", "--bot", "random", "--games", "4", "--openings", file, "--seed", "3", "--json", json], io)).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as TournamentReport;
    expect(report.openings).toBe(2);
    expect(new Set(report.games.map((game) => game.opening))).toEqual(new Set(["mine/2", "mine/3"]));
    const fromRecord = report.games.filter((game) => game.opening === "mine/2");
    expect(fromRecord).toHaveLength(2);
    expect(fromRecord.map((game) => game.first).sort()).toEqual(["easy", "random"]);
    for (const game of fromRecord) expect(game.record.startsWith("................. -8 a1-2 b3-1 d4-4 ")).toBe(true);
    // The position became the record that places its pieces in cell order.
    for (const game of report.games.filter((game) => game.opening === "mine/3"))
      expect(game.record.startsWith("................. -0 a1-A b1-3 c1-5 a2-C d2-9 b3-E ")).toBe(true);
  });

  it("refuses a suite of the other variant, an unknown name, and a bad line (naming it)", async () => {
    const file = join(scratch(), "bad.txt");
    writeFileSync(file, "................. -8 a1-2\n................. -8 a1-8\n");
    for (const [args, message] of [
      [["--openings", "classic", "--squares"], "the suite classic is for play without squares"],
      [["--openings", "squares"], "the suite squares is for the squares variant"],
      [["--openings", "nowhere"], "neither a built-in suite"],
      [["--openings", file], "line 2"],
    ] as const) {
      const { io, err } = capture();
      expect(await main(["--bot", "easy", "--bot", "random", ...args], io)).toBe(2);
      expect(err.join("")).toContain(message);
    }
  });
});
