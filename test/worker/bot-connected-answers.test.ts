/**
 * One rule for a bot's answer, whichever its kind: what a connected bot posts is its answer, judged as a
 * webhook bot's body is, with no second try. Not a legal move (`{"place": "z9"}`, the docs' example):
 * `bot/illegal_move`; over 16 KiB: `bot/body_too_large`; not JSON: `bot/invalid_json`. Each is taken (200)
 * and the game forfeits it; a second answer to the same request is refused as closed.
 */
import { describe, expect, it } from "vitest";
import { bearer, registerConnected, Stream, waitFor } from "./connected-client.ts";
import { json200, postJson, request } from "./http.ts";

async function answered(body: string): Promise<{ status: number; again: number; result: { reason: string; forfeitCode?: string } | null }> {
  const bot = await registerConnected();
  const stream = await Stream.open(bot);
  const created = JSON.parse(
    await (
      await postJson("/v1/matches", {
        firstSeat: 1,
        clock: { kind: "move", moveMs: 20_000 },
        seats: [
          { kind: "human", take: true },
          { kind: "bot", bot: bot.id },
        ],
      })
    ).text(),
  ) as { id: string };
  const move = await stream.nextMove();
  if (move === null) throw new Error("no move request");
  const post = () =>
    request(`/v1/bots/${bot.id}/moves/${move.requestId}`, { method: "POST", headers: { "Content-Type": "application/json", ...bearer(bot.token) }, body });
  const first = await post();
  const again = await post();
  const view = await waitFor(
    () => json200<{ status: string; result: { reason: string; forfeitCode?: string } | null }>(request(`/v1/matches/${created.id}`)),
    (state) => state.status === "finished",
    "the match to end",
    10_000,
  );
  await stream.drop();
  return { status: first.status, again: again.status, result: view.result };
}

describe("a connected bot's answer is judged as a webhook bot's", () => {
  it("an answer that is not a move loses by forfeit, bot/illegal_move", async () => {
    const outcome = await answered(JSON.stringify({ place: "z9" }));
    expect(outcome).toMatchObject({ status: 200, again: 409, result: { reason: "forfeit", forfeitCode: "bot/illegal_move" } });
  });

  it("an answer over 16 KiB loses by forfeit, bot/body_too_large", async () => {
    const outcome = await answered(JSON.stringify({ give: 3, padding: "x".repeat(60_000) }));
    expect(outcome).toMatchObject({ status: 200, again: 409, result: { reason: "forfeit", forfeitCode: "bot/body_too_large" } });
  });

  it("an answer that is not JSON loses by forfeit, bot/invalid_json", async () => {
    const outcome = await answered("give me three");
    expect(outcome).toMatchObject({ status: 200, again: 409, result: { reason: "forfeit", forfeitCode: "bot/invalid_json" } });
  });

  it("a legal answer is the move", async () => {
    const bot = await registerConnected();
    const stream = await Stream.open(bot);
    const created = JSON.parse(
      await (
        await postJson("/v1/matches", {
          firstSeat: 1,
          seats: [
            { kind: "human", take: true },
            { kind: "bot", bot: bot.id },
          ],
        })
      ).text(),
    ) as { id: string };
    const move = await stream.nextMove();
    const taken = await postJson(`/v1/bots/${bot.id}/moves/${move?.requestId}`, { give: 3 }, bearer(bot.token));
    expect(taken.status).toBe(200);
    const view = await waitFor(
      () => json200<{ ply: number }>(request(`/v1/matches/${created.id}`)),
      (state) => state.ply === 1,
      "the move",
      10_000,
    );
    expect(view.ply).toBe(1);
    // A stranger's answer (no token) is refused and takes nothing.
    expect((await postJson(`/v1/bots/${bot.id}/moves/${move?.requestId}`, { give: 4 })).status).toBe(401);
    await stream.drop();
  });
});
