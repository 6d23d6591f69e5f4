/**
 * Searches that yield: a synchronous search cannot be suspended, so a long request runs in slices of
 * nodes. At a slice's end the search throws SliceEnd (budget.ts); the driver awaits a pause (a timer,
 * so the thread serves other requests) and runs the whole request again as a *continuation*: same node
 * count, same move history, same table generation, so the exact work done is found in the table, and
 * index.ts remembers every finished root-move score. One search owns the table at a time: the
 * EngineQueue lets one run and the others wait their turn, games (engine seats, built-in bots) ahead
 * of API requests, and refuses an API request when its lane is full (EngineBusy, with the expected wait).
 */
import { nodesSearched, setSliceEnd, SliceEnd } from "./budget.ts";

/** What index.ts keeps across the continuations of one sliced request. */
export interface Continuation {
  /** The node count the last slice reached; undefined on the first run. */
  resumeAt: number | undefined;
  /** Finished root-move scores, by root position, move, window and heuristic depth. */
  readonly scores: Map<string, number>;
  /** Values derived from the node count (a phase's limit), fixed the first time they are computed. */
  readonly marks: Map<string, number>;
  /** True while a root move's heuristic search runs (it writes nothing to the table). */
  heuristic: boolean;
}

let active: Continuation | null = null;

/** The continuation of the sliced request now running, or null (an ordinary synchronous request). */
export const activeContinuation = (): Continuation | null => active;

export interface SliceOptions {
  /** Nodes per slice; at least 1. */
  sliceNodes: number;
  /** What to await between slices; default setTimeout(0), which Node and workerd both have. */
  pause?: () => Promise<void>;
  /** Called after each slice (tests count them). */
  onSlice?: (nodes: number) => void;
}

export const DEFAULT_SLICE_NODES = 50_000;
/** A heuristic root move that cannot finish in a slice gets doubled slices, at most this many times the base. */
const MAX_SLICE_GROWTH = 64;

const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs a synchronous engine request (`run`, which calls startRequest) in slices, yielding between
 * them. Its result is the one run that completed. A heuristic root search that a slice cannot hold
 * (it stores nothing to resume from) gets its slice doubled until it finishes, then the base again.
 */
export async function runSliced<T>(run: () => T, options: SliceOptions): Promise<T> {
  const base = Math.max(1, Math.floor(options.sliceNodes));
  const pause = options.pause ?? nextTick;
  const continuation: Continuation = { resumeAt: undefined, scores: new Map(), marks: new Map(), heuristic: false };
  let slice = base;
  for (;;) {
    const start = continuation.resumeAt ?? 0;
    const finished = continuation.scores.size;
    active = continuation;
    setSliceEnd(start + slice);
    try {
      return run();
    } catch (error) {
      if (!(error instanceof SliceEnd)) throw error;
      continuation.resumeAt = nodesSearched();
      const stuck = continuation.heuristic && continuation.scores.size === finished;
      slice = stuck ? Math.min(slice * 2, base * MAX_SLICE_GROWTH) : base;
    } finally {
      active = null;
      continuation.heuristic = false;
      setSliceEnd(Number.POSITIVE_INFINITY);
    }
    options.onSlice?.(continuation.resumeAt);
    await pause();
  }
}

// ---- the queue ----

/** Games (engine seats, built-in bots) go before API requests and are never refused. */
export type SearchLane = "game" | "request";

/** Thrown by EngineQueue when an API request finds its lane full. */
export class EngineBusy extends Error {
  readonly retryAfterS: number;
  constructor(retryAfterS: number, waiting: number) {
    super(`the engine is busy: ${waiting} searches are waiting; retry in ${retryAfterS} s`);
    this.retryAfterS = retryAfterS;
  }
}

export interface QueueOptions {
  /** API requests that may wait (besides the running search); one more is refused. */
  queueLength: number;
  /** Nodes a second assumed for the expected wait (Retry-After). */
  nodesPerSecond?: number;
}

/** A conservative rate for Retry-After: below the exact search's 4-6 million nodes a second on one core. */
export const ASSUMED_NODES_PER_SECOND = 2_000_000;
export const DEFAULT_QUEUE_LENGTH = 16;

interface Waiter {
  budget: number;
  start: () => void;
}

/**
 * A FIFO mutex over the engine (one search at a time: it owns the table) with two lanes and a bounded
 * request lane. `run` waits its turn, then runs the task and lets the next one in.
 */
export class EngineQueue {
  private running: { budget: number } | null = null;
  private readonly lanes: Record<SearchLane, Waiter[]> = { game: [], request: [] };
  queueLength: number;
  nodesPerSecond: number;

  constructor(options: QueueOptions = { queueLength: DEFAULT_QUEUE_LENGTH }) {
    this.queueLength = options.queueLength;
    this.nodesPerSecond = options.nodesPerSecond ?? ASSUMED_NODES_PER_SECOND;
  }

  /** Searches waiting (not counting the running one). */
  get waiting(): number {
    return this.lanes.game.length + this.lanes.request.length;
  }

  get busy(): boolean {
    return this.running !== null;
  }

  /** Seconds an API request arriving now would expect to wait: every budget ahead of it at the assumed rate. */
  expectedWaitS(): number {
    let nodes = this.running ? this.running.budget : 0;
    for (const waiter of [...this.lanes.game, ...this.lanes.request]) nodes += waiter.budget;
    return Math.max(1, Math.ceil(nodes / this.nodesPerSecond));
  }

  /** Runs `task` when its turn comes; a request beyond the queue's length throws EngineBusy at once. */
  async run<T>(lane: SearchLane, budget: number, task: () => Promise<T>): Promise<T> {
    if (this.running !== null || this.waiting > 0) {
      if (lane === "request" && this.lanes.request.length >= this.queueLength) throw new EngineBusy(this.expectedWaitS(), this.waiting);
      await new Promise<void>((resolve) => this.lanes[lane].push({ budget, start: resolve }));
    }
    this.running = { budget };
    try {
      return await task();
    } finally {
      this.running = null;
      const next = this.lanes.game.shift() ?? this.lanes.request.shift();
      if (next) {
        this.running = { budget: next.budget };
        next.start();
      }
    }
  }
}
