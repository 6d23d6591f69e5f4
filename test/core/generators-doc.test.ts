/**
 * docs/api.md shows the last output of `npm run generators` (which needs the npm registry, so it does
 * not run here): the table must name exactly the generators the script runs, at the versions it pins,
 * each compiling, so that changing the script without running it again fails here.
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { GENERATORS, PACKAGES } from "../../scripts/generators.ts";

const text = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
const block = /<!-- generators:start[^>]*-->([\s\S]*?)<!-- generators:end -->/.exec(text)?.[1] ?? "";

it("docs/api.md shows npm run generators with every generator the script runs, at its pinned version, compiling", () => {
  expect(block).toContain("```sh\nnpm run generators\n```");
  expect(block).toContain(`compiled with TypeScript ${PACKAGES.typescript} (tsc --strict)`);
  const rows = block
    .split("\n")
    .filter((line) => / (compiles|\d+ errors|generation failed)$/.test(line))
    .map((line) => line.split(/ {2,}/));
  expect(rows.map(([name, version]) => [name, version])).toEqual(GENERATORS.map((generator) => [generator.name, PACKAGES[generator.package]]));
  for (const row of rows) expect(row.at(-1), row[0]).toBe("compiles");
});
