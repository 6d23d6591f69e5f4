/**
 * Writes openapi/openapi.json: the document the app serves at GET /openapi.json, fetched from the app
 * itself so the two cannot differ (test/worker/openapi.test.ts fails when the committed file drifts).
 * The app is imported by URL because its types need the Worker's `Env`, which Node's tsconfig lacks.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

interface RequestableApp {
  request(path: string): Response | Promise<Response>;
}

const appModule = new URL("../src/http/app.ts", import.meta.url).href;
const { createApp } = (await import(appModule)) as { createApp: () => RequestableApp };
const response = await createApp().request("/openapi.json");
if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}: ${await response.text()}`);
const target = fileURLToPath(new URL("../openapi/openapi.json", import.meta.url));
await writeFile(target, `${JSON.stringify(await response.json(), null, 2)}\n`);
console.log(`wrote ${target}`);
