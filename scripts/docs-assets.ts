/**
 * Refreshes the API reference's renderer, served by the Worker as a static asset so that `/docs` needs
 * nothing from the internet: the standalone browser bundle of `@scalar/api-reference` at the version
 * below, fetched with `npm pack` and written to public/docs/scalar-api-reference.js (its source map
 * comment dropped: the map is not shipped). Run it by hand after changing SCALAR_VERSION:
 * `npx node --experimental-strip-types scripts/docs-assets.ts`; test/browser/docs.test.ts checks the page.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const SCALAR_VERSION = "1.76.0";
const TARGET = fileURLToPath(new URL("../public/docs/scalar-api-reference.js", import.meta.url));

const work = await mkdtemp(join(tmpdir(), "scalar-"));
try {
  const tarball = execFileSync("npm", ["pack", `@scalar/api-reference@${SCALAR_VERSION}`, "--silent", "--pack-destination", work], { encoding: "utf8" }).trim();
  execFileSync("tar", ["-xzf", join(work, tarball), "-C", work, "package/dist/browser/standalone.js", "package/package.json"]);
  const manifest = JSON.parse(await readFile(join(work, "package/package.json"), "utf8")) as { version: string; license: string };
  const bundle = (await readFile(join(work, "package/dist/browser/standalone.js"), "utf8")).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  const banner = `/*! @scalar/api-reference ${manifest.version} (${manifest.license} license), its standalone browser bundle; written by scripts/docs-assets.ts */\n`;
  await writeFile(TARGET, banner + bundle);
  console.log(`wrote ${TARGET} (${((banner.length + bundle.length) / 1e6).toFixed(1)} MB)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
