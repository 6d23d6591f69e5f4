/**
 * The registry of tournament formats: the one switch on a tournament's kind. Every host and view (the
 * service's route, the tournament object, the local runner, the CLI, the wire views, the pages) finds a
 * tournament's definition here by its kind and reads it; none of them asks which kind it holds. A new
 * format is one module (formats/*.ts, a TournamentFormat) listed here, plus its request schema (src/wire).
 * Also the steps every host takes with a format: checking a request, the step's policy, the state of a
 * new tournament, and pairing a round.
 */
import type { FormatField, FormatOptions, Refusal, Settled, TournamentFormat, TournamentSettings } from "./format.ts";
import { GAUNTLET } from "./formats/gauntlet.ts";
import { ROUND_ROBIN } from "./formats/round-robin.ts";
import { SPRT } from "./formats/sprt.ts";
import { SWISS } from "./formats/swiss.ts";
import { type GameState, newProgress, pendingGame, type StepEvent, type StepPolicy, step, type TournamentProgress, type TournamentState } from "./step.ts";

/** Every format the service plays, in the order the API and the pages list them; the first is the default. */
export const FORMATS = [ROUND_ROBIN, GAUNTLET, SPRT, SWISS] as const;

export type TournamentKind = (typeof FORMATS)[number]["kind"];
export type AnyFormat = TournamentFormat<unknown, TournamentKind>;

/** The kinds, for the API's enum. */
export const TOURNAMENT_KINDS = FORMATS.map((format) => format.kind) as [TournamentKind, ...TournamentKind[]];

/** A tournament's format by its kind; no kind: the default (a round robin). */
export function formatOf(kind: string | undefined): AnyFormat {
  if (kind === undefined) return FORMATS[0];
  const format = FORMATS.find((candidate) => candidate.kind === kind);
  if (!format) throw new RangeError(`there is no tournament format ${kind}`);
  return format;
}

const FORMAT_FIELDS: readonly FormatField[] = ["sprt", "rounds"];

/** `a round robin`, `an SPRT`. */
const formatName = (format: Pick<TournamentFormat, "article" | "name">): string => `${format.article} ${format.name}`;

/**
 * A tournament's options checked by its format, defaults filled in: a field of another format is
 * refused, then the format checks its own against the bots (their names and games per pair are
 * scheduleProblem's to check).
 */
export function settle(format: TournamentFormat, bots: readonly string[], options: FormatOptions): Settled {
  for (const field of FORMAT_FIELDS) {
    if (options[field] === undefined || format.takes.includes(field)) continue;
    const takers = FORMATS.filter((other) => other.takes.includes(field)).map((other) => other.kind);
    return { ok: false, refusal: { field, message: `only a tournament of kind ${takers.join(" or ")} takes ${field} (this one is ${format.kind})` } };
  }
  return format.settle(bots, options);
}

/** Why the service refuses a checked tournament of `bots` bots: more bots or games than its format allows there, or null. */
export function serviceRefusal(format: TournamentFormat, bots: number, options: FormatOptions): Refusal | null {
  if (bots > format.limits.bots) {
    const roomier = FORMATS.filter((other) => other.limits.bots > format.limits.bots).map((other) => `${formatName(other)} takes up to ${other.limits.bots}`);
    const also = roomier.length > 0 ? ` (${roomier.join(", ")})` : "";
    return { field: "bots", message: `at most ${format.limits.bots} bots in ${formatName(format)}${also}` };
  }
  const games = format.gameCount(bots, options);
  if (games > format.limits.games) {
    return { field: "gamesPerPair", message: `${bots} bots with ${options.gamesPerPair} games per pair make ${games} games; at most ${format.limits.games}` };
  }
  return null;
}

/** The step's policy for a tournament: up to `concurrency` games at once, a bot in as many as its format allows, its test if any. */
export function stepPolicy(format: TournamentFormat, settings: TournamentSettings, untimed: readonly string[], maxMoveMs?: number): StepPolicy {
  return {
    untimed,
    ...(maxMoveMs !== undefined ? { maxMoveMs } : {}),
    concurrency: settings.concurrency,
    gamesPerBot: format.gamesPerBot(settings.concurrency),
    ...(format.stop ? { sprt: format.stop(settings) } : {}),
  };
}

/** A new tournament: its progress and the games its format schedules up front, none played. Throws a RangeError for a configuration it cannot play. */
export function newTournament(format: TournamentFormat, id: string, settings: TournamentSettings, policy: StepPolicy): TournamentState {
  const games = format.schedule(settings).map(pendingGame);
  return { tournament: newProgress(id, games.length, policy, format.rounds?.count(settings)), games };
}

/** The answer to the step's `pairRound`: the round's games and byes from the games so far (none: no legal pairing was left). */
export function pairRound(
  format: TournamentFormat,
  settings: TournamentSettings,
  games: readonly GameState[],
  progress: TournamentProgress,
  command: { game: number; round: number },
  at: number,
): Extract<StepEvent, { type: "paired" }> {
  if (!format.rounds) throw new Error(`tournament ${progress.id}: ${formatName(format)} pairs no rounds`);
  const round = format.rounds.pair(settings, games, progress, command.round, command.game);
  return { type: "paired", round: command.round, games: round?.games ?? [], byes: round?.byes ?? [], at };
}

/**
 * A new tournament whose format pairs rounds, with its first round paired now, as the step pairs every
 * round (the commands the step owes, the host's first wake derives again); any other unchanged.
 */
export function withFirstRound<T extends TournamentProgress>(
  format: TournamentFormat,
  settings: TournamentSettings,
  state: TournamentState<T>,
  policy: StepPolicy,
  at: number,
): TournamentState<T> {
  if (!format.rounds) return state;
  const paired = pairRound(format, settings, state.games, state.tournament, { game: state.tournament.gameCount, round: 0 }, at);
  if (paired.games.length === 0) throw new RangeError(`${formatName(format)} needs at least two bots`);
  return step(state, paired, policy).state;
}
