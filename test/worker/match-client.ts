/** A small client for the hosted-match tests: create, act with a seat token, read state and record. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { legalMoves, makeMoveText, parseMoveText, readPosition, makeRules, type Move, type RulesInput } from "../../src/rules/index.ts";
import type { MatchRecordOutput, MatchView } from "../../src/wire/match-schemas.ts";
import { postJson, request } from "./http.ts";

export interface Created {
  id: string;
  url: string;
  tokens: { seat: 0 | 1; token: string }[];
  state: MatchView;
}

/** Both seats taken by the creator, seat 0 gives first, unless the body says otherwise. */
export async function createMatch(body: Record<string, unknown> = {}): Promise<Created> {
  const response = await postJson("/v1/matches", {
    firstSeat: 0,
    seats: [
      { kind: "human", take: true },
      { kind: "human", take: true },
    ],
    ...body,
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as Created;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export function tokenOf(created: Created, seat: 0 | 1): string {
  const found = created.tokens.find((entry) => entry.seat === seat);
  if (!found) throw new Error(`no token for seat ${seat}`);
  return found.token;
}

/** POSTs a move (text notation or JSON fields) for `ply`. */
export function sendMove(id: string, token: string, ply: number, move: string | Record<string, unknown>): Promise<Response> {
  const fields = typeof move === "string" ? moveFields(move) : move;
  return postJson(`/v1/matches/${id}/moves`, { ply, ...fields }, bearer(token));
}

export function moveFields(text: string): Record<string, unknown> {
  const move = parseMoveText(text);
  if (!move) throw new Error(`bad move text ${text}`);
  return { ...move };
}

export async function getState(id: string): Promise<MatchView> {
  const response = await request(`/v1/matches/${id}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as MatchView;
}

export async function getRecord(id: string): Promise<MatchRecordOutput> {
  const response = await request(`/v1/matches/${id}/record`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as MatchRecordOutput;
}

export const stubOf = (id: string) => env.MATCHES.get(env.MATCHES.idFromName(id));

/** The state without the fields that depend on when it is read (the deadline stays: it is stored). */
export function timeless(state: MatchView) {
  const { clocks, ...rest } = state;
  const { asOf: _asOf, remainingMs: _remainingMs, ...clockRest } = clocks;
  return { ...rest, clocks: clockRest };
}

/** A legal move in the state's position (the first one, or one chosen by `pick`). */
export function someLegalMove(state: MatchView, rulesInput: RulesInput = {}, pick = 0): Move {
  const rules = makeRules(rulesInput);
  const position = readPosition(state.position.string, rules);
  if (!position.ok) throw new Error(position.error.detail);
  const moves = legalMoves(position.value, rules);
  return moves[pick % moves.length];
}

export { makeMoveText };

/** Waits until `check` holds for the state (alarms run on their own), polling. */
export async function waitForState(id: string, check: (state: MatchView) => boolean, timeoutMs = 10_000): Promise<MatchView> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = await getState(id);
    if (check(state)) return state;
    if (Date.now() > until) throw new Error(`state never satisfied the check: ${JSON.stringify(timeless(state))}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Pieces 8, 9, A, B are tall and light: a1-d1 with them is a row-1 Quarto.
export const ROW_QUARTO_SETUP = ["-8", "a1-9", "b1-A", "c1-B"];
// A full classic game without a Quarto (found by a seeded random search; see test/core/match.test.ts).
export const DRAWN_GAME = "-1 c1-7 a3-2 d4-0 c3-9 a1-5 a2-4 a4-B b4-8 d3-3 b3-E b2-C b1-6 d1-F c4-A c2-D d2".split(" ");
