/**
 * The ladder under `wrangler dev` lives by itself and survives a restart of the server with nothing
 * lost. Starts wrangler dev (port 8792, storage in a temporary folder, without `--test-scheduled`:
 * nothing can run the scheduler by hand) and four HTTP bots on loopback that join the ladder at
 * registration; checks that the built-in anchors are on it; then for each round: waits until the
 * ladder's own alarm has every bot playing (within two minutes), kills the whole server (SIGKILL) while
 * the pairings are being played, restarts it on the same storage, checks that the ladder reads exactly
 * as it did before the kill, and waits until the alarm has recorded another pairing of every bot. At
 * the end the bots leave; every pairing is recorded once: each game counted for both its sides (a bot's
 * or an anchor's entry), with the tournaments' results, ratings and history in place, the anchors'
 * ratings unmoved. Prints a table; exits non-zero on any difference. With `--screenshots DIR`, saves
 * the ladder pages at phone and laptop sizes (Debian's chromium through playwright-core).
 *
 *   npx node --experimental-strip-types scripts/ladder-restart.ts [--rounds 3] [--port 8792] [--screenshots DIR]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { isDeepStrictEqual } from "node:util";
import Table from "cli-table3";
import type { LadderBotOutput, LadderPageOutput } from "../src/wire/ladder-schemas.ts";
import type { TournamentOutput } from "../src/wire/tournament-schemas.ts";
import { type BotFleet, call, type LocalWorker, startBots, startWorker } from "./local-worker.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, port: { type: "string", default: "8792" }, screenshots: { type: "string" } },
});
const rounds = Number(values.rounds);
const port = Number(values.port);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => console.log(line);

const folder = mkdtempSync(join(tmpdir(), "ladder-restart-"));
const run = Date.now().toString(36).slice(-4);
const names = ["strong", "sharp", "weak", "wild"].map((name) => `${name}-${run}`);
const bots: BotFleet = await startBots(names, { level: (name) => (name.startsWith("strong") || name.startsWith("sharp") ? "medium" : "random"), delayMs: 50 });
let worker: LocalWorker = await startWorker({ port, persistTo: folder });
let failures = 0;
const check = (ok: boolean, what: string) => {
  if (!ok) failures++;
  say(`${ok ? "ok  " : "FAIL"} ${what}`);
};

/** Everything the ladder says: the listing and every bot's entry with its history and games. */
async function snapshot(ids: readonly string[]): Promise<{ page: LadderPageOutput; bots: Omit<LadderBotOutput, "accuracy" | "recentMistakes">[] }> {
  const page = await call<LadderPageOutput>(worker.origin, "/v1/ladder");
  const entries = await Promise.all(ids.map((id) => call<LadderBotOutput>(worker.origin, `/v1/ladder/${id}`)));
  // gamesLastHour moves with the clock, and accuracy with the games' reviews (computed in the background, stored by their matches), not with the ladder.
  const still = ({ accuracy: _accuracy, recentMistakes: _mistakes, ...entry }: LadderBotOutput) => ({ ...entry, gamesLastHour: 0 });
  return { page: { ...page, bots: page.bots.map((entry) => ({ ...entry, gamesLastHour: 0 })) }, bots: entries.map(still) };
}

/** Reads the ladder until `done`, every second, for at most `timeoutMs`; the reading that was done, or null. */
async function until(done: (page: LadderPageOutput) => boolean, timeoutMs: number): Promise<LadderPageOutput | null> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(1000)) {
    // A connection wrangler dev drops (it does, now and then, on a loaded machine) is read again; the deadline bounds it.
    const page = await call<LadderPageOutput>(worker.origin, "/v1/ladder?limit=100").catch((error: unknown) => {
      say(`     (a reading failed: ${String(error)}; reading again)`);
      return null;
    });
    if (page !== null && done(page)) return page;
  }
  return null;
}

async function restart(ids: readonly string[], when: string): Promise<void> {
  const before = await snapshot(ids);
  await worker.stop("SIGKILL");
  worker = await startWorker({ port, persistTo: folder });
  const after = await snapshot(ids);
  const games = (state: typeof before) => state.bots.reduce((sum, bot) => sum + bot.games, 0) / 2;
  const summary = `${before.page.total} bots, ${before.page.pairingsInPlay} pairings in play, ${games(before)} games`;
  if (isDeepStrictEqual(before, after)) {
    check(true, `after a restart ${when}, the ladder reads as before (${summary})`);
    return;
  }
  // The snapshot and the kill are not one instant: a pairing may end in between. Then the ladder must
  // read as before plus that progress: the same bots, every game and rating point kept.
  check(
    movedOn(before, after),
    `after a restart ${when}, the ladder reads as before (${summary}) plus what ended between the reading and the kill (${games(after)} games)`,
  );
}

/** `after` is `before` with more finished pairings: the same bots, and each one's history and games kept. */
function movedOn(before: Awaited<ReturnType<typeof snapshot>>, after: Awaited<ReturnType<typeof snapshot>>): boolean {
  if (before.page.total !== after.page.total || before.bots.length !== after.bots.length) return false;
  return before.bots.every((was, index) => {
    const now = after.bots[index];
    const kept = (game: unknown) => now.recentGames.some((candidate) => isDeepStrictEqual(candidate, game));
    return (
      now.bot.id === was.bot.id &&
      now.games >= was.games &&
      isDeepStrictEqual(now.history.slice(0, was.history.length), was.history) &&
      was.recentGames.every(kept)
    );
  });
}

