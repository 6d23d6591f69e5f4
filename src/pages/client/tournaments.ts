/**
 * The tournaments page's script: turns the new-tournament form into `POST /v1/tournaments` for the
 * format chosen, as its choice describes it (the ticked bots, a challenger against them, or two bots;
 * games per pair or not; the format fields it takes), never asking which format it is,
 * offers beside the open bots those whose token this browser holds (entered with it, `{"id", "token"}`),
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

  // The bots this browser holds the token of, beside those the page offers (an owner-only bot is only offered here).
  const held = kit.heldBots();
  const offered = new Set([...form.querySelectorAll('input[name="bots"]')].map((input) => input.value));
  const mine = held.filter((bot) => !offered.has(bot.id));
  const { escapeHtml, isolateHtml } = env.draw;
  kit.byId("bot-choices").innerHTML += mine
    .map((bot) => `<label><input type="checkbox" name="bots" value="${escapeHtml(bot.id)}"> ${isolateHtml(bot.name)} <span class="muted">yours</span></label>`)
    .join("");
  for (const select of form.querySelectorAll("select.bot-select"))
    select.innerHTML += mine.map((bot) => `<option value="${escapeHtml(bot.id)}">${isolateHtml(bot.name)} (yours)</option>`).join("");
  /** A bot as the request enters it: with its token when this browser holds it. */
  const entrant = (bot: string): unknown => {
    const token = held.find((candidate) => candidate.id === bot)?.token;
    return token ? { id: bot, token } : bot;
  };

  /** The chosen format, as its choice describes it. */
  function chosen(): { kind: string; entrants: string; perPair: boolean; takes: string[] } {
    const choice = form.querySelector('input[name="kind"]:checked');
    return {
      kind: choice?.getAttribute("value") ?? "",
      entrants: choice?.getAttribute("data-entrants") ?? "field",
      perPair: choice?.getAttribute("data-per-pair") !== "false",
      takes: (choice?.getAttribute("data-takes") ?? "").split(" ").filter((field) => field !== ""),
    };
  }

  // An SPRT starts from its default suite (the option marked data-sprt-default) until a suite is chosen by hand.
  const openings = field("openings");
  const sprtSuite = form.querySelector("option[data-sprt-default]")?.getAttribute("value") ?? "";
  let openingsChosen = false;
  openings.addEventListener("change", () => {
    openingsChosen = true;
  });

  function sync(): void {
    const { entrants, perPair, takes } = chosen();
    if (!openingsChosen) openings.value = takes.includes("sprt") ? sprtSuite : "";
    kit.byId("bots-field").hidden = entrants === "pair";
    kit.byId("challenger-row").hidden = entrants !== "challenger";
    kit.byId("sprt-field").hidden = entrants !== "pair" && !takes.includes("sprt");
    kit.byId("pair-row").hidden = entrants !== "pair";
    kit.byId("sprt-row").hidden = !takes.includes("sprt");
    kit.byId("games-per-pair-row").hidden = !perPair;
    kit.byId("rounds-row").hidden = !takes.includes("rounds");
  }
  form.addEventListener("change", sync);
  sync();

  function request(): { body: unknown; problem: string | null } {
    const { kind, entrants, perPair, takes } = chosen();
    const ticked = checked("bots");
    let bots: string[];
    if (entrants === "pair") {
      bots = [field("test").value, field("base").value];
      if (bots[0] === bots[1]) return { body: null, problem: "Choose two different bots." };
    } else if (entrants === "challenger") {
      const challenger = field("challenger").value;
      bots = [challenger, ...ticked.filter((bot) => bot !== challenger)];
      if (bots.length < 2) return { body: null, problem: "Tick at least one bot for the challenger to play." };
    } else {
      bots = ticked;
      if (bots.length < 2) return { body: null, problem: "Tick at least two bots." };
    }
    const clock = chosenClock();
    const suite = openings.value;
    const squares = form.querySelector(`[name="openings"] option[value="${suite}"]`)?.getAttribute("data-squares") === "true";
    const name = field("name").value.trim();
    const body: Record<string, unknown> = { kind, bots: bots.map(entrant), clock };
    if (name) body.name = name;
    if (perPair) body.gamesPerPair = number("gamesPerPair");
    if (takes.includes("sprt")) body.sprt = { elo0: number("elo0"), elo1: number("elo1"), maxGames: number("maxGames") };
    if (takes.includes("rounds") && field("rounds").value !== "") body.rounds = number("rounds");
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
