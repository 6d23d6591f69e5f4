/**
 * `npm run openapi`: writes the spec's computed examples to src/wire/examples.json (computed by
 * scripts/examples.ts with the service's own functions), then openapi/openapi.json: the document the
 * app serves at GET /openapi.json, fetched from the app itself so the two cannot differ
 * (test/worker/openapi.test.ts fails when either committed file drifts). The app reads examples.json
 * when its modules load, so the document is written by a fresh process that reads the file just
 * written. The app is imported by URL because its types need the Worker's `Env`, which Node's
 * tsconfig lacks. The engine's examples are computed with the committed opening books installed, as
 * the Worker installs them (its answers from a book say `source: "book"`).
 */
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { installBookFiles } from "../arena/books.ts";
import { computeExamples } from "./examples.ts";

const DOCUMENT_ONLY = "--document-only";

async function write(relative: string, value: unknown): Promise<void> {
  const target = fileURLToPath(new URL(relative, import.meta.url));
  await writeFile(target, `${JSON.stringify(value, null, 2)}\n`);
  console.log(`wrote ${target}`);
}

if (process.argv[2] !== DOCUMENT_ONLY) {
  installBookFiles();
  await write("../src/wire/examples.json", await computeExamples());
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), DOCUMENT_ONLY], { stdio: "inherit" });
  process.exitCode = child.status ?? 1;
} else {
  interface RequestableApp {
    request(path: string): Response | Promise<Response>;
  }
  const appModule = new URL("../src/http/app.ts", import.meta.url).href;
  const { createApp } = (await import(appModule)) as { createApp: () => RequestableApp };
  const response = await createApp().request("/openapi.json");
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}: ${await response.text()}`);
  await write("../openapi/openapi.json", await response.json());
}
