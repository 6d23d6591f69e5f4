/** Bots: the HTTP protocol and its forfeit codes, the signed client, the outbound URL policy, the reference bots, the conformance check. */
export * from "./forfeits.ts";
export * from "./protocol.ts";
export * from "./signing.ts";
export * from "./client.ts";
export * from "./url-policy.ts";
export * from "./reference.ts";
export * from "./conformance.ts";
