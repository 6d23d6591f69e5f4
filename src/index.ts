/**
 * The Worker entry, the top of the layers: builds the HTTP app (src/http/app.ts) with the web pages
 * registered first (src/pages), and exports the Durable Object classes that wrangler.toml binds.
 */
import { createApp } from "./http/app.ts";
import { registerPageRoutes } from "./pages/routes.ts";

export { MatchObject } from "./objects/match.ts";
export { TournamentObject } from "./objects/tournament.ts";
export { BotRegistry } from "./objects/registry.ts";
export { IdempotencyKey } from "./objects/idempotency.ts";

// Pages first: `/` answers browsers with the home page and passes everyone else on to the JSON index.
const app = createApp({ routesFirst: registerPageRoutes });

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
