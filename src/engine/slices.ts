/**
 * Searches that yield: a synchronous search cannot be suspended, so a long request runs in slices of
 * nodes. At a slice's end the search throws SliceEnd (budget.ts); the driver awaits a pause (a timer,
 * so the thread serves other requests) and runs the whole request again as a *continuation*: same node
 * count, same move history, same table generation, so the exact work done is found in the table, and
 * root.ts remembers every finished root-move score. The isolate's EngineQueue lets one search own the
 * table at a time.
 */
import { nodesSearched, setSliceEnd, SliceEnd } from "./budget.ts";
import { type Resume, tableStarted } from "./search.ts";

/** What root.ts keeps across the continuations of one sliced request. */
interface Continuation {
  /** Where the last slice ended; undefined on the first run. */
  resume: Resume | undefined;
  /** Finished root-move scores, by root position, move, window and heuristic depth; and the scores of a heuristic root move's children, under its key (heuristic.ts). */
  readonly scores: Map<string, number>;
  /** Values derived from the node count (a phase's limit), fixed the first time they are computed. */
  readonly marks: Map<string, number>;
  /** The root call in progress (its memo key) and whether it is a heuristic search (which stores nothing). */
  current: { key: string; heuristic: boolean } | null;
  /**
   * A heuristic root call that made no progress in the largest slice (not even one of its memoized
   * children, see heuristic.ts): root.ts treats it as out of budget (the search keeps its last
   * completed depth) rather than start it over again and again.
   */
  abandoned: string | null;
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

/** 20,000 nodes: 4 to 5 ms of exact search, ~17 ms of heuristic search on the reference machine's core. */
export const DEFAULT_SLICE_NODES = 20_000;
/**
 * A heuristic root move that makes no progress in a slice (finishes none of its children) gets doubled
 * slices, up to this many times the base (the heuristic search is about four times slower a node than
 * the exact one); past that it is abandoned, and the heuristic search answers from its last completed depth.
 */
const MAX_SLICE_GROWTH = 2;

const nextTick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs a synchronous engine request (`run`, which calls startRequest) in slices, yielding between
 * them. Its result is the one run that completed. A heuristic root search that makes no progress in a
 * slice (it resumes only from its memoized children) gets its slice doubled, up to MAX_SLICE_GROWTH;
 * past that it is abandoned (see Continuation.abandoned).
 */
export async function runSliced<T>(run: () => T, options: SliceOptions): Promise<T> {
  const base = Math.max(1, Math.floor(options.sliceNodes));
  const pause = options.pause ?? nextTick;
  const continuation: Continuation = { resume: undefined, scores: new Map(), marks: new Map(), current: null, abandoned: null };
  let slice = base;
  for (;;) {
    const start = continuation.resume?.nodes ?? 0;
    const finished = continuation.scores.size;
    active = continuation;
    setSliceEnd(start + slice);
    try {
      return run();
    } catch (error) {
      if (!(error instanceof SliceEnd)) throw error;
      continuation.resume = { nodes: nodesSearched(), tableReady: tableStarted() };
      const stuck = continuation.current?.heuristic === true && continuation.scores.size === finished;
      if (!stuck) slice = base;
      else if (slice < base * MAX_SLICE_GROWTH) slice *= 2;
      else {
        continuation.abandoned = continuation.current?.key ?? null;
        slice = base;
      }
    } finally {
      active = null;
      continuation.current = null;
      setSliceEnd(Number.POSITIVE_INFINITY);
    }
    options.onSlice?.(continuation.resume?.nodes ?? 0);
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

interface QueueOptions {
  /** API requests that may wait (besides the running search); one more is refused. */
  queueLength: number;
  /** Nodes a second assumed for the expected wait (Retry-After). */
  nodesPerSecond?: number;
}

/** A conservative rate for Retry-After: below the exact search's 4-6 million nodes a second on one core. */
const ASSUMED_NODES_PER_SECOND = 2_000_000;
export const DEFAULT_QUEUE_LENGTH = 16;

const NEXT_POLL_MS = 2;
const QUEUED_POLL_MS = 25;
/**
 * A search not heard from for this long is taken for dead (its request was canceled, e.g. the
 * client went away, and its timers will never fire): the queue moves on without it. A waiter polls
 * at least every QUEUED_POLL_MS; a running search is heard from at each slice.
 */
const STALE_RUNNING_MS = 15_000;
const STALE_WAITER_MS = 2_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Entry {
  lane: SearchLane;
  budget: number;
  /** Date.now() when it last showed it is alive (a waiter's poll, a running search's slice). */
  seen: number;
}

/**
 * A FIFO mutex over the engine (one search at a time: it owns the table) with two lanes, games (engine
 * seats, built-in bots) ahead of API requests, and a bounded request lane (EngineBusy, with the expected
 * wait, when it is full). `run` waits its turn, then runs the task and lets the next one in. Waiters
 * poll with timers of their own rather than wait on a promise that another request resolves: workerd
 * cancels a request that waits on nothing of its own, taking it for hung.
 */
export class EngineQueue {
  private running: Entry | null = null;
  private readonly lanes: Record<SearchLane, Entry[]> = { game: [], request: [] };
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

  /** The running search shows it is alive (runSliced's slices call it through onSlice). */
  heartbeat(): void {
    if (this.running) this.running.seen = Date.now();
  }

  /** Runs `task` when its turn comes; a request beyond the queue's length throws EngineBusy at once. */
  async run<T>(lane: SearchLane, budget: number, task: () => Promise<T>): Promise<T> {
    const entry: Entry = { lane, budget, seen: Date.now() };
    if (this.running !== null || this.waiting > 0) {
      if (lane === "request" && this.lanes.request.length >= this.queueLength) throw new EngineBusy(this.expectedWaitS(), this.waiting);
      this.lanes[lane].push(entry);
      while (!this.take(entry)) await sleep(this.next() === entry ? NEXT_POLL_MS : QUEUED_POLL_MS);
    } else {
      this.running = entry;
    }
    try {
      return await task();
    } finally {
      if (this.running === entry) this.running = null;
    }
  }

  private next(): Entry | undefined {
    return this.lanes.game[0] ?? this.lanes.request[0];
  }

  /** A waiter's poll: true when it is let in (the engine is free and it is next in line). */
  private take(entry: Entry): boolean {
    const now = Date.now();
    entry.seen = now;
    // Dropped as stale while the thread was held up longer than STALE_WAITER_MS: back to the front.
    if (!this.lanes[entry.lane].includes(entry)) this.lanes[entry.lane].unshift(entry);
    if (this.running !== null && now - this.running.seen > STALE_RUNNING_MS) this.running = null;
    if (this.running !== null) return false;
    for (const lane of [this.lanes.game, this.lanes.request]) while (lane.length > 0 && now - (lane[0] as Entry).seen > STALE_WAITER_MS) lane.shift();
    if (this.next() !== entry) return false;
    (this.lanes.game[0] === entry ? this.lanes.game : this.lanes.request).shift();
    this.running = entry;
    return true;
  }
}

// ---- the isolate's engine ----

/** This isolate's queue and slice size: the Worker sets them from its vars (configureTurns). */
export const turns = { queue: new EngineQueue(), sliceNodes: DEFAULT_SLICE_NODES };

/** Sets the slice size and the request lane's length (positive integers; others are ignored). */
export function configureTurns(settings: { sliceNodes?: number; queueLength?: number }): void {
  const valid = (value: number | undefined): value is number => value !== undefined && Number.isSafeInteger(value) && value > 0;
  if (valid(settings.sliceNodes)) turns.sliceNodes = settings.sliceNodes;
  if (valid(settings.queueLength)) turns.queue.queueLength = settings.queueLength;
}
