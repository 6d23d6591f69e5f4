/**
 * A bot author's way through the pages, in chromium against `wrangler dev`: a webhook bot that checks
 * every signature (a small server of this test, answering with the built-in `easy` bot) is registered on
 * /bots with its own secret and verifies every call from the registration's first; its token is shown
 * once and kept by the browser; it plays a game from the home page and a Swiss from the Tournaments form
 * (owner only: offered because this browser holds its token); its call log on /bots/{id} shows every
 * request of them, and the match page links its moves to their calls. And an SPRT of 300 games: its page
 * in normalized Elo, without a tie-break column, every game reached. At a phone's size and a laptop's,
 * screenshots under screenshots/.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateBotSecret, verifySignature } from "../../src/bots/index.ts";
import type { TournamentOutput } from "../../src/wire/index.ts";
import { api, baseUrl, expectNoSidewaysScrollAnywhere, launchBrowser, openPage, PHONE, screenshot } from "./chromium.ts";

const LAPTOP = { width: 1366, height: 900 };
/** A browser's cookies and localStorage, carried from one context to the next (the token kept at registration). */
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const SIZES = [
  ["phone-390x844", PHONE],
  ["laptop-1366x900", LAPTOP],
] as const;

interface CallPage {
  calls: { kind: string; matchId: string; ply: number; status: number | null; forfeit: string | null; latencyMs: number }[];
  next: string | null;
}

