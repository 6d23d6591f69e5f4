/**
 * Helpers every page script shares: element lookup, event delegation, a form's fields, calls to this
 * service's API (same origin only) and the seat, tournament and bot tokens this browser holds. Browser code only:
 * page scripts use it, the server does not.
 */
import type { Browser, BrowserElement, BrowserEvent } from "./browser.ts";

/** An API answer: the parsed body, or the problem document's detail when it failed. */
export type ApiAnswer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; code: string; detail: string };

export interface HeldSeat {
  seat: 0 | 1;
  token: string;
}

/** A registered bot's management token kept in this browser, with the bot's name (to find its seats by name). */
export interface HeldBot {
  id: string;
  name: string;
  token: string;
}

const BOT_PREFIX = "quarto:bot:";

export function makeKit() {
  const browser = globalThis as unknown as Browser;
  const { document, localStorage } = browser;

  function byId(id: string): BrowserElement {
    const element = document.getElementById(id);
    if (!element) throw new Error(`no element #${id}`);
    return element;
  }

  /** Calls `listener` for events on descendants of `root` matching `selector`, with that descendant. */
  function delegate(root: BrowserElement, type: string, selector: string, listener: (target: BrowserElement, event: BrowserEvent) => void): void {
    root.addEventListener(type, (event) => {
      const target = event.target?.closest(selector);
      if (target) listener(target, event);
    });
  }

  /** Clicks, and Enter or Space on focused elements (SVG cells are `role="button"`). */
  function onActivate(root: BrowserElement, selector: string, listener: (target: BrowserElement) => void): void {
    delegate(root, "click", selector, (target) => listener(target));
    delegate(root, "keydown", selector, (target, event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        listener(target);
      }
    });
  }

  async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      const response = await browser.fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const parsed = (await response.json().catch(() => null)) as (T & { code?: string; detail?: string }) | null;
      if (response.ok) return { ok: true, status: response.status, body: parsed as T };
      return { ok: false, status: response.status, code: parsed?.code ?? "request/failed", detail: parsed?.detail ?? `HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status: 0, code: "network/failed", detail: `the service did not answer (${String(error)})` };
    }
  }

  const seatKey = (matchId: string) => `quarto:seat:${matchId}`;

  /** The seat this browser holds in a match, if any (tokens are kept in localStorage). */
  function heldSeat(matchId: string): HeldSeat | null {
    try {
      const stored = JSON.parse(localStorage.getItem(seatKey(matchId)) ?? "null") as HeldSeat | null;
      return stored && (stored.seat === 0 || stored.seat === 1) && typeof stored.token === "string" ? stored : null;
    } catch {
      return null;
    }
  }

  function holdSeat(matchId: string, held: HeldSeat): void {
    localStorage.setItem(seatKey(matchId), JSON.stringify(held));
  }

  const tournamentKey = (tournamentId: string) => `quarto:tournament:${tournamentId}`;

  /** The management token of a tournament started from this browser, if any. */
  function heldTournament(tournamentId: string): string | null {
    const token = localStorage.getItem(tournamentKey(tournamentId));
    return token && token.length > 0 ? token : null;
  }

  function holdTournament(tournamentId: string, token: string): void {
    localStorage.setItem(tournamentKey(tournamentId), token);
  }

  const botKey = (botId: string) => `${BOT_PREFIX}${botId}`;

  /** The management token of a registered bot this browser holds (registered here, or pasted on its page), if any. */
  function heldBot(botId: string): HeldBot | null {
    try {
      const stored = JSON.parse(localStorage.getItem(botKey(botId)) ?? "null") as Omit<HeldBot, "id"> | null;
      return stored && typeof stored.token === "string" && typeof stored.name === "string" ? { id: botId, name: stored.name, token: stored.token } : null;
    } catch {
      return null;
    }
  }

  function holdBot(held: HeldBot): void {
    localStorage.setItem(botKey(held.id), JSON.stringify({ name: held.name, token: held.token }));
  }

  function forgetBot(botId: string): void {
    localStorage.removeItem(botKey(botId));
  }

  /** Every bot whose token this browser holds. */
  function heldBots(): HeldBot[] {
    const ids: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      if (key?.startsWith(BOT_PREFIX)) ids.push(key.slice(BOT_PREFIX.length));
    }
    return ids.flatMap((botId) => heldBot(botId) ?? []).sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * The fields of `form` by name: one field, the values of the ticked ones, a number; and the clock its
   * clock fields choose (`clock` none, move or game, `moveSeconds`, `gameMinutes`, `incrementSeconds`),
   * as the API takes it.
   */
  function formFields(form: BrowserElement) {
    const field = (name: string): BrowserElement => {
      const element = form.querySelector(`[name="${name}"]`);
      if (!element) throw new Error(`no field ${name}`);
      return element;
    };
    const checked = (name: string): string[] => [...form.querySelectorAll(`[name="${name}"]`)].filter((input) => input.checked).map((input) => input.value);
    const number = (name: string): number => Number(field(name).value);
    const clock = (): Record<string, unknown> => {
      const kind = checked("clock")[0];
      if (kind === "move") return { kind: "move", moveMs: Math.round(number("moveSeconds") * 1000) };
      if (kind === "game")
        return { kind: "game", initialMs: Math.round(number("gameMinutes") * 60_000), incrementMs: Math.round(number("incrementSeconds") * 1000) };
      return { kind: "none" };
    };
    return { field, checked, number, clock };
  }

  return { browser, byId, delegate, onActivate, api, heldSeat, holdSeat, heldTournament, holdTournament, heldBot, holdBot, forgetBot, heldBots, formFields };
}

export type Kit = ReturnType<typeof makeKit>;
