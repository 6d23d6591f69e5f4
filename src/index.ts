/**
 * The Worker entry, the top of the layers: builds the HTTP app (src/http/app.ts) with the web pages
 * registered first (src/pages), runs a round of the ladder on the Cron Trigger (`scheduled`: the backstop
 * of the ladder's own alarm), and
 * exports the Durable Object classes that wrangler.toml binds. It installs the opening books (books/*.bin,
 * bundled as Data modules: no fetch at run time) in every isolate that loads it, Worker and Durable
 * Objects alike; the engine opens one on the first request of its variant.
 */
import { OPENING_BOOKS } from "./books.ts";
import { installBooks } from "./engine/index.ts";
import { createApp } from "./http/index.ts";
import { registerPageRoutes } from "./pages/index.ts";
import { LADDER_NAME, objectNamed } from "./wire/index.ts";

export { MatchObject } from "./objects/index.ts";
export { TournamentObject } from "./objects/index.ts";
export { BotRegistry } from "./objects/index.ts";
export { LadderObject } from "./objects/index.ts";
export { IdempotencyKey } from "./objects/index.ts";
export { BotLinkObject } from "./objects/index.ts";
export { PuzzleStore } from "./objects/index.ts";

// Every books/*.bin (src/books.ts, written by scripts/books-index.ts).
installBooks(OPENING_BOOKS);

// Pages first: `/` answers browsers with the home page and passes everyone else on to the JSON index.
const app = createApp({ routesFirst: registerPageRoutes });

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  /**
   * The Cron Trigger, a backstop: the ladder runs itself on its object's alarm; this runs one round as of
   * the scheduled time (records the pairings that ended, pairs the idle bots) and re-arms that alarm.
   */
  scheduled: async (controller, env) => {
    await objectNamed(env.LADDER, LADDER_NAME).tick(controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;
