/**
 * The engine scheduler (src/engine/scheduler.ts) gives slices by priority class: a person's search
 * waits for at most one background slice, background searches that it interrupts lose nothing (the
 * same answers and the same node counts as when they run alone), background work is not starved by a
 * steady interactive load, and only refusable searches are refused. Order of slices and node counts
 * only: nothing here is timed.
 */
import { describe, expect, it } from "vitest";
import { EngineBusy, evaluate } from "../../src/engine/index.ts";
import { EngineScheduler, type EnginePriority, IDLE_STARVATION_SLICES, type SliceGrant, STARVATION_SLICES } from "../../src/engine/scheduler.ts";
import { evaluateSliced } from "../../src/engine/sliced.ts";
import { makeRules, type Position } from "../../src/rules/index.ts";
import { ongoingPositions } from "./engine-positions.ts";

const classic = makeRules();
const SLICE = 2_000;
const BUDGET = 3_000_000;

/** A search of `priority` in `scheduler`: the position's exact evaluation of every move, in slices. */
function evaluation(scheduler: EngineScheduler, priority: EnginePriority, position: Position) {
  return scheduler.run({ priority }, BUDGET, (pause) =>
    evaluateSliced(position, classic, { maxNodes: BUDGET, moves: true }, { sliceNodes: SLICE, pause, bank: priority === "interactive" ? 0 : 1 }),
  );
}

/** A stand-in search of `slices` slices that records each one. */
function slices(scheduler: EngineScheduler, priority: EnginePriority, count: number, log: string[], name: string, refusable = false, ahead = false) {
  return scheduler.run({ priority, refusable, ahead }, 1_000_000, async (pause) => {
    for (let slice = 0; slice < count; slice++) {
      if (slice > 0) await pause();
      log.push(name);
    }
    return name;
  });
}

const until = async (condition: () => boolean): Promise<void> => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
};

describe("interactive work goes first", () => {
  it("a person's search arriving behind three background searches waits for at most one background slice, and the background searches lose nothing", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    const trace: SliceGrant[] = [];
    scheduler.trace = trace;
    const [first, second, third, person] = ongoingPositions(classic, 10, 4, 3030);
    const background = [first, second, third].map((position) => evaluation(scheduler, "background", position));
    // The first background search is under way (two slices given) when the person asks.
    await until(() => trace.length >= 2);
    const arrival = trace.length;
    const interactive = evaluation(scheduler, "interactive", person);
    let interactiveDone = -1;
    void interactive.then(() => (interactiveDone = trace.length));
    const answers = await Promise.all(background);
    const asked = await interactive;

    const afterArrival = trace.slice(arrival, interactiveDone);
    const firstInteractive = afterArrival.findIndex((grant) => grant.priority === "interactive");
    // At most one background slice (the one that was due) before the person's first slice...
    expect(firstInteractive).toBeGreaterThanOrEqual(0);
    expect(firstInteractive).toBeLessThanOrEqual(1);
    // ...and after it, until the person's answer, only the one background slice in STARVATION_SLICES + 1 that keeps background work alive.
    const backgroundDuring = afterArrival.slice(firstInteractive).filter((grant) => grant.priority === "background").length;
    const interactiveSlices = afterArrival.filter((grant) => grant.priority === "interactive").length;
    expect(backgroundDuring).toBeLessThanOrEqual(Math.ceil(interactiveSlices / STARVATION_SLICES));
    for (let index = firstInteractive + STARVATION_SLICES; index < afterArrival.length; index++) {
      const window = afterArrival.slice(index - STARVATION_SLICES, index + 1);
      expect(window.filter((grant) => grant.priority === "background").length).toBeLessThanOrEqual(1);
    }
    // The person's answer came before the first background search (then under way) finished.
    expect(interactiveDone).toBeLessThan(trace.length);
    expect(interactiveDone).toBeLessThan(trace.findLastIndex((grant) => grant.priority === "background" && grant.search === 1) + 1);

    // Exact answers for everyone, and the background searches interrupted did exactly the work they do alone.
    expect(asked.moves).toEqual(evaluate(person, classic, { maxNodes: BUDGET, moves: true }).moves);
    for (const [index, position] of [first, second, third].entries()) {
      const answer = answers[index];
      expect(answer.moves).toEqual(evaluate(position, classic, { maxNodes: BUDGET, moves: true }).moves);
      const alone = await evaluation(new EngineScheduler({ queueLength: 4 }), "background", position);
      expect(answer.nodes).toBe(alone.nodes);
    }
  });

  it("searches of one class run one after another, first come first served", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    const log: string[] = [];
    await Promise.all([slices(scheduler, "interactive", 4, log, "a"), slices(scheduler, "interactive", 3, log, "b"), slices(scheduler, "background", 2, log, "z")]);
    expect(log).toEqual(["a", "a", "a", "a", "b", "b", "b", "z", "z"]);
  });
});

