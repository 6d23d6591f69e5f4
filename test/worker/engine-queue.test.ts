/**
 * The engine never blocks play: with the test bindings' tiny slices (2,000 nodes)
 * and short queue (4), a maximal search in flight leaves `/healthz` and a hosted match's moves
 * answering before it ends (order of completion, not time), and API searches beyond the queue get a
 * 503 `engine/busy` problem with Retry-After. Engine seats wait their turn and still move.
 */
import { describe, expect, it } from "vitest";
import { postJson, problemOf, request } from "./http.ts";
import { createMatch, getState, makeMoveText, sendMove, someLegalMove, tokenOf, waitForState } from "./match-client.ts";

/**
 * 12 empty cells, every move valued: about 6.6 million nodes unsliced, so the search spends all of the
 * test bindings' 500,000-node maximum, with or without a book down to this tier (a book gives the
 * position's value, but its moves lead below the book and are searched).
 */
const DEEP = "0A3.5...........7";
const MAX_NODES = 500_000;

const maximalSearch = (index: number) =>
  postJson("/v1/evaluate", { position: DEEP, moves: true, maxNodes: MAX_NODES }, { "CF-Connecting-IP": `192.0.2.${index + 1}` });

describe("searches yield to play", () => {
  it("healthz and match moves answer while a maximal search is still running", async () => {
    const created = await createMatch();
    const tokens = [tokenOf(created, 0), tokenOf(created, 1)];
    const order: string[] = [];
    // Two maximal searches: the second waits its turn in the queue.
    const searches = [0, 1].map((index) =>
      maximalSearch(index).then(async (response) => {
        order.push(`search ${index}`);
        return { status: response.status, body: (await response.json()) as { nodes: number; moves: { exact: boolean }[] } };
      }),
    );
    // Let the first search start before play goes on: the match moves below then meet it running.
    await request("/healthz");
    let state = created.state;
    for (let ply = 0; ply < 6; ply++) {
      const move = someLegalMove(state, {}, ply);
      const response = await sendMove(created.id, tokens[state.turn?.seat ?? 0] as string, state.ply, makeMoveText(move));
      expect(response.status, await response.clone().text()).toBe(200);
      order.push(`move ${ply}`);
      const health = await request("/healthz");
      expect(health.status).toBe(200);
      order.push(`healthz ${ply}`);
      state = await getState(created.id);
    }
    const answers = await Promise.all(searches);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // It spent its whole budget and could not value every move.
      expect(answer.body.nodes).toBeLessThanOrEqual(MAX_NODES);
      expect(answer.body.nodes).toBeGreaterThan(MAX_NODES * 0.9);
      expect(answer.body.moves.some((move) => !move.exact)).toBe(true);
    }
    // Every move and health check answered before the searches did.
    expect(order.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 5].flatMap((ply) => [`move ${ply}`, `healthz ${ply}`]));
    expect(order.slice(12).sort()).toEqual(["search 0", "search 1"]);
  });

  it("an engine seat waits its turn behind a search and then moves", async () => {
    const created = await createMatch({
      seats: [
        { kind: "human", take: true },
        { kind: "engine", level: "hard", maxNodes: 20_000 },
      ],
    });
    const search = maximalSearch(10);
    await request("/healthz");
    const response = await sendMove(created.id, tokenOf(created, 0), 0, "-8");
    expect(response.status).toBe(200);
    const moved = await waitForState(created.id, (state) => state.ply >= 2);
    expect(moved.status).toBe("active");
    expect((await search).status).toBe(200);
  });
});

describe("the queue is bounded", () => {
  it("answers 503 engine/busy with Retry-After beyond the queue's length", async () => {
    // One running and four waiting fill the queue: of eight at once, at least three are refused.
    const responses = await Promise.all(Array.from({ length: 8 }, (_, index) => maximalSearch(20 + index)));
    const refused = responses.filter((response) => response.status === 503);
    const answered = responses.filter((response) => response.status === 200);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(answered.length + refused.length).toBe(8);
    for (const response of refused) {
      const retryAfter = Number(response.headers.get("Retry-After"));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
      const problem = await problemOf(response);
      expect(problem).toMatchObject({ status: 503, code: "engine/busy" });
      expect(problem.detail).toMatch(/retry in \d+ s/);
    }
    for (const response of answered) await response.body?.cancel();
    // Once the queue has drained, a search is taken again.
    expect((await maximalSearch(40)).status).toBe(200);
  });
});
