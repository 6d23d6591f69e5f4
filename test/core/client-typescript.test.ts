/**
 * The committed typed client's types (clients/typescript/schema.d.ts) are what openapi-typescript
 * generates from the committed openapi/openapi.json: run `npm run client` after `npm run openapi`.
 * test/worker/typed-client.test.ts drives the Worker with them; `npm run typecheck` compiles them.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

it("clients/typescript/schema.d.ts is generated from openapi/openapi.json (regenerate with npm run client)", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["--experimental-strip-types", "scripts/client.ts", "--stdout"], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const committed = await readFile(new URL("../../clients/typescript/schema.d.ts", import.meta.url), "utf8");
  expect(stdout.length).toBeGreaterThan(10_000);
  expect(stdout).toBe(committed);
});
