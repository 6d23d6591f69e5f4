/**
 * The isolate's engine scheduler: which search runs the next slice (slices.ts). Engine work has a
 * priority class, highest first. *Interactive* work is what a person waits for (the API's searches, the
 * analysis page, an engine seat facing a person, a built-in bot answering someone else's timed call);
 * *background* work is what nobody waits for but a game does (built-in bots in the service's
 * tournaments and on the ladder); *idle* work waits for nobody (the reviews of finished games), so that
 * a tournament's reviews never slow the tournament's own games.
 *
 * - Slices, not searches, are scheduled: at each slice boundary the next slice goes to the highest
 *   class that has work waiting, so a person's search waits at most for the one slice in progress (a
 *   few milliseconds), never for a tournament's search to finish.
 * - Within a class, searches run one after another, first come first served, but for those that come
 *   `ahead` (the review of a person's game): they pass the searches not yet started. Idle work that
 *   is not ahead runs newest first: the reviews of the games that just ended (whose pages someone may
 *   be watching) before a backlog of older ones. Interactive work has a
 *   table bank of its own (table.ts), so a background search that it interrupts finds its table as it
 *   left it and loses no work (its history and node count come back with its continuation, slices.ts).
 *   Idle work shares the background bank: a review's search interrupted by a bot's starts its table
 *   afresh (a review's searches are small: most fit in one slice).
 * - No starvation of games: background work that has waited while STARVATION_SLICES slices went to
 *   people gets the next one; under a steady interactive load it still gets about one slice in
 *   STARVATION_SLICES + 1. Idle work runs when no other work waits, and under a steady load gets one
 *   slice in IDLE_STARVATION_SLICES + 1 (about 3% of the engine): reviews barely slow a tournament, and
 *   a ladder whose anchors play all the time does not hold them back for ever.
 * - A waiting search polls with timers of its own rather than wait on a promise that another request
 *   resolves: workerd cancels a request that waits on nothing of its own, taking it for hung. A search
 *   not heard from (its request canceled, its timers never to fire) is dropped from the line.
 */
import { DEFAULT_SLICE_NODES } from "./slices.ts";

/** A class of engine work: what a person waits for, what a game waits for, or what nobody waits for. */
export type EnginePriority = "interactive" | "background" | "idle";
/** The classes, highest priority first. */
const ENGINE_PRIORITIES: readonly EnginePriority[] = ["interactive", "background", "idle"];

/** Thrown when a refusable (API) search finds the interactive line full. */
export class EngineBusy extends Error {
  readonly retryAfterS: number;
  constructor(retryAfterS: number, waiting: number) {
    super(`the engine is busy: ${waiting} searches are waiting; retry in ${retryAfterS} s`);
    this.retryAfterS = retryAfterS;
  }
}

export interface SchedulerOptions {
  /** Refusable searches that may wait in the interactive line (besides the one in progress); one more is refused. */
  queueLength: number;
  /** Nodes a second assumed for the expected wait (Retry-After). */
  nodesPerSecond?: number;
}

/** How a search enters the scheduler. */
export interface WorkOptions {
  priority: EnginePriority;
  /** An API request: refused with EngineBusy when the interactive line is full. Engine seats and background work never are. */
  refusable?: boolean;
  /**
   * Ahead of the searches of its class that have not started (behind those that have, and behind
   * earlier ones ahead): a review of a person's game, which someone may be waiting to read, before a
   * backlog of tournament games' reviews that nobody is (idle work not ahead runs newest first).
   */
  ahead?: boolean;
}

/** A conservative rate for Retry-After: below the exact search's 4-6 million nodes a second on one core. */
const ASSUMED_NODES_PER_SECOND = 2_000_000;
export const DEFAULT_QUEUE_LENGTH = 16;
/** Slices given to people while background work waits, before it gets one. */
export const STARVATION_SLICES = 8;
/**
 * Slices given to people and games while idle work waits, before it gets one: a ladder that never
 * ends (its anchors play all the time) must not hold the reviews of finished games back for ever.
 */
export const IDLE_STARVATION_SLICES = 32;

/**
 * The two searches at the front of each class poll this often; the next ones less often, and those far
 * back (a backlog of reviews waiting as idle work) rarely, so that a long line costs few timers.
 */
const FRONT_POLL_MS = 2;
const QUEUED_POLL_MS = 25;
const FAR_POLL_MS = 250;
/** Searches from the front of a class that poll at QUEUED_POLL_MS; behind them, FAR_POLL_MS. */
const NEAR_LINE = 16;
/**
 * A search not heard from for this long is taken for dead and dropped: a search that has run a slice
 * polls between its slices, a waiter at least every QUEUED_POLL_MS. One that was dropped while the
 * thread was held up elsewhere goes back to the front of its class at its next poll.
 */
const STALE_STARTED_MS = 15_000;
const STALE_WAITER_MS = 2_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Search {
  readonly priority: EnginePriority;
  readonly budget: number;
  readonly refusable: boolean;
  readonly ahead: boolean;
  /** Date.now() when it last showed it is alive (a poll, a slice). */
  seen: number;
  /** Slices it was given. */
  slices: number;
}

/** One event of the scheduler's trace (tests read it: the order of work, not its time). */
export interface SliceGrant {
  priority: EnginePriority;
  /** Which search of its class, counted from 1 in order of arrival. */
  search: number;
}

export class EngineScheduler {
  private readonly lines: Record<EnginePriority, Search[]> = { interactive: [], background: [], idle: [] };
  /** Per class: slices given to higher classes since it last had one, while it had work waiting. */
  private readonly passedOver: Record<EnginePriority, number> = { interactive: 0, background: 0, idle: 0 };
  private readonly numbers = new Map<Search, number>();
  private arrivals = 0;
  queueLength: number;
  nodesPerSecond: number;
  /** When set, every slice given is appended (tests). */
  trace: SliceGrant[] | null = null;

