/**
 * The tournaments page's script: turns the new-tournament form into `POST /v1/tournaments` (a round
 * robin of the ticked bots, a gauntlet of the challenger against them, or an SPRT between two bots),
 * keeps the management token it gets in this browser (so the tournament's page can cancel it), and
 * opens the tournament's live page. The API checks everything; its refusal is shown as it comes.
 * Bundled into public/scripts/tournaments.js (see scripts.ts).
 */
import { boot, type ClientEnv } from "./boot.ts";

interface CreatedTournament {
  id: string;
  token: string;
}

/** The page passes nothing: the form is in its markup. */
export type TournamentsConfig = Record<string, never>;

function tournamentsClient(env: ClientEnv, _config: TournamentsConfig): void {
  const { kit } = env;
  const form = kit.byId("new-tournament");
  const error = kit.byId("form-error");
  const { field, checked, number, clock: chosenClock } = kit.formFields(form);

  function sync(): void {
    const kind = checked("kind")[0];
    kit.byId("bots-field").hidden = kind === "sprt";
    kit.byId("sprt-field").hidden = kind !== "sprt";
    kit.byId("challenger-row").hidden = kind !== "gauntlet";
    kit.byId("games-per-pair-row").hidden = kind === "sprt";
  }
  form.addEventListener("change", sync);
  sync();

  function request(): { body: unknown; problem: string | null } {
    const kind = checked("kind")[0] ?? "roundRobin";
    const ticked = checked("bots");
    let bots: string[];
    if (kind === "sprt") {
      bots = [field("test").value, field("base").value];
      if (bots[0] === bots[1]) return { body: null, problem: "An SPRT is between two different bots." };
    } else if (kind === "gauntlet") {
      const challenger = field("challenger").value;
      bots = [challenger, ...ticked.filter((bot) => bot !== challenger)];
      if (bots.length < 2) return { body: null, problem: "Tick at least one bot for the challenger to play." };
    } else {
      bots = ticked;
      if (bots.length < 2) return { body: null, problem: "Tick at least two bots." };
    }
    const clock = chosenClock();
    const openings = field("openings");
    const suite = openings.value;
    const squares = form.querySelector(`[name="openings"] option[value="${suite}"]`)?.getAttribute("data-squares") === "true";
    const name = field("name").value.trim();
    const body: Record<string, unknown> = { kind, bots, clock };
    if (name) body.name = name;
    if (kind !== "sprt") body.gamesPerPair = number("gamesPerPair");
    else body.sprt = { elo0: number("elo0"), elo1: number("elo1"), maxGames: number("maxGames") };
    if (suite) {
      body.openings = suite;
      // A suite is made for one variant: the squares suite's games count 2x2 squares too.
      if (squares) body.rules = { squares: true };
    }
    return { body, problem: null };
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { body, problem } = request();
    error.textContent = problem ?? "";
    if (problem) return;
    const start = kit.byId("start-tournament");
    start.disabled = true;
    const answer = await kit.api<CreatedTournament>("POST", "/v1/tournaments", body);
    start.disabled = false;
    if (!answer.ok) {
      error.textContent = answer.detail;
      return;
    }
    kit.holdTournament(answer.body.id, answer.body.token);
    kit.browser.location.assign(`/tournaments/${answer.body.id}`);
  });
}

boot(tournamentsClient);
