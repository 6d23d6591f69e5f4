/**
 * The Worker entry: serves the HTTP app (src/api/app.ts) and exports the Durable Object classes that
 * wrangler.toml binds.
 */
import { createApp } from "./api/app.ts";

export { MatchObject } from "./match/object.ts";
export { TournamentObject } from "./arena/tournament.ts";
export { BotRegistry } from "./arena/registry.ts";

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
