/**
 * The documented arena examples with openings, gauntlets and SPRT (the section "Openings, gauntlets and
 * SPRT" of docs/arena.md), run as written: each `npm run arena` command of that section is run through
 * the CLI's `main` and must print exactly the text block shown after it. The reference bots are seeded by the tournament, match and ply and budgeted in nodes, so the
 * same command prints the same summary on any machine; if the engine's play changes, run the command
 * and paste its output. The SPRT between `perfect` and `hard` plays about 330 games at 10 000 nodes a move.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../cli/main.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const HEADING = /^#+ Openings, gauntlets and SPRT$/m;

/** The section, from the README or the docs page that holds it, up to the next heading of its level. */
function section(): string {
  const pages = ["README.md", ...readdirSync(join(ROOT, "docs")).map((name) => join("docs", name))];
  for (const page of pages) {
    const text = readFileSync(join(ROOT, page), "utf8");
    const heading = HEADING.exec(text);
    if (!heading) continue;
    const level = heading[0].split(" ")[0];
    const rest = text.slice(heading.index + heading[0].length);
    const end = rest.search(new RegExp(`^${level} `, "m"));
    return end < 0 ? rest : rest.slice(0, end);
  }
  throw new Error("no page has the section 'Openings, gauntlets and SPRT'");
}

/** The section's commands, each with the output block that follows it. */
function examples(): { command: string; args: string[]; shown: string }[] {
  const found: { command: string; args: string[]; shown: string }[] = [];
  for (const match of section().matchAll(/```bash\n(npm run arena -- [^\n]+)\n```\n\n```text\n([\s\S]*?)\n```/g)) {
    const [, command, shown] = match;
    found.push({ command, args: command.replace("npm run arena -- ", "").split(/\s+/), shown });
  }
  return found;
}

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
