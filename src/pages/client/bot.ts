/**
 * A bot's page's script: with the bot's management token (the one this browser holds, kept when it
 * registered the bot here, or one pasted) it manages the bot (entry, ladder, rotate, delete) and shows
 * its call log (GET /v1/bots/{id}/calls, newest first, a page at a time; `?matchId=` in the page's
 * address keeps one game's calls, `&ply=` marks one call). Bundled into public/scripts/bot.js (see scripts.ts).
 */
import { boot, type ClientEnv } from "./boot.ts";

/** One call of the log, as GET /v1/bots/{id}/calls answers it (BotCall in the API reference). */
interface BotCallOutput {
  id: string;
  kind: "move" | "end";
  tournamentId: string | null;
  gameId: string;
  matchId: string;
  ply: number;
  sentAt: string;
  status: number | null;
  latencyMs: number;
  move: string | null;
  forfeit: string | null;
  detail: string | null;
}

export interface BotPageConfig {
  id: string;
  name: string;
  entry: "open" | "owner";
  /** Its ladder status, or null when it was never on the ladder. */
  ladder: string | null;
}

interface CallPage {
  calls: BotCallOutput[];
  next: string | null;
}

interface Rotated {
  secret: string;
  token: string;
}

/** Calls per page of the log. */
const CALLS_PER_PAGE = 50;

