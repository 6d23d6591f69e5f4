/**
 * Who may enter a bot: `entry: owner` (the default for new bots) lets only a request that carries
 * the bot's management token enter it in a tournament (`{"id", "token"}` in `bots`), anything else is a
 * 403 `registry/entry_refused`; `entry: open` lets anyone; the owner changes it with PATCH /v1/bots/{id}.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";

let fleet: Fleet;
const fresh = (base: string) => `${base}-${Math.random().toString(36).slice(2, 10)}`;

beforeEach(() => {
  fleet = installFleet({ owned: goodBot() });
});
afterEach(() => fleet.restore());

async function register(body: Record<string, unknown> = {}): Promise<{ id: string; token: string; entry: string }> {
  const response = await postJson("/v1/bots", { name: fresh("owned"), url: fleet.url("owned"), ...body });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text);
}

const tournament = (bots: unknown[]) => postJson("/v1/tournaments", { bots, gamesPerPair: 2, clock: { kind: "move", moveMs: 2000 } });
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function cancelCreated(response: Response): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBe(201);
  const { id, token } = JSON.parse(text) as { id: string; token: string };
  expect((await request(`/v1/tournaments/${id}/cancel`, { method: "POST", headers: bearer(token) })).status).toBe(200);
}

describe("entry: owner", () => {
  it("is the default, shown on the bot", async () => {
    const bot = await register();
    expect(bot.entry).toBe("owner");
    expect((await json200<{ entry: string }>(request(`/v1/bots/${bot.id}`))).entry).toBe("owner");
  });

  it("refuses the bot without its token (403), with another token, and takes it with its token", async () => {
    const bot = await register();
    const refused = await expectProblem(tournament([bot.id, "random"]), "registry/entry_refused");
    expect(refused.status).toBe(403);
    expect(refused.errors).toEqual([{ path: ["bots", 0], message: expect.stringContaining("entry: owner") }]);
    await expectProblem(tournament(["random", { id: bot.id, token: "not-the-token" }]), "registry/entry_refused");
    await cancelCreated(await tournament([{ id: bot.id, token: bot.token }, "random"]));
  });

  it("a token beside an open bot must still be its own; an unknown id with a token is unknown", async () => {
    const open = await register({ entry: "open" });
    await cancelCreated(await tournament([open.id, "random"]));
    await expectProblem(tournament([{ id: open.id, token: "wrong" }, "random"]), "registry/entry_refused");
    await expectProblem(tournament([{ id: "b4n6xr2mq7tz3kc5vj3wd2hp6e", token: "x" }, "random"]), "tournament/unknown_bot");
  });

  it("PATCH /v1/bots/{id} with the token opens it (and closes it again); without the right token it is refused", async () => {
    const bot = await register();
    await expectProblem(
      request(`/v1/bots/${bot.id}`, { method: "PATCH", headers: { "Content-Type": "application/json" }, body: '{"entry":"open"}' }),
      "registry/token_required",
    );
    await expectProblem(
      request(`/v1/bots/${bot.id}`, { method: "PATCH", headers: { "Content-Type": "application/json", ...bearer("nope") }, body: '{"entry":"open"}' }),
      "registry/wrong_token",
    );
    const patch = (entry: string) =>
      json200<{ entry: string }>(
        request(`/v1/bots/${bot.id}`, {
          method: "PATCH",
          headers: { "Content-Type": "application/json", ...bearer(bot.token) },
          body: JSON.stringify({ entry }),
        }),
      );
    expect((await patch("open")).entry).toBe("open");
    await cancelCreated(await tournament([bot.id, "random"]));
    expect((await patch("owner")).entry).toBe("owner");
    await expectProblem(tournament([bot.id, "random"]), "registry/entry_refused");
  });

  it("built-in bots stay open to all", async () => {
    await cancelCreated(await tournament(["easy", "random"]));
  });
});
