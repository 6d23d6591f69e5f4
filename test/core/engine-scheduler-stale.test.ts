/**
 * The engine scheduler moves on without a search that died: one that has run a slice and is not heard
 * from for 15 s (its request canceled, its timers never to fire) is dropped and the next one runs,
 * while a search that polls between its slices keeps its class however long it runs; a waiter that
 * stops polling is dropped from the line after 2 s. Fake timers: the test bounds time as the scheduler
 * sees it (Date.now and timers), not the machine's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EngineScheduler } from "../../src/engine/scheduler.ts";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const API = { priority: "interactive", refusable: true } as const;

describe("the engine scheduler and dead searches", () => {
  it("drops a search under way that is no longer heard from, and lets the next one run", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    void scheduler.run(API, 1_000_000, () => new Promise<never>(() => {}));
    let ran = false;
    const next = scheduler.run({ priority: "interactive" }, 1000, async () => {
      ran = true;
      return "done";
    });
    await vi.advanceTimersByTimeAsync(14_000);
    expect(ran).toBe(false);
    expect(scheduler.inLine("interactive")).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("done");
  });

  it("keeps its class for a search that polls between its slices, however long it runs", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    let finish = false;
    const long = scheduler.run(API, 1_000_000, async (pause) => {
      while (!finish) await pause();
      return "first";
    });
    let ran = false;
    const next = scheduler.run(API, 1000, async () => {
      ran = true;
      return "second";
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ran).toBe(false);
    finish = true;
    await vi.advanceTimersByTimeAsync(10);
    await expect(long).resolves.toBe("first");
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("second");
  });

  it("drops a waiter that stopped polling (its request canceled) instead of letting it block the line", async () => {
    const scheduler = new EngineScheduler({ queueLength: 4 });
    let release: () => void = () => {};
    const first = scheduler.run(API, 1000, () => new Promise<void>((resolve) => (release = resolve)));
    // A waiter whose request was canceled: in line, ahead of the next, and never polls again.
    const lines = (scheduler as unknown as { lines: Record<string, { priority: string; budget: number; refusable: boolean; seen: number; slices: number }[]> }).lines;
    lines.interactive.push({ priority: "interactive", budget: 1000, refusable: true, seen: Date.now(), slices: 0 });
    let ran = false;
    const next = scheduler.run(API, 1000, async () => {
      ran = true;
      return "next";
    });
    await vi.advanceTimersByTimeAsync(0);
    release();
    await first;
    // Within its grace the silent waiter keeps its place: the next one waits behind it.
    await vi.advanceTimersByTimeAsync(1_500);
    expect(ran).toBe(false);
    expect(scheduler.waiting).toBe(1);
    // Past it, the silent one is dropped and the next runs.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toBe(true);
    await expect(next).resolves.toBe("next");
    expect(scheduler.waiting).toBe(0);
  });
});
