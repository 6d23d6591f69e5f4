/**
 * Every record the service produces replays through `POST /v1/replay` to its own result: hosted
 * matches won, drawn, resigned, claimed, aborted (also while waiting), timed out, played by two engine
 * seats, still in progress or still waiting; tournament games won, claimed, forfeited (an illegal
 * move), timed out, aborted before a bot's first move (and replayed), cancelled mid-game after a
 * placement, and in progress. Each record is sent as `GET /v1/matches/{id}/record` answers it, and the
 * replay must reach the same status, winner, reason and text.
 */
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { legalMoves, type Move, makeRules, playMove, readPosition, type RulesInput } from "../../src/rules/index.ts";
import type { MatchRecordOutput, ReplayOutput } from "../../src/wire/match-schemas.ts";
import type { TournamentOutput } from "../../src/wire/tournament-schemas.ts";
import { badMover, type Fleet, firstLegal, goodBot, hang, installFleet, json, refuse } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { bearer, createMatch, DRAWN_GAME, getRecord, ROW_QUARTO_SETUP, sendMove, tokenOf, waitForState } from "./match-client.ts";
import { createTournament, driveToEnd, getTournament, registerFleetBot, tournamentStub } from "./tournament-client.ts";

/** What each record replayed to, by where it came from: e.g. "hosted resignation", "tournament cancelled". */
const replayed = new Map<string, string[]>();

/** Replays a record as the service stored it and checks that it reaches the record's own result. */
async function expectReplays(origin: "hosted" | "tournament", record: MatchRecordOutput): Promise<ReplayOutput> {
  const response = await postJson("/v1/replay", record);
  const text = await response.text();
  expect(response.status, `${origin} ${record.result?.reason ?? "ongoing"} ${record.text}: ${text}`).toBe(200);
  const answer = JSON.parse(text) as ReplayOutput;
  expect(answer.valid).toBe(true);
  expect(answer.status).toBe(record.result === null ? "ongoing" : "finished");
  expect(answer.result && { winner: answer.result.winner, reason: answer.result.reason }).toEqual(
    record.result && { winner: record.result.winner, reason: record.result.reason },
  );
  expect(answer.text).toBe(record.text);
  expect(answer.positions).toHaveLength(record.moves.length + 1);
  const kind = `${origin} ${record.result?.reason ?? "ongoing"}`;
  replayed.set(kind, [...(replayed.get(kind) ?? []), record.id]);
  return answer;
}

const placements = (record: MatchRecordOutput) => record.moves.filter((entry) => entry.move.place !== undefined).length;

/** Plays text moves in turn, seat `firstSeat` first. */
async function playAll(id: string, tokens: [string, string], texts: string[], firstSeat = 0): Promise<void> {
  for (const [ply, text] of texts.entries()) {
    const response = await sendMove(id, tokens[(firstSeat + ply) % 2], ply, text);
    expect(response.status, await response.clone().text()).toBe(200);
  }
}

async function bothSeats(body: Record<string, unknown> = {}) {
  const created = await createMatch(body);
  return { id: created.id, tokens: [tokenOf(created, 0), tokenOf(created, 1)] as [string, string] };
}

