/**
 * Helpers of the browser tests: Debian's chromium driven by playwright-core (`npx playwright install`
 * cannot work here), pages that record any request to another origin and any script error, and
 * screenshots under screenshots/ (git-ignored).
 */
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";

export const baseUrl = inject("baseUrl");
export const skipReason = inject("skipReason");
const executablePath = inject("chromium");

const SCREENSHOTS = fileURLToPath(new URL("../../screenshots/", import.meta.url));

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1100, height: 900 };

/**
 * Launches chromium headless with nothing that talks to the network on its own. Playwright gives each
 * launch a new empty --user-data-dir, and each context its own storage (a separate "person").
 */
export function launchBrowser(): Promise<Browser> {
  if (!executablePath) throw new Error("no chromium");
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Requests (and WebSockets) to anywhere but the Worker under test. */
  foreign: string[];
  /** Uncaught errors and console errors of the page's scripts. */
  errors: string[];
  /** Fails the test if the page went elsewhere or its scripts failed. */
  checkClean(): void;
}

export async function openPage(browser: Browser, path: string, viewport = DESKTOP): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const origin = new URL(baseUrl ?? "").origin;
  const socketOrigin = origin.replace(/^http/, "ws");
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|about|blob):/.test(url)) foreign.push(url);
  });
  page.on("websocket", (socket) => {
    if (!socket.url().startsWith(`${socketOrigin}/`)) foreign.push(socket.url());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // The browser logs every 4xx answer; the API's refusals are part of what the pages show.
    const refusal = /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text());
    if (message.type() === "error" && !refusal) errors.push(message.text());
  });
  page.setDefaultTimeout(20_000);
  await page.goto(`${origin}${path}`);
  return {
    page,
    context,
    foreign,
    errors,
    checkClean() {
      expect(foreign, "requests to other origins").toEqual([]);
      expect(errors, "script errors").toEqual([]);
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}

/** The page is no wider than its viewport (nothing to scroll sideways on a phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The board as 16 characters (a hex digit per piece, `.` when empty), read from the drawn cells. */
export function boardOf(page: Page, root = "#board-wrap"): Promise<string> {
  return page.$$eval(`${root} svg.board .cell`, (cells) =>
    cells.map((cell) => (cell.getAttribute("data-piece") === null ? "." : Number(cell.getAttribute("data-piece")).toString(16).toUpperCase())).join(""),
  );
}

/** GETs or POSTs JSON from the Worker under test. */
export async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(
    `${baseUrl}${path}`,
    body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  const text = await response.text();
  expect(response.ok, `${path}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}
