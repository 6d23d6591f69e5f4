/**
 * The OpenAPI examples of the arena, produced by the same functions the service answers with (the bot
 * protocol's request builders, the tournament view over a stored tournament), at fixed times, so the
 * documented answers cannot drift from real ones. Typed `unknown` on purpose, as in match-examples.ts.
 */
import { conformanceMatch, endNoticeFor, moveRequestFor } from "../bots/index.ts";
import { applyAction, type MatchState, newMatch, recordText, seatToMove } from "../match/machine.ts";
import { makeRules, parseMoveText } from "../rules/index.ts";
import { gameOutcome, pendingGame, roundRobinSchedule } from "../tournament/index.ts";
import { botOutput } from "./bots.ts";
import { type StoredGame, type StoredTournament, tournamentView } from "./tournament.ts";

export const EXAMPLE_TOURNAMENT_ID = "t7m2kq4xz6vb3nc5rj8wd2hf4a";
export const EXAMPLE_BOT_ID = "b4n6xr2mq7tz3kc5vj8wd2hp6e";
export const EXAMPLE_MATCH_ID = "k3v7tq2mz5xj4c6rb8wn2hd5fa";
export const EXAMPLE_BOT_SECRET = "whsec_Js74gI5KU7G+SO7r+p6MNj/2zAeqGYuIGc+8HnQX7MQ=";
export const EXAMPLE_TOKEN = "m8Xc2vB5nQ1wE7rT4yU9iO3pA6sD0fGh_jKlZ-xCvBn";
const T0 = Date.UTC(2026, 9, 1, 12, 0, 0);
const IDS = { tournamentId: EXAMPLE_TOURNAMENT_ID, gameId: "g12", matchId: EXAMPLE_MATCH_ID, opponent: "bob" };

/** The move request of the conformance game after three moves: the second seat places piece 5. */
export const exampleMoveRequest = (): unknown => {
  const state = conformanceMatch(3, T0);
  return moveRequestFor(state, seatToMove(state), IDS, 1000);
};

/** A game won by the first seat with a row of tall pieces. */
function wonGame(): MatchState {
  let state = newMatch({ rules: makeRules(), clock: { kind: "move", moveMs: 2000 }, firstSeat: 0 }, T0);
  for (const [index, text] of ["-8", "a1-9", "b1-A", "c1-B", "d1!"].entries()) {
    const result = applyAction(state, { type: "move", seat: seatToMove(state), ply: index, move: parseMoveText(text) as never, at: T0 + (index + 1) * 1000 });
    if (!result.ok) throw new Error(`example: ${text}: ${result.error.detail}`);
    state = result.state;
  }
  return state;
}

export const exampleEndNotice = (): unknown => endNoticeFor(wonGame(), 0, IDS);

export const exampleBotInfo = (): unknown => ({ name: "alice", author: "Ada", version: "0.3" });

export const exampleBot = (): unknown =>
  botOutput({
    id: EXAMPLE_BOT_ID,
    name: "alice",
    url: "http://127.0.0.1:9001",
    secret: "",
    tokenHash: "",
    info: { name: "alice", author: "Ada", version: "0.3" },
    createdAt: T0,
  });

function exampleStored(played: boolean, cancelled = false): { tournament: StoredTournament; games: StoredGame[] } {
  const tournament: StoredTournament = {
    id: EXAMPLE_TOURNAMENT_ID,
    name: "Friday round robin",
    tokenHash: "",
    status: cancelled ? "cancelled" : "running",
    entries: [
      { name: "alice", kind: "registered", botId: EXAMPLE_BOT_ID, url: "http://127.0.0.1:9001", secret: "" },
      { name: "easy", kind: "builtIn", level: "easy" },
    ],
    gamesPerPair: 2,
    rules: {},
    clock: { kind: "move", moveMs: 2000 },
    seed: 7,
    maxNodes: 2_000_000,
    gameCount: 2,
    current: played ? 1 : 0,
    createdAt: T0,
    finishedAt: cancelled ? T0 + 30_000 : null,
  };
  const games: StoredGame[] = roundRobinSchedule(["alice", "easy"], 2, 7).map(pendingGame);
  if (played) {
    const won = wonGame();
    Object.assign(games[0], {
      status: "finished",
      matchId: EXAMPLE_MATCH_ID,
      matchCreated: true,
      outcome: gameOutcome(won, [games[0].first, games[0].second]),
      plies: won.moves.length,
      text: recordText(won),
    });
    Object.assign(games[1], { status: cancelled ? "cancelled" : "playing", matchId: "p6d3wz7kq2xm5vb4nc8rj2ht6y", matchCreated: true });
  }
  return { tournament, games };
}

/** A tournament of two games between a registered bot and `easy`: one over, one being played. */
export const exampleTournament = (): unknown => {
  const { tournament, games } = exampleStored(true);
  return tournamentView(tournament, games);
};

export const exampleCreatedTournament = (): unknown => {
  const { tournament, games } = exampleStored(false);
  return { id: EXAMPLE_TOURNAMENT_ID, url: `/v1/tournaments/${EXAMPLE_TOURNAMENT_ID}`, token: EXAMPLE_TOKEN, state: tournamentView(tournament, games) };
};

/** The same tournament, cancelled while its second game was being played. */
export const exampleCancelledTournament = (): unknown => {
  const { tournament, games } = exampleStored(true, true);
  return tournamentView(tournament, games);
};
