interface Env {
  MATCHES: DurableObjectNamespace<import("./index.ts").MatchObject>;
  ENGINE_MAX_NODES: string;
  ENGINE_DEFAULT_NODES: string;
}
declare namespace Cloudflare {
  interface Env extends globalThis.Env {}
}
