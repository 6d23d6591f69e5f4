/** The rules core: pure TypeScript, no Worker or schema imports; runs in Node, workerd and browsers. */
export { cellName, isCell, isPiece, makeMoveText, type Move, parseCell, parseMoveText, parsePiece, pieceChar } from "./notation.ts";
export { ANNOUNCE_MODES, CLASSIC_RULES, makeRules, type Rules, type RulesInput, rulesToJson } from "./options.ts";
export { legalMoves, MOVE_ERROR_CODES, type MoveErrorCode, type Outcome, playMove, positionStatus } from "./play.ts";
export {
  availablePieces,
  completedShapes,
  emptyCells,
  makePositionString,
  parsePositionString,
  playerToMove,
  plyOf,
  popcount,
  type Position,
  POSITION_ERROR_CODES,
  type PositionErrorCode,
  positionFromTrustedSetup,
  type PositionJson,
  positionToJson,
  readPosition,
  type Role,
  ROLES,
  type Setup,
  START_POSITION_STRING,
  type WinningShape,
} from "./position.ts";
export { err, ok, type Result } from "./result.ts";
export {
  ALL_SHAPES,
  type Attribute,
  ATTRIBUTE_BIT,
  ATTRIBUTE_VALUES,
  ATTRIBUTES,
  type AttributeValue,
  CELL_COUNT,
  CELL_NAMES,
  LINES,
  SHAPE_KINDS,
  SQUARES,
} from "./vocabulary.ts";
