/**
 * The conformance check for bot authors: the calls a tournament makes, in the positions where bots
 * most often go wrong, judged by the same client and the same reducer as a real game. Each check says
 * what was sent, what came back and what is wrong with it.
 */
import { CLASSIC_RULES, parseMoveText } from "../rules/index.ts";
import { applyAction, type MatchState, newMatch, type SeatIndex, seatToMove } from "../match/index.ts";
import { FORFEIT_REASONS } from "./forfeits.ts";
import { type BotCallOptions, type BotEndpoint, callBot, fetchBotInfo } from "./client.ts";
import { type BotInfo, endNoticeFor, moveRequestFor, parseMoveAnswer } from "./protocol.ts";
import { generateBotSecret } from "./signing.ts";

/**
 * A game found by a seeded random playout that never completes a Quarto (classic rules): 15 pieces
 * placed without one, so after move 16 one cell (c1) is empty and piece 6 is in hand; move 17 ends it.
 */
const CONFORMANCE_GAME = "-E b2-4 d1-5 b1-1 c2-0 c3-3 a1-D d4-B d3-9 a4-8 b4-A a2-F a3-C d2-7 c4-2 b3-6 c1".split(" ");

interface ConformanceCheck {
  name: string;
  /** A failed required check means the bot would forfeit or be refused at registration. */
  required: boolean;
  ok: boolean;
  detail: string;
  elapsedMs?: number;
}

export interface ConformanceReport {
  url: string;
  ok: boolean;
  info: BotInfo | null;
  checks: ConformanceCheck[];
}

export interface ConformanceOptions extends BotCallOptions {
  /** The secret to sign with (a fresh one when absent; a bot that verifies then fails every call). */
  secret?: string;
}

/** The match after the first `plies` moves of CONFORMANCE_GAME. */
export function conformanceMatch(plies: number, at = 0): MatchState {
  let state = newMatch({ rules: CLASSIC_RULES, clock: { kind: "none" }, firstSeat: 0 }, at);
  for (const text of CONFORMANCE_GAME.slice(0, plies)) {
    const move = parseMoveText(text);
    if (!move) throw new Error(`conformance: bad move text ${text}`);
    const applied = applyAction(state, { type: "move", seat: seatToMove(state), ply: state.moves.length, move, at });
    if (!applied.ok) throw new Error(`conformance: ${text} is illegal (${applied.error.detail})`);
    state = applied.state;
  }
  return state;
}

const MOVE_CHECKS: { name: string; plies: number; about: string }[] = [
  { name: "opening give", plies: 0, about: "the start position: no piece in hand, the bot only chooses a piece to give" },
  { name: "mid-game move", plies: 7, about: "six pieces placed, piece D in hand: place it, then give" },
  { name: "last placement", plies: 16, about: "fifteen pieces placed, piece 6 in hand, one empty cell: place it and give nothing" },
];

async function checkMove(endpoint: BotEndpoint, options: ConformanceOptions, check: (typeof MOVE_CHECKS)[number]): Promise<ConformanceCheck> {
  const state = conformanceMatch(check.plies);
  const seat: SeatIndex = seatToMove(state);
  const request = moveRequestFor(state, seat, { tournamentId: null, gameId: `conformance-${check.plies}`, matchId: `conformance-${check.plies}.1`, opponent: "conformance" }, options.timeoutMs);
  const result = await callBot(endpoint, "POST", "/move", request, options);
  const base = { name: check.name, required: true };
  if (!result.ok) return { ...base, ok: false, detail: `${check.about}. ${FORFEIT_REASONS[result.code].title} (${result.code}): ${result.detail}`, elapsedMs: result.elapsedMs };
  const parsed = parseMoveAnswer(result.body);
  if (!parsed.ok) return { ...base, ok: false, detail: `${check.about}. The answer is not a move: ${parsed.error}`, elapsedMs: result.elapsedMs };
  if (parsed.value.kind === "claim") return { ...base, ok: false, detail: `${check.about}. The bot claimed a Quarto, but canClaim was false`, elapsedMs: result.elapsedMs };
  const applied = applyAction(state, { type: "move", seat, ply: request.ply, move: parsed.value.move, at: 0 });
  const answer = JSON.stringify(result.body);
  if (!applied.ok) return { ...base, ok: false, detail: `${check.about}. ${answer} is illegal: ${applied.error.detail} (${applied.error.code})`, elapsedMs: result.elapsedMs };
  return { ...base, ok: true, detail: `answered ${answer} in ${result.elapsedMs} ms`, elapsedMs: result.elapsedMs };
}

/**
 * Runs every check against the bot at `url`: `GET /`, legal moves at the opening, mid-game and on the
 * last placement (each within `timeoutMs`), and `POST /end` (optional for a bot, so not required).
 */
export async function checkBot(url: string, options: ConformanceOptions): Promise<ConformanceReport> {
  const endpoint: BotEndpoint = { url, secret: options.secret ?? generateBotSecret() };
  const checks: ConformanceCheck[] = [];
  const identity = await fetchBotInfo(endpoint, options);
  checks.push(
    identity.ok
      ? { name: "GET /", required: true, ok: true, detail: `name ${JSON.stringify(identity.info.name)} in ${identity.elapsedMs} ms`, elapsedMs: identity.elapsedMs }
      : { name: "GET /", required: true, ok: false, detail: `${identity.code}: ${identity.detail}` },
  );
  for (const check of MOVE_CHECKS) checks.push(await checkMove(endpoint, options, check));
  const finished = conformanceMatch(CONFORMANCE_GAME.length);
  const notice = endNoticeFor(finished, 0, { tournamentId: null, gameId: "conformance-end", matchId: "conformance-end.1", opponent: "conformance" });
  const end = await callBot(endpoint, "POST", "/end", notice, options);
  checks.push({
    name: "POST /end",
    required: false,
    ok: end.ok || end.code === "bot/invalid_json",
    detail: end.ok || end.code === "bot/invalid_json" ? `accepted (status ${end.status})` : `${end.code}: ${end.detail} (optional: the arena ignores the answer)`,
    elapsedMs: end.elapsedMs,
  });
  return { url, ok: checks.every((check) => check.ok || !check.required), info: identity.ok ? identity.info : null, checks };
}
