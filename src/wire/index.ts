/** The wire: zod schemas of every request and answer (the OpenAPI components), problem documents, settings, and the conversions between stored state and answers. */
export { checkWin, configureEngineTurns, evaluatePosition, suggest, validateMove } from "./answers.ts";
export { type GameReviewOutput, GameReviewSchema, ReviewPendingSchema, ReviewRequestSchema } from "./review-schemas.ts";
export { reviewOutput, reviewRecord } from "./review.ts";
export {
  BotCallPageSchema,
  BotDetailSchema,
  BotEndNoticeSchema,
  BotEndReceiptSchema,
  BotInfoSchema,
  BotListSchema,
  BotMoveAnswerSchema,
  BotMoveRequestSchema,
  type BotEntry,
  BotEventsPageSchema,
  BotMoveReceiptSchema,
  type BotOutput,
  BotStreamEventSchema,
  BotSchema,
  RegisterBotRequestSchema,
  RegisteredBotSchema,
  RotateBotRequestSchema,
  SignatureHeadersSchema,
  UpdateBotRequestSchema,
} from "./bot-schemas.ts";
export { botFetchHandler, readMoveRequest } from "./bot-server.ts";
export { botCallOutput, botOutput, CALL_LOG_BOUND, type LinkStatus, linkRequestId, REGISTRY_NAME, type StoredBot, type StoredBotCall } from "./bots.ts";
export { moveFromInput, rulesFromInput } from "./convert.ts";
export {
  EvaluateQuerySchema,
  EvaluateRequestSchema,
  EvaluationSchema,
  SuggestQuerySchema,
  SuggestRequestSchema,
  SuggestResultSchema,
} from "./engine-schemas.ts";
export {
  EXAMPLE_BOT_ID,
  EXAMPLE_BOT_SECRET,
  EXAMPLE_ENDGAME,
  EXAMPLE_MANAGEMENT_TOKEN,
  EXAMPLE_MATCH_ID,
  EXAMPLE_PUZZLE_ID,
  EXAMPLE_SEAT_TOKEN,
  EXAMPLE_SEAT_TOKEN_2,
  EXAMPLE_TALL_ROW,
  EXAMPLE_TALL_SQUARE,
  EXAMPLE_TOURNAMENT_ID,
} from "./example-inputs.ts";
export { examples } from "./examples.ts";
export { IDEMPOTENCY_HEADER, IdempotencyHeadersSchema } from "./idempotency-schemas.ts";
export {
  DailyPuzzleSchema,
  NextPuzzleQuerySchema,
  PuzzleIdParamSchema,
  PuzzleMoveRequestSchema,
  PuzzleSchema,
  PuzzleVerdictSchema,
} from "./puzzle-schemas.ts";
export { judgePuzzleMove, type PuzzleOutput, puzzleOutput, type PuzzleVerdictOutput } from "./puzzles.ts";
export {
  LADDER_REVIEWED_GAMES,
  type LadderBotOutput,
  type LadderBotRecord,
  LadderBotSchema,
  type LadderEntryOutput,
  LadderEntrySchema,
  type LadderPageOutput,
  LadderPageSchema,
} from "./ladder-schemas.ts";
export {
  entryOutput,
  type GameRow,
  type HistoryRow,
  LADDER_NAME,
  LADDER_SETTINGS,
  ladderAccuracy,
  type LadderGameReview,
  ladderGameOutput,
  ladderSettings,
  type MemberRow,
  type PairingRow,
  pointOutput,
} from "./ladder.ts";
export {
  type ClaimRequest,
  ClaimRequestSchema,
  type ClientMessage,
  ClientMessageSchema,
  CreatedMatchSchema,
  type CreateMatchRequest,
  CreateMatchRequestSchema,
  JoinedMatchSchema,
  type JoinRequest,
  JoinRequestSchema,
  type MatchMoveRequest,
  MatchMoveRequestSchema,
  type MatchRecordOutput,
  MatchRecordSchema,
  MatchStreamMessageSchema,
  type MatchView,
  MatchViewSchema,
  MoveReplySchema,
  ReplayRequestSchema,
  ReplaySchema,
} from "./match-schemas.ts";
export { announcementFromInput, matchRecord, matchView, moveFromRequest, replayAnswer, type StoredMatch } from "./match.ts";
export {
  HealthSchema,
  LINKS,
  OpenApiDocumentSchema,
  ProblemTypeListSchema,
  problemTypeOf,
  ProblemTypeSchema,
  SERVICE,
  ServiceIndexSchema,
} from "./meta-schemas.ts";
export { objectNamed } from "./object-names.ts";
export { tidyDocument } from "./openapi-document.ts";
export { BotCallPageQuerySchema, BotPageQuerySchema, decodeCursor, DEFAULT_PAGE_LIMIT, GamePageQuerySchema, LadderPageQuerySchema, MAX_PAGE_LIMIT, nextLink } from "./pagination.ts";
export {
  type FieldError,
  isProblemCode,
  MOVE_PROBLEM_CODES,
  POSITION_PROBLEM_CODES,
  PROBLEM_CODES,
  type ProblemCode,
  problemDocument,
  ProblemError,
  type ProblemExtra,
  problemResponses,
  PROBLEMS,
  type Refusal,
  type Reply,
} from "./problems.ts";
export {
  clientKey,
  LIMIT_POLICIES,
  type LimitName,
  type LimitPolicy,
  policyField,
  secondsToReset,
  withAuthFailureLimit,
  withRateLimitHeaders,
  WRONG_TOKEN_CODES,
} from "./rate-limits.ts";
export {
  CheckWinQuerySchema,
  CheckWinRequestSchema,
  WinCheckSchema,
  ValidateMoveQuerySchema,
  ValidateMoveRequestSchema,
  MoveVerdictSchema,
} from "./rules-schemas.ts";
export { RulesQuerySchema } from "./schemas.ts";
export { readSettings, type Settings, type SettingsEnv } from "./settings.ts";
export {
  CreatedTournamentSchema,
  type CreateTournamentRequest,
  CreateTournamentRequestSchema,
  MAX_TOURNAMENT_MOVE_MS,
  SPRT_DEFAULTS,
  TOURNAMENT_VIEW_GAMES,
  type TournamentGameOutput,
  TournamentGamePageSchema,
  type TournamentOutput,
  TournamentSchema,
} from "./tournament-schemas.ts";
export {
  gameKey,
  gameOutput,
  type ReviewedSeat,
  requestOptions,
  reviewKey,
  settingsOf,
  type StoredEntry,
  type StoredGame,
  type StoredGameReview,
  type StoredTournament,
  storedFields,
  tournamentView,
  viewSettings,
} from "./tournament.ts";
export {
  type Allowance,
  ANSWER_BOUND_REASON,
  DROP_BOUND_REASON,
  MAX_SOCKET_MESSAGE_BYTES,
  messageBytes,
  overDropBound,
  POLICY_VIOLATION,
  spendAllowance,
  spendAnswer,
  tooLarge,
} from "./socket-allowance.ts";
export { closeQuietly } from "./socket-close.ts";
