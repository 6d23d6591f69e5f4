/**
 * README.md and every page of docs/, as text, for the tests that replay their examples: a page added
 * to docs/ is checked without anyone having to list it (Vite's glob import, `?raw`).
 */

declare global {
  interface ImportMeta {
    glob<T>(patterns: string[], options: { query: "?raw"; import: "default"; eager: true }): Record<string, T>;
  }
}

const pages = import.meta.glob<string>(["../../README.md", "../../docs/*.md"], { query: "?raw", import: "default", eager: true });

export interface Document {
  /** The path from the repository root: `README.md`, `docs/matches.md`. */
  path: string;
  text: string;
}

/** README.md first, then docs/ in name order. */
export const documents: Document[] = Object.entries(pages)
  .map(([path, text]) => ({ path: path.replace(/^(\.\.\/)+/, ""), text }))
  .sort((a, b) => (a.path === "README.md" ? -1 : b.path === "README.md" ? 1 : a.path.localeCompare(b.path)));

export function documentText(path: string): string {
  const found = documents.find((document) => document.path === path);
  if (!found) throw new Error(`${path} is missing`);
  return found.text;
}
