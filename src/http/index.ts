/** The HTTP API: the OpenAPIHono app with every route, and the context types the pages share. */
export { createApp } from "./app.ts";
export { type App, type AppEnv, problem } from "./context.ts";
export { REFERENCE_HEADERS, referencePage } from "./routes/docs.ts";
export { ladderBotView } from "./routes/ladder.ts";
