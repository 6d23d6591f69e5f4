/**
 * The home page's script: turns the new-match form into `POST /v1/matches`, keeps the seat token it
 * gets in this browser, and opens the match page. Bundled into public/scripts/home.js (see scripts.ts).
 */
import { boot, type ClientEnv } from "./boot.ts";

interface CreatedMatch {
  id: string;
  tokens: { seat: 0 | 1; token: string }[];
}

/** The page passes nothing: the form is in its markup. */
export type HomeConfig = Record<string, never>;

function homeClient(env: ClientEnv, _config: HomeConfig): void {
  const { kit } = env;
  const form = kit.byId("new-match");
  const error = kit.byId("form-error");
  const { field, checked, clock: chosenClock } = kit.formFields(form);

  function sync(): void {
    kit.byId("level-row").hidden = checked("opponent")[0] !== "engine";
    kit.byId("level-note").textContent = field("level").querySelector("option:checked")?.dataset.note ?? "";
    kit.byId("missed-claim-row").hidden = field("announce").value !== "manual";
  }
  form.addEventListener("change", sync);
  sync();

  function request(): { body: unknown; problem: string | null } {
    const attributes = checked("attributes");
    if (attributes.length === 0) return { body: null, problem: "Choose at least one attribute that counts." };
    const announce = field("announce").value;
    const rules = { squares: field("squares").checked, attributes, announce, ...(announce === "manual" ? { missedClaim: field("missedClaim").checked } : {}) };
    const clock = chosenClock();
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

boot(homeClient);
