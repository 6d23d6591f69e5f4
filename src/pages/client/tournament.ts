/**
 * The tournament page's script: while the tournament runs, polls GET /v1/tournaments/{id} every two
 * seconds and re-renders with tournament-view.ts. Shipped as source (see clientScript).
 */
import type { TournamentOutput } from "../../wire/index.ts";
import type { ClientEnv } from "../layout.ts";

export interface TournamentPageConfig {
  id: string;
  state: TournamentOutput;
}

export function tournamentClient(env: ClientEnv, config: TournamentPageConfig): void {
  const { kit, tournament: views } = env;
  const { browser } = kit;

  function render(view: TournamentOutput): void {
    kit.byId("summary").innerHTML = views.summaryHtml(view);
    kit.byId("sprt").innerHTML = views.sprtHtml(view);
    kit.byId("gauntlet").innerHTML = views.gauntletHtml(view);
    kit.byId("standings").innerHTML = views.standingsHtml(view);
    kit.byId("crosstable").innerHTML = views.crosstableHtml(view);
    kit.byId("games").innerHTML = views.gamesHtml(view);
  }

  async function poll(): Promise<void> {
    const answer = await kit.api<TournamentOutput>("GET", `/v1/tournaments/${config.id}`);
    if (answer.ok) render(answer.body);
    const running = answer.ok ? answer.body.status === "running" : true;
    if (running) browser.setTimeout(() => void poll(), 2000);
  }

  if (config.state.status === "running") browser.setTimeout(() => void poll(), 2000);
}