function botClient(env: ClientEnv, config: BotPageConfig): void {
  const { kit, draw } = env;
  const { browser } = kit;
  const e = draw.escapeHtml;
  const query = new URLSearchParams(browser.location.search);
  const matchId = query.get("matchId");
  const chosenPly = query.get("ply");
  let token = kit.heldBot(config.id)?.token ?? null;
  let entry = config.entry;
  let deleteArmed = false;
  let nextCalls: string | null = null;
  const problem = kit.byId("manage-error");

  function showManage(): void {
    kit.byId("token-state").textContent = token
      ? "This browser holds the bot's management token."
      : "Managing the bot and reading its call log need its management token: paste it here (it is kept in this browser).";
    kit.byId("token-form").hidden = token !== null;
    kit.byId("settings").hidden = token === null;
    kit.byId("calls-filter").hidden = token === null;
    kit.byId("entry-now").textContent = entry === "open" ? "open to everyone" : "owner only";
    kit.byId("entry-button").textContent = entry === "open" ? "Make it owner only" : "Open it to everyone";
    kit.byId("delete-button").textContent = deleteArmed ? "Click again to delete" : "Delete the bot";
  }

  function callRow(call: BotCallOutput): string {
    const chosen = call.matchId === matchId && chosenPly !== null && String(call.ply) === chosenPly && call.kind === "move";
    const classes = [call.forfeit ? "forfeit" : "", chosen ? "chosen" : ""].filter(Boolean).join(" ");
    const game = `<a href="/matches/${e(call.matchId)}">${e(call.matchId.slice(0, 6))}</a>${call.tournamentId ? ` <a class="muted wide-only" href="/tournaments/${e(call.tournamentId)}">${e(call.gameId)}</a>` : ""}`;
    const status = call.status === null ? `<span class="muted">none</span>` : String(call.status);
    // The move answered, or the forfeit the call was (a forfeit's answer, if any, is in its detail).
    const answer = call.forfeit
      ? `<span class="forfeit-code">forfeit <code>${e(call.forfeit)}</code></span>`
      : call.kind === "end"
        ? `<span class="muted">end notice</span>`
        : call.move === null
          ? `<span class="muted">–</span>`
          : `<code>${draw.moveHtml(call.move)}</code>`;
    return (
      `<tr class="${classes}" data-call="${e(call.id)}" data-match="${e(call.matchId)}" data-ply="${call.ply}" data-kind="${call.kind}">` +
      `<td class="wide-only">${e(call.sentAt.slice(11, 23))}</td><td>${game}</td><td class="num">${call.kind === "move" ? call.ply + 1 : ""}</td>` +
      `<td class="num">${status}</td><td class="num">${call.latencyMs}&nbsp;ms</td><td>${answer}</td><td class="detail wide-only">${e(call.detail ?? "")}</td></tr>`
    );
  }

  async function loadCalls(path: string, append: boolean): Promise<void> {
    if (token === null) return;
    const answer = await kit.api<CallPage>("GET", path, undefined, token);
    const log = kit.byId("call-log");
    if (!answer.ok) {
      log.innerHTML = `<p class="error">${e(answer.detail)}</p>`;
      return;
    }
    nextCalls = answer.body.next;
    kit.byId("older-calls").hidden = nextCalls === null;
    const rows = answer.body.calls.map(callRow).join("");
    const body = log.querySelector("tbody");
    if (append && body) {
      body.innerHTML += rows;
      return;
    }
    const heading = matchId ? `<p>The calls of match <a href="/matches/${e(matchId)}">${e(matchId)}</a>.</p>` : "";
    log.innerHTML =
      answer.body.calls.length === 0
        ? `${heading}<p class="muted" id="no-calls">No call recorded${matchId ? " for this game" : " yet"}.</p>`
        : `${heading}<div class="table-wrap"><table class="calls"><thead><tr><th class="wide-only">Sent (UTC)</th><th>Game</th><th class="num">Move</th><th class="num">Status</th><th class="num">Latency</th><th>Answer</th><th class="wide-only">Detail</th></tr></thead><tbody>${rows}</tbody></table></div>`;
    kit.byId("calls-all").hidden = matchId === null;
    browser.document.querySelector("tr.chosen")?.scrollIntoView?.({ block: "center" });
  }

  function firstCalls(): void {
    const filter = matchId ? `&matchId=${encodeURIComponent(matchId)}` : "";
    void loadCalls(`/v1/bots/${config.id}/calls?limit=${CALLS_PER_PAGE}${filter}`, false);
  }

  kit.byId("older-calls").addEventListener("click", () => {
    if (nextCalls) void loadCalls(nextCalls, true);
  });

  kit.byId("token-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const pasted = kit.byId("token-input").value.trim();
    if (!pasted) return;
    // The call log needs the token: a wrong one is told at once and not kept.
    const check = await kit.api<CallPage>("GET", `/v1/bots/${config.id}/calls?limit=1`, undefined, pasted);
    if (!check.ok) {
      problem.textContent = check.detail;
      return;
    }
    problem.textContent = "";
    token = pasted;
    kit.holdBot({ id: config.id, name: config.name, token });
    showManage();
    firstCalls();
  });

  /** A managing call with the token; its refusal shown as it comes. */
  async function manage<T>(method: string, path: string, body?: unknown): Promise<T | null> {
    if (token === null) return null;
    const answer = await kit.api<T>(method, path, body, token);
    problem.textContent = answer.ok ? "" : answer.detail;
    return answer.ok ? answer.body : null;
  }

  kit.byId("entry-button").addEventListener("click", async () => {
    const changed = await manage<{ entry: "open" | "owner" }>("PATCH", `/v1/bots/${config.id}`, { entry: entry === "open" ? "owner" : "open" });
    if (changed) entry = changed.entry;
    showManage();
  });

  const ladderNow = (status: string | null) => {
    kit.byId("ladder-now").textContent = status ?? "not on it";
  };
  kit.byId("join-button").addEventListener("click", async () => {
    const joined = await manage<{ status: string }>("PUT", `/v1/ladder/${config.id}`);
    if (joined) ladderNow(joined.status);
  });
  kit.byId("leave-button").addEventListener("click", async () => {
    const left = await manage<{ status: string }>("DELETE", `/v1/ladder/${config.id}`);
    if (left) ladderNow(left.status);
  });

  kit.byId("rotate-button").addEventListener("click", async () => {
    const secret = kit.byId("rotate-secret").value.trim();
    const rotated = await manage<Rotated>("POST", `/v1/bots/${config.id}/rotate`, secret ? { secret } : {});
    if (!rotated) return;
    token = rotated.token;
    kit.holdBot({ id: config.id, name: config.name, token });
    kit.byId("rotated-token").textContent = rotated.token;
    kit.byId("rotated-secret").textContent = rotated.secret;
    kit.byId("rotated").hidden = false;
    kit.byId("rotate-secret").value = "";
  });

  kit.byId("delete-button").addEventListener("click", async () => {
    if (!deleteArmed) {
      deleteArmed = true;
      showManage();
      browser.setTimeout(() => {
        deleteArmed = false;
        showManage();
      }, 4000);
      return;
    }
    deleteArmed = false;
    const removed = await manage<unknown>("DELETE", `/v1/bots/${config.id}`);
    if (removed === null) return showManage();
    kit.forgetBot(config.id);
    browser.location.assign("/bots");
  });

  kit.byId("forget-button").addEventListener("click", () => {
    kit.forgetBot(config.id);
    token = null;
    kit.byId("call-log").innerHTML = `<p class="muted" id="calls-locked">The call log is shown to the holder of the bot's token.</p>`;
    kit.byId("older-calls").hidden = true;
    showManage();
  });

  kit.byId("calls-filter").addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = kit.byId("calls-match").value.trim();
    browser.location.assign(`/bots/${config.id}${chosen ? `?matchId=${encodeURIComponent(chosen)}` : ""}#calls`);
  });
  if (matchId) kit.byId("calls-match").value = matchId;

  showManage();
  firstCalls();
}

boot(botClient);
