/**
 * The opening books the Worker installs (books/*.bin, bundled as Data modules by wrangler.toml's
 * [[rules]]: no fetch at run time). Written by scripts/books-index.ts: do not edit by hand.
 */
import book_attributes_1_11 from "../books/attributes-1-11.bin";
import book_attributes_1_squares_12 from "../books/attributes-1-squares-12.bin";
import book_attributes_2_12 from "../books/attributes-2-12.bin";
import book_attributes_2_squares_13 from "../books/attributes-2-squares-13.bin";
import book_attributes_3_13 from "../books/attributes-3-13.bin";
import book_attributes_3_squares_13 from "../books/attributes-3-squares-13.bin";
import book_classic_12 from "../books/classic-12.bin";
import book_squares_13 from "../books/squares-13.bin";

/** Every committed book, by file name without `.bin`. */
export const OPENING_BOOKS: Readonly<Record<string, ArrayBuffer>> = {
  "attributes-1-11": book_attributes_1_11,
  "attributes-1-squares-12": book_attributes_1_squares_12,
  "attributes-2-12": book_attributes_2_12,
  "attributes-2-squares-13": book_attributes_2_squares_13,
  "attributes-3-13": book_attributes_3_13,
  "attributes-3-squares-13": book_attributes_3_squares_13,
  "classic-12": book_classic_12,
  "squares-13": book_squares_13,
};
