import { DurableObject } from "cloudflare:workers";

export class MatchObject extends DurableObject {
  async ping(): Promise<string> {
    return "pong";
  }
}

export default {
  async fetch(): Promise<Response> {
    return new Response("ok");
  },
} satisfies ExportedHandler<Env>;
