/**
 * The local runner's report says in so many words when no game was forfeited or replayed, instead of
 * leaving out the table (a reader could not tell "none" from "not shown").
 */
import { describe, expect, it } from "vitest";
import { NO_INCIDENTS, renderReport } from "../../arena/format.ts";
import { builtInBot } from "../../src/bots/index.ts";
import { CLASSIC_RULES } from "../../src/rules/index.ts";
import { runTournament } from "../../src/tournament/index.ts";

describe("the runner's report of forfeits and replays", async () => {
  const report = await runTournament({
    players: [builtInBot("random"), builtInBot("easy")],
    gamesPerPair: 2,
    rules: CLASSIC_RULES,
    clock: { kind: "move", moveMs: 5000 },
    seed: 3,
  });

  it("prints 'no forfeits' when every game was played out", () => {
    expect(report.games.every((game) => game.forfeitCode === undefined && game.abortedAttempts.length === 0)).toBe(true);
    const text = renderReport(report);
    expect(text).toContain("no forfeits");
    expect(text).toContain(NO_INCIDENTS);
    expect(text).not.toMatch(/^Forfeits and replays$/m);
  });

  it("prints the table, and not 'no forfeits', when a game was forfeited", () => {
    const [first, ...rest] = report.games;
    const forfeited = { ...first, forfeitCode: "bot/timeout", forfeitedBy: first.second, detail: "no answer within 5000 ms" };
    const text = renderReport({ ...report, games: [forfeited, ...rest] });
    expect(text).not.toContain("no forfeits");
    expect(text).toMatch(/^Forfeits and replays$/m);
    expect(text).toContain(`${first.second} forfeited`);
    expect(text).toContain("(bot/timeout)");
  });
});
