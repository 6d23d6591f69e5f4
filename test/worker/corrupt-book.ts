/** For the Worker tests: the isolate's books with one variant's file corrupted, for the length of a test body. */
import { type MockInstance, vi } from "vitest";
import { OPENING_BOOKS } from "../../src/books.ts";
import { installBooks } from "../../src/engine/index.ts";

/**
 * Installs the committed books with `variant`'s file corrupted (one bit flipped mid-file, so its checksum
 * fails when it is opened), runs `body` with the file's name and the silenced `console.warn`, and puts
 * the committed books back whatever happens.
 */
export async function withCorruptBook(variant: string, body: (name: string, warn: MockInstance) => Promise<void>): Promise<void> {
  const name = Object.keys(OPENING_BOOKS).find((candidate) => candidate.replace(/-\d+$/, "") === variant);
  if (!name) throw new Error(`no committed book for ${variant}`);
  const corrupt = new Uint8Array(OPENING_BOOKS[name]).slice();
  corrupt[corrupt.length >> 1] ^= 0x20;
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  installBooks({ ...OPENING_BOOKS, [name]: corrupt });
  try {
    await body(name, warn);
  } finally {
    installBooks(OPENING_BOOKS);
    warn.mockRestore();
  }
}
