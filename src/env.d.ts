interface Env {
  MATCHES: DurableObjectNamespace<import("./objects/index.ts").MatchObject>;
  TOURNAMENTS: DurableObjectNamespace<import("./objects/index.ts").TournamentObject>;
  BOT_REGISTRY: DurableObjectNamespace<import("./objects/index.ts").BotRegistry>;
  LADDER: DurableObjectNamespace<import("./objects/index.ts").LadderObject>;
  IDEMPOTENCY: DurableObjectNamespace<import("./objects/index.ts").IdempotencyKey>;
  BOT_LINKS: DurableObjectNamespace<import("./objects/index.ts").BotLinkObject>;
  PUZZLES: DurableObjectNamespace<import("./objects/index.ts").PuzzleStore>;
  /** The static assets of wrangler.toml's [assets] (the API reference's script). */
  ASSETS: Fetcher;
  // The vars of wrangler.toml's [vars]: read and checked only by src/wire/settings.ts (readSettings), which
  // gives each absent one its default there and refuses a malformed one, naming it.
  /** The most nodes a request or an engine seat may ask for (default 20000000). */
  ENGINE_MAX_NODES?: string;
  /** The node budget when a caller names none, at most ENGINE_MAX_NODES (default 2000000). */
  ENGINE_DEFAULT_NODES?: string;
  /** Nodes per slice of a search before it yields the thread (src/engine/slices.ts; default 20000). */
  ENGINE_SLICE_NODES?: string;
  /** API searches that may wait for the engine in an isolate; beyond, 503 engine/busy (default 16). */
  ENGINE_QUEUE_LENGTH?: string;
  /** "true" lets bots live on loopback, private and local hosts (npm start passes it; a deployment does not; default "false"). */
  ALLOW_PRIVATE_BOT_URLS?: string;
  /** Days a finished match or tournament is kept before its storage is deleted (default 30). */
  RETENTION_DAYS?: string;
  /** A Worker secret (`wrangler secret put IDEMPOTENCY_SECRET`, 32+ characters): mixed into the key of the stored Idempotency-Key answers. */
  IDEMPOTENCY_SECRET?: string;
  /** How long one alarm of a tournament goes on making bot calls, each game at its own pace (default 20000; 0: one call per game per alarm). */
  TOURNAMENT_CALLS_MS?: string;
  /** The built-in suite ladder pairings start from: classic or classic-unbalanced (default classic). */
  LADDER_OPENINGS?: string;
  /** "true": the built-in anchors are on the ladder at fixed ratings; "false": they are not (default "true"). */
  LADDER_ANCHORS?: string;
  /** How often (ms) the ladder's alarm records and pairs while it has bots or pairings in play (default 10000). */
  LADDER_ALARM_MS?: string;
  /** "true": every match is reviewed in the background as it ends; "false": only when its review is asked for (default "true"). */
  REVIEW_GAMES?: string;
  /** Per-client limits (wrangler.toml's [[ratelimits]], src/http/limits.ts); absent when a script runs the app. */
  BOTS_RATE_LIMIT?: RateLimit;
  MATCHES_RATE_LIMIT?: RateLimit;
  TOURNAMENTS_RATE_LIMIT?: RateLimit;
  ENGINE_RATE_LIMIT?: RateLimit;
  ENGINE_LARGE_RATE_LIMIT?: RateLimit;
  AUTH_FAILURES_RATE_LIMIT?: RateLimit;
  BOT_CONNECTIONS_RATE_LIMIT?: RateLimit;
  PUZZLES_RATE_LIMIT?: RateLimit;
}
declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
}

/** books/*.bin, bundled as Data modules (wrangler.toml's [[rules]]): the file's bytes. */
declare module "*.bin" {
  const bytes: ArrayBuffer;
  export default bytes;
}
