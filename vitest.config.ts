import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

// Three projects: the pure core (rules, engine, arena runner) runs in Node; everything that touches the
// Worker or a Durable Object runs inside workerd through the Cloudflare plugin; the web pages run in a
// real browser against `wrangler dev`.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "core",
          include: ["test/core/**/*.test.ts"],
          environment: "node",
          // Generous: the heaviest property tests (120k boards, deep brute force) take ~30 s alone and must not
          // fail on a loaded machine; they bound their work, not their time.
          testTimeout: 300_000,
        },
      },
      {
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // Smaller engine budgets than wrangler.toml's, so property tests that reach the engine stay quick;
              // tiny slices (every search over 2,000 nodes runs in slices) and a short queue that a test can fill;
              // a tournament's alarm makes one bot call per game in play, so the tests step and evict between moves;
              // games are reviewed when a review is asked for (test/worker/review.test.ts turns reviews after every game on);
              // the ladder's alarm is an hour away, so it never runs by itself in a test: the tests run it (runDurableObjectAlarm).
              bindings: {
                ENGINE_DEFAULT_NODES: "50000",
                ENGINE_MAX_NODES: "500000",
                ENGINE_SLICE_NODES: "2000",
                ENGINE_QUEUE_LENGTH: "4",
                TOURNAMENT_CALLS_MS: "0",
                REVIEW_GAMES: "false",
                LADDER_ALARM_MS: "3600000",
              },
              // The suites make thousands of requests from one client: wrangler.toml's limits raised out of
              // the way, and one tight limit that test/worker/limits.test.ts puts in place of a real one.
              ratelimits: {
                ...Object.fromEntries(
                  ["BOTS_RATE_LIMIT", "MATCHES_RATE_LIMIT", "TOURNAMENTS_RATE_LIMIT", "ENGINE_RATE_LIMIT", "ENGINE_LARGE_RATE_LIMIT", "AUTH_FAILURES_RATE_LIMIT", "BOT_CONNECTIONS_RATE_LIMIT", "PUZZLES_RATE_LIMIT"].map((name, index) => [
                    name,
                    { namespace_id: String(1301 + index), simple: { limit: 1_000_000, period: 60 as const } },
                  ]),
                ),
                TIGHT_RATE_LIMIT: { namespace_id: "1399", simple: { limit: 3, period: 60 } },
              },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        // The web pages in Debian's chromium against `wrangler dev` (started by the global setup);
        // skipped with a message when chromium is missing, unless CI is set.
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/browser/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
