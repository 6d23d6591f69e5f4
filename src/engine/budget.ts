/**
 * The node budget of a request, shared by the exact and the heuristic search: every node counts
 * one, and the node past the limit throws (one shared instance) so the search unwinds to the root.
 * A sliced request (slices.ts) also has a slice end: the hot check stays one comparison against
 * `nodeLimit` (the lower of the two), and only then is it decided which of the two was reached.
 */
let nodes = 0;
/** The request's own limit (the phase's share of its budget). */
let budgetLimit = 0;
/** Where the current slice ends; Infinity for an unsliced request. */
let sliceEnd = Number.POSITIVE_INFINITY;
/** min(budgetLimit, sliceEnd): the one number countNode compares with. */
let nodeLimit = 0;

/** Thrown when the node budget is spent; root.ts catches it and reloads the board. */
export class BudgetExhausted extends Error {}
const BUDGET_EXHAUSTED = new BudgetExhausted("node budget exhausted");

/** Thrown at the end of a slice; not caught by the search, it unwinds the whole request to slices.ts. */
export class SliceEnd extends Error {}
const SLICE_END = new SliceEnd("slice ended");

/**
 * Starts a request's budget. `resumeAt` continues a sliced request at the node count its last slice
 * reached; otherwise the count starts at 0.
 */
export function startBudget(maxNodes: number, resumeAt = 0): void {
  nodes = resumeAt;
  budgetLimit = Math.max(maxNodes, nodes);
  nodeLimit = Math.min(budgetLimit, sliceEnd);
}

/** Ends the next slice at node count `end` (Infinity: no slices, the default). */
export function setSliceEnd(end: number): void {
  sliceEnd = end;
  nodeLimit = Math.min(budgetLimit, sliceEnd);
}

function limitReached(): never {
  throw nodes >= budgetLimit ? BUDGET_EXHAUSTED : SLICE_END;
}

/** Counts one node, or throws BudgetExhausted when the budget is spent (SliceEnd when the slice is). */
export function countNode(): void {
  if (nodes >= nodeLimit) limitReached();
  nodes++;
}

export const nodesSearched = (): number => nodes;

/** Lowers or raises the budget mid-request (never below what is spent). */
export function setNodeLimit(limit: number): void {
  budgetLimit = Math.max(limit, nodes);
  nodeLimit = Math.min(budgetLimit, sliceEnd);
}
