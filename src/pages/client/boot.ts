/**
 * How a page script starts: it reads the config its page wrote as JSON (the element PAGE_CONFIG_ID),
 * builds what every script shares (the drawing, the kit, the match and tournament views, the same code the
 * server renders with) and runs the page's main function. Each page module calls `boot(main)` once.
 */
import { makeDrawing, type Drawing, VOCABULARY } from "../draw.ts";
import { makeMatchViews, type MatchViews } from "../match-view.ts";
import { makeTournamentViews, type TournamentViews } from "../tournament-view.ts";
import type { Browser } from "./browser.ts";
import { type Kit, makeKit } from "./kit.ts";
import { PAGE_CONFIG_ID } from "./scripts.ts";

/** What every page script receives. */
export interface ClientEnv {
  draw: Drawing;
  kit: Kit;
  views: MatchViews;
  tournament: TournamentViews;
}

export function boot<C>(main: (env: ClientEnv, config: C) => void): void {
  const { document } = globalThis as unknown as Browser;
  const config = JSON.parse(document.getElementById(PAGE_CONFIG_ID)?.textContent ?? "{}") as C;
  const draw = makeDrawing(VOCABULARY);
  main({ draw, kit: makeKit(), views: makeMatchViews(draw), tournament: makeTournamentViews(draw) }, config);
}
