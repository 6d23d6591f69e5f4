/**
 * `npm run pages`: bundles each page script (src/pages/client/<name>.ts, listed in PAGE_SCRIPTS) for the
 * browser with esbuild into public/scripts/<name>.js, the static assets the pages load. The output is
 * committed, so a fresh clone serves the pages with no build step; test/core/page-scripts.test.ts fails
 * when it is not what this script writes now. Run it after changing anything a page script imports.
 *
 * A bundle is built from the typed modules as they are: an import that does not resolve, a name a module
 * does not export, or a module only the Worker or Node has (`cloudflare:*`, `node:*`) fails the build.
 */
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BuildOptions, build, type Plugin } from "esbuild";
import { PAGE_SCRIPTS } from "../src/pages/client/scripts.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const CLIENT_DIR = join(ROOT, "src/pages/client");
export const OUTPUT_DIR = join(ROOT, "public/scripts");

/**
 * The project's own modules (relative imports) have no side effects when imported: they declare and
 * export, nothing runs at import. Saying so lets esbuild drop what a page reaches through a layer's
 * barrel but never uses (the opening suites, the webhook signatures, the Swiss pairing behind
 * src/tournament/index.ts), which took every bundle from about 180 KiB to about 50.
 */
const ownModulesArePure: Plugin = {
  name: "own-modules-are-pure",
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === "resolving") return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: "resolving" });
      return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * The options every bundle is built with: one self-contained classic script per page (no modules to
 * load, nothing shared between files), for the browsers of the last few years, readable (not minified:
 * the largest is a few tens of KiB) and the same bytes on every machine (paths relative to the
 * repository, no source map).
 */
export const BUILD_OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2022",
  legalComments: "none",
  logLevel: "silent",
  write: false,
  plugins: [ownModulesArePure],
} as const satisfies BuildOptions;

/** Each page's bundle, by file name (`home.js`), as this script writes it. */
export async function bundlePageScripts(): Promise<Map<string, string>> {
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: PAGE_SCRIPTS.map((name) => ({ in: join(CLIENT_DIR, `${name}.ts`), out: name })),
    outdir: OUTPUT_DIR,
    banner: { js: "/* A page script, bundled by scripts/page-scripts.ts (npm run pages) from src/pages/client/: do not edit. */" },
  });
  return new Map(result.outputFiles.map((file) => [file.path.slice(OUTPUT_DIR.length + 1), file.text]));
}

if (import.meta.main) {
  const bundles = await bundlePageScripts();
  for (const stale of readdirSync(OUTPUT_DIR).filter((file) => !bundles.has(file))) rmSync(join(OUTPUT_DIR, stale));
  for (const [file, text] of bundles) {
    writeFileSync(join(OUTPUT_DIR, file), text);
    console.log(`public/scripts/${file}  ${(text.length / 1024).toFixed(1)} KiB`);
  }
}
