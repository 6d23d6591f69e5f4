/** Tournaments: schedules, the lifecycle step and its turns, standings and ratings, the SPRT, the opening suites, the local run. Pure, but for the runner's I/O. */
export { DEFAULT_MAX_MOVE_MS, gameOutcome, type GameRecord } from "./game.ts";
export {
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
  gauntletRow,
  playGame,
  runGauntlet,
  type RunProgress,
  runSprt,
  runSwiss,
  runTournament,
  sprtOptionsProblem,
  type SprtReport,
  type SwissReport,
  type TournamentReport,
} from "./run.ts";
export { gauntletSchedule, MAX_GAMES_PER_PAIR, roundRobinSchedule, type ScheduledGame, scheduleProblem, sprtSchedule } from "./schedule.ts";
export { eloEstimate, type EloEstimate, type Pentanomial, SPRT_MODELS, sprtBounds, sprtLlr, type SprtModel, sprtProblem, type SprtSettings } from "./sprt.ts";
export { computeCrosstable, computeStandings, type PlayedGame, type ScoredGame, scoredGames, tableOf } from "./standings.ts";
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
  swissByePoints,
  type SwissGame,
  swissPlan,
  swissProblem,
  swissRecords,
  swissRoundGames,
  swissRoundResults,
} from "./swiss.ts";
export { askBot, decideAction, turnAsk } from "./turn.ts";
