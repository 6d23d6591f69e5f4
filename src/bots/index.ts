/** Bots: the HTTP protocol and its forfeit codes, the signed client, the outbound URL policy, the built-in bots, the conformance check. */
export { botCallUrl, callBot, fetchBotInfo, httpBot, MAX_ANSWER_BYTES } from "./client.ts";
export { checkBot, conformanceMatch, type ConformanceReport } from "./conformance.ts";
export { FORFEIT_CODES, type ForfeitCode, forfeitTitle } from "./forfeits.ts";
export {
  type BotInfo,
  type CheckedMoveRequest,
  type EndDelivery,
  type EndNotice,
  endNoticeFor,
  type MoveAnswer,
  type MoveRequest,
  moveRequestFor,
  parseBotInfo,
  parseMoveAnswer,
  type Player,
  type PlayerReply,
} from "./protocol.ts";
export { isBuiltInBot, BUILT_IN_BOTS, builtInAnswer, builtInAnswerInTurn, builtInBot, builtInBotInfo } from "./built-in.ts";
export { botSecretRefusal, generateBotSecret, isValidBotSecret, MIN_SECRET_BYTES, signatureHeaders, verifySignature } from "./signing.ts";
export { callCheck, DOH_ENDPOINT, dohResolver, type HostResolver, keptResolver, resolvedHostRefusal, serviceResolver } from "./resolve.ts";
export { type BotUrlPolicy, botUrlProblem, checkBotUrl, ipv6Kind, LOCAL_BOT_URLS, parseIpv6 } from "./url-policy.ts";
