/**
 * The curl sessions of README.md and docs/*.md (each between `<!-- session:start` and
 * `<!-- session:end -->`: the README's tour, the hosted-match walkthrough of docs/matches.md), replayed
 * against the Worker: every `bash` block of a session is run in order by a small interpreter of the
 * shell and jq that the sessions use (variables, `$(...)`, pipes, curl, echo, `jq -r/-c/-e`, an `until`
 * polling loop), and each output must be exactly the `#=>` line written under its command. A construct
 * the interpreter does not know fails the test rather than being skipped.
 */
import { expect, it } from "vitest";
import { documents } from "./docs-text.ts";

interface Session {
  /** `README.md#1`: the file and the session's number in it. */
  name: string;
  text: string;
}

/** Every session of every page, each run on its own (its own variables). */
const sessions: Session[] = documents.flatMap((document) => {
  const found: Session[] = [];
  for (const match of document.text.matchAll(/<!-- session:start[^>]*-->([\s\S]*?)<!-- session:end -->/g))
    found.push({ name: `${document.path}#${found.length + 1}`, text: match[1] });
  const starts = document.text.split("<!-- session:start").length - 1;
  if (starts !== found.length) throw new Error(`${document.path}: a session:start without its session:end`);
  return found;
});
import { request } from "./http.ts";

// ---- a jq subset: paths, .[] iteration, pipes, {objects}, [collections], ==, number and string literals ----

type Json = unknown;

class JqParser {
  private index = 0;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
  }

  parse(): (input: Json) => Json[] {
    const filter = this.pipe();
    this.space();
    if (this.index < this.text.length) throw new Error(`jq: unexpected '${this.text.slice(this.index)}'`);
    return filter;
  }

  private space(): void {
    while (/\s/.test(this.text[this.index] ?? "")) this.index++;
  }

  private eat(token: string): boolean {
    this.space();
    if (!this.text.startsWith(token, this.index)) return false;
    this.index += token.length;
    return true;
  }

  private pipe(): (input: Json) => Json[] {
    let left = this.comparison();
    while (this.eat("|")) {
      const first = left;
      const second = this.comparison();
      left = (input) => first(input).flatMap(second);
    }
    return left;
  }

  private comparison(): (input: Json) => Json[] {
    const left = this.term();
    if (!this.eat("==")) return left;
    const right = this.term();
    return (input) => left(input).flatMap((a) => right(input).map((b) => JSON.stringify(a) === JSON.stringify(b)));
  }

  private term(): (input: Json) => Json[] {
    this.space();
    const char = this.text[this.index];
    if (char === ".") return this.path();
    if (char === "{") return this.object();
    if (char === "[") {
      this.index++;
      const inner = this.pipe();
      if (!this.eat("]")) throw new Error("jq: expected ]");
      return (input) => [inner(input)];
    }
    const string = /^"(?:[^"\\]|\\.)*"/.exec(this.text.slice(this.index));
    if (string) {
      this.index += string[0].length;
      const value: string = JSON.parse(string[0]);
      return () => [value];
    }
    const number = /^-?\d+(\.\d+)?/.exec(this.text.slice(this.index));
    if (number) {
      this.index += number[0].length;
      return () => [Number(number[0])];
    }
    throw new Error(`jq: unsupported at '${this.text.slice(this.index)}'`);
  }

  /** `.`, `.a.b`, `.a[0]`, `.a[]`, chained. */
  private path(): (input: Json) => Json[] {
    this.index++; // the dot
    const steps: ((value: Json) => Json[])[] = [];
    for (;;) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.index));
      if (name) {
        this.index += name[0].length;
        steps.push((value) => [value === null ? null : ((value as Record<string, Json>)[name[0]] ?? null)]);
      } else if (this.text[this.index] === "[") {
        const bracket = /^\[(\d*)\]/.exec(this.text.slice(this.index));
        if (!bracket) throw new Error("jq: unsupported index");
        this.index += bracket[0].length;
        steps.push(bracket[1] === "" ? (value) => [...(value as Json[])] : (value) => [(value as Json[])[Number(bracket[1])] ?? null]);
      } else if (this.text[this.index] === "." && /[A-Za-z_[]/.test(this.text[this.index + 1] ?? "")) {
        this.index++;
      } else break;
    }
    return (input) => steps.reduce<Json[]>((values, step) => values.flatMap(step), [input]);
  }

  /** `{a, b: filter}`. */
  private object(): (input: Json) => Json[] {
    this.index++;
    const fields: [string, (input: Json) => Json[]][] = [];
    while (!this.eat("}")) {
      this.space();
      const key = /^[A-Za-z_][A-Za-z0-9_]*/.exec(this.text.slice(this.index));
      if (!key) throw new Error("jq: expected a key");
      this.index += key[0].length;
      const value = this.eat(":") ? this.comparison() : (input: Json) => [input === null ? null : ((input as Record<string, Json>)[key[0]] ?? null)];
      fields.push([key[0], value]);
      this.eat(",");
    }
    return (input) => [Object.fromEntries(fields.map(([key, value]) => [key, value(input)[0]]))];
  }
}

