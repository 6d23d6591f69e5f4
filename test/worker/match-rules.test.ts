/**
 * Rules options in hosted matches: the official announcement rule (announce: manual) with the claim of
 * a missed Quarto and its lapse, missedClaim false, and the squares and attributes variants.
 */
import { describe, expect, it } from "vitest";
import { expectProblem, postJson } from "./http.ts";
import { bearer, type Created, createMatch, getRecord, getState, ROW_QUARTO_SETUP, sendMove, tokenOf } from "./match-client.ts";

async function play(created: Created, texts: string[], from = 0): Promise<void> {
  for (const [index, text] of texts.entries()) {
    const ply = from + index;
    const response = await sendMove(created.id, tokenOf(created, (ply % 2) as 0 | 1), ply, text);
    expect(response.status, `${text}: ${await response.clone().text()}`).toBe(200);
  }
}

const claim = (created: Created, seat: 0 | 1, body: Record<string, unknown> = {}) =>
  postJson(`/v1/matches/${created.id}/claim`, body, bearer(tokenOf(created, seat)));

describe("announce: manual", () => {
  it("an unannounced Quarto does not win; the opponent claims it before placing, and a wrong claim changes nothing", async () => {
    const created = await createMatch({ rules: { announce: "manual" } });
    await play(created, [...ROW_QUARTO_SETUP, "d1-0"]);
    const state = await getState(created.id);
    expect(state.status).toBe("active");
    expect(JSON.stringify(state)).not.toMatch(/pending|claimant/i); // noticing it is the opponent's job
    const before = await getRecord(created.id);
    await expectProblem(claim(created, 1, { quarto: { shape: 0, attribute: "dark" } }), "match/wrong_announcement");
    await expectProblem(claim(created, 1, { quarto: { shape: ["a2", "b2", "c2", "d2"], attribute: "tall" } }), "match/wrong_announcement");
    await expectProblem(claim(created, 1, { ply: 4 }), "match/stale_ply");
    await expectProblem(claim(created, 0), "match/nothing_to_claim");
    expect(await getRecord(created.id)).toEqual(before);
    const won = await claim(created, 1, { ply: 5, quarto: { shape: ["d1", "c1", "b1", "a1"], attribute: "light" } });
    expect(won.status).toBe(200);
    const after = await getState(created.id);
    expect(after.result).toMatchObject({ winner: 1, reason: "claim", shapes: [{ kind: "row", cells: [0, 1, 2, 3], attributes: ["tall", "light"] }] });
    expect(after.moves).toHaveLength(5);
  });

  it("once the opponent places, the missed Quarto lapses for good", async () => {
    const created = await createMatch({ rules: { announce: "manual" } });
    await play(created, [...ROW_QUARTO_SETUP, "d1-0", "a2-1"]);
    await expectProblem(claim(created, 1), "match/nothing_to_claim");
    await play(created, ["b2-2"], 6);
    expect((await getState(created.id)).status).toBe("active");
  });

  it("with missedClaim false there is nothing to claim", async () => {
    const created = await createMatch({ rules: { announce: "manual", missedClaim: false } });
    await play(created, [...ROW_QUARTO_SETUP, "d1-0"]);
    await expectProblem(claim(created, 1), "match/nothing_to_claim");
  });

  it("announcing wins: with quarto true, or with the shape and attribute", async () => {
    for (const quarto of [true, { shape: 0, attribute: "tall" }, { shape: ["a1", "b1", 2, 3], attribute: "light" }]) {
      const created = await createMatch({ rules: { announce: "manual" } });
      await play(created, ROW_QUARTO_SETUP);
      const response = await sendMove(created.id, tokenOf(created, 0), 4, { place: "d1", quarto });
      expect(response.status).toBe(200);
      const state = await getState(created.id);
      expect(state.result, JSON.stringify(quarto)).toMatchObject({ winner: 0, reason: "quarto" });
      expect(state.moves[4].text).toBe("d1!");
    }
  });
});

describe("variants", () => {
  it("squares: a 2x2 square of tall pieces wins only when squares count", async () => {
    const setup = ["-8", "a1-9", "b1-C", "a2-D", "b2"]; // a1 b1 a2 b2 = 8 9 C D, all tall
    const squares = await createMatch({ rules: { squares: true } });
    await play(squares, setup);
    expect((await getState(squares.id)).result).toMatchObject({ winner: 0, reason: "quarto", shapes: [{ kind: "square", cells: [0, 1, 4, 5] }] });
    const classic = await createMatch();
    await play(classic, setup.slice(0, 4));
    await expectProblem(sendMove(classic.id, tokenOf(classic, 0), 4, "b2"), "move/give_required");
  });

  it("attributes: with only color counting, four tall light pieces in a row still share color", async () => {
    const colorOnly = await createMatch({ rules: { attributes: ["color"] } });
    await play(colorOnly, [...ROW_QUARTO_SETUP, "d1"]);
    expect((await getState(colorOnly.id)).result?.shapes[0].attributes).toEqual(["light"]);
    const fillOnly = await createMatch({ rules: { attributes: ["fill"] } }); // 8 9 A B: fill differs
    await play(fillOnly, ROW_QUARTO_SETUP);
    await expectProblem(sendMove(fillOnly.id, tokenOf(fillOnly, 0), 4, "d1"), "move/give_required");
    expect((await getState(fillOnly.id)).rules.attributes).toEqual(["fill"]);
  });
});
