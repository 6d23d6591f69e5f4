/**
 * The few browser APIs the page scripts use, as types. The Worker's tsconfig has the Workers types, not
 * the DOM's (the two cannot share one program), so each client function reads its globals through
 * `globalThis as unknown as Browser` and is checked against these declarations instead.
 */

export interface BrowserEvent {
  target: BrowserElement | null;
  key?: string;
  preventDefault(): void;
}

export interface BrowserElement {
  id: string;
  className: string;
  innerHTML: string;
  textContent: string | null;
  hidden: boolean;
  value: string;
  checked: boolean;
  disabled: boolean;
  href: string;
  dataset: Record<string, string | undefined>;
  scrollTop: number;
  readonly clientHeight: number;
  classList: {
    add(...names: string[]): void;
    remove(...names: string[]): void;
    toggle(name: string, force?: boolean): boolean;
    contains(name: string): boolean;
  };
  querySelector(selector: string): BrowserElement | null;
  querySelectorAll(selector: string): Iterable<BrowserElement> & { length: number };
  closest(selector: string): BrowserElement | null;
  addEventListener(type: string, listener: (event: BrowserEvent) => void): void;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { top: number; bottom: number; left: number; right: number; width: number; height: number };
  focus(): void;
  select?(): void;
  scrollIntoView?(options?: { block?: "start" | "center" | "end" | "nearest" }): void;
}

interface BrowserStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface BrowserSocket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "close" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

export interface Browser {
  document: {
    getElementById(id: string): BrowserElement | null;
    querySelector(selector: string): BrowserElement | null;
    querySelectorAll(selector: string): Iterable<BrowserElement> & { length: number };
    addEventListener(type: string, listener: (event: BrowserEvent) => void): void;
    title: string;
    visibilityState: string;
  };
  location: { href: string; origin: string; protocol: string; host: string; pathname: string; search: string; assign(url: string): void };
  history: { replaceState(state: unknown, title: string, url: string): void };
  localStorage: BrowserStorage;
  navigator: { clipboard?: { writeText(text: string): Promise<void> } };
  WebSocket: new (url: string) => BrowserSocket;
  fetch: typeof fetch;
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  setInterval(callback: () => void, ms: number): number;
}
