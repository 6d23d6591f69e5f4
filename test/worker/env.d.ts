/**
 * Types `exports` of `cloudflare:workers` (the loopback bindings of the main Worker's exports, which the
 * tests call as `exports.default.fetch(...)` in place of the deprecated `SELF` of `cloudflare:test`): the
 * main module is src/index.ts, as wrangler.toml's `main` says. `wrangler types` would write the same.
 */
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../src/index.ts");
  }
}
