/**
 * Searches that yield: a synchronous search cannot be suspended, so a long request runs in slices of
 * nodes. At a slice's end the search throws SliceEnd (budget.ts); the driver awaits a pause (its turn
 * for the next slice, scheduler.ts) and runs the whole request again as a *continuation*: same node
 * count, same move history, same table generation in its own table bank, so the exact work done is
 * found in the table, and root.ts remembers every finished root-move score.
 */
import { nodesSearched, setSliceEnd, SliceEnd } from "./budget.ts";
import { type Resume, resumePoint, useTableBank } from "./search.ts";
import type { TableBank } from "./table.ts";

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
  /** The table bank the slices search in (table.ts): 1 for background work; 0 by default. */
  bank?: TableBank;
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
  const bank = options.bank ?? 0;
  const continuation: Continuation = { resume: undefined, scores: new Map(), marks: new Map(), current: null, abandoned: null };
  let slice = base;
  for (;;) {
    const start = continuation.resume?.nodes ?? 0;
    const finished = continuation.scores.size;
    active = continuation;
    setSliceEnd(start + slice);
    useTableBank(bank);
    try {
      return run();
    } catch (error) {
      if (!(error instanceof SliceEnd)) throw error;
      continuation.resume = resumePoint(nodesSearched());
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
      useTableBank(0);
    }
    options.onSlice?.(continuation.resume?.nodes ?? 0);
    await pause();
  }
}
