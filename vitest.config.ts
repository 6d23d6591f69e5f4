import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Two projects: the pure core (rules, engine, arena runner) runs in Node; everything that touches the
// Worker or a Durable Object runs inside workerd through the Cloudflare plugin.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          include: ["test/core/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // Smaller engine budgets than wrangler.toml's, so property tests that reach the engine stay quick.
            miniflare: { bindings: { ENGINE_DEFAULT_NODES: "50000", ENGINE_MAX_NODES: "500000" } },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
