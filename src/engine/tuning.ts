/**
 * The search's switches, at their tuned defaults; the benchmark's ablation flips them (tuneSearch in
 * search.ts). Read in the hot loop, so plain module state rather than options passed down.
 */
export const tuning = {
  /** Positions with fewer empty cells than this are cheaper to search again than to look up. */
  tableMinEmpties: 8,
  /** Keys use the 32 (or 8) board symmetries as well as piece relabelling. */
  fullCanonical: true,
  /** From this many empty cells up, gives that leave the opponent fewest safe replies go first. */
  orderMinEmpties: 7,
  /** From this many empty cells up, placements that kill fewer live shapes go first among equals. */
  killOrderMinEmpties: 7,
};
