/**
 * The documented arena examples with openings, gauntlets and SPRT, run as written: the section
 * "Openings, gauntlets and SPRT" of docs/arena.md (a round robin and a gauntlet on the balanced suite;
 * on the unbalanced suite at the default budget, the two SPRTs and a round robin of four levels) and the README's section "Is my new bot better?" (the same two SPRTs). Each `npm run arena`
 * command there is run through the CLI's `main` and must print exactly the text block shown after it
 * (a command shown twice is run once). The built-in bots are seeded by the tournament, match and ply
 * and budgeted in nodes, so the same command prints the same summary on any machine; if the engine's
 * play changes, run the command and paste its output. The whole file costs a few minutes of one core:
 * the examples at the default budget play `hard`'s heuristic search at 2 million nodes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { installBookFiles } from "../../arena/books.ts";
import { main, RUNNER_MAX_NODES } from "../../arena/main.ts";

// As `npm run arena` does (arena/cli.ts): perfect answers from the opening books.
installBookFiles();

const ROOT = join(import.meta.dirname, "..", "..");

/** A page's section under `heading`, up to the next heading of its level. */
function section(page: string, heading: string): string {
  const text = readFileSync(join(ROOT, page), "utf8");
  const found = new RegExp(`^(#+) ${heading.replace(/[?]/g, "\\?")}$`, "m").exec(text);
  if (!found) throw new Error(`${page} has no section '${heading}'`);
  const rest = text.slice(found.index + found[0].length);
  const end = rest.search(new RegExp(`^${found[1]} `, "m"));
  return end < 0 ? rest : rest.slice(0, end);
}

/** The commands of a section, each with the output block that follows it. */
function examplesOf(text: string): { command: string; args: string[]; shown: string }[] {
  const found: { command: string; args: string[]; shown: string }[] = [];
  for (const match of text.matchAll(/```bash\n(npm run arena -- [^\n]+)\n```\n\n```text\n([\s\S]*?)\n```/g)) {
    const [, command, shown] = match;
    found.push({ command, args: command.replace("npm run arena -- ", "").split(/\s+/), shown });
  }
  return found;
}

const documented = () => [...examplesOf(section("docs/arena.md", "Openings, gauntlets and SPRT")), ...examplesOf(section("README.md", "Is my new bot better?"))];

/** Each command once, with every output shown for it. */
const examples = () => {
  const byCommand = new Map<string, { command: string; args: string[]; shown: string[] }>();
  for (const example of documented()) {
    const seen = byCommand.get(example.command);
    if (seen) seen.shown.push(example.shown);
    else byCommand.set(example.command, { ...example, shown: [example.shown] });
  }
  return [...byCommand.values()];
};

/** The service's default node budget, as wrangler.toml sets it (ENGINE_DEFAULT_NODES). */
const DEFAULT_BUDGET = Number(/^ENGINE_DEFAULT_NODES = "(\d+)"$/m.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))?.[1]);

describe("the documented openings, gauntlet and SPRT examples", () => {
  it("are there: a round robin and a gauntlet on the balanced suite; both SPRTs and a round robin of four levels on the unbalanced one, at the default budget", () => {
    const found = examples();
    expect(found.map((example) => example.args[0])).toEqual(["--bot", "gauntlet", "sprt", "sprt", "--bot"]);
    const [, , better, same, levels] = found;
    for (const example of [better, same, levels]) {
      expect(example.args).toContain("classic-unbalanced");
      // The default budget: the runner's is the service's, and no example cuts it.
      expect(example.args).not.toContain("--max-nodes");
    }
    expect(RUNNER_MAX_NODES).toBe(DEFAULT_BUDGET);
    expect(better.command).toMatch(/--bot perfect --bot hard /);
    for (const shown of better.shown) expect(shown).toMatch(/^H1 accepted: perfect is better than hard/m);
    expect(same.command).toMatch(/--bot hard --bot hard2=hard /);
    for (const shown of same.shown) expect(shown).toMatch(/^(H0 accepted|no decision: the game limit)/m);
    // The README shows the same two SPRTs.
    expect(examplesOf(section("README.md", "Is my new bot better?")).map((example) => example.command)).toEqual([better.command, same.command]);
    // The levels' order, each on its own rank.
    const rows = [...levels.shown[0].matchAll(/^│ (\d) │ (\w+) +│/gm)].map((row) => [Number(row[1]), row[2]]);
    expect(rows).toEqual([
      [1, "perfect"],
      [2, "hard"],
      [3, "medium"],
      [4, "easy"],
    ]);
  });

  it.each(examples().map((example) => [example.command, example] as const))("%s", { timeout: 600_000 }, async (_, example) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(example.args, { out: (text) => out.push(text), err: (text) => err.push(text) });
    expect(code, err.join("")).toBe(0);
    for (const shown of example.shown) expect(out.join("").trimEnd()).toBe(shown);
  });
});
