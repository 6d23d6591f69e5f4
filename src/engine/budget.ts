/**
 * The node budget of a request, shared by the exact and the heuristic search: every node counts
 * one, and the node past the limit throws (one shared instance) so the search unwinds to the root.
 */
let nodes = 0;
let nodeLimit = 0;

/** Thrown when the node budget is spent; index.ts catches it and reloads the board. */
export class BudgetExhausted extends Error {}
const BUDGET_EXHAUSTED = new BudgetExhausted("node budget exhausted");

export function startBudget(maxNodes: number): void {
  nodes = 0;
  nodeLimit = maxNodes;
}

/** Counts one node, or throws BudgetExhausted when the budget is spent. */
export function countNode(): void {
  if (nodes >= nodeLimit) throw BUDGET_EXHAUSTED;
  nodes++;
}

export const nodesSearched = (): number => nodes;

/** Lowers or raises the budget mid-request (never below what is spent). */
export function setNodeLimit(limit: number): void {
  nodeLimit = Math.max(limit, nodes);
}