try {
  const anchors = (await call<LadderPageOutput>(worker.origin, "/v1/ladder")).settings.anchors;
  check(anchors.length === 3, `the anchors are on the ladder from the start: ${anchors.map((anchor) => `${anchor.bot} ${anchor.rating}`).join(", ")}`);
  const joined: { id: string; token: string }[] = [];
  for (const name of names) {
    joined.push(
      await call<{ id: string; token: string }>(worker.origin, "/v1/bots", {
        method: "POST",
        body: JSON.stringify({ name, url: bots.urls.get(name), ladder: true }),
        expect: 201,
      }),
    );
  }
  const ids = joined.map((bot) => bot.id);
  const ours = (page: LadderPageOutput) => page.bots.filter((entry) => ids.includes(entry.bot.id));
  say(`4 bots on the ladder; storage in ${folder}`);
  for (let round = 1; round <= rounds; round++) {
    const start = Date.now();
    const paired = await until((page) => ours(page).every((entry) => entry.playing !== null), 120_000);
    check(paired !== null, `round ${round}: the ladder's alarm had every bot playing within ${((Date.now() - start) / 1000).toFixed(1)} s, nothing run by hand`);
    await sleep(1500);
    await restart(ids, `in the middle of round ${round}`);
    const recorded = await until((page) => ours(page).every((entry) => entry.games >= round * 2), 300_000);
    check(recorded !== null, `round ${round}: after the restart the alarm recorded every bot's pairing by itself`);
  }
  for (const bot of joined)
    await call(worker.origin, `/v1/ladder/${bot.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${bot.token}` } });
  check((await until((page) => page.pairingsInPlay === 0, 300_000)) !== null, "once the bots left, their last pairings were played out and recorded");
  await restart(ids, "at the end");

  // Every pairing recorded once, for both its sides, with the tournaments' results; the anchors unmoved.
  const entries = await Promise.all(ids.map((id) => call<LadderBotOutput>(worker.origin, `/v1/ladder/${id}`)));
  const anchorEntries = await Promise.all(anchors.map((anchor) => call<LadderBotOutput>(worker.origin, `/v1/ladder/${anchor.bot}`)));
  check(
    anchorEntries.every((entry, index) => entry.anchor && entry.rating === anchors[index].rating && entry.deviation === 0),
    `the anchors' ratings did not move (${anchorEntries.map((entry) => `${entry.bot.name} ${entry.games} games`).join(", ")})`,
  );
  const sides = [...entries, ...anchorEntries];
  const tournaments = new Set(entries.flatMap((entry) => entry.recentGames.map((game) => game.tournamentId)));
  let tournamentGames = 0;
  let agreeing = 0;
  for (const id of tournaments) {
    const view = await call<TournamentOutput>(worker.origin, `/v1/tournaments/${id}`);
    check(view.status === "finished", `pairing ${id} finished`);
    for (const game of view.games) {
      tournamentGames++;
      const winner = game.result?.winner ?? null;
      const bySide = sides.flatMap((entry) =>
        entry.recentGames.filter((played) => played.tournamentId === id && played.gameId === game.gameId).map((played) => ({ entry, played })),
      );
      const consistent =
        bySide.length === 2 && bySide.every(({ entry, played }) => played.result === (winner === null ? "draw" : winner === entry.bot.name ? "win" : "loss"));
      if (consistent) agreeing++;
    }
  }
  check(agreeing === tournamentGames, `${tournamentGames} games in ${tournaments.size} pairings, each recorded once for both its sides, with the tournaments' results`);
  check(
    entries.every((entry) => entry.games === 2 * entry.history.length && entry.games >= rounds * 2),
    `every bot has a rating point per pairing and at least ${rounds * 2} games`,
  );

  const table = new Table({ head: ["rank", "bot", "rating", "games", "W-D-L", "history (rating after each pairing)"] });
  for (const entry of [...entries].sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99))) {
    table.push([
      entry.rank ?? "",
      entry.bot.name,
      `${entry.rating} ± ${entry.deviation}`,
      entry.games,
      `${entry.wins}-${entry.draws}-${entry.losses}`,
      entry.history.map((point) => point.rating).join(", "),
    ]);
  }
  say(table.toString());

  if (values.screenshots) {
    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
    try {
      for (const [label, viewport] of [
        ["phone", { width: 390, height: 844 }],
        ["laptop", { width: 1366, height: 768 }],
      ] as const) {
        const page = await browser.newPage({ viewport });
        const external: string[] = [];
        page.on("request", (request) => {
          if (!request.url().startsWith(worker.origin) && !request.url().startsWith("data:")) external.push(request.url());
        });
        await page.goto(`${worker.origin}/ladder`);
        await page.screenshot({ path: join(values.screenshots, `ladder-${label}.png`), fullPage: true });
        await page.goto(`${worker.origin}/ladder/${ids[0]}`);
        await page.screenshot({ path: join(values.screenshots, `ladder-bot-${label}.png`), fullPage: true });
        check(external.length === 0, `the ${label} pages made no request elsewhere`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
    say(`screenshots in ${values.screenshots}`);
  }
} finally {
  await worker.stop();
  await bots.close();
  rmSync(folder, { recursive: true, force: true });
}
say(failures === 0 ? "the ladder survived every restart with nothing lost" : `${failures} checks failed`);
process.exit(failures === 0 ? 0 : 1);
