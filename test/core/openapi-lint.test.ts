/**
 * The committed OpenAPI document lints clean (no errors, no warnings) with Redocly's recommended rules
 * (redocly.yaml). Runs in Node because the linter is a CLI; the drift test is in test/worker.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

it("openapi/openapi.json lints clean with redocly", async () => {
  const redocly = fileURLToPath(new URL("../../node_modules/.bin/redocly", import.meta.url));
  const { stdout } = await promisify(execFile)(redocly, ["lint", "openapi/openapi.json", "--format=json"], {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }));
  const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as { totals: { errors: number; warnings: number }; problems: { message: string }[] };
  expect(report.problems.map((problem) => problem.message)).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
});
