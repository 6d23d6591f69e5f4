/**
 * Cold start: loading the Worker (the app built at module scope, the spec's examples read as data)
 * allocates nothing of the engine's, and requests that do not search are served without its 24 MiB
 * transposition table; the first request that searches allocates it, once. The engine's allocation
 * counter (`tableAllocations`) is a named import: if it is renamed or no longer exported, this file fails
 * (to type-check, and to load) rather than skipping itself.
 */
import { expect, it } from "vitest";
import { tableAllocations } from "../../src/engine/index.ts";
import { json200, postJson, request } from "./http.ts";

it("allocates the engine's table only when a request searches", async () => {
  // Under Vite's module transform a missing export reads as undefined: fail here, with its name.
  expect(tableAllocations, "src/engine/index.ts exports tableAllocations").toBeTypeOf("function");
  await import("../../src/index.ts");
  expect(tableAllocations()).toBe(0);
  await json200(request("/openapi.json"));
  await json200(request("/healthz"));
  await json200(request("/v1/check-win?position=0A3.............5"));
  await json200(postJson("/v1/validate-move", { position: "0A3.............5", move: { place: "c3", give: 6 } }));
  expect(tableAllocations()).toBe(0);
  await json200(postJson("/v1/evaluate", { position: "..5.A...D3EF90.67" }));
  expect(tableAllocations()).toBe(1);
  await json200(request("/v1/suggest-move?position=..5.A...D3EF90.67"));
  expect(tableAllocations()).toBe(1);
});
