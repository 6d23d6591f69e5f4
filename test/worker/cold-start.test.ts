/**
 * Cold start: loading the Worker (the app built at module scope, the spec's examples read as data)
 * allocates nothing of the engine's, and requests that do not search are served without its 24 MiB
 * transposition table; the first request that searches allocates it, once. The engine's allocation
 * counter (`tableAllocations`) is read through the module namespace so this file compiles against an
 * engine that does not export it yet; then, and only then, the test is skipped.
 */
import { expect, it } from "vitest";
import * as engine from "../../src/engine/index.ts";
import { json200, postJson, request } from "./http.ts";

const tableAllocations = (engine as unknown as { tableAllocations?: () => number }).tableAllocations;

it.skipIf(tableAllocations === undefined)("allocates the engine's table only when a request searches", async () => {
  const allocations = tableAllocations as () => number;
  await import("../../src/index.ts");
  expect(allocations()).toBe(0);
  await json200(request("/openapi.json"));
  await json200(request("/healthz"));
  await json200(request("/v1/check-win?position=0A3.............5"));
  await json200(postJson("/v1/validate-move", { position: "0A3.............5", move: { place: "c3", give: 6 } }));
  expect(allocations()).toBe(0);
  await json200(postJson("/v1/evaluate", { position: "..5.A...D3EF90.67" }));
  expect(allocations()).toBe(1);
  await json200(request("/v1/suggest-move?position=..5.A...D3EF90.67"));
  expect(allocations()).toBe(1);
});
