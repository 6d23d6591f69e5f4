/** Tournaments: the formats (formats.ts, the one switch on a tournament's kind), schedules, the lifecycle step and its turns, standings and ratings, the SPRT, the opening suites, the local run. Pure, but for the runner's I/O. */
export { DEFAULT_MAX_MOVE_MS, gameOutcome, type GameRecord } from "./game.ts";
export {
  LADDER_ANCHORS,
  LADDER_EXPLORE,
  LADDER_START,
  type LadderCandidate,
  ladderPairs,
  ladderRating,
} from "./ladder.ts";
export { OPENING_SUITE_NAMES, OPENING_SUITES, parseOpenings, suiteOpening, suiteProblem } from "./openings.ts";
export { GLICKO2_NEW, type Glicko2Rating, glicko2Update } from "./glicko2.ts";
export { DENSE_FIT_PLAYERS, fitRatings, fitRatingsByPlayer, PRIOR_SD_ELO, type Rating, RATING_ORIGIN } from "./rating.ts";
export {
  type FormatFields,
  type FormatOptions,
  type FormatRun,
  MAX_TOURNAMENT_BOTS,
  MAX_TOURNAMENT_GAMES,
  playedGames,
  type SprtMatchSettings,
  type SprtSummary,
  type SwissSummary,
  type TournamentFormat,
  type TournamentSettings,
} from "./format.ts";
export {
  type AnyFormat,
  FORMATS,
  formatOf,
  newTournament,
  pairRound,
  serviceRefusal,
  settle,
  stepPolicy,
  TOURNAMENT_KINDS,
  type TournamentKind,
  withFirstRound,
} from "./formats.ts";
export type { TournamentReport } from "./formats/round-robin.ts";
export { MAX_SPRT_TOURNAMENT_GAMES, type SprtReport } from "./formats/sprt.ts";
export { MAX_SWISS_BOTS, MAX_SWISS_GAMES, type SwissReport } from "./formats/swiss.ts";
export { playGame, runFormat, type RunProgress, runSprt, runSwiss, runTournament } from "./run.ts";
export { MAX_GAMES_PER_PAIR, roundRobinSchedule, type ScheduledGame, scheduleProblem, sprtSchedule } from "./schedule.ts";
export { eloEstimate, type EloEstimate, type Pentanomial, SPRT_MODELS, sprtBounds, type SprtModel, type SprtSettings } from "./sprt.ts";
export { computeCrosstable, computeStandings, type ScoredGame, type Standing, tableOf } from "./standings.ts";
export { drive, sendEndNotices, type StepHost } from "./drive.ts";
export {
  gamesRead,
  type GameState,
  newProgress,
  pendingGame,
  playingGames,
  step,
  type StepCommand,
  type StepEvent,
  type StepPolicy,
  type TournamentProgress,
  type TournamentState,
  untimedBots,
} from "./step.ts";
export { exchangeOrder, pairSwissRound, type SwissRecord, type SwissRound, transpositions } from "./dutch.ts";
export { maximumMatching } from "./matching.ts";
export {
  defaultSwissRounds,
  maxSwissRounds,
  type SwissGame,
  swissPlan,
  swissRecords,
  swissRoundGames,
} from "./swiss.ts";
export { type Ask, askBot, decideAction, turnAsk } from "./turn.ts";
