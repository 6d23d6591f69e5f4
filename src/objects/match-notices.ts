/**
 * The end notices of a hosted match's registered bot seats: however the match ended (the bot's own move,
 * the person's winning move or resignation on either turn, a flag), each such bot gets its `end`
 * notice once, as soon as the match ends (and from its alarm, should that fail or the server stop first):
 * a webhook bot by `POST /end`, a connected bot on its event stream,
 * whose link closes the requests of that match still open (an answer to one is then refused as closed).
 * A tournament's bot seats are left out: their tournament sends theirs. Best effort, like every end
 * notice: a bot that does not take it is not asked again; a crash before the mark is set sends it again.
 */
import { endNoticeFor } from "../bots/index.ts";
import type { MatchSeat, SeatIndex } from "../match/index.ts";
import { objectNamed, REGISTRY_NAME, type StoredMatch } from "../wire/index.ts";
import { botPlayer, registeredEntry } from "./bot-players.ts";
import { callRecorder } from "./bot-link.ts";

/** A seat's name in a bot's move request and end notice (`opponent.name`). */
const seatName = (seat: MatchSeat | undefined): string =>
  seat === undefined ? "anonymous" : seat.kind === "engine" ? `engine (${seat.level})` : seat.kind === "bot" ? seat.name : (seat.name ?? "anonymous");

/** The seats' names: a tournament game's are its bots' entrant names. */
export const seatNames = (match: StoredMatch): [string, string] => [seatName(match.state.seats?.[0]), seatName(match.state.seats?.[1])];

/** Set once the match's registered bots have been sent their end notices. */
const NOTIFIED_KEY = "endNoticesSent";

const seatedBots = (match: StoredMatch): { seat: SeatIndex; botId: string; name: string }[] =>
  ([0, 1] as const).flatMap((seat) => {
    const held: MatchSeat | undefined = match.state.seats?.[seat];
    return held?.kind === "bot" && held.botId !== undefined ? [{ seat, botId: held.botId, name: held.name }] : [];
  });

/** Whether the match is over and owes its registered bots their end notices. */
export function endNoticesDue(storage: DurableObjectStorage, match: StoredMatch): boolean {
  return match.state.status === "finished" && seatedBots(match).length > 0 && storage.kv.get<boolean>(NOTIFIED_KEY) !== true;
}

/** Sends each registered bot seated in the finished match its end notice, then marks them sent. */
export async function sendEndNotices(env: Env, storage: DurableObjectStorage, match: StoredMatch): Promise<void> {
  const bots = seatedBots(match);
  const names = seatNames(match);
  const entrants = await objectNamed(env.BOT_REGISTRY, REGISTRY_NAME).entrants(bots.map((bot) => bot.botId));
  // The notices are already sent in the object's background: their call log records are waited for with them.
  const records: Promise<unknown>[] = [];
  const calls = callRecorder(env, (work) => records.push(work));
  await Promise.all(
    bots.map(async ({ seat, name }, index) => {
      const entrant = entrants[index];
      if (!entrant) return;
      const player = botPlayer(env, registeredEntry(entrant, name), undefined, calls);
      const notice = endNoticeFor(match.state, seat, { tournamentId: null, gameId: match.id, matchId: match.id, opponent: names[seat === 0 ? 1 : 0] });
      await player.end?.(notice).catch(() => {});
    }),
  );
  storage.kv.put(NOTIFIED_KEY, true);
  await Promise.all(records);
}