/** A webhook bot that refuses (401) any call whose signature does not verify with its secret, and plays as the built-in easy bot. */
function signedBot(secret: string) {
  const seen = { calls: 0, unsigned: 0 };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    seen.calls++;
    const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)]));
    if (!verifySignature(secret, body, headers)) {
      seen.unsigned++;
      response.writeHead(401).end();
      return;
    }
    const path = new URL(request.url ?? "/", "http://bot").pathname.replace(/\/$/, "");
    const answer =
      request.method === "GET"
        ? { status: 200, text: JSON.stringify({ name: "signed-easy", author: "the browser tests" }) }
        : await fetch(`${baseUrl}/bots/easy${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body }).then(async (reply) => ({
            status: reply.status,
            text: await reply.text(),
          }));
    response.writeHead(answer.status, { "Content-Type": "application/json" }).end(answer.text);
  });
  return { server, seen };
}

async function callsOf(botId: string, token: string, matchId?: string): Promise<CallPage["calls"]> {
  const calls: CallPage["calls"] = [];
  let path: string | null = `/v1/bots/${botId}/calls?limit=100${matchId ? `&matchId=${matchId}` : ""}`;
  while (path !== null) {
    const page: CallPage = await api<CallPage>(path, undefined, token);
    calls.push(...page.calls);
    path = page.next;
  }
  return calls;
}

/** Waits for the call log to hold `count` move calls of `matchId` (calls are recorded in the background, moments after each move). */
async function waitForCalls(botId: string, token: string, matchId: string, count: number): Promise<CallPage["calls"]> {
  for (let tries = 0; ; tries++) {
    const calls = (await callsOf(botId, token, matchId)).filter((call) => call.kind === "move");
    if (calls.length >= count) return calls;
    if (tries > 100) throw new Error(`${calls.length} of ${count} calls of ${matchId} logged`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
    await screenshot(page, `${name}-${size}-first-screen`, { fullPage: false });
    await expectNoSidewaysScrollAnywhere(page, `${name} ${size}`);
  }
}

describe.skipIf(!baseUrl)("a bot author's pages", () => {
  let browser: Browser;
  let bot: ReturnType<typeof signedBot>;
  let botUrl: string;
  const secret = generateBotSecret();
  const name = `signed-${Math.random().toString(36).slice(2, 7)}`;
  /** Filled in by the registration, for the tests after it (they run in order). */
  const state: { id: string; token: string; storage: StorageState | null; matchId: string } = { id: "", token: "", storage: null, matchId: "" };

  beforeAll(async () => {
    browser = await launchBrowser();
    bot = signedBot(secret);
    await new Promise<void>((resolve) => bot.server.listen(0, "127.0.0.1", resolve));
    botUrl = `http://127.0.0.1:${(bot.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => bot?.server.close(resolve));
  });

  it("registers a webhook bot with its own secret on /bots: every call is signed with it from the first, and the token is shown once and kept", async () => {
    const watched = await openPage(browser, "/bots", PHONE);
    const { page } = watched;
    await page.fill('input[name="name"]', name);
    await page.fill('input[name="url"]', botUrl);
    await page.fill('input[name="secret"]', secret);
    await screenshot(page, "bots-form-phone-390x844");
    await page.click("#register");
    await page.waitForSelector("#registered:not([hidden])");
    const token = (await page.textContent("#registered-token")) ?? "";
    expect(await page.textContent("#registered-secret")).toBe(secret);
    expect(token.length).toBeGreaterThan(20);
    expect(await page.textContent("#registered-steps")).toContain("webhook-signature");
    // The registration's GET / came signed with the bot's own secret.
    expect(bot.seen).toEqual({ calls: 1, unsigned: 0 });
    const href = (await page.getAttribute("#registered-link", "href")) ?? "";
    state.id = href.split("/").pop() ?? "";
    state.token = token;
    expect(await page.evaluate((key) => localStorage.getItem(key), `quarto:bot:${state.id}`)).toContain(token);
    await atBothSizes(page, "bots-registered");

    // Shown once: the list (reloaded) never shows it again, and marks the bot as held here.
    await page.goto(`${baseUrl}/bots?limit=100`);
    expect(await page.content()).not.toContain(token);
    const row = page.locator(`tr[data-bot="${state.id}"]`);
    expect(await row.locator(".held-mark").isVisible()).toBe(true);
    expect((await row.locator("td").allTextContents()).slice(1, 5).map((cell) => cell.trim())).toEqual(["webhook", "owner only", "–", "called at its URL"]);
    await atBothSizes(page, "bots-list");
    state.storage = await watched.context.storageState();
    watched.checkClean();
  });

  it("plays the bot from the home page (offered as this browser's), and links its moves to their calls", async () => {
    const context = await browser.newContext({ viewport: LAPTOP, storageState: state.storage ?? undefined });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.check('input[name="opponent"][value="bot"]');
    expect(await page.isVisible("#bot-row")).toBe(true);
    await page.selectOption('select[name="bot"]', state.id);
    await page.selectOption('select[name="first"]', "them");
    await page.click("#start");
    await page.waitForURL(/\/matches\/[a-z2-7]{26}$/);
    const matchId = new URL(page.url()).pathname.split("/").pop() as string;
    state.matchId = matchId;
    const seat = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `quarto:seat:${matchId}`)) ?? "null") as { token: string };
    // The bot gave first; resign after its move, which ends the game.
    await page.waitForSelector(".moves a.call-link");
    const call = (await page.getAttribute(".moves a.call-link", "href")) ?? "";
    expect(call).toBe(`/bots/${state.id}?matchId=${matchId}&ply=0#calls`);
    const resigned = await fetch(`${baseUrl}/v1/matches/${matchId}/resign`, { method: "POST", headers: { Authorization: `Bearer ${seat.token}` } });
    expect(resigned.status, await resigned.text()).toBe(200);
    await waitForCalls(state.id, state.token, matchId, 1);
    await page.goto(`${baseUrl}${call}`);
    await page.waitForSelector("table.calls tr.chosen");
    expect(await page.getAttribute("table.calls tr.chosen", "data-ply")).toBe("0");
    await atBothSizes(page, "bot-call-chosen");
    await context.close();
  });

  it("enters the bot in a Swiss from the Tournaments form, and its call log on /bots/{id} shows every request of its games", async () => {
    const context = await browser.newContext({ viewport: LAPTOP, storageState: state.storage ?? undefined });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tournaments`);
    await page.check('input[name="kind"][value="swiss"]');
    for (const built of ["random", "easy", "medium"]) await page.check(`input[name="bots"][value="${built}"]`);
    await page.check(`input[name="bots"][value="${state.id}"]`);
    await page.fill('input[name="rounds"]', "2");
    await page.fill('input[name="name"]', "Signed Swiss");
    await page.click("#start-tournament");
    await page.waitForURL(/\/tournaments\/[a-z2-7]{26}$/);
    const id = new URL(page.url()).pathname.split("/").pop() as string;
    await page.waitForSelector('#summary [data-status="finished"]', { timeout: 90_000 });
    const view = await api<TournamentOutput>(`/v1/tournaments/${id}`);
    expect(view.kind).toBe("swiss");
    expect(view.bots.find((entry) => entry.botId === state.id)?.name).toBe(name);
    expect(view.swiss?.byRound.map((round) => round.round)).toEqual([1, 2]);
    expect(await page.textContent("#swiss")).toContain("Round 1 (finished)");
    await atBothSizes(page, "bot-swiss");

    // Every move the bot made in the Swiss's games is a call in its log, answered 200 with the move played, and every call was signed.
    const played = view.games.filter((game) => (game.first === name || game.second === name) && game.matchId);
    expect(played.length).toBeGreaterThanOrEqual(4);
    for (const game of played) {
      const record = await api<{ moves: { ply: number; seat: number; text: string }[]; seats: { seat: number; name: string | null }[] }>(
        `/v1/matches/${game.matchId}`,
      );
      const botSeat = record.seats.find((seat) => seat.name === name)?.seat;
      const moves = record.moves.filter((move) => move.seat === botSeat);
      const calls = await waitForCalls(state.id, state.token, game.matchId as string, moves.length);
      expect(calls.map((call) => call.ply).sort((a, b) => a - b)).toEqual(moves.map((move) => move.ply));
      expect(calls.every((call) => call.status === 200 && call.forfeit === null)).toBe(true);
    }
    expect(bot.seen.unsigned).toBe(0);

    await page.goto(`${baseUrl}/bots/${state.id}#calls`);
    await page.waitForSelector("table.calls tbody tr");
    const logged = await callsOf(state.id, state.token);
    const shown = await page.$$eval("table.calls tbody tr", (rows) => rows.map((row) => row.getAttribute("data-call")));
    expect(shown.length).toBe(Math.min(50, logged.length));
    expect(await page.textContent("#identity")).toContain(botUrl);
    expect(await page.textContent(".bot-tournaments")).toContain("Signed Swiss");
    expect(await page.isVisible("#settings")).toBe(true);
    await atBothSizes(page, "bot-page");
    await context.close();
  });

  it("manages the bot with a pasted token in another browser: entry open and back, then the old token refused once rotated", async () => {
    const watched = await openPage(browser, `/bots/${state.id}`, PHONE);
    const { page } = watched;
    expect(await page.isVisible("#token-form")).toBe(true);
    expect(await page.textContent("#call-log")).toContain("holder of the bot's token");
    await page.fill("#token-input", "not-the-token");
    await page.click("#use-token");
    await page.waitForSelector("#manage-error:not(:empty)");
    await page.fill("#token-input", state.token);
    await page.click("#use-token");
    await page.waitForSelector("#settings:not([hidden])");
    await page.waitForSelector("table.calls");
    await page.click("#entry-button");
    await page.waitForFunction(() => document.querySelector("#entry-now")?.textContent === "open to everyone");
    expect((await api<{ entry: string }>(`/v1/bots/${state.id}`)).entry).toBe("open");
    // And back: the other browser tests share this service, and their forms offer every open bot.
    await page.click("#entry-button");
    await page.waitForFunction(() => document.querySelector("#entry-now")?.textContent === "owner only");
    expect((await api<{ entry: string }>(`/v1/bots/${state.id}`)).entry).toBe("owner");
    await page.click("#rotate-button");
    await page.waitForSelector("#rotated:not([hidden])");
    const rotated = (await page.textContent("#rotated-token")) ?? "";
    expect(rotated).not.toBe(state.token);
    const old = await fetch(`${baseUrl}/v1/bots/${state.id}/calls`, { headers: { Authorization: `Bearer ${state.token}` } });
    expect(old.status).toBe(403);
    expect((await callsOf(state.id, rotated)).length).toBeGreaterThan(0);
    await screenshot(page, "bot-manage-phone-390x844");
    watched.checkClean();
  });

  it("an SPRT of 300 games: its page in normalized Elo, no tie-break column, and every game reached", async () => {
    const created = await api<{ id: string; token: string }>("/v1/tournaments", {
      kind: "sprt",
      bots: ["easy", "random"],
      sprt: { elo0: 0, elo1: 10, maxGames: 300 },
      openings: "classic-unbalanced",
      seed: 3,
    });
    const watched = await openPage(browser, `/tournaments/${created.id}`, LAPTOP);
    const { page } = watched;
    expect(await page.textContent("#sprt")).toContain("H0: 0 nElo, H1: 10 nElo");
    expect(await page.textContent("#sprt-elo")).toMatch(/^nElo /);
    expect(await page.textContent("#sprt")).not.toMatch(/\d Elo(?! [+-]|,)/);
    expect(await page.$$eval("table.standings th", (cells) => cells.map((cell) => cell.textContent))).not.toContain("SB");
    const seen = new Set<string>();
    for (let pages = 0; pages < 3; pages++) {
      for (const game of await page.$$eval("table.games tbody tr", (rows) => rows.map((row) => row.getAttribute("data-game") ?? ""))) seen.add(game);
      if (pages === 0) await atBothSizes(page, "sprt-300");
      if (pages < 2) {
        await page.click("#later-games");
        await page.waitForURL(/from=\d+/);
      }
    }
    expect(seen.size).toBe(300);
    expect(await page.textContent("#games-pager")).toContain("Games 201–300 of 300.");
    expect(await page.isHidden("#later-games").catch(() => true)).toBe(true);
    await atBothSizes(page, "sprt-300-last-games");
    // Its games need not be played here.
    await fetch(`${baseUrl}/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: { Authorization: `Bearer ${created.token}` } });
    watched.checkClean();
  });
});
