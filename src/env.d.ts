interface Env {
  MATCHES: DurableObjectNamespace<import("./objects/match.ts").MatchObject>;
  TOURNAMENTS: DurableObjectNamespace<import("./objects/tournament.ts").TournamentObject>;
  BOT_REGISTRY: DurableObjectNamespace<import("./objects/registry.ts").BotRegistry>;
  ENGINE_MAX_NODES: string;
  ENGINE_DEFAULT_NODES: string;
}
declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
}
