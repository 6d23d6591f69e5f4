/**
 * `/problems` and `/problems/{code}` for browsers: every error code the API answers with, its HTTP status,
 * title and a typical detail, grouped by the part before the slash; the same table as the JSON that API
 * clients get from these URLs (a problem document's `type` is one of them, so a person following it reads
 * this page). Server-rendered, no script.
 */
import { html } from "hono/html";
import { PROBLEM_CODES, PROBLEMS, type ProblemCode, problemTypeOf } from "../wire/index.ts";
import { type Html, page } from "./layout.ts";

const STYLE = `
table.problems td:first-child { white-space: nowrap; }
table.problems td.example { color: var(--muted); overflow-wrap: anywhere; }
table.problems tr:target td { background: #fff3c9; }
@media (max-width: 600px) { table.problems td:first-child { white-space: normal; overflow-wrap: anywhere; } }
`;

const anchor = (code: ProblemCode): string => code.replace("/", "-");

function rows(codes: readonly ProblemCode[]): Html {
  return html`${codes.map((code) => {
    const { status, title, example } = PROBLEMS[code];
    return html`<tr id="${anchor(code)}" data-code="${code}"><td><a href="${problemTypeOf(code).type}"><code>${code}</code></a></td><td class="num">${status}</td><td>${title}<div class="example">${example}</div></td></tr>`;
  })}`;
}

function table(codes: readonly ProblemCode[]): Html {
  return html`<div class="table-wrap"><table class="problems">
<thead><tr><th>Code</th><th class="num">Status</th><th>Title, and a typical detail</th></tr></thead>
<tbody>${rows(codes)}</tbody>
</table></div>`;
}

export function problemsPage(): Html {
  const groups = [...new Set(PROBLEM_CODES.map((code) => code.split("/")[0]))];
  const body = html`<style>${STYLE}</style>
<h1>Error codes</h1>
<p>Every error of the API is a problem document (<code>application/problem+json</code>, RFC 9457) with a stable <code>code</code>, its HTTP status and title fixed by the code, and a <code>detail</code> that says what was wrong with this request. Its <code>type</code> is <code>/problems/&lt;code&gt;</code>: this page for a browser, the same table as JSON for a program (any request that does not prefer HTML, such as <code>curl</code>'s). The API's reference: <a href="/docs">the API docs</a>.</p>
<p class="muted">${groups.map((group, index) => html`${index === 0 ? "" : " · "}<a href="#${group}">${group}</a>`)}</p>
${groups.map((group) => html`<h2 id="${group}">${group}/</h2>${table(PROBLEM_CODES.filter((code) => code.startsWith(`${group}/`)))}`)}`;
  return page({ title: "Error codes", body });
}

export function problemPage(code: ProblemCode): Html {
  const { status, title } = PROBLEMS[code];
  const body = html`<style>${STYLE}</style>
<h1><code>${code}</code></h1>
<p>${title}: the API answers this code with HTTP status ${status}.</p>
${table([code])}
<p><a href="/problems#${anchor(code)}">Every error code</a></p>`;
  return page({ title: code, body });
}