  constructor(options: SchedulerOptions = { queueLength: DEFAULT_QUEUE_LENGTH }) {
    this.queueLength = options.queueLength;
    this.nodesPerSecond = options.nodesPerSecond ?? ASSUMED_NODES_PER_SECOND;
  }

  /** Searches of `priority` in line, the one in progress included. */
  inLine(priority: EnginePriority): number {
    return this.lines[priority].length;
  }

  /** Searches waiting, in both classes, not counting the one in progress in each. */
  get waiting(): number {
    return ENGINE_PRIORITIES.reduce((sum, priority) => sum + Math.max(0, this.lines[priority].length - 1), 0);
  }

  /** Seconds an API search arriving now would expect to wait: every interactive budget ahead of it. */
  expectedWaitS(): number {
    const nodes = this.lines.interactive.reduce((sum, search) => sum + search.budget, 0);
    return Math.max(1, Math.ceil(nodes / this.nodesPerSecond));
  }

  /**
   * Runs `task` as one search of `options.priority`: `task` gets `pause`, which it awaits between its
   * slices (runSliced's pause) and which resolves when its next slice may run. The first slice waits its
   * turn before `task` starts. A refusable search beyond the interactive line's length throws EngineBusy.
   */
  async run<T>(options: WorkOptions, budget: number, task: (pause: () => Promise<void>) => Promise<T>): Promise<T> {
    const search: Search = { priority: options.priority, budget, refusable: options.refusable === true, ahead: options.ahead === true, seen: Date.now(), slices: 0 };
    const line = this.lines[search.priority];
    if (search.refusable && line.filter((other) => other.refusable).length > this.queueLength) {
      throw new EngineBusy(this.expectedWaitS(), line.length);
    }
    // Ahead: past the searches not started that are not ahead. Idle work is otherwise newest first (a
    // review nobody asked for of the game that just ended, before a backlog of older ones).
    const behind = search.ahead || search.priority === "idle" ? line.findIndex((other) => !other.ahead && other.slices === 0) : -1;
    if (behind >= 0) line.splice(behind, 0, search);
    else line.push(search);
    this.numbers.set(search, ++this.arrivals);
    try {
      await this.turn(search);
      return await task(async () => {
        await sleep(0);
        await this.turn(search);
      });
    } finally {
      this.leave(search);
    }
  }

  private leave(search: Search): void {
    const line = this.lines[search.priority];
    const index = line.indexOf(search);
    if (index >= 0) line.splice(index, 1);
    this.numbers.delete(search);
    if (line.length === 0) this.passedOver[search.priority] = 0;
  }

  /** Resolves when `search` may run its next slice, and counts that slice as given. */
  private async turn(search: Search): Promise<void> {
    for (;;) {
      if (this.mayRun(search)) {
        this.give(search);
        return;
      }
      const place = this.lines[search.priority].indexOf(search);
      await sleep(place <= 1 ? FRONT_POLL_MS : place < NEAR_LINE ? QUEUED_POLL_MS : FAR_POLL_MS);
    }
  }

  private give(search: Search): void {
    search.slices++;
    this.passedOver[search.priority] = 0;
    for (const lower of ENGINE_PRIORITIES.slice(ENGINE_PRIORITIES.indexOf(search.priority) + 1)) if (this.lines[lower].length > 0) this.passedOver[lower]++;
    if (this.trace) this.trace.push({ priority: search.priority, search: this.numbers.get(search) ?? 0 });
  }

  /** A poll: whether `search` is at the front of its class and its class has the next slice. */
  private mayRun(search: Search): boolean {
    const now = Date.now();
    search.seen = now;
    const line = this.lines[search.priority];
    if (!line.includes(search)) line.unshift(search);
    this.dropStale(now);
    if (line[0] !== search) return false;
    return this.classToRun() === search.priority;
  }

  /**
   * The class the next slice goes to: background work passed over for STARVATION_SLICES slices, or idle
   * work passed over for IDLE_STARVATION_SLICES, else the highest with work.
   */
  private classToRun(): EnginePriority | null {
    const waiting = ENGINE_PRIORITIES.filter((priority) => this.lines[priority].length > 0);
    const owed = waiting.find((priority) => this.passedOver[priority] >= (priority === "idle" ? IDLE_STARVATION_SLICES : STARVATION_SLICES));
    return owed ?? waiting[0] ?? null;
  }

  /** Drops, from the front of each class, searches not heard from in time. */
  private dropStale(now: number): void {
    for (const priority of ENGINE_PRIORITIES) {
      const line = this.lines[priority];
      for (;;) {
        const front = line[0];
        if (front === undefined || now - front.seen <= (front.slices > 0 ? STALE_STARTED_MS : STALE_WAITER_MS)) break;
        line.shift();
      }
    }
  }
}

// ---- the isolate's engine ----

/** This isolate's scheduler and slice size: the Worker sets them from its vars (configureTurns). */
export const turns = { scheduler: new EngineScheduler(), sliceNodes: DEFAULT_SLICE_NODES };

/** Sets the slice size and the interactive line's length (positive integers; others are ignored). */
export function configureTurns(settings: { sliceNodes?: number; queueLength?: number }): void {
  const valid = (value: number | undefined): value is number => value !== undefined && Number.isSafeInteger(value) && value > 0;
  if (valid(settings.sliceNodes)) turns.sliceNodes = settings.sliceNodes;
  if (valid(settings.queueLength)) turns.scheduler.queueLength = settings.queueLength;
}
