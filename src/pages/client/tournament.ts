/**
 * The tournament page's script: while the tournament runs, polls GET /v1/tournaments/{id} every two
 * seconds and re-renders with tournament-view.ts. A browser holding the tournament's management token
 * (kept by /tournaments when it started it) may cancel it (pressed twice). Bundled into
 * public/scripts/tournament.js (see scripts.ts).
 */
import type { TournamentOutput } from "../../wire/index.ts";
import { boot, type ClientEnv } from "./boot.ts";

export interface TournamentPageConfig {
  id: string;
  state: TournamentOutput;
  /** Its format's tie-breaks, a standings column each. */
  tieBreaks: readonly string[];
  /** The game number the page's games start at: 1 is the view's own games, which the page follows; a later page stays as rendered. */
  gamesFrom: number;
}

function tournamentClient(env: ClientEnv, config: TournamentPageConfig): void {
  const { kit, tournament: views } = env;
  const { browser } = kit;
  const token = kit.heldTournament(config.id);
  const cancel = kit.byId("cancel-button");
  let armed = false;
  let status = config.state.status;

  function render(view: TournamentOutput): void {
    status = view.status;
    kit.byId("summary").innerHTML = views.summaryHtml(view);
    kit.byId("sprt").innerHTML = views.sprtHtml(view);
    kit.byId("gauntlet").innerHTML = views.gauntletHtml(view);
    kit.byId("standings").innerHTML = views.standingsHtml(view, config.tieBreaks);
    kit.byId("swiss").innerHTML = views.swissHtml(view);
    kit.byId("crosstable").innerHTML = views.crosstableHtml(view);
    if (config.gamesFrom === 1) kit.byId("games").innerHTML = views.gamesHtml(view);
    showManage();
  }

  function showManage(): void {
    kit.byId("manage").hidden = token === null || status !== "running";
    cancel.textContent = armed ? "Click again to cancel" : "Cancel the tournament";
  }

  async function poll(): Promise<void> {
    const answer = await kit.api<TournamentOutput>("GET", `/v1/tournaments/${config.id}`);
    if (answer.ok) render(answer.body);
    const running = answer.ok ? answer.body.status === "running" : true;
    if (running) browser.setTimeout(() => void poll(), 2000);
  }

  cancel.addEventListener("click", async () => {
    if (token === null) return;
    if (!armed) {
      armed = true;
      showManage();
      browser.setTimeout(() => {
        armed = false;
        showManage();
      }, 4000);
      return;
    }
    armed = false;
    cancel.disabled = true;
    const answer = await kit.api<TournamentOutput>("POST", `/v1/tournaments/${config.id}/cancel`, undefined, token);
    cancel.disabled = false;
    kit.byId("error").textContent = answer.ok ? "" : answer.detail;
    if (answer.ok) render(answer.body);
  });

  showManage();
  if (config.state.status === "running") browser.setTimeout(() => void poll(), 2000);
}

boot(tournamentClient);
