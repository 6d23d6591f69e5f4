/**
 * The home page's script: turns the new-match form into `POST /v1/matches`, keeps the seat token it
 * gets in this browser, and opens the match page. The bots it offers are the open ones the page lists and
 * those whose token this browser holds (seated with it, as an owner-only bot must be). Bundled into public/scripts/home.js (see scripts.ts).
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

  // The bots this browser holds the token of, beside the open ones (an owner-only bot is only offered here).
  const choice = kit.byId("bot-choice");
  const listed = new Set([...choice.querySelectorAll("option")].map((option) => option.value));
  const held = kit.heldBots();
  choice.innerHTML += held
    .filter((bot) => !listed.has(bot.id))
    .map((bot) => `<option value="${env.draw.escapeHtml(bot.id)}">${env.draw.isolateHtml(bot.name)} (yours)</option>`)
    .join("");

  function sync(): void {
    kit.byId("level-row").hidden = checked("opponent")[0] !== "engine";
    kit.byId("bot-row").hidden = checked("opponent")[0] !== "bot";
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
    const kind = checked("opponent")[0];
    const botId = field("bot").value;
    if (kind === "bot" && !botId) return { body: null, problem: "No bot to play: register one on the Bots page." };
    const token = held.find((bot) => bot.id === botId)?.token;
    const opponent =
      kind === "engine"
        ? { kind: "engine", level: field("level").value }
        : kind === "bot"
          ? { kind: "bot", bot: botId, ...(token ? { token } : {}) }
          : { kind: "human", take: false };
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
