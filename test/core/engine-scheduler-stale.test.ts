/**
 * The engine queue moves on without a search that died: a running search not heard from for 15 s (its
 * request canceled, its timers never to fire) is dropped and the next one runs, while a search that
 * shows it is alive at each slice (heartbeat) keeps the engine however long it runs; a waiter that stops
 * polling is dropped from the line after 2 s. Fake timers: the
 * test bounds time as the queue sees it (Date.now and timers), not the machine's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EngineQueue } from "../../src/engine/slices.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the engine queue and dead searches", () => {
  it("drops a running search that is no longer heard from, and lets the next one run", async () => {
    const queue = new EngineQueue({ queueLength: 4 });
    void queue.run("request", 1_000_000, () => new Promise<never>(() => {}));
    let ran = false;
    const next = queue.run("game", 1000, async () => {
      ran = true;
      return "done";
    });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(ran).toBe(false);
    expect(queue.busy).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("done");
  });

  it("keeps the engine for a search that beats at each slice, however long it runs", async () => {
    const queue = new EngineQueue({ queueLength: 4 });
    let finish: (value: string) => void = () => {};
    const long = queue.run("request", 1_000_000, () => new Promise<string>((resolve) => (finish = resolve)));
    let ran = false;
    const next = queue.run("request", 1000, async () => {
      ran = true;
      return "second";
    });
    for (let second = 0; second < 60; second++) {
      queue.heartbeat();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(ran).toBe(false);
    finish("first");
    await expect(long).resolves.toBe("first");
    await vi.advanceTimersByTimeAsync(1000);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("second");
  });

  it("drops a waiter that stopped polling (its request canceled) instead of letting it block the line", async () => {
    const queue = new EngineQueue({ queueLength: 4 });
    let release: () => void = () => {};
    const first = queue.run("request", 1000, () => new Promise<void>((resolve) => (release = resolve)));
    // A waiter whose request was canceled: in line, ahead of the next, and never polls again.
    const lanes = (queue as unknown as { lanes: Record<string, { lane: string; budget: number; seen: number }[]> }).lanes;
    lanes.request.push({ lane: "request", budget: 1000, seen: Date.now() });
    let ran = false;
    const next = queue.run("request", 1000, async () => {
      ran = true;
      return "next";
    });
    release();
    await first;
    // Within its grace the silent waiter keeps its place: the next one waits behind it.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(ran).toBe(false);
    expect(queue.waiting).toBe(2);
    // Past it, the silent one is dropped and the next runs.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("next");
    expect(queue.waiting).toBe(0);
  });
});