describe("background work is not starved", () => {
  it("under a steady interactive load, a background search gets one slice in every STARVATION_SLICES + 1", async () => {
    const scheduler = new EngineScheduler({ queueLength: 64 });
    const log: string[] = [];
    const background = slices(scheduler, "background", 5, log, "B");
    // Interactive searches queued back to back: the interactive line is never empty while they last.
    const people = Array.from({ length: 10 }, (_, index) => slices(scheduler, "interactive", 6, log, `p${index}`));
    await Promise.all([background, ...people]);
    const backgroundAt = log.flatMap((name, index) => (name === "B" ? [index] : []));
    expect(backgroundAt).toHaveLength(5);
    // The first background slice ran before any person arrived; each next one within STARVATION_SLICES interactive slices.
    for (let index = 1; index < backgroundAt.length; index++) {
      expect(backgroundAt[index] - backgroundAt[index - 1] - 1).toBeLessThanOrEqual(STARVATION_SLICES);
    }
    expect(backgroundAt[4]).toBeLessThan(log.length - 1);
  });
});

describe("three classes", () => {
  it("idle work (reviews) runs only when no person's or game's work waits", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    const log: string[] = [];
    const review = slices(scheduler, "idle", 3, log, "R");
    // A person, then games' searches back to back, arrive behind the review's first slice.
    const person = slices(scheduler, "interactive", 2, log, "P");
    const games = Array.from({ length: 4 }, (_, index) => slices(scheduler, "background", 6, log, `g${index}`));
    await Promise.all([review, ...games, person]);
    expect(log[0]).toBe("R");
    // The person first, then every game's slice, and the rest of the review only then.
    expect(log.slice(1, 3)).toEqual(["P", "P"]);
    expect(log.slice(-2)).toEqual(["R", "R"]);
    expect(log.slice(3, -2).every((name) => name.startsWith("g"))).toBe(true);
  });
});

describe("a search that comes ahead", () => {
  it("passes the searches of its class not yet started, behind the one in progress and earlier ones ahead; other idle work runs newest first", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    const log: string[] = [];
    const run = (name: string, ahead: boolean) => slices(scheduler, "idle", 2, log, name, false, ahead);
    // A backlog of tournament games' reviews, the first in progress; then two reviews of people's games,
    // and one more tournament game's.
    const backlog = ["t1", "t2", "t3"].map((name) => run(name, false));
    await until(() => log.length >= 1);
    const later = [run("p1", true), run("t4", false), run("p2", true)];
    await Promise.all([...backlog, ...later]);
    expect(log).toEqual(["t1", "t1", "p1", "p1", "p2", "p2", "t4", "t4", "t3", "t3", "t2", "t2"]);
  });
});

describe("idle work under a steady load", () => {
  it("gets one slice after IDLE_STARVATION_SLICES of games' work, so a ladder that never ends does not hold reviews back for ever", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    const log: string[] = [];
    const review = slices(scheduler, "idle", 3, log, "R");
    // Games' work that never lets up: more slices than the review would wait for.
    const games = Array.from({ length: 4 }, (_, index) => slices(scheduler, "background", 30, log, `g${index}`));
    await Promise.all([review, ...games]);
    const reviewAt = log.flatMap((name, index) => (name === "R" ? [index] : []));
    expect(reviewAt).toHaveLength(3);
    expect(reviewAt[0]).toBe(0);
    // Each next review slice within IDLE_STARVATION_SLICES of the games' slices, long before the games end.
    for (let index = 1; index < reviewAt.length; index++) expect(reviewAt[index] - reviewAt[index - 1] - 1).toBeLessThanOrEqual(IDLE_STARVATION_SLICES);
    expect(reviewAt[2]).toBeLessThan(log.length - 20);
  });
});

describe("what is refused", () => {
  it("refuses an API search beyond the interactive line's length with the expected wait; background and engine seats never", async () => {
    const scheduler = new EngineScheduler({ queueLength: 2, nodesPerSecond: 1_000_000 });
    const log: string[] = [];
    let release = () => {};
    const blocker = scheduler.run({ priority: "interactive", refusable: true }, 4_000_000, () => new Promise<string>((resolve) => (release = () => resolve("blocker"))));
    const waiting = [slices(scheduler, "interactive", 1, log, "request 1", true), slices(scheduler, "interactive", 1, log, "request 2", true)];
    // In progress 1 (4 million nodes) + 2 waiting (1 million each): a third is refused, told 6 s.
    const refused = slices(scheduler, "interactive", 1, log, "request 3", true);
    await expect(refused).rejects.toBeInstanceOf(EngineBusy);
    await refused.catch((error: EngineBusy) => expect(error.retryAfterS).toBe(6));
    // An engine seat (interactive, not refusable) and background work are taken however long the line.
    const seat = slices(scheduler, "interactive", 1, log, "seat");
    const backgrounds = Array.from({ length: 20 }, (_, index) => slices(scheduler, "background", 1, log, `background ${index}`));
    expect(scheduler.inLine("interactive")).toBe(4);
    expect(scheduler.inLine("background")).toBe(20);
    release();
    await Promise.all([blocker, ...waiting, seat, ...backgrounds]);
    expect(log.slice(0, 3)).toEqual(["request 1", "request 2", "seat"]);
    expect(log).toHaveLength(23);
  });
});
