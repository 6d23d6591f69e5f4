/**
 * Who leads a Swiss pairing (moves first in the pair's first game; the second game swaps the seats), as
 * the Dutch system allocates colours (FIDE C.04.3 E.1-E.5, A.7 for the preferences). Every pairing is a
 * game pair, so first moves are balanced in every round whatever is chosen here; the lead only decides
 * who starts the pair. A player's history is its leads, one per pairing played, in order.
 */

/** A lead preference: which role a player wants in the first game of its next pair, and how much (E, A.7). */
function preference(leads: readonly boolean[]): { wants: boolean | null; strength: number } {
  if (leads.length === 0) return { wants: null, strength: 0 };
  const balance = leads.reduce((sum, lead) => sum + (lead ? 1 : -1), 0);
  const last = leads[leads.length - 1];
  const twice = leads.length >= 2 && leads[leads.length - 2] === last;
  // Absolute: a difference beyond 1, or the same twice in a row; strong: a difference of 1; mild: alternate.
  if (balance > 1 || balance < -1 || twice) return { wants: balance === 0 ? !last : balance < 0, strength: 3 };
  if (balance !== 0) return { wants: balance < 0, strength: 2 };
  return { wants: !last, strength: 1 };
}

/** E.1-E.5: whether the higher-ranked player leads the pair; `fallback` when neither has a preference (round 1's alternation by board). */
export function allocateLead(higher: readonly boolean[], lower: readonly boolean[], fallback: boolean): boolean {
  const a = preference(higher);
  const b = preference(lower);
  if (a.wants === null && b.wants === null) return fallback;
  if (a.wants === null) return !(b.wants as boolean);
  if (b.wants === null || a.wants !== b.wants) return a.wants;
  if (a.strength !== b.strength) return a.strength > b.strength ? a.wants : !b.wants;
  // E.4: the last round in which they had different leads decides (alternate from it).
  for (let back = 1; back <= Math.min(higher.length, lower.length); back++) {
    const x = higher[higher.length - back];
    const y = lower[lower.length - back];
    if (x !== y) return !x;
  }
  // E.5: the higher-ranked player has its way.
  return a.wants;
}

/** B.2: the lead a player must take in its next pair (an absolute preference), or null when it may take either. */
export function mustLead(leads: readonly boolean[]): boolean | null {
  const wish = preference(leads);
  return wish.strength === 3 ? (wish.wants as boolean) : null;
}
