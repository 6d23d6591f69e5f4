/**
 * Helpers of the browser tests: Debian's chromium driven by playwright-core (`npx playwright install`
 * cannot work here), pages that record any request to another origin and any script error, and
 * screenshots under screenshots/ (git-ignored); checks of the layout (nothing scrolls sideways, what
 * must be seen together is on the screen); and matches played through the API.
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
/** A 1366x768 laptop screen less the browser's own bars, and a 13" laptop. */
export const LAPTOP = { width: 1366, height: 657 };
export const LAPTOP_13 = { width: 1280, height: 800 };

/** The three sizes every layout check runs at: a 1366x768 laptop (its viewport), a 1280x800 laptop, a phone. */
export const SIZES = [
  ["laptop-1366x657", LAPTOP],
  ["laptop-1280x800", LAPTOP_13],
  ["phone-390x844", PHONE],
] as const;

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

/** Saves screenshots/<name>.png: the whole page, or with `fullPage: false` what the viewport shows. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: options.fullPage ?? true });
}

/** The page is no wider than its viewport (nothing to scroll sideways on a phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * Nothing scrolls sideways: neither the page nor any table in its box (`.table-wrap` scrolls a table
 * too wide for the screen; it must not need to).
 */
export async function expectNoSidewaysScrollAnywhere(page: Page, what: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  const wraps = await page.$$eval(".table-wrap", (boxes) =>
    boxes.map((box) => ({ table: box.querySelector("table")?.className ?? "", scrollWidth: box.scrollWidth, clientWidth: box.clientWidth })),
  );
  for (const wrap of wraps) expect(wrap.scrollWidth, `${what}: table.${wrap.table} is ${wrap.scrollWidth} px in a ${wrap.clientWidth} px box`).toBeLessThanOrEqual(wrap.clientWidth);
}

/** The board as 16 characters (a hex digit per piece, `.` when empty), read from the drawn cells. */
export function boardOf(page: Page, root = "#board-wrap"): Promise<string> {
  return page.$$eval(`${root} svg.board .cell`, (cells) =>
    cells.map((cell) => (cell.getAttribute("data-piece") === null ? "." : Number(cell.getAttribute("data-piece")).toString(16).toUpperCase())).join(""),
  );
}

/**
 * Each element is drawn entirely inside the viewport and the window is not scrolled: all of them are
 * visible together without scrolling.
 */
export async function expectInViewport(page: Page, selectors: readonly string[], what: string): Promise<void> {
  const seen = await page.evaluate((list) => {
    const boxes = list.map((selector) => {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      return { selector, box: box ? { top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.height } : null };
    });
    return { scrollY: window.scrollY, width: window.innerWidth, height: window.innerHeight, boxes };
  }, selectors);
  expect(seen.scrollY, `${what}: the window is scrolled`).toBe(0);
  for (const { selector, box } of seen.boxes) {
    expect(box, `${what}: ${selector} is missing`).not.toBeNull();
    if (!box) continue;
    expect(box.height, `${what}: ${selector} is empty`).toBeGreaterThan(0);
    expect(box.top, `${what}: ${selector} starts above the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.left, `${what}: ${selector} starts left of the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.bottom, `${what}: ${selector} ends below the fold (${seen.height} px)`).toBeLessThanOrEqual(seen.height);
    expect(box.right, `${what}: ${selector} ends right of the viewport`).toBeLessThanOrEqual(seen.width);
  }
}

/** Puts a seat token where the pages keep it (as the home page does), then reloads the match page. */
export async function holdSeat(page: Page, matchId: string, held: { seat: 0 | 1; token: string }): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`quarto:seat:${matchId}`, JSON.stringify(held)]);
  await page.reload();
  await page.waitForSelector("#live.on");
}

/** GETs or POSTs JSON from the Worker under test (with a seat token when given). */
export async function api<T>(path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = body === undefined ? {} : { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${path}`, body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  expect(response.ok, `${path}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** A match created through the API, with the tokens of the seats taken. */
export interface CreatedMatch {
  id: string;
  tokens: { seat: 0 | 1; token: string }[];
}

export const cellName = (cell: number): string => `${"abcd"[cell % 4]}${Math.floor(cell / 4) + 1}`;

/**
 * Plays `plies` moves of a match between two held seats through the API, each the first legal move
 * (by cell, then piece) that does not end the game, as the API's validate-move says. Returns the
 * position string reached.
 */
export async function playQuietly(created: CreatedMatch, plies: number): Promise<string> {
  let position = ".................";
  for (let ply = 0; ply < plies; ply++) {
    const token = created.tokens.find((held) => held.seat === ply % 2)?.token;
    const cells = ply === 0 ? [null] : [...position.slice(0, 16)].flatMap((slot, cell) => (slot === "." ? [cell] : []));
    const pieces = Array.from({ length: 16 }, (_, piece) => piece).filter((piece) => !position.toUpperCase().includes(piece.toString(16).toUpperCase()));
    let played = false;
    for (const cell of cells) {
      for (const piece of pieces) {
        const text = `${cell === null ? "" : cellName(cell)}-${piece.toString(16).toUpperCase()}`;
        const check = await api<{ legal: boolean; position: { string: string }; outcome: { status: string } }>(
          `/v1/validate-move?position=${position}&move=${encodeURIComponent(text)}`,
        );
        if (!check.legal || check.outcome.status !== "ongoing") continue;
        await api(`/v1/matches/${created.id}/moves`, { ply, ...(cell === null ? {} : { place: cell }), give: piece }, token);
        position = check.position.string;
        played = true;
        break;
      }
      if (played) break;
    }
    expect(played, `a quiet move at ply ${ply}`).toBe(true);
  }
  return position;
}
