/** The rules core: pure TypeScript, no Worker or schema imports; runs in Node, workerd and browsers. */
export * from "./result.ts";
export * from "./vocabulary.ts";
export * from "./options.ts";
export * from "./notation.ts";
export * from "./position.ts";
export * from "./play.ts";
