/**
 * `npx node --experimental-strip-types bench/slices.ts`: what slicing costs (src/engine/slices.ts).
 * For fixed 12- and 13-empty positions, the nodes of an unsliced request and of the same request in
 * slices (each continuation runs the request again, finding its finished work in the table and the
 * root-move memo), and whether value and move agree. Node counts only: no time is measured.
 */
import Table from "cli-table3";
import { evaluate, suggestMove } from "../src/engine/index.ts";
import { evaluateSliced, suggestMoveSliced } from "../src/engine/sliced.ts";
import { makeRules, makeMoveText } from "../src/rules/index.ts";
import { benchPositions } from "./positions.ts";

const rules = makeRules();
const SLICES = [50_000, 20_000];
const MAX_NODES = 20_000_000;
const table = new Table({ head: ["empties", "request", "unsliced nodes", ...SLICES.map((size) => `slices of ${size.toLocaleString("en")}: nodes (+%) / slices`), "same answer"] });
for (const empties of [12, 13]) {
  for (const [index, position] of benchPositions(rules, empties, 3, 11 + empties).entries()) {
    for (const kind of ["evaluate", "suggest"] as const) {
      const plain = kind === "evaluate" ? evaluate(position, rules, { maxNodes: MAX_NODES }) : suggestMove(position, rules, { maxNodes: MAX_NODES, seed: 5 });
      const answerOf = (result: typeof plain) => ("move" in result ? `${result.value ?? "?"} ${makeMoveText(result.move)}` : `${result.value ?? "?"}`);
      const cells: string[] = [];
      let same = true;
      for (const sliceNodes of SLICES) {
        let slices = 1;
        const options = { sliceNodes, onSlice: () => slices++ };
        const sliced = kind === "evaluate" ? await evaluateSliced(position, rules, { maxNodes: MAX_NODES }, options) : await suggestMoveSliced(position, rules, { maxNodes: MAX_NODES, seed: 5 }, options);
        same &&= answerOf(sliced) === answerOf(plain);
        cells.push(`${sliced.nodes.toLocaleString("en")} (+${((100 * (sliced.nodes - plain.nodes)) / plain.nodes).toFixed(1)}%) / ${slices}`);
      }
      table.push([`${empties} #${index + 1}`, kind, plain.nodes.toLocaleString("en"), ...cells, same ? `yes (${answerOf(plain)})` : "NO"]);
    }
  }
}
console.log(table.toString());
