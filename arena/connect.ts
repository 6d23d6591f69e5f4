/**
 * The local bridge behind `npm run arena -- connect`: it keeps a connected bot's event stream open
 * on the service (`GET /v1/bots/{id}/events`, newline-delimited JSON) and forwards each move request to
 * a bot on this machine as a signed `POST /move`, exactly as the service calls a webhook bot, then posts
 * the answer (`POST /v1/bots/{id}/moves/{requestId}`); end notices go on as `POST /end`. So a webhook
 * bot's code runs unchanged behind a router, as with lichess-bot. A built-in level answers in-process
 * instead. It reconnects with backoff (the service sends every open request again on reconnect, and a
 * request already being answered is not forwarded twice) and says what it does, a line per event.
 */
import { callBot, type CheckedMoveRequest, generateBotSecret, type MoveAnswer, builtInAnswer } from "../src/bots/index.ts";
import type { Level } from "../src/engine/index.ts";
import { readMoveRequest } from "../src/wire/index.ts";

export interface BridgeOptions {
  /** The service's base URL, e.g. http://127.0.0.1:8787. */
  service: string;
  botId: string;
  /** The bot's management token. */
  token: string;
  /** The local bot: a base URL (a webhook bot) or a built-in level. */
  bot: { url: string; secret?: string } | { level: Level; maxNodes?: number };
  /** Says what the bridge does, a line at a time. */
  log?: (line: string) => void;
  /** The first wait before reconnecting (doubled up to maxBackoffMs after each failure in a row). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How much of a move's time is kept for posting the answer (default 150 ms). */
  marginMs?: number;
  fetch?: typeof fetch;
}

export interface Bridge {
  /** Resolves once the bridge has stopped (the stream closed, nothing in flight). */
  stop(): Promise<void>;
  /** Move requests answered so far. */
  readonly answered: number;
}

interface MoveEvent {
  type: "move";
  requestId: string;
  request: { clock?: { timeLeftMs?: number }; ply?: number; matchId?: string };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Starts the bridge; it runs until `stop()`. */
export function startBridge(options: BridgeOptions): Bridge {
  const log = options.log ?? (() => {});
  const doFetch = options.fetch ?? fetch;
  const service = options.service.replace(/\/+$/, "");
  const base = `${service}/v1/bots/${encodeURIComponent(options.botId)}`;
  const auth = { Authorization: `Bearer ${options.token}` };
  const local = options.bot;
  const secret = "url" in local ? (local.secret ?? generateBotSecret()) : "";
  const marginMs = options.marginMs ?? 150;
  const controller = new AbortController();
  const inFlight = new Set<string>();
  const done = new Set<string>();
  const tasks = new Set<Promise<void>>();
  let answered = 0;

  async function localAnswer(event: MoveEvent): Promise<{ ok: true; answer: unknown } | { ok: false; detail: string }> {
    const timeoutMs = Math.max(1, (event.request.clock?.timeLeftMs ?? 10_000) - marginMs);
    if ("url" in local) {
      const result = await callBot({ url: local.url, secret }, "POST", "/move", event.request, { timeoutMs, fetch: doFetch });
      return result.ok ? { ok: true, answer: result.body } : { ok: false, detail: `${result.code}: ${result.detail}` };
    }
    const checked = readMoveRequest(event.request);
    if (!checked.ok) return { ok: false, detail: checked.error };
    const answer: MoveAnswer = builtInAnswer(local.level, checked.value as CheckedMoveRequest, { maxNodes: local.maxNodes ?? 1_000_000 });
    return { ok: true, answer };
  }

  async function handleMove(event: MoveEvent): Promise<void> {
    if (inFlight.has(event.requestId) || done.has(event.requestId)) return;
    inFlight.add(event.requestId);
    const started = performance.now();
    try {
      const reply = await localAnswer(event);
      if (!reply.ok) {
        log(`move ${event.requestId}: the local bot gave no move (${reply.detail}); not answered, so the service's clock decides`);
        return;
      }
      const posted = await doFetch(`${base}/moves/${encodeURIComponent(event.requestId)}`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify(reply.answer),
      });
      const text = await posted.text();
      const ms = Math.round(performance.now() - started);
      if (posted.ok) {
        answered++;
        log(`move ${event.requestId}: answered ${JSON.stringify(reply.answer)} in ${ms} ms`);
      } else {
        log(`move ${event.requestId}: the service refused the answer (${posted.status}: ${detailOf(text)})`);
      }
      done.add(event.requestId);
      if (done.size > 1000) done.delete(done.values().next().value as string);
    } catch (error) {
      log(`move ${event.requestId}: ${(error as Error).message}`);
    } finally {
      inFlight.delete(event.requestId);
    }
  }

  async function handleEnd(notice: unknown): Promise<void> {
    const { matchId, outcome, reason } = notice as { matchId?: string; outcome?: string; reason?: string };
    log(`game over: match ${matchId}, ${outcome} (${reason})`);
    if ("url" in local) await callBot({ url: local.url, secret }, "POST", "/end", notice, { timeoutMs: 2000, fetch: doFetch }).catch(() => {});
  }

  function dispatch(line: string): void {
    if (line.trim() === "") return;
    let event: { type?: string; notice?: unknown };
    try {
      event = JSON.parse(line);
    } catch {
      log(`ignored a line that is not JSON: ${line.slice(0, 80)}`);
      return;
    }
    const task = event.type === "move" ? handleMove(event as MoveEvent) : event.type === "end" ? handleEnd(event.notice) : null;
    if (task) {
      tasks.add(task);
      task.finally(() => tasks.delete(task));
    }
  }

  /** One connection: reads lines until the stream ends; resolves whether it was ever open. */
  async function connectOnce(): Promise<boolean> {
    const response = await doFetch(`${base}/events`, { headers: { ...auth, Accept: "application/x-ndjson" }, signal: controller.signal });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => "");
      const message = `the service answered ${response.status} to GET /v1/bots/${options.botId}/events: ${detailOf(text)}`;
      if (response.status === 401 || response.status === 403 || response.status === 404 || response.status === 409) throw new FatalError(message);
      throw new Error(message);
    }
    log(
      `connected to ${service} as bot ${options.botId}; forwarding to ${"url" in local ? `${local.url} (POST /move, signed)` : `the built-in ${local.level} bot`}`,
    );
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      buffer += decoder.decode(value, { stream: true });
      let newline = buffer.indexOf("\n");
      while (newline >= 0) {
        dispatch(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf("\n");
      }
    }
    return true;
  }

  const loop = (async () => {
    let backoff = options.backoffMs ?? 1000;
    while (!controller.signal.aborted) {
      try {
        const wasOpen = await connectOnce();
        if (controller.signal.aborted) break;
        if (wasOpen) backoff = options.backoffMs ?? 1000;
        log(`the stream ended (replaced by another connection, or the service restarted); reconnecting in ${backoff} ms`);
      } catch (error) {
        if (controller.signal.aborted) break;
        if (error instanceof FatalError) {
          log(`${error.message}; stopping`);
          break;
        }
        log(`cannot reach the stream (${(error as Error).message}); reconnecting in ${backoff} ms`);
      }
      await sleep(backoff, controller.signal);
      backoff = Math.min(backoff * 2, options.maxBackoffMs ?? 30_000);
    }
  })();

  return {
    get answered() {
      return answered;
    },
    async stop() {
      controller.abort();
      await loop;
      await Promise.allSettled([...tasks]);
    },
  };
}

class FatalError extends Error {}

function detailOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { detail?: string; code?: string };
    return parsed.detail ? `${parsed.code ?? "problem"}: ${parsed.detail}` : text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
