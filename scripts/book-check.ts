/**
 * The second route for a book's values: re-solves entries of chosen tiers with the
 * live solver, no book installed, optionally with the search's switches changed (another move order, no
 * transposition table, keys without board symmetries: tuneSearch), and compares value and distance.
 *
 *   node --experimental-strip-types scripts/book-check.ts --book attributes-1-11 [--tier 15 --tier 11]
 *        [--sample N] [--seed S] [--nodes B] [--tuning '{"tableMinEmpties":17}']
 *
 * Without --tier: the deepest tier and, when the book reaches it, tier 15 (the positions after the
 * first placement, whose minimax is the start's value). Without --sample: every entry of the tier.
 * Prints one line per tier (agreements, CPU) and exits 1 on any disagreement or unsolved entry.
 *
 *   node --experimental-strip-types scripts/book-check.ts --book classic-12 --against classic-13
 *
 * compares, with no search, every entry of the tiers two books of one variant share (value and
 * distance): a deeper book's tiers above its deepest are derived by minimax from it, the shallower
 * book's deepest tier was solved by search, so their agreement checks the whole new tier through them.
 * (classic-13 left the repository when classic-12 replaced it: `git show 1c4cdc5:books/classic-13.bin`.)
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { readBookFiles } from "../arena/books.ts";
import { BOOK_VARIANTS, openBook, tierEntry } from "../src/engine/book.ts";
import { evaluate } from "../src/engine/index.ts";
import { seededRandom } from "../src/engine/random.ts";
import { tuneSearch } from "../src/engine/search.ts";
import { makeRules, positionFromTrustedSetup } from "../src/rules/index.ts";
import { representative } from "./book-builder.ts";

const { values } = parseArgs({
  options: {
    book: { type: "string" },
    tier: { type: "string", multiple: true },
    sample: { type: "string" },
    seed: { type: "string", default: "1" },
    nodes: { type: "string", default: "4000000000" },
    tuning: { type: "string" },
    against: { type: "string" },
    dir: { type: "string", default: join(import.meta.dirname, "..", "books") },
  },
});
if (!values.book) {
  console.error("usage: scripts/book-check.ts --book <variant>-<depth> [--tier N]... [--sample N] [--seed S] [--nodes B] [--tuning JSON]");
  process.exit(2);
}
const bytes = readBookFiles(values.dir)[values.book];
if (!bytes) throw new Error(`no ${values.book}.bin in ${values.dir}`);
const rules = makeRules(BOOK_VARIANTS[values.book.replace(/-\d+$/, "")]);
const book = openBook(bytes, rules);
if (values.tuning) tuneSearch(JSON.parse(values.tuning));

if (values.against) {
  const otherBytes = readBookFiles(values.dir)[values.against];
  if (!otherBytes) throw new Error(`no ${values.against}.bin in ${values.dir}`);
  const other = openBook(otherBytes, rules);
  let failed = 0;
  for (const tier of book.tiers) {
    const theirs = other.tiers.find((candidate) => candidate.empties === tier.empties);
    if (!theirs) continue;
    if (theirs.count !== tier.count) throw new Error(`tier ${tier.empties}: ${tier.count} entries here, ${theirs.count} in ${values.against}`);
    let agree = 0;
    for (let i = 0; i < tier.count; i++) {
      const mine = tierEntry(book, tier, i);
      const their = tierEntry(other, theirs, i);
      if (mine.key !== their.key) throw new Error(`tier ${tier.empties}, entry ${i}: the two books list different positions`);
      if (mine.entry.value === their.entry.value && mine.entry.pliesToEnd === their.entry.pliesToEnd) agree++;
      else {
        failed++;
        console.log(
          `  disagreement at tier ${tier.empties}, entry ${i}: ${values.book} ${mine.entry.value}/${mine.entry.pliesToEnd}, ${values.against} ${their.entry.value}/${their.entry.pliesToEnd}`,
        );
      }
    }
    console.log(`${values.book} against ${values.against}, tier ${tier.empties}: ${agree}/${tier.count} entries agree (value and distance)`);
  }
  process.exit(failed === 0 ? 0 : 1);
}
const tiers = values.tier?.map(Number) ?? [book.deepestEmpties, ...(book.deepestEmpties < 15 ? [15] : [])];
const maxNodes = Number(values.nodes);
let failed = 0;

for (const empties of tiers) {
  const tier = book.tiers.find((candidate) => candidate.empties === empties);
  if (!tier || empties > 15) throw new Error(`tier ${empties} is not in ${values.book} or is not searchable (16 empty cells)`);
  let indices = Array.from({ length: tier.count }, (_, i) => i);
  if (values.sample) {
    const random = seededRandom(Number(values.seed));
    for (let i = indices.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [indices[i], indices[j]] = [indices[j], indices[i]];
    }
    indices = indices.slice(0, Number(values.sample)).sort((a, b) => a - b);
  }
  let agree = 0;
  let cpuMs = 0;
  let maxMs = 0;
  const counts = { win: 0, draw: 0, loss: 0 };
  for (const i of indices) {
    const { key, entry } = tierEntry(book, tier, i);
    const position = positionFromTrustedSetup(representative(key, empties, book.buildAttributeMask));
    const started = process.cpuUsage();
    const live = evaluate(position, rules, { distance: true, maxNodes });
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    cpuMs += ms;
    maxMs = Math.max(maxMs, ms);
    if (live.exact && live.value === entry.value && live.pliesToEnd === entry.pliesToEnd) {
      agree++;
      counts[entry.value]++;
    } else {
      failed++;
      console.log(
        `  disagreement at tier ${empties}, entry ${i}: book ${entry.value}/${entry.pliesToEnd}, search ${live.value}/${live.pliesToEnd} (exact ${live.exact})`,
      );
    }
  }
  console.log(
    `${values.book} tier ${empties}: ${agree}/${indices.length} of ${tier.count} entries agree (w/d/l ${counts.win}/${counts.draw}/${counts.loss})` +
      `${values.tuning ? ` with ${values.tuning}` : ""}; ${(cpuMs / 1000).toFixed(1)} s CPU, max ${(maxMs / 1000).toFixed(2)} s`,
  );
}
process.exitCode = failed === 0 ? 0 : 1;
