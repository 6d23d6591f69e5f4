/**
 * zod's locales as the Worker bundles them: English only, the language of every message the service
 * sends. zod's entry re-exports all of its locales as one namespace (`z.locales`), which the bundler
 * cannot shake because @hono/zod-openapi hands the whole `z` namespace to zod-to-openapi; wrangler.toml's
 * [alias] puts this module in place of zod's `../locales/index.js` (scripts/bundle.ts measures it).
 */
export { default as en } from "zod/v4/locales/en.js";
