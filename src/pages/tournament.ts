/**
 * `/tournaments/{id}`: a tournament's progress, standings, crosstable (a Swiss: its rounds) and games, each game linking to
 * its match page, a page at a time (`?from=` a game number: every game is reached). Rendered from GET /v1/tournaments/{id} with tournament-view.ts; while the tournament
 * runs, the page script polls the same endpoint and re-renders (tournaments have no socket). The browser
 * that started it from /tournaments holds its management token and may cancel it here.
 */
import { html, raw } from "hono/html";
import { formatOf } from "../tournament/index.ts";
import { type TournamentOutput, viewSettings } from "../wire/index.ts";
import { DRAWING, type Html, isolated, page, pageScript, TOURNAMENT_VIEWS } from "./layout.ts";

function settingsText(view: TournamentOutput): string {
  const clock =
    view.clock.kind === "move"
      ? `${view.clock.moveMs / 1000} s per move`
      : view.clock.kind === "game"
        ? `${view.clock.initialMs / 60_000} min per game`
        : "no clock";
  const rules = [view.rules.attributes.length === 4 ? "classic rules" : `only ${view.rules.attributes.join(", ")} count`];
  if (view.rules.squares) rules.push("squares count");
  if (view.rules.announce === "manual") rules.push("Quarto must be announced");
  const kind = formatOf(view.kind).describe(viewSettings(view));
  const openings = view.openings ? `, from ${view.openings.suite ? `the ${view.openings.suite} suite` : `${view.openings.count} openings`} in pairs` : "";
  const parallel = view.concurrency > 1 ? `, up to ${view.concurrency} games at once` : "";
  return `${kind}${openings}${parallel}, ${rules.join(", ")}, ${clock}, seed ${view.seed}.`;
}

/** A page of a tournament's games other than the view's first: from game number `from`. */
export interface GamesPage {
  games: TournamentOutput["games"];
  from: number;
}

export function tournamentPage(view: TournamentOutput, gamesPage: GamesPage | null = null): Html {
  const t = TOURNAMENT_VIEWS;
  const format = formatOf(view.kind);
  const body = html`<h1 id="title">${isolated(t.title(view))} <code>${view.id}</code></h1>
<div id="summary">${raw(t.summaryHtml(view))}</div>
<div id="sprt">${raw(t.sprtHtml(view))}</div>
<div id="gauntlet">${raw(t.gauntletHtml(view))}</div>
<p class="muted">${settingsText(view)} <a href="/v1/tournaments/${view.id}">As JSON</a> · <a href="/tournaments">All tournaments</a></p>
<div class="actions" id="manage" hidden><button type="button" class="danger" id="cancel-button">Cancel the tournament</button></div>
<p class="error quiet" id="error" role="alert"></p>
<h2>Standings</h2>
<div id="standings">${raw(t.standingsHtml(view, format.tieBreaks))}</div>
<h2>${format.rounds ? "Rounds" : "Crosstable"}</h2>
<div id="swiss">${raw(t.swissHtml(view))}</div>
<div id="crosstable">${raw(t.crosstableHtml(view))}</div>
<h2 id="games-heading">Games</h2>
<div id="games">${raw(gamesPage ? t.gamesHtml(view, gamesPage) : t.gamesHtml(view))}</div>`;
  return page({
    title: `${DRAWING.isolateText(t.title(view))} ${view.id.slice(0, 6)}`,
    body,
    script: pageScript("tournament", { id: view.id, state: view, tieBreaks: format.tieBreaks, gamesFrom: gamesPage?.from ?? 1 }),
  });
}
