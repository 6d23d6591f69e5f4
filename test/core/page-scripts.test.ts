/**
 * The page scripts are bundled from typed modules (scripts/page-scripts.ts): the committed bundles in
 * public/scripts/ are exactly what the build makes now, and an import the browser could not run (a name a
 * module does not export, a file that is not there, a module only the Worker or Node has) fails the build
 * instead of failing in a browser.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { BUILD_OPTIONS, bundlePageScripts, CLIENT_DIR, OUTPUT_DIR } from "../../scripts/page-scripts.ts";
import { PAGE_SCRIPTS } from "../../src/pages/client/scripts.ts";

/** Builds a page script whose source is `source`, as if it were a module of src/pages/client/. */
const bundleEntry = (source: string) => build({ ...BUILD_OPTIONS, stdin: { contents: source, loader: "ts", resolveDir: CLIENT_DIR, sourcefile: "entry.ts" } });

describe("the committed page scripts", () => {
  it("are what npm run pages builds now, one per page script and nothing else", async () => {
    const built = await bundlePageScripts();
    expect([...built.keys()].sort()).toEqual(PAGE_SCRIPTS.map((name) => `${name}.js`).sort());
    expect(readdirSync(OUTPUT_DIR).sort(), "public/scripts/ holds exactly the bundles").toEqual([...built.keys()].sort());
    for (const [file, text] of built)
      expect(readFileSync(join(OUTPUT_DIR, file), "utf8") === text, `public/scripts/${file} is stale: run npm run pages`).toBe(true);
  });

  it("each start their page: the bundle calls boot with the page's main function", async () => {
    for (const name of PAGE_SCRIPTS) {
      const text = readFileSync(join(OUTPUT_DIR, `${name}.js`), "utf8");
      expect(text, name).toMatch(new RegExp(`\\bboot\\(${name}Client\\);`));
      expect(text, name).toContain("page-config");
    }
  });

  it("carry only what their page uses: none reaches the opening suites, the webhook signatures or the Swiss pairing", () => {
    for (const name of PAGE_SCRIPTS) {
      const text = readFileSync(join(OUTPUT_DIR, `${name}.js`), "utf8");
      expect(text.length, `${name}.js`).toBeLessThan(80 * 1024);
      for (const module of ["src/tournament/openings/", "node_modules/standardwebhooks/", "src/tournament/dutch.ts", "src/engine/scheduler.ts"])
        expect(text.includes(`  // ${module}`), `${name}.js bundles ${module}`).toBe(false);
    }
  });
});

describe("a page script with a wrong import", () => {
  it("builds when every import resolves (the case the failures below change one thing of)", async () => {
    const result = await bundleEntry(`import { makeKit } from "./kit.ts";\nmakeKit().byId("x");\n`);
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0].text).toContain("function makeKit()");
  });

  it.each([
    [
      "a name the module does not export",
      `import { makeKits } from "./kit.ts";\nmakeKits();\n`,
      /No matching export in "src\/pages\/client\/kit.ts" for import "makeKits"/,
    ],
    ["a file that is not there", `import { boot } from "./no-such-module.ts";\nboot(() => {});\n`, /Could not resolve "\.\/no-such-module\.ts"/],
    [
      "a module only the Worker has",
      `import { DurableObject } from "cloudflare:workers";\nconsole.log(DurableObject);\n`,
      /Could not resolve "cloudflare:workers"/,
    ],
    ["a module only Node has", `import { readFileSync } from "node:fs";\nconsole.log(readFileSync);\n`, /Could not resolve "node:fs"/],
  ])("fails the build: %s", async (_what, source, message) => {
    await expect(bundleEntry(source)).rejects.toThrow(message);
  });
});
