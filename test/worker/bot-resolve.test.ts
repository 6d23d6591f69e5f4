/**
 * Bot hosts judged where they resolve, through the Worker: the fleet answers the DNS over HTTPS
 * queries (test/worker/bot-fleet.ts), so a test decides where a bot's name points. A name that
 * resolves to a private or metadata address is refused at registration (422 registry/url_not_allowed,
 * the bot never called), and a registered bot whose name comes to resolve to one is not called in its
 * tournament: its game ends on a connection error that names the address, with no move asked of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, postJson } from "./http.ts";
import { createTournament, driveToEnd, registerFleetBot } from "./tournament-client.ts";

const fresh = (base: string) => `${base}-${crypto.randomUUID().slice(0, 8)}`;

let fleet: Fleet | null = null;
afterEach(() => {
  fleet?.restore();
  fleet = null;
});

describe("registration", () => {
  it.each([["127.0.0.1"], ["169.254.169.254"], ["10.0.0.8"], ["::1"], ["fd12::3"]])("a name that resolves to %s is refused, and never called", async (address) => {
    const name = fresh("rebound");
    fleet = installFleet({ [name]: goodBot() });
    fleet.addresses.set(name, [address]);
    const problem = await expectProblem(postJson("/v1/bots", { name, url: fleet.url(name) }), "registry/url_not_allowed");
    expect(problem.detail).toContain(`${name}.bots.test resolves to ${address}`);
    expect(problem.errors).toEqual([{ path: ["url"], message: problem.detail }]);
    expect(fleet.calls).toEqual([]);
  });

  it("a name that resolves to public addresses registers (and is called for its identity)", async () => {
    const name = fresh("public");
    fleet = installFleet({ [name]: goodBot() });
    expect((await postJson("/v1/bots", { name, url: fleet.url(name), entry: "open" })).status).toBe(201);
    expect(fleet.calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET /"]);
  });

  it("a name that does not resolve is refused", async () => {
    const name = fresh("gone");
    fleet = installFleet({ [name]: goodBot() });
    fleet.addresses.set(name, []);
    const problem = await expectProblem(postJson("/v1/bots", { name, url: fleet.url(name) }), "registry/url_not_allowed");
    expect(problem.detail).toMatch(/resolves to no address/);
  });
});

describe("before each call", () => {
  it("a bot whose name comes to resolve to a private address is not called: its game ends on a connection error naming it", async () => {
    const name = fresh("turncoat");
    fleet = installFleet({ [name]: goodBot() });
    // Answers not kept, so that the next call sees the change at once.
    fleet.ttlS = 0;
    const id = await registerFleetBot(fleet, name);
    // Public at registration; then the name points at the metadata address.
    fleet.addresses.set(name, ["169.254.169.254"]);
    const calledBefore = fleet.calls.length;
    const created = await createTournament({ bots: [id, "easy"], gamesPerPair: 2, seed: 3 });
    const { view } = await driveToEnd(created.id, { seed: 3 });
    expect(fleet.calls.slice(calledBefore).filter((call) => call.path === "/move")).toEqual([]);
    const details = view.games.flatMap((game) => [game.result?.detail ?? "", ...game.abortedAttempts.map((attempt) => JSON.stringify(attempt))]).join("\n");
    expect(details).toContain(`${name}.bots.test resolves to 169.254.169.254, a link-local address`);
    expect(view.games.every((game) => game.status === "finished")).toBe(true);
  });
});