describe("hosted matches", () => {
  it("won, drawn, resigned, claimed and aborted records replay to their result", async () => {
    const won = await bothSeats();
    await playAll(won.id, won.tokens, [...ROW_QUARTO_SETUP, "d1"]);
    expect((await expectReplays("hosted", await getRecord(won.id))).result).toMatchObject({ winner: 0, reason: "quarto" });

    const drawn = await bothSeats({ firstSeat: 1 });
    await playAll(drawn.id, drawn.tokens, DRAWN_GAME, 1);
    expect((await expectReplays("hosted", await getRecord(drawn.id))).result).toMatchObject({ winner: null, reason: "draw" });

    const resigned = await bothSeats();
    await playAll(resigned.id, resigned.tokens, ROW_QUARTO_SETUP);
    expect((await request(`/v1/matches/${resigned.id}/resign`, { method: "POST", headers: bearer(resigned.tokens[1]) })).status).toBe(200);
    expect((await expectReplays("hosted", await getRecord(resigned.id))).result).toMatchObject({ winner: 0, reason: "resignation" });

    const claimed = await bothSeats({ rules: { announce: "manual" } });
    await playAll(claimed.id, claimed.tokens, [...ROW_QUARTO_SETUP, "d1-0"]);
    expect((await postJson(`/v1/matches/${claimed.id}/claim`, {}, bearer(claimed.tokens[1]))).status).toBe(200);
    expect((await expectReplays("hosted", await getRecord(claimed.id))).result).toMatchObject({ winner: 1, reason: "claim" });

    const aborted = await bothSeats();
    await playAll(aborted.id, aborted.tokens, ["-8"]);
    expect((await request(`/v1/matches/${aborted.id}/abort`, { method: "POST", headers: bearer(aborted.tokens[1]) })).status).toBe(200);
    expect((await expectReplays("hosted", await getRecord(aborted.id))).result).toMatchObject({ winner: null, reason: "aborted" });

    // The creator gives up waiting for an opponent.
    const lonely = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    expect((await request(`/v1/matches/${lonely.id}/abort`, { method: "POST", headers: bearer(tokenOf(lonely, 0)) })).status).toBe(200);
    await expectReplays("hosted", await getRecord(lonely.id));
  });

  it("a game lost on time, and one played by two engine seats, replay to their result", async () => {
    const timed = await bothSeats({ clock: { kind: "move", moveMs: 1000 } });
    await playAll(timed.id, timed.tokens, ["-8", "a1-9"]);
    await waitForState(timed.id, (view) => view.status === "finished", 5000);
    expect((await expectReplays("hosted", await getRecord(timed.id))).result).toMatchObject({ winner: 1, reason: "timeout" });

    const engines = await createMatch({
      seats: [
        { kind: "engine", level: "random" },
        { kind: "engine", level: "easy", maxNodes: 5000 },
      ],
    });
    await waitForState(engines.id, (view) => view.status === "finished", 30_000);
    const record = await getRecord(engines.id);
    expect(["quarto", "draw"]).toContain(record.result?.reason);
    await expectReplays("hosted", record);
  });

  it("the record of a match in progress (result null) replays to an ongoing game, and so does a waiting one", async () => {
    const playing = await bothSeats({ rules: { announce: "manual" } });
    // A missed Quarto the opponent may still claim: the record says nothing of it, the replay neither.
    await playAll(playing.id, playing.tokens, [...ROW_QUARTO_SETUP, "d1-0"]);
    const record = await getRecord(playing.id);
    expect(record.result).toBeNull();
    const answer = await expectReplays("hosted", record);
    expect(answer.positions.at(-1)?.position.string).toBe("89AB............0");

    const waiting = await createMatch({ seats: [{ kind: "human", take: true }, { kind: "human" }] });
    expect((await expectReplays("hosted", await getRecord(waiting.id))).positions).toHaveLength(1);

    // A null result is checked too: moves that end the game contradict it.
    const won = await bothSeats();
    await playAll(won.id, won.tokens, [...ROW_QUARTO_SETUP, "d1"]);
    const finished = await getRecord(won.id);
    await expectProblem(postJson("/v1/replay", { ...finished, result: null }), "replay/result_mismatch");
  });
});

// ---- tournament games ----

/** Under announce manual: completes a Quarto whenever it can, never announcing it; else the first legal move. */
const blind = badMover((_request, call) => {
  const body = JSON.parse(call.body) as { position: string; rules: RulesInput };
  const rules = makeRules(body.rules);
  const read = readPosition(body.position, rules);
  if (!read.ok) throw new Error(`blind: ${read.error.detail}`);
  const position = read.value;
  const moves = legalMoves(position, rules).filter((move) => move.give !== undefined && !move.quarto);
  const missed = moves.find((move) => {
    const played = playMove(position, move, rules);
    return played.ok && played.value.outcome.status === "ongoing" && played.value.outcome.missed !== undefined;
  });
  return json(missed ?? moves[0] ?? firstLegal(call.body));
});

/** Claims a missed Quarto when it may, else plays the first legal move (a careless giver). */
const claimer = badMover((_request, call) => {
  const body = JSON.parse(call.body) as { canClaim?: boolean };
  return json(body.canClaim ? { claim: true } : (firstLegal(call.body) as Move));
});

/** Legal moves up to ply 3, then a placement on an occupied cell. */
const illegal = badMover((_request, call) => {
  const body = JSON.parse(call.body) as { ply: number; positionJson: { board: (number | null)[] }; availablePieces: number[] };
  if (body.ply < 3) return json(firstLegal(call.body));
  return json({ place: body.positionJson.board.findIndex((piece) => piece !== null), give: body.availablePieces[0] });
});

