interface Env {
  MATCHES: DurableObjectNamespace<import("./index.ts").MatchObject>;
  TOURNAMENTS: DurableObjectNamespace<import("./index.ts").TournamentObject>;
  BOT_REGISTRY: DurableObjectNamespace<import("./index.ts").BotRegistry>;
  ENGINE_MAX_NODES: string;
  ENGINE_DEFAULT_NODES: string;
}
declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
}
