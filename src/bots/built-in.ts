/**
 * The built-in bots, one per engine level (`random` .. `perfect`). They read the same move
 * request an HTTP bot gets and answer the same JSON: the in-process player, the bot served at
 * `/bots/{name}` and `npm run arena -- serve` share `builtInAnswer`. The engine's seed comes from the
 * tournament id, the match id and the ply, so a tournament run again with the same seed replays alike.
 * The in-process player searches as background work (a tournament's or the ladder's game: nobody waits
 * for it, and its seat is untimed); the bot served over HTTP as interactive work (its caller's clock runs).
 */
import { completedShapes, makeRules, type Move, positionFromTrustedSetup, readPosition } from "../rules/index.ts";
import { type EnginePriority, hashSeed, LEVELS, type Level, type Suggestion, type SuggestOptions, suggestMove, suggestMoveInTurn } from "../engine/index.ts";
import type { BotInfo, CheckedMoveRequest, MoveAnswer, Player } from "./protocol.ts";

export const BUILT_IN_BOTS: readonly Level[] = LEVELS;

export const isBuiltInBot = (name: string): name is Level => (BUILT_IN_BOTS as readonly string[]).includes(name);

export interface BuiltInBotOptions {
  /** Passed to the engine as its node budget; the engine's default for the level when absent. */
  maxNodes?: number;
  /** The engine's priority class for its searches (engine scheduler): background unless said otherwise. */
  priority?: EnginePriority;
}

export function builtInBotInfo(level: Level): BotInfo {
  return { name: level, author: "quarto-service", version: "1" };
}

/**
 * The built-in bot's answer to a checked request: claims a Quarto the opponent missed, announces
 * every Quarto it completes (so it wins under `announce: manual` too), else plays the engine's move.
 */
export function builtInAnswer(level: Level, checked: CheckedMoveRequest, options: BuiltInBotOptions = {}): MoveAnswer {
  if (checked.request.canClaim === true) return { claim: true };
  return answerOf(checked, suggestMove(checked.position, checked.rules, engineOptions(level, checked, options)));
}

/** builtInAnswer with the search in the isolate's engine scheduler (never refused) and in slices. */
export async function builtInAnswerInTurn(level: Level, checked: CheckedMoveRequest, options: BuiltInBotOptions = {}): Promise<MoveAnswer> {
  if (checked.request.canClaim === true) return { claim: true };
  const priority = options.priority ?? "background";
  return answerOf(checked, await suggestMoveInTurn(checked.position, checked.rules, engineOptions(level, checked, options), { priority }));
}

function engineOptions(level: Level, { request }: CheckedMoveRequest, options: BuiltInBotOptions): SuggestOptions {
  const seed = hashSeed(`${request.tournamentId ?? ""}:${request.matchId ?? ""}:${request.ply ?? 0}`);
  return { level, seed, ...(options.maxNodes === undefined ? {} : { maxNodes: options.maxNodes }) };
}

function answerOf({ position, rules }: CheckedMoveRequest, suggestion: Suggestion): MoveAnswer {
  const move: Move = suggestion.move;
  if (move.place !== undefined && position.inHand !== null) {
    const board = [...position.board];
    board[move.place] = position.inHand;
    const placed = positionFromTrustedSetup({ board, inHand: null });
    if (completedShapes(placed, rules, move.place).length > 0) return { place: move.place, quarto: true };
  }
  const answer: MoveAnswer = {};
  if (move.place !== undefined) answer.place = move.place;
  if (move.give !== undefined) answer.give = move.give;
  return answer;
}

/** A built-in bot as an in-process tournament player. */
export function builtInBot(level: Level, options: BuiltInBotOptions & { name?: string } = {}): Player {
  return {
    name: options.name ?? level,
    inProcess: true,
    async move(request) {
      // The request was built in this process (moveRequestFor) from checked rules and a valid position:
      // nothing to parse, only the core values to rebuild. A bot served over HTTP reads its request
      // with readMoveRequest (src/wire/bot-server.ts) instead.
      const rules = makeRules(request.rules);
      const position = readPosition(request.position, rules);
      if (!position.ok) throw new Error(`built-in bot ${level}: the runner sent a bad position (${position.error.detail})`);
      return { ok: true, answer: await builtInAnswerInTurn(level, { request, position: position.value, rules }, options) };
    },
  };
}
