/** Bots: the HTTP protocol, the signed client, the fetch handler, the reference bots, the conformance check. */
export * from "./protocol.ts";
export * from "./signing.ts";
export * from "./client.ts";
export * from "./handler.ts";
export * from "./reference.ts";
export * from "./conformance.ts";
