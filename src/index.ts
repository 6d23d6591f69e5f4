/**
 * The Worker entry: serves the HTTP app (src/api/app.ts) and exports the Durable Object classes that
 * wrangler.toml binds. `MatchObject` is a placeholder until the hosted-match Durable Object replaces it.
 */
import { DurableObject } from "cloudflare:workers";
import { createApp } from "./api/app.ts";

export class MatchObject extends DurableObject {
  async ping(): Promise<string> {
    return "pong";
  }
}

const app = createApp();

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
} satisfies ExportedHandler<Env>;
