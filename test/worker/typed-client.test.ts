/**
 * The typed client generated from the OpenAPI document (clients/typescript: openapi-typescript's
 * types, openapi-fetch) drives the Worker as a user's program would: validate a move, evaluate a
 * position, a whole hosted match against the engine, and a tournament between built-in bots. The
 * calls below compile only because the document types them cleanly (optional fields with defaults,
 * numbers and booleans in queries, seats as 0 | 1); the type assertions fail `npm run typecheck`
 * if the document regresses.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, expectTypeOf, it } from "vitest";
import spec from "../../openapi/openapi.json" with { type: "json" };
import { createQuartoClient, type paths, type Schemas } from "../../clients/typescript/client.ts";
import { EXAMPLE_ENDGAME } from "../../src/wire/example-inputs.ts";
import { driveToEnd } from "./tournament-client.ts";

const quarto = createQuartoClient({ baseUrl: "http://quarto.test", fetch: (request) => exports.default.fetch(request) });

const OPENING = "0A3.............5";
const TALL_ROW = `89AB${".".repeat(13)}`;

describe("the generated types", () => {
  it("type what the API takes and gives", () => {
    // Request fields with a default are optional: an empty match request, rules with one option.
    expectTypeOf<Record<string, never>>().toExtend<Schemas["CreateMatchRequest"]>();
    expectTypeOf<{ announce: "manual" }>().toExtend<Schemas["RulesInput"]>();
    expectTypeOf<{ bots: string[] }>().toExtend<Schemas["CreateTournamentRequest"]>();
    // Query parameters are numbers and booleans, not strings.
    type EvaluateQuery = NonNullable<paths["/v1/evaluate"]["get"]["parameters"]["query"]>;
    expectTypeOf<EvaluateQuery["maxNodes"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<EvaluateQuery["distance"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<EvaluateQuery["squares"]>().toEqualTypeOf<boolean | undefined>();
    // A seat is one integer type; the seats of a match are an array of seat inputs.
    expectTypeOf<Schemas["SeatIndex"]>().toEqualTypeOf<0 | 1>();
    expectTypeOf<NonNullable<Schemas["CreateMatchRequest"]["seats"]>>().toEqualTypeOf<Schemas["SeatInput"][]>();
    // Discriminated unions narrow on their tag.
    expectTypeOf<Extract<Schemas["Clock"], { kind: "game" }>>().toEqualTypeOf<Schemas["GameClock"]>();
    expectTypeOf<Extract<Schemas["SeatInput"], { kind: "engine" }>>().toEqualTypeOf<Schemas["EngineSeatInput"]>();
    // Who won, in both names.
    expectTypeOf<Schemas["MatchResult"]["winnerRole"]>().toEqualTypeOf<Schemas["Role"] | null>();
  });
});

/** Every schema object of the document (examples left out: they are data), with where it is. */
function schemaNodes(node: unknown, at = ""): { at: string; node: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => schemaNodes(item, `${at}/${index}`));
  if (typeof node !== "object" || node === null) return [];
  const entries = Object.entries(node).filter(([key]) => key !== "example" && key !== "examples");
  return [{ at, node: node as Record<string, unknown> }, ...entries.flatMap(([key, value]) => schemaNodes(value, `${at}/${key}`))];
}

describe("the document, as generators read it", () => {
  const nodes = schemaNodes(spec);
  const where = (found: { at: string }[]) => found.map((entry) => entry.at);
  const oneValueEnum = (member: unknown) => Array.isArray((member as { enum?: unknown[] }).enum) && (member as { enum: unknown[] }).enum.length === 1;

  it("has no `default` keyword (a default is said in the description; the field stays optional)", () => {
    expect(where(nodes.filter(({ node }) => "default" in node))).toEqual([]);
  });

  it("has arrays with `items`, never tuples", () => {
    expect(where(nodes.filter(({ node }) => "prefixItems" in node || (node.type === "array" && !("items" in node))))).toEqual([]);
  });

  it("has no union of one-value enums, and a discriminator on every oneOf", () => {
    const unions = nodes.filter(({ node }) => ["anyOf", "oneOf"].some((key) => ((node[key] as unknown[] | undefined)?.filter(oneValueEnum).length ?? 0) > 1));
    expect(where(unions)).toEqual([]);
    expect(where(nodes.filter(({ node }) => "oneOf" in node && !("discriminator" in node)))).toEqual([]);
  });

  it("writes a described reference as a reference, not as an allOf", () => {
    const annotated = nodes.filter(({ node }) => {
      const members = node.allOf as Record<string, unknown>[] | undefined;
      return members?.length === 2 && "$ref" in members[0] && Object.keys(members[1]).every((key) => ["description", "example", "title"].includes(key));
    });
    expect(where(annotated)).toEqual([]);
  });

  it("types query parameters as what they hold: no boolean or number written as a string", () => {
    const parameters = nodes.filter(({ at, node }) => at.includes("/parameters/") && node.in === "query");
    const textual = parameters.filter(({ node }) => {
      const schema = node.schema as { type?: string; enum?: unknown[]; pattern?: string };
      return schema.type === "string" && (String(schema.enum) === "true,false" || /^\^?\[0-9\]/.test(schema.pattern ?? ""));
    });
    expect(where(textual)).toEqual([]);
  });
});

