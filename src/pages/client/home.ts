/**
 * The home page's script: turns the new-match form into `POST /v1/matches`, keeps the seat token it
 * gets in this browser, and opens the match page. Shipped as source (see clientScript).
 */
import type { ClientEnv } from "../layout.ts";
import type { BrowserElement } from "./browser.ts";

interface CreatedMatch {
  id: string;
  tokens: { seat: 0 | 1; token: string }[];
}

export function homeClient(env: ClientEnv, _config: Record<string, never>): void {
  const { kit } = env;
  const form = kit.byId("new-match");
  const error = kit.byId("form-error");
  const field = (name: string): BrowserElement => {
    const element = form.querySelector(`[name="${name}"]`);
    if (!element) throw new Error(`no field ${name}`);
    return element;
  };
  const checked = (name: string): string[] => [...form.querySelectorAll(`[name="${name}"]`)].filter((input) => input.checked).map((input) => input.value);
  const number = (name: string): number => Number(field(name).value);

  function sync(): void {
    kit.byId("level-row").hidden = checked("opponent")[0] !== "engine";
    kit.byId("missed-claim-row").hidden = field("announce").value !== "manual";
  }
  form.addEventListener("change", sync);
  sync();

  function request(): { body: unknown; problem: string | null } {
    const attributes = checked("attributes");
    if (attributes.length === 0) return { body: null, problem: "Choose at least one attribute that counts." };
    const announce = field("announce").value;
    const rules = { squares: field("squares").checked, attributes, announce, ...(announce === "manual" ? { missedClaim: field("missedClaim").checked } : {}) };
    const clockKind = checked("clock")[0];
    const clock =
      clockKind === "move"
        ? { kind: "move", moveMs: Math.round(number("moveSeconds") * 1000) }
        : clockKind === "game"
          ? { kind: "game", initialMs: Math.round(number("gameMinutes") * 60_000), incrementMs: Math.round(number("incrementSeconds") * 1000) }
          : { kind: "none" };
    const name = field("name").value.trim();
    const me = { kind: "human", take: true, ...(name ? { name } : {}) };
    const opponent = checked("opponent")[0] === "engine" ? { kind: "engine", level: field("level").value } : { kind: "human", take: false };
    const first = field("first").value;
    // The creator always sits in seat 0; "who gives first" picks the seat that makes the opening give.
    const firstSeat = first === "me" ? 0 : first === "them" ? 1 : "random";
    return { body: { rules, clock, firstSeat, seats: [me, opponent] }, problem: null };
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { body, problem } = request();
    error.textContent = problem ?? "";
    if (problem) return;
    const start = kit.byId("start");
    start.disabled = true;
    const answer = await kit.api<CreatedMatch>("POST", "/v1/matches", body);
    start.disabled = false;
    if (!answer.ok) {
      error.textContent = answer.detail;
      return;
    }
    const { id, tokens } = answer.body;
    if (tokens[0]) kit.holdSeat(id, tokens[0]);
    kit.browser.location.assign(`/matches/${id}`);
  });
}