function jq(filterText: string, input: string, flags: Set<string>): { output: string; truthy: boolean } {
  const results = new JqParser(filterText).parse()(JSON.parse(input));
  const output = results.map((value) => (flags.has("-r") && typeof value === "string" ? value : JSON.stringify(value, null, flags.has("-c") ? undefined : 2)));
  const last = results.at(-1);
  return { output: output.map((line) => `${line}\n`).join(""), truthy: last !== null && last !== false && last !== undefined };
}

// ---- a shell subset ----

/** Splits a command line into words; quotes group, `$NAME` expands (not inside single quotes). */
function words(line: string, variables: Map<string, string>): string[] {
  const found: string[] = [];
  const pattern = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  const expand = (text: string) =>
    text.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
      const value = variables.get(name);
      if (value === undefined) throw new Error(`unset variable ${name}`);
      return value;
    });
  for (const match of line.matchAll(pattern)) found.push(match[1] ?? expand(match[2] ?? match[3]));
  return found;
}

/** Splits on `|` outside quotes. */
function stages(line: string): string[] {
  const parts: string[] = [];
  let quote: string | null = null;
  let current = "";
  for (const char of line) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === "|") {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  parts.push(current.trim());
  return parts;
}

async function curl(args: string[], stdin: string): Promise<string> {
  const headers: Record<string, string> = {};
  let url = "";
  let body: string | undefined;
  let method: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "-s") continue;
    if (arg === "-H") {
      const [name, ...value] = args[++i].split(":");
      headers[name] = value.join(":").trim();
    } else if (arg === "-d") body = args[++i] === "@-" ? stdin : args[i];
    else if (arg === "-X") method = args[++i];
    else if (arg.startsWith("-")) throw new Error(`curl: unsupported option ${arg}`);
    else url = arg;
  }
  const parsed = new URL(url);
  expect(parsed.origin).toBe("http://localhost:8787");
  const response = await request(parsed.pathname + parsed.search, { method: method ?? (body === undefined ? "GET" : "POST"), headers, body });
  return response.text();
}

/** Runs a pipeline; answers its output and whether its last `jq -e` was truthy. */
async function pipeline(line: string, variables: Map<string, string>): Promise<{ output: string; truthy: boolean }> {
  let output = "";
  let truthy = true;
  for (const stage of stages(line.replace(/\s*>\s*\/dev\/null\s*$/, ""))) {
    const [command, ...args] = words(stage, variables);
    if (command === "curl") output = await curl(args, output);
    else if (command === "echo") output = `${args.join(" ")}\n`;
    else if (command === "jq") {
      const flags = new Set(args.filter((arg) => /^-[rce]$/.test(arg)));
      const filter = args.filter((arg) => !flags.has(arg));
      expect(filter).toHaveLength(1);
      ({ output, truthy } = jq(filter[0], output, flags));
    } else throw new Error(`unsupported command ${command}`);
  }
  return { output, truthy };
}

interface Step {
  line: string;
  expected: string[];
}

function steps(doc: string): Step[] {
  const found: Step[] = [];
  for (const [, block] of doc.matchAll(/```bash\n([\s\S]*?)```/g)) {
    if (block.includes("websocat")) continue; // needs a WebSocket client; covered by test/worker/match-ws.test.ts
    for (const line of block.replace(/\\\n\s*/g, " ").split("\n")) {
      if (line.startsWith("#=> ")) found[found.length - 1].expected.push(line.slice(4));
      else if (line.trim() !== "") found.push({ line: line.trim(), expected: [] });
    }
  }
  return found;
}

const sessionText = (name: string): string => {
  const session = sessions.find((candidate) => candidate.name === name);
  if (!session) throw new Error(`no session ${name}`);
  return steps(session.text)
    .map((step) => step.line)
    .join("\n");
};

it("docs/matches.md has a session: create, join, moves, refusals, a win, the record, a claim, the engine", () => {
  const text = sessionText("docs/matches.md#1");
  for (const path of ["/v1/matches ", "/join", "/moves", "/claim", "/record", "/v1/replay"]) expect(text).toContain(path);
});

it("the README's tour is a session: the engine, a match against the engine, a tournament of built-in bots, the OpenAPI document", () => {
  const text = sessionText("README.md#1");
  for (const path of ["/v1/evaluate", "/v1/suggest-move", "/v1/matches ", "/moves", "/v1/tournaments ", "/openapi.json"]) expect(text).toContain(path);
});

it.each(sessions.map((session) => [session.name, session] as const))("the session %s answers exactly what it shows", async (_, session) => {
  const variables = new Map<string, string>();
  for (const { line, expected } of steps(session.text)) {
    let output: string;
    const assignment = /^([A-Za-z_][A-Za-z0-9_]*)=\$\((.*)\)$/.exec(line);
    const loop = /^until (.*); do sleep [\d.]+; done$/.exec(line);
    if (assignment) {
      variables.set(assignment[1], (await pipeline(assignment[2], variables)).output.replace(/\n+$/, ""));
      output = "";
    } else if (loop) {
      let tries = 0;
      while (!(await pipeline(loop[1], variables)).truthy) {
        expect(++tries, line).toBeLessThan(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      output = "";
    } else output = (await pipeline(line, variables)).output;
    expect(
      output.split("\n").filter((part) => part !== ""),
      line,
    ).toEqual(expected);
  }
});