describe("the typed client against the Worker", () => {
  it("validates a move, in both forms", async () => {
    const posted = await quarto.POST("/v1/validate-move", { body: { position: OPENING, move: { place: "c3", give: 6 } } });
    expect(posted.response.status).toBe(200);
    const verdict = posted.data;
    if (!verdict?.legal) throw new Error(`expected a legal move: ${JSON.stringify(posted.error ?? verdict)}`);
    expect(verdict.position.string).toBe("0A3.......5.....6");
    expect(verdict.position.toMove).toBe("second");

    const got = await quarto.GET("/v1/validate-move", { params: { query: { position: OPENING, move: "a1-6" } } });
    expect(got.data).toMatchObject({ legal: false, code: "move/cell_occupied" });

    const bad = await quarto.POST("/v1/validate-move", { body: { position: "0A3x............5", move: { give: 6 } } });
    expect(bad.response.status).toBe(422);
    expect(bad.error).toMatchObject({ code: "position/bad_character", index: 3 });
  });

  it("evaluates a position with typed query parameters, as the body form does", async () => {
    const query = { position: EXAMPLE_ENDGAME, maxNodes: 200_000, distance: true, moves: true };
    const got = await quarto.GET("/v1/evaluate", { params: { query } });
    const posted = await quarto.POST("/v1/evaluate", { body: query });
    expect(got.error).toBeUndefined();
    expect(got.data).toMatchObject({ value: "win", exact: true, pliesToEnd: 7, maxNodes: 200_000 });
    expect(got.data?.moves?.length).toBe(42);
    expect(got.data).toEqual(posted.data);

    const over = await quarto.GET("/v1/evaluate", { params: { query: { position: TALL_ROW } } });
    expect(over.response.status).toBe(422);
    expect(over.error?.code).toBe("engine/game_over");
    const zero = await quarto.GET("/v1/evaluate", { params: { query: { position: EXAMPLE_ENDGAME, maxNodes: 0 } } });
    expect(zero.error?.code).toBe("request/invalid");
  });

  it("plays a whole hosted match against the engine, the engine giving first", async () => {
    const rules = { announce: "manual" } as const;
    const created = await quarto.POST("/v1/matches", {
      body: {
        rules,
        firstSeat: 1,
        seats: [
          { kind: "human", take: true, name: "Ada" },
          { kind: "engine", level: "random" },
        ],
      },
    });
    expect(created.response.status).toBe(201);
    if (!created.data) throw new Error(JSON.stringify(created.error));
    const { id, tokens } = created.data;
    const token = tokens[0].token;
    expect(created.data.state.seats.map((seat) => [seat.seat, seat.role])).toEqual([
      [0, "second"],
      [1, "first"],
    ]);

    let state = created.data.state;
    for (let turns = 0; state.status !== "finished"; turns++) {
      expect(turns).toBeLessThan(100);
      if (state.turn?.seat !== 0) {
        // The engine's turn: wait for its move (a long poll past the current ply).
        const polled = await quarto.GET("/v1/matches/{id}", { params: { path: { id }, query: { afterPly: state.ply, wait: 5 } } });
        if (!polled.data) throw new Error(JSON.stringify(polled.error));
        state = polled.data;
        continue;
      }
      expect(state.turn.role).toBe(state.position.toMove);
      const suggested = await quarto.GET("/v1/suggest-move", {
        params: { query: { position: state.position.string, level: "easy", seed: state.ply, ...rules } },
      });
      if (!suggested.data) throw new Error(JSON.stringify(suggested.error));
      const { place, give, quarto: announce } = suggested.data.move;
      const moved = await quarto.POST("/v1/matches/{id}/moves", {
        params: { path: { id } },
        headers: { Authorization: `Bearer ${token}` },
        body: { ply: state.ply, place, give, quarto: announce },
      });
      if (!moved.data) throw new Error(JSON.stringify(moved.error));
      state = moved.data.state;
    }

    const result = state.result;
    if (result === null) throw new Error("a finished match has a result");
    expect(["quarto", "draw", "claim"]).toContain(result.reason);
    expect(result.winnerRole).toBe(result.winner === null ? null : result.winner === 1 ? "first" : "second");
    expect(state.moves.map((move) => move.role)).toEqual(state.moves.map((_, ply) => (ply % 2 === 0 ? "first" : "second")));

    const record = await quarto.GET("/v1/matches/{id}/record", { params: { path: { id } } });
    if (!record.data || typeof record.data === "string") throw new Error("expected the JSON record");
    const replay = await quarto.POST("/v1/replay", { body: record.data });
    expect(replay.data).toMatchObject({
      valid: true,
      status: "finished",
      result: { winner: result.winner, winnerRole: result.winnerRole, reason: result.reason },
    });
  });

  it("runs a tournament between built-in bots", async () => {
    const created = await quarto.POST("/v1/tournaments", { body: { bots: ["random", "easy"], seed: 5 } });
    expect(created.response.status).toBe(201);
    if (!created.data) throw new Error(JSON.stringify(created.error));
    await driveToEnd(created.data.id, { seed: 5 });

    const { data: tournament } = await quarto.GET("/v1/tournaments/{id}", { params: { path: { id: created.data.id } } });
    if (!tournament) throw new Error("the tournament is gone");
    expect(tournament.status).toBe("finished");
    expect(tournament.games).toHaveLength(2);
    expect(tournament.standings.map((row) => row.games)).toEqual([2, 2]);
    for (const game of tournament.games) {
      const result = game.result;
      if (result === null || game.matchId === null) throw new Error(`game ${game.gameId} did not finish`);
      const record = await quarto.GET("/v1/matches/{id}/record", { params: { path: { id: game.matchId } } });
      if (!record.data || typeof record.data === "string") throw new Error("expected the JSON record");
      // The game's names, seats and roles agree with its match.
      expect(record.data.seats[game.firstSeat]).toMatchObject({ name: game.first, role: "first" });
      expect(record.data.result?.winner).toBe(result.winnerSeat);
      expect(record.data.result?.winnerRole).toBe(result.winnerRole);
      expect(result.winner).toBe(result.winnerRole === null ? null : game[result.winnerRole]);
    }
  });
});
