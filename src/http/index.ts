/** The HTTP API: the OpenAPIHono app with every route, the context types the pages share, and how they reach the Durable Objects. */
export { createApp } from "./app.ts";
export { type App, type AppEnv, problem } from "./context.ts";
export { REFERENCE_HEADERS, referencePage } from "./routes/docs.ts";
export { ladderBotView } from "./routes/ladder.ts";
export { ladderObject, matchObject, registryObject, tournamentObject } from "./objects.ts";
