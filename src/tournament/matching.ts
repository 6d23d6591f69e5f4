/**
 * A maximum matching in a general graph: Edmonds' blossom algorithm, O(V^3). The Swiss pairing (dutch.ts)
 * asks it whether a set of players can all be paired, and pairs a whole round with it when its bounded
 * search gives up. Pure, no allocation beyond its typed arrays.
 */

/**
 * A maximum matching of `vertices` under `compatible` (Edmonds' blossom algorithm, O(V^3)), started
 * from a greedy matching in the given order. Answers, per position, the position of its mate or -1.
 */
export function maximumMatching(vertices: readonly number[], compatible: (a: number, b: number) => boolean): Int32Array {
  const n = vertices.length;
  const mate = new Int32Array(n).fill(-1);
  const adjacent = (i: number, j: number) => i !== j && compatible(vertices[i], vertices[j]);
  for (let i = 0; i < n; i++) {
    if (mate[i] >= 0) continue;
    for (let j = i + 1; j < n; j++) {
      if (mate[j] < 0 && adjacent(i, j)) {
        mate[i] = j;
        mate[j] = i;
        break;
      }
    }
  }
  const parent = new Int32Array(n);
  const base = new Int32Array(n);
  const inQueue = new Uint8Array(n);
  const inBlossom = new Uint8Array(n);
  const queue = new Int32Array(n);
  const lca = (a0: number, b0: number): number => {
    const seen = new Uint8Array(n);
    let a = a0;
    for (;;) {
      a = base[a];
      seen[a] = 1;
      if (mate[a] < 0) break;
      a = parent[mate[a]];
    }
    let b = b0;
    for (;;) {
      b = base[b];
      if (seen[b]) return b;
      b = parent[mate[b]];
    }
  };
  const markPath = (v0: number, b: number, child0: number) => {
    let v = v0;
    let child = child0;
    while (base[v] !== b) {
      inBlossom[base[v]] = 1;
      inBlossom[base[mate[v]]] = 1;
      parent[v] = child;
      child = mate[v];
      v = parent[mate[v]];
    }
  };
  const findPath = (root: number): number => {
    parent.fill(-1);
    inQueue.fill(0);
    for (let i = 0; i < n; i++) base[i] = i;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    inQueue[root] = 1;
    while (head < tail) {
      const v = queue[head++];
      for (let to = 0; to < n; to++) {
        if (base[v] === base[to] || mate[v] === to || !adjacent(v, to)) continue;
        if (to === root || (mate[to] >= 0 && parent[mate[to]] >= 0)) {
          const current = lca(v, to);
          inBlossom.fill(0);
          markPath(v, current, to);
          markPath(to, current, v);
          for (let i = 0; i < n; i++) {
            if (inBlossom[base[i]]) {
              base[i] = current;
              if (!inQueue[i]) {
                inQueue[i] = 1;
                queue[tail++] = i;
              }
            }
          }
        } else if (parent[to] < 0) {
          parent[to] = v;
          if (mate[to] < 0) return to;
          inQueue[mate[to]] = 1;
          queue[tail++] = mate[to];
        }
      }
    }
    return -1;
  };
  for (let root = 0; root < n; root++) {
    if (mate[root] >= 0) continue;
    let end = findPath(root);
    while (end >= 0) {
      const previous = parent[end];
      const next = mate[previous];
      mate[end] = previous;
      mate[previous] = end;
      end = next;
    }
  }
  return mate;
}
