/**
 * /docs in the browser against `wrangler dev`, with the network cut off: every request to another
 * origin is aborted (as without internet), yet the reference renders the OpenAPI document's operations,
 * tag by tag, and its client sends a request to this API and shows the answer. Nothing was even
 * attempted elsewhere, no script failed, and the page's CSP refused nothing.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, launchBrowser, screenshot } from "./chromium.ts";

interface OpenApiDocument {
  tags: { name: string }[];
  paths: Record<string, Record<string, { summary: string; tags: string[] }>>;
}

/** A page whose requests to any other origin are aborted and recorded; its script and CSP errors too. */
async function offlinePage(browser: Browser): Promise<{ page: Page; foreign: string[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const origin = new URL(baseUrl ?? "").origin;
  const foreign: string[] = [];
  const errors: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    foreign.push(url);
    return route.abort("internetdisconnected");
  });
  const page = await context.newPage();
  page.on("websocket", (socket) => {
    if (!socket.url().startsWith(origin.replace(/^http/, "ws"))) foreign.push(socket.url());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  // CSP refusals are console errors too ("Refused to load ...").
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  // The reference is a large script: on a loaded machine it takes its time to start.
  page.setDefaultTimeout(60_000);
  return { page, foreign, errors };
}

describe.skipIf(!baseUrl)("the API reference without internet", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("renders every tag and the operations of the document, from this origin alone", async () => {
    const document = (await (await fetch(`${baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    const { page, foreign, errors } = await offlinePage(browser);
    const response = await page.goto(`${baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("default-src 'self'");

    const rules = document.paths["/v1/validate-move"].post;
    await page.waitForSelector(`text=${rules.summary}`);
    // The first tag is open: its operations are rendered, with their paths.
    await page.waitForSelector('[id$="tag/rules/POST/v1/validate-move"]');
    const paths = await page.$$eval(".endpoint-path", (spans) => spans.map((span) => span.textContent?.trim()));
    expect(paths).toContain("/v1/validate-move");
    // Every tag of the document is listed in the sidebar.
    const sidebar = (await page.textContent("body")) ?? "";
    for (const tag of document.tags) expect(sidebar, tag.name).toContain(tag.name);
    // Opening another tag shows its operations, named as in the document.
    await page.getByText("Matches", { exact: true }).first().click();
    const createMatch = document.paths["/v1/matches"].post;
    await page.getByText(createMatch.summary, { exact: true }).first().waitFor();
    await page.getByText(document.paths["/v1/matches/{id}/stream"].get.summary, { exact: true }).first().waitFor();
    // The site's navigation, as on every page, above the reference and not covering it.
    const nav = page.locator("header.site nav");
    const home = await (await fetch(`${baseUrl}/`, { headers: { Accept: "text/html" } })).text();
    const homeLinks = [...(/<nav>([\s\S]*?)<\/nav>/.exec(home)?.[1] ?? "").matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((link) => link[1]);
    expect(homeLinks).toContain("API docs");
    expect(await nav.locator("a").allTextContents()).toEqual(homeLinks);
    const header = await page.locator("header.site").boundingBox();
    const sidebarBox = await page.locator(".t-doc__sidebar, .sidebar").first().boundingBox();
    expect(header?.y).toBe(0);
    if (header && sidebarBox) expect(sidebarBox.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    await screenshot(page, "docs-offline", { fullPage: false });

    expect(foreign, "requests to other origins").toEqual([]);
    expect(errors, "script or CSP errors").toEqual([]);
  }, 150_000);

  it("its client sends a request to this API and shows the answer", async () => {
    const { page, foreign, errors } = await offlinePage(browser);
    // A deep link to an operation (the reference renders operations as they scroll into view).
    await page.goto(`${baseUrl}/docs#tag/rules/GET/v1/check-win`);
    await page.getByRole("button", { name: "Test Request" }).first().click();
    const sent = page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith("/v1/"));
    await page.getByRole("button", { name: /Send/ }).first().click();
    const answer = await sent;
    expect(answer.status()).toBe(200);
    // A first try asks about the classic game: the optional rules options it fills in, if any, are
    // their defaults, and the answer says so.
    const query = new URL(answer.url()).searchParams;
    expect(query.get("squares") ?? "false").toBe("false");
    expect(query.get("missedClaim") ?? "true").toBe("true");
    expect(query.get("announce") ?? "auto").toBe("auto");
    expect(((await answer.json()) as { rules: unknown }).rules).toEqual({ squares: false, attributes: ["height", "color", "shape", "fill"], announce: "auto", missedClaim: true });
    await page.getByText("200 OK").first().waitFor();
    await screenshot(page, "docs-client-offline", { fullPage: false });
    expect(foreign, "requests to other origins").toEqual([]);
    expect(errors, "script or CSP errors").toEqual([]);
  }, 150_000);
});