let fleet: Fleet;
beforeAll(() => {
  fleet = installFleet({ good: goodBot(), blind, claimer, illegal, slow: badMover((request) => hang(request)), down: badMover(refuse) });
});
afterAll(() => fleet.restore());

/** Replays the record of every match a finished (or cancelled) tournament created, aborted attempts included. */
async function replayTournament(view: TournamentOutput): Promise<MatchRecordOutput[]> {
  const records: MatchRecordOutput[] = [];
  for (const game of view.games) {
    for (const matchId of [...game.abortedAttempts.map((attempt) => attempt.matchId), ...(game.matchId ? [game.matchId] : [])]) {
      const record = await getRecord(matchId);
      await expectReplays("tournament", record);
      records.push(record);
    }
  }
  return records;
}

describe("tournament games", () => {
  it("forfeited, timed-out, aborted-then-replayed and won games replay to their result", async () => {
    const bots = [];
    for (const bot of ["illegal", "slow", "down"]) bots.push(await registerFleetBot(fleet, bot));
    const created = await createTournament({ bots: [...bots, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 1000 }, seed: 4 });
    const { view } = await driveToEnd(created.id, { seed: 1 });
    expect(view.status).toBe("finished");
    const records = await replayTournament(view);
    const reasons = new Set(records.map((record) => record.result?.reason));
    for (const reason of ["forfeit", "timeout", "aborted"]) expect(reasons, reason).toContain(reason);
    // The forfeit for an illegal move, and the loss on time of the bot that never answers, are in the records.
    const illegalLoss = records.find((record) => record.result?.forfeitCode === "bot/illegal_move");
    expect(illegalLoss && placements(illegalLoss)).toBeGreaterThanOrEqual(1);
    expect(records.some((record) => record.result?.reason === "timeout" && record.seats[1 - (record.result.winner as number)].name === "slow")).toBe(true);
  });

  it("a Quarto the placer did not announce, claimed by the opponent, replays as a claim", async () => {
    const bots = [await registerFleetBot(fleet, "blind"), await registerFleetBot(fleet, "claimer")];
    const created = await createTournament({ bots, gamesPerPair: 2, rules: { announce: "manual" }, clock: { kind: "move", moveMs: 5000 }, seed: 6 });
    const { view } = await driveToEnd(created.id, { seed: 2 });
    const records = await replayTournament(view);
    const claims = records.filter((record) => record.result?.reason === "claim");
    expect(claims.length).toBeGreaterThan(0);
    for (const record of claims) expect(record.seats[record.result?.winner as number].name).toBe("claimer");
  });

  it("a game in progress, then cancelled with its tournament after a placement, replays (ongoing, then cancelled)", async () => {
    const good = await registerFleetBot(fleet, "good");
    const created = await createTournament({ bots: [good, "random"], gamesPerPair: 2, clock: { kind: "move", moveMs: 5000 }, seed: 8 });
    const stub = tournamentStub(created.id);
    let record: MatchRecordOutput | null = null;
    for (let steps = 0; record === null || placements(record) < 2; steps++) {
      if (steps > 200) throw new Error("the game never got two placements");
      await runDurableObjectAlarm(stub);
      const playing = (await getTournament(created.id)).games.find((game) => game.status === "playing" && game.matchId !== null);
      record = playing ? await getRecord(playing.matchId as string) : null;
      if (record?.result) record = null;
    }
    const ongoing = record as MatchRecordOutput;
    expect(ongoing.result).toBeNull();
    await expectReplays("tournament", ongoing);
    const cancelled = await json200<TournamentOutput>(request(`/v1/tournaments/${created.id}/cancel`, { method: "POST", headers: bearer(created.token) }));
    expect(cancelled.status).toBe("cancelled");
    const after = await getRecord(ongoing.id);
    expect(after.result).toMatchObject({ winner: null, reason: "cancelled", detail: "the tournament was cancelled" });
    expect(placements(after)).toBeGreaterThanOrEqual(2);
    await expectReplays("tournament", after);
    await replayTournament(cancelled);
  });
});

describe("coverage", () => {
  it("every kind of record was produced and replayed", () => {
    const kinds = [...replayed.keys()].sort();
    for (const kind of [
      "hosted quarto",
      "hosted draw",
      "hosted resignation",
      "hosted claim",
      "hosted aborted",
      "hosted timeout",
      "hosted ongoing",
      "tournament forfeit",
      "tournament timeout",
      "tournament aborted",
      "tournament claim",
      "tournament cancelled",
      "tournament ongoing",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });
});
