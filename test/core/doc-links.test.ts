/**
 * Every relative link in README.md and docs/*.md points to a file of the repository, and a link with a
 * `#fragment` into a Markdown file to one of its headings (by GitHub's anchor rule), so moving a section
 * between pages cannot leave a link behind.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
];

/** The text outside fenced code blocks (a `#` comment in a shell block is no heading, a link in one no link). */
const prose = (text: string): string => text.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, "");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2... */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

interface Link {
  page: string;
  target: string;
}

function links(page: string): Link[] {
  const text = prose(readFileSync(join(root, page), "utf8")).replace(/`[^`\n]*`/g, "");
  const found: Link[] = [];
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    found.push({ page, target });
  }
  return found;
}

describe("anchors", () => {
  it("follow GitHub's rule", () => {
    const set = anchors(
      "# Quarto service\n## The code, folder by folder\n### Using the engine as a library (`src/engine/index.ts`)\n#### `POST /move`: the request\n## Tests\n## Tests\n```sh\n# not a heading\n```\n",
    );
    expect([...set]).toEqual([
      "quarto-service",
      "the-code-folder-by-folder",
      "using-the-engine-as-a-library-srcengineindexts",
      "post-move-the-request",
      "tests",
      "tests-1",
    ]);
  });
});

describe("relative links in README.md and docs/*.md", () => {
  const all = pages.flatMap(links);

  it("there are links to check, from the README to every page of docs/", () => {
    const fromReadme = new Set(all.filter((link) => link.page === "README.md").map((link) => link.target.split("#")[0]));
    for (const page of pages.filter((path) => path.startsWith("docs/"))) expect(fromReadme, page).toContain(page);
  });

  it.each(all.map((link) => [`${link.page} -> ${link.target}`, link] as const))("%s", (_, link) => {
    const [path, fragment] = link.target.split("#");
    const file = path === "" ? link.page : normalize(join(dirname(link.page), path));
    expect(relative(root, join(root, file)).startsWith(".."), `${file} is outside the repository`).toBe(false);
    expect(existsSync(join(root, file)), `${file} exists`).toBe(true);
    if (fragment === undefined) return;
    expect(file.endsWith(".md") && statSync(join(root, file)).isFile(), `${file} is a Markdown file`).toBe(true);
    expect([...anchors(readFileSync(join(root, file), "utf8"))], `#${fragment} in ${file}`).toContain(fragment);
  });
});
