/**
 * The opening books for the Node hosts (the arena runner, scripts, benches, tests): every books/*.bin read
 * with fs and installed in the engine, as the Worker's entry does with Data modules. Missing files are
 * not an error: the engine then searches, as it does for a variant without a book.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type BookFiles, installBooks } from "../src/engine/index.ts";

/** The repository's books/ folder. */
export const BOOKS_DIR = join(import.meta.dirname, "..", "books");

/** Every `<name>.bin` of a folder, by name without `.bin`. */
export function readBookFiles(dir: string = BOOKS_DIR): Record<string, Uint8Array> {
  if (!existsSync(dir)) return {};
  const files: Record<string, Uint8Array> = {};
  for (const file of readdirSync(dir).sort()) if (file.endsWith(".bin")) files[file.slice(0, -4)] = new Uint8Array(readFileSync(join(dir, file)));
  return files;
}

/** Installs a folder's books in the engine (replacing any installed); returns what was installed. */
export function installBookFiles(dir: string = BOOKS_DIR): BookFiles {
  const files = readBookFiles(dir);
  installBooks(files);
  return files;
}
