/**
 * The documented arena examples with openings, gauntlets and SPRT, run as written: the section
 * "Openings, gauntlets and SPRT" of docs/arena.md (a round robin and a gauntlet) and the README's section
 * "Is my new bot better?" (the two SPRTs). Each `npm run arena` command there is run through the CLI's
 * `main` and must print exactly the text block shown after it. The reference bots are seeded by the
 * tournament, match and ply and budgeted in nodes, so the same command prints the same summary on any
 * machine; if the engine's play changes, run the command and paste its output. The SPRT between
 * `perfect` and `hard` plays about 330 games at 10 000 nodes a move.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../arena/main.ts";

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

const examples = () => [...examplesOf(section("docs/arena.md", "Openings, gauntlets and SPRT")), ...examplesOf(section("README.md", "Is my new bot better?"))];

describe("the documented openings, gauntlet and SPRT examples", () => {
  it("are there: a round robin, a gauntlet and both SPRTs, each with its output", () => {
    const commands = examples().map((example) => example.args[0]);
    expect(commands).toEqual(["--bot", "gauntlet", "sprt", "sprt"]);
    expect(examples()[2].shown).toMatch(/^H1 accepted: perfect is better than hard/m);
    expect(examples()[3].shown).toMatch(/^(H0 accepted|no decision: the game limit)/m);
  });

  it.each(examples().map((example) => [example.command, example] as const))("%s", { timeout: 600_000 }, async (_, example) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(example.args, { out: (text) => out.push(text), err: (text) => err.push(text) });
    expect(code, err.join("")).toBe(0);
    expect(out.join("").trimEnd()).toBe(example.shown);
  });
});
