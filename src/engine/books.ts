/**
 * The opening books the engine answers from. The engine does no I/O: the host installs the files' bytes
 * (the Worker imports them as Data modules, Node reads them with fs), and each is opened (header, format
 * version, rules, checksum) on the first request of its variant. A book that fails is refused once, with
 * its BookError code logged, and that variant is searched as if it had no book: never a wrong answer.
 */
import { makeRules, type Position, type Rules } from "../rules/index.ts";
import { BOOK_VARIANTS, type Book, type BookAnswer, BookError, bookVariantName, lookupBook, openBook } from "./book.ts";

/** A book file's bytes, as a Data module (ArrayBuffer) or a file read (Uint8Array). */
type BookBytes = Uint8Array | ArrayBuffer;

/** Book files by name, `<variant>-<depth>` as in books/ (e.g. `attributes-2-12`), without `.bin`. */
export type BookFiles = Readonly<Record<string, BookBytes>>;

interface BookStatus {
  /** The file's name, `<variant>-<depth>`. */
  name: string;
  variant: string;
  /** `installed`: not needed yet; `open`: answering; `refused`: failed to open (or to answer), searched instead. */
  state: "installed" | "open" | "refused";
  /** Empty cells of the deepest tier, once open. */
  deepest?: number;
  /** Positions in the book, once open. */
  positions?: number;
  code?: BookError["code"];
  reason?: string;
}

interface Slot {
  name: string;
  variant: string;
  depth: number;
  bytes: BookBytes;
  state: BookStatus["state"];
  book?: Book;
  code?: BookError["code"];
  reason?: string;
}

let slots: Slot[] = [];
/** Per variant: the open book, or null once every file of the variant was refused. */
const chosen = new Map<string, Slot | null>();

const NAME = /^(.+)-(\d+)$/;

/**
 * Installs the host's book files, replacing any installed before (and forgetting which were opened or
 * refused). Names that are not `<variant>-<depth>` of a known variant are logged and ignored.
 */
export function installBooks(files: BookFiles): void {
  slots = [];
  chosen.clear();
  for (const [name, bytes] of Object.entries(files)) {
    const match = NAME.exec(name);
    if (!match || !(match[1] in BOOK_VARIANTS)) {
      console.warn(`engine: book file ${name} ignored: not <variant>-<depth> of a known variant (${Object.keys(BOOK_VARIANTS).join(", ")})`);
      continue;
    }
    slots.push({ name, variant: match[1], depth: Number(match[2]), bytes, state: "installed" });
  }
  // The deepest book of a variant first: it answers every position a shallower one does.
  slots.sort((a, b) => a.variant.localeCompare(b.variant) || a.depth - b.depth);
}

/** What is installed and what became of it (for tests, benches and operators). */
export function bookStatus(): BookStatus[] {
  return slots.map((slot) => ({
    name: slot.name,
    variant: slot.variant,
    state: slot.state,
    ...(slot.book ? { deepest: slot.book.deepestEmpties, positions: slot.book.entryCount } : {}),
    ...(slot.code ? { code: slot.code, reason: slot.reason } : {}),
  }));
}

/**
 * What the engine's answers depend on besides the position and the budget: the installed files' names,
 * sorted, each refused one marked with `!` ("attributes-1-11,classic-12!,..."). A cache keyed by it
 * misses when a deployment installs other books, and an answer searched while a book is refused can be
 * told apart (the HTTP layer does not keep those).
 */
export function booksFingerprint(): string {
  return slots
    .map((slot) => `${slot.name}${slot.state === "refused" ? "!" : ""}`)
    .sort()
    .join(",");
}

/**
 * Opens the book of every installed variant, as its first request would (a refused file falls back to
 * the variant's next one, as there), and returns bookStatus(): the deep health check's view, where a
 * refused book is a defect of the deployment.
 */
export function openInstalledBooks(): BookStatus[] {
  for (const variant of new Set(slots.map((slot) => slot.variant))) slotFor(makeRules(BOOK_VARIANTS[variant]));
  return bookStatus();
}

function refuse(slot: Slot, error: BookError): void {
  slot.state = "refused";
  slot.book = undefined;
  slot.code = error.code;
  slot.reason = error.message;
  console.warn(`engine: book ${slot.name} refused (${error.code}): ${error.message}; the engine searches instead`);
}

/** The open book for these rules' variant, opening it on first use; undefined when none is usable. */
function slotFor(rules: Pick<Rules, "squares" | "attributeMask">): Slot | undefined {
  const variant = bookVariantName(rules);
  const known = chosen.get(variant);
  if (known !== undefined) return known ?? undefined;
  let found: Slot | null = null;
  for (const slot of slots) {
    if (slot.variant !== variant || slot.state === "refused") continue;
    try {
      slot.book = openBook(slot.bytes, rules);
      if (slot.book.deepestEmpties !== slot.depth) {
        throw new BookError(
          "book/malformed",
          `book: the file is named for depth ${slot.depth} but its deepest tier is ${slot.book.deepestEmpties} empty cells`,
        );
      }
      slot.state = "open";
      found = slot;
      break;
    } catch (error) {
      if (!(error instanceof BookError)) throw error;
      refuse(slot, error);
    }
  }
  chosen.set(variant, found);
  return found ?? undefined;
}

/** A position's answer from the book of its rules' variant, with the book's name; undefined when none has it. */
export function bookAnswer(position: Position, rules: Rules): (BookAnswer & { book: string }) | undefined {
  const slot = slotFor(rules);
  if (!slot?.book) return undefined;
  try {
    const answer = lookupBook(slot.book, position, rules);
    return answer ? { ...answer, book: slot.name } : undefined;
  } catch (error) {
    if (!(error instanceof BookError)) throw error;
    // An entry whose move does not fit its position: the whole file is suspect.
    refuse(slot, error);
    chosen.delete(slot.variant);
    return undefined;
  }
}

/** The tiers an open book covers, for notes: "16 to 12 empty cells". */
export function bookRange(name: string): string {
  const slot = slots.find((candidate) => candidate.name === name);
  return slot?.book ? `${slot.book.topEmpties} to ${slot.book.deepestEmpties} empty cells` : "";
}
