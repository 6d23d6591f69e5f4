/**
 * The curl examples of README.md and of every docs/*.md page, replayed against the Worker: each command
 * must succeed (or answer the problem it says it shows), and each JSON answer printed after a command
 * must be exactly what that command (the last one before the JSON block) answers.
 */
import { expect, it } from "vitest";
import { type Document, documents, documentText } from "./docs-text.ts";
import { request } from "./http.ts";

interface Example {
  /** The file it is written in. */
  file: string;
  command: string;
  path: string;
  init: RequestInit;
  shown?: string;
}

/** Splits a shell command line into words; only single quotes occur in the README. */
function words(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2]);
}

function parseCurl(file: string, command: string): Example {
  const [curl, ...args] = words(command);
  expect(curl).toBe("curl");
  const headers: Record<string, string> = {};
  let url = "";
  let body: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-s") continue;
    if (args[i] === "-H") {
      const [name, ...value] = args[++i].split(":");
      headers[name] = value.join(":").trim();
    } else if (args[i] === "-d") body = args[++i];
    else url = args[i];
  }
  const parsed = new URL(url);
  expect(parsed.origin).toBe("http://localhost:8787");
  return { file, command, path: parsed.pathname + parsed.search, init: body === undefined ? { headers } : { method: "POST", headers, body } };
}

function examplesOf(document: Document): Example[] {
  const found: Example[] = [];
  // Every fenced block, so that a JSON block counts as an answer only right after a block of commands
  // (other JSON in the pages, such as the bot protocol's messages, is documentation).
  let previous = "";
  for (const block of document.text.matchAll(/```([a-z]*)\n([\s\S]*?)```/g)) {
    const [, language, text] = block;
    const after = previous;
    previous = language;
    if (language === "json" && after === "sh" && found.length > 0) {
      found[found.length - 1].shown ??= text.trim(); // the answer of the command just before it
      continue;
    }
    if (language !== "sh") continue;
    const lines = text.replace(/\\\n\s*/g, " ").split("\n");
    for (const line of lines.map((l) => l.trim()).filter((l) => l.startsWith("curl "))) found.push(parseCurl(document.path, line));
  }
  return found;
}

const examples = (): Example[] => documents.flatMap(examplesOf);

it("the README's first call is a validate-move with its whole answer", () => {
  const [first] = examplesOf({ path: "README.md", text: documentText("README.md") });
  expect(first.path.startsWith("/v1/validate-move")).toBe(true);
  expect(first.shown).toBeDefined();
});

it("the README is a front door: its first screen gets from clone to a played game and a first API call", () => {
  const readme = documentText("README.md");
  const lines = readme.split("\n");
  // The front door stays short: the depth is in docs/ (a connected bot's walkthrough took it past 250; a
  // review and a puzzle in the tour, and the puzzles layer, to 278).
  expect(lines.length).toBeLessThanOrEqual(280);
  const screen = lines.slice(0, 40).join("\n");
  for (const step of ["npm install && npm start", "npm test", "http://localhost:8787/", "Start the match", "curl -s 'http://localhost:8787/v1/validate-move"])
    expect(screen).toContain(step);
  // The first call's answer starts on the first screen too.
  expect(screen).toMatch(/```json\n\{"legal":true/);
});

it("the pages show whole answers of every stateless endpoint", () => {
  const shown = examples().filter((example) => example.shown !== undefined);
  for (const endpoint of ["/v1/validate-move", "/v1/check-win", "/v1/evaluate", "/v1/suggest-move"]) {
    expect(
      shown.some((example) => example.path.startsWith(endpoint)),
      endpoint,
    ).toBe(true);
  }
});

it("the engine page has its own examples with answers", () => {
  const engine = examplesOf({ path: "docs/engine.md", text: documentText("docs/engine.md") });
  expect(engine.filter((example) => example.shown !== undefined).length).toBeGreaterThanOrEqual(2);
});

it.each(examples().map((example) => [`${example.file}: ${example.command}`, example] as const))("%s", async (_, example) => {
  const response = await request(example.path, example.init);
  const text = await response.text();
  if (response.status !== 200) expect(response.headers.get("content-type")).toBe("application/problem+json");
  else expect(JSON.parse(text)).toBeTypeOf("object");
  if (example.shown !== undefined) expect(text).toBe(example.shown);
  else expect(response.status, text).toBe(200);
});
