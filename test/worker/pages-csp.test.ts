/**
 * Every page route answers with a strict Content-Security-Policy: scripts only from this origin (no
 * 'unsafe-inline', no 'unsafe-eval'), and nothing in the page that such a policy would block: no inline
 * script, no inline event handler, no javascript: URL. A page's script is a file the Worker serves as a
 * static asset, and its config is JSON data beside it.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PAGE_CONFIG_ID, PAGE_SCRIPTS, SCRIPTS_PATH } from "../../src/pages/client/scripts.ts";
import { PAGE_ONLY_PATHS } from "../../src/pages/routes.ts";
import { ORIGIN, postJson, request } from "./http.ts";
import { createMatch } from "./match-client.ts";

const BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** Each page route (its Hono path) with a path that reaches it, and the status it answers with. */
async function pageRoutes(): Promise<{ route: string; path: string; status: number }[]> {
  const match = await createMatch({ seats: [{ kind: "human", take: true, name: "Ada" }, { kind: "human" }] });
  const tournament = (await (await postJson("/v1/tournaments", { bots: ["random", "easy"], gamesPerPair: 2 })).json()) as { id: string };
  const bot = (await (await postJson("/v1/bots", { name: `csp-${Math.random().toString(36).slice(2, 8)}`, connection: "stream" })).json()) as { id: string };
  return [
    { route: "/", path: "/", status: 200 },
    { route: "/problems", path: "/problems", status: 200 },
    { route: "/problems/:namespace/:name", path: "/problems/match/not_found", status: 200 },
    { route: "/analyze", path: "/analyze?position=0A3.............5", status: 200 },
    { route: "/puzzles", path: "/puzzles", status: 200 },
    { route: "/learn", path: "/learn", status: 200 },
    { route: "/matches/:id", path: `/matches/${match.id}`, status: 200 },
    { route: "/matches/:id", path: `/matches/${"b".repeat(26)}`, status: 404 },
    { route: "/tournaments", path: "/tournaments", status: 200 },
    { route: "/tournaments/:id", path: `/tournaments/${tournament.id}`, status: 200 },
    { route: "/ladder", path: "/ladder", status: 200 },
    { route: "/ladder/:bot", path: `/ladder/${"c".repeat(26)}`, status: 404 },
    { route: "/bots", path: "/bots", status: 200 },
    { route: "/bots/:id", path: `/bots/${bot.id}`, status: 200 },
    { route: "/bots/:id", path: `/bots/${"d".repeat(26)}`, status: 404 },
    { route: "(nothing served)", path: "/nowhere", status: 404 },
  ];
}

describe("the pages' Content-Security-Policy", () => {
  it("covers every page route", async () => {
    const covered = new Set((await pageRoutes()).map((entry) => entry.route));
    for (const route of PAGE_ONLY_PATHS.filter((path) => path !== "/favicon.ico")) expect(covered, route).toContain(route);
  });

  it("allows scripts from this origin only, and no page needs more", async () => {
    const scripts = new Set<string>();
    for (const { path, status } of await pageRoutes()) {
      const response = await request(path, { headers: { Accept: BROWSER_ACCEPT } });
      const page = await response.text();
      expect(response.status, path).toBe(status);
      const policy = directives(response.headers.get("content-security-policy") ?? "");
      expect(policy.get("default-src"), path).toEqual(["'self'"]);
      expect(policy.get("script-src"), path).toEqual(["'self'"]);
      expect(policy.has("script-src-elem") || policy.has("script-src-attr"), path).toBe(false);
      expect(policy.get("base-uri"), path).toEqual(["'none'"]);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");

      // Every script element is a file of this origin or the page's JSON config, which must parse.
      for (const [element, attributes, body] of page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        const source = /^\s+src="([^"]+)"$/.exec(attributes)?.[1];
        if (source !== undefined) {
          expect(body, `${path}: ${element}`).toBe("");
          expect(source, path).toMatch(new RegExp(`^${SCRIPTS_PATH}[a-z]+\\.js$`));
          scripts.add(source);
          continue;
        }
        expect(attributes, `${path}: ${element.slice(0, 80)}`).toBe(` type="application/json" id="${PAGE_CONFIG_ID}"`);
        expect(() => JSON.parse(body), path).not.toThrow();
        expect(body, path).not.toMatch(/[<>&]/);
      }
      // No inline event handler and no javascript: URL anywhere in the markup.
      const markup = page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
      expect(markup, path).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(markup, path).not.toMatch(/javascript:/i);
    }
    // Each page script is some page's.
    expect([...scripts].sort()).toEqual(PAGE_SCRIPTS.map((name) => `${SCRIPTS_PATH}${name}.js`).sort());
  });

  it("the page scripts are the Worker's static assets", async () => {
    for (const name of PAGE_SCRIPTS) {
      const response = await env.ASSETS.fetch(`${ORIGIN}${SCRIPTS_PATH}${name}.js`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toMatch(/^(text|application)\/javascript/);
      expect(await response.text(), name).toContain(`boot(${name}Client)`);
    }
  });
});
