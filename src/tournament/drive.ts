/**
 * The async side of the tournament step (step.ts): `drive` runs an event and every command that follows
 * from it on a host (the local runner's memory, the tournament Durable Object's storage), and
 * `sendEndNotices` tells both bots of a finished match how it ended. The step itself stays pure.
 */
import type { MatchState } from "../match/index.ts";
import { endNoticeFor, type Player } from "../bots/index.ts";
import { type StepCommand, type StepEvent, type StepPolicy, step, type TournamentProgress, type TournamentState } from "./step.ts";

/** A bot call: the commands a bounded host counts (see `drive`). */
const isBotCall = (command: StepCommand): boolean => command.type === "askBot" || command.type === "sendNotices";

/** What a host provides to `drive`. */
export interface StepHost<T extends TournamentProgress> {
  /**
   * The state a step for `event` reads: the tournament and the games `gamesRead` names, read afresh
   * (another step or a cancellation may have run while the host awaited). Undefined: no tournament.
   */
  load(event: StepEvent): TournamentState<T> | undefined;
  /** Stores what the step changed: the tournament, and each game that is not an object of `before`. */
  save(before: TournamentState<T>, after: TournamentState<T>): void;
  /** Carries out a command; the event that reports its outcome, if any. */
  execute(command: StepCommand): Promise<StepEvent | null>;
}

/**
 * Runs `event` and every command that follows from it. The commands of different games run at once
 * (each game's own commands one after the other, since each follows from the event of the one
 * before); every event is stepped on state loaded afresh, one step at a time. With `maxBotCalls`, bot
 * calls past that many are not made (the host's invocation stays bounded): the state owes them, so the
 * next `wake` asks for them again; given as a function, a bot call is made while it answers true (a
 * host bounds its invocation in time, each game going on from move to move at its own pace). Resolves
 * once nothing is in flight; rejects with the first error a command threw, once the others have settled.
 */
export async function drive<T extends TournamentProgress>(
  host: StepHost<T>,
  event: StepEvent,
  policy: StepPolicy,
  maxBotCalls: number | (() => boolean) = Number.POSITIVE_INFINITY,
): Promise<void> {
  let botCalls = 0;
  const mayCall = typeof maxBotCalls === "function" ? maxBotCalls : () => ++botCalls <= maxBotCalls;
  let failure: { error: unknown } | null = null;
  const inFlight = new Set<Promise<void>>();
  const run = (next: StepEvent): void => {
    if (failure) return;
    const before = host.load(next);
    if (before === undefined) return;
    const result = step(before, next, policy);
    host.save(before, result.state);
    for (const command of result.commands) launch(command);
  };
  const launch = (command: StepCommand): void => {
    if (isBotCall(command) && !mayCall()) return;
    const running: Promise<void> = host
      .execute(command)
      .then((outcome) => {
        if (outcome !== null) run(outcome);
      })
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  run(event);
  while (inFlight.size > 0) await Promise.race(inFlight);
  if (failure) throw (failure as { error: unknown }).error;
}

/** `POST /end` to both bots of a finished match (none for a cancelled one); failures are ignored and never change a result. */
export async function sendEndNotices(
  match: MatchState,
  command: Extract<StepCommand, { type: "sendNotices" }>,
  players: readonly [Player, Player],
): Promise<void> {
  const { tournamentId, gameId, matchId, names } = command;
  await Promise.all(
    ([0, 1] as const).map(async (seat) => {
      const player = players[seat];
      if (!player.end) return;
      const notice = endNoticeFor(match, seat, { tournamentId, gameId, matchId, opponent: names[seat === 0 ? 1 : 0] });
      await player.end(notice).catch(() => {});
    }),
  );
}
