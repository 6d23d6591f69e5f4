/**
 * A person's question goes before a tournament's searches: while an SPRT of the built-in `perfect` and
 * `hard` bots searches four games at once (background work), each exact evaluation asked on the API
 * waits for at most the one background slice in progress, and then gives way to background work only
 * once in every STARVATION_SLICES + 1 slices. The scheduler's trace in this isolate is read (the order
 * of work, not its time). No game of the tournament is forfeited or lost on time for it.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { evaluate } from "../../src/engine/index.ts";
import { STARVATION_SLICES, type SliceGrant, turns } from "../../src/engine/scheduler.ts";
import { makePositionString, makeRules } from "../../src/rules/index.ts";
import { ongoingPositions } from "../core/engine-positions.ts";
import { json200, postJson } from "./http.ts";
import { createTournament, getRecord, getTournament, tournamentStub } from "./tournament-client.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const classic = makeRules();
/**
 * Distinct positions with 11 empty cells and a piece in hand (below the opening book), each asked once:
 * ones the engine solves in 10,000 to 60,000 nodes, so that they take several of the test bindings'
 * 2,000-node slices and fit in the budget even so.
 */
const ASKED = ongoingPositions(classic, 11, 40, 3131, true)
  .filter((position) => {
    const alone = evaluate(position, classic, { maxNodes: 60_000 });
    return alone.exact && alone.nodes > 10_000;
  })
  .slice(0, 4);

describe("engine priorities on the service", () => {
  it("an evaluation asked while a built-in SPRT searches waits for at most one background slice, and the SPRT loses no game for it", async () => {
    const trace: SliceGrant[] = [];
    turns.scheduler.trace = trace;
    try {
      const created = await createTournament({ kind: "sprt", bots: ["perfect", "hard"], openings: "classic-unbalanced", concurrency: 4, sprt: { elo0: 0, elo1: 50, maxGames: 8 }, seed: 30 });
      const stub = tournamentStub(created.id);
      let driving = true;
      const driver = (async () => {
        while (driving) if (!(await runDurableObjectAlarm(stub))) await sleep(2);
      })();
      expect(ASKED).toHaveLength(4);
      for (const [index, position] of ASKED.entries()) {
        const text = makePositionString(position);
        // Background work is under way when the person asks.
        const seen = trace.filter((grant) => grant.priority === "background").length;
        while (trace.filter((grant) => grant.priority === "background").length < seen + 3) await sleep(1);
        const asked = trace.length;
        const answer = await json200<{ value: string; exact: boolean; nodes: number }>(postJson("/v1/evaluate", { position: text, maxNodes: 500_000 }, { "CF-Connecting-IP": `198.51.100.${index + 1}` }));
        const during = trace.slice(asked);
        const first = during.findIndex((grant) => grant.priority === "interactive");
        const alone = evaluate(position, classic, { maxNodes: 500_000 });
        expect(answer, `${text}: ${JSON.stringify(answer)} alone ${alone.nodes}`).toMatchObject({ exact: true, value: alone.value });
        expect(answer.nodes, `${text} is searched, not read from a book`).toBeGreaterThan(2_000);
        expect(first).toBeGreaterThanOrEqual(0);
        expect(first, `background slices before the person's first: ${JSON.stringify(during.slice(0, 5))}`).toBeLessThanOrEqual(1);
        const last = during.findLastIndex((grant) => grant.priority === "interactive");
        const mine = during.slice(first, last + 1);
        for (let end = STARVATION_SLICES; end < mine.length; end++) {
          expect(mine.slice(end - STARVATION_SLICES, end + 1).filter((grant) => grant.priority === "background").length).toBeLessThanOrEqual(1);
        }
      }
      driving = false;
      await driver;
      // Drive the SPRT to its end: every game played out on the board, none forfeited or flagged.
      for (let alarms = 0; (await getTournament(created.id)).status === "running"; alarms++) {
        if (alarms > 5000) throw new Error("the SPRT does not end");
        if (!(await runDurableObjectAlarm(stub))) await sleep(2);
      }
      const view = await getTournament(created.id);
      expect(view.games.length).toBeGreaterThan(0);
      for (const game of view.games) {
        expect(game.status).toBe("finished");
        const record = await getRecord(game.matchId as string);
        expect(["quarto", "draw", "claim"], JSON.stringify(record.result)).toContain(record.result?.reason);
      }
    } finally {
      turns.scheduler.trace = null;
    }
  });
});
