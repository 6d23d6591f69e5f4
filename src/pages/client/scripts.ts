/**
 * The page scripts by name: each is the module `src/pages/client/<name>.ts`, bundled for the browser by
 * scripts/page-scripts.ts into `public/scripts/<name>.js` (a static asset, committed, checked for drift by
 * test/core/page-scripts.test.ts). A page loads its script from SCRIPTS_PATH and hands it its config as JSON
 * in the element PAGE_CONFIG_ID, so no page carries inline code and the pages' CSP allows scripts from
 * this origin only.
 */
export const PAGE_SCRIPTS = ["analyze", "bot", "bots", "home", "match", "puzzles", "tournament", "tournaments"] as const;

export type PageScript = (typeof PAGE_SCRIPTS)[number];

/** Where the bundles are served (public/scripts/). */
export const SCRIPTS_PATH = "/scripts/";

/** The id of the `<script type="application/json">` element holding a page's config for its script. */
export const PAGE_CONFIG_ID = "page-config";
