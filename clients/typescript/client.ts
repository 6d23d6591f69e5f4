/**
 * A typed client of the Quarto service: openapi-fetch over the types openapi-typescript generates from
 * openapi/openapi.json (`npm run client` writes schema.d.ts). Paths, parameters, bodies and answers are
 * all typed from the spec, so a call the API would refuse for its shape does not compile.
 *
 *   const quarto = createQuartoClient({ baseUrl: "http://localhost:8787" });
 *   const { data, error } = await quarto.GET("/v1/evaluate", { params: { query: { position: "..5.A...D3EF90.67", distance: true } } });
 */
import createClient, { type ClientOptions } from "openapi-fetch";
import type { components, paths } from "./schema.d.ts";

/** The spec's named schemas: `Schemas["Match"]`, `Schemas["Problem"]`, ... */
export type Schemas = components["schemas"];
export type { paths };

/** A client for the service at `options.baseUrl` (default http://localhost:8787, where `npm start` listens). */
export function createQuartoClient(options: ClientOptions = {}) {
  return createClient<paths>({ baseUrl: "http://localhost:8787", ...options });
}

export type QuartoClient = ReturnType<typeof createQuartoClient>;
