/**
 * Writes src/books.ts, the Worker's list of opening books: one Data-module import per books/*.bin and
 * the map the entry installs. wrangler bundles only what is imported by name, so a new book reaches the
 * Worker through this file; `npm run book` and the book queue rewrite it when they finish a book, and
 * test/core/book-engine.test.ts fails when it is out of date.
 *
 *   node --experimental-strip-types scripts/books-index.ts [--check]
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const BOOKS_INDEX = join(ROOT, "src", "books.ts");

/** The book files in books/, by name (`<variant>-<depth>`), sorted. */
export function bookNames(root = ROOT): string[] {
  return readdirSync(join(root, "books"))
    .filter((file) => file.endsWith(".bin"))
    .map((file) => file.slice(0, -4))
    .sort();
}

/** The text of src/books.ts for these book names. */
export function booksModule(names: readonly string[]): string {
  const identifier = (name: string) => `book_${name.replace(/[^a-z0-9]/gi, "_")}`;
  return [
    "/**",
    " * The opening books the Worker installs (books/*.bin, bundled as Data modules by wrangler.toml's",
    " * [[rules]]: no fetch at run time). Written by scripts/books-index.ts: do not edit by hand.",
    " */",
    ...names.map((name) => `import ${identifier(name)} from "../books/${name}.bin";`),
    "",
    "/** Every committed book, by file name without `.bin`. */",
    "export const OPENING_BOOKS: Readonly<Record<string, ArrayBuffer>> = {",
    ...names.map((name) => `  "${name}": ${identifier(name)},`),
    "};",
    "",
  ].join("\n");
}

/** Rewrites src/books.ts when it differs from books/; true when it changed. */
export function writeBooksIndex(root = ROOT): boolean {
  const file = join(root, "src", "books.ts");
  const text = booksModule(bookNames(root));
  let before = "";
  try {
    before = readFileSync(file, "utf8");
  } catch {}
  if (before === text) return false;
  writeFileSync(file, text);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--check")) {
    const current = readFileSync(BOOKS_INDEX, "utf8");
    if (current !== booksModule(bookNames())) {
      console.error("src/books.ts is out of date: run node --experimental-strip-types scripts/books-index.ts");
      process.exit(1);
    }
  } else {
    console.log(writeBooksIndex() ? "wrote src/books.ts" : "src/books.ts is up to date");
  }
}
