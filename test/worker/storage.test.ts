/**
 * The Durable Objects' one storage convention (src/objects/storage.ts) in workerd: each object records
 * its schema version where its truth is (a root document's `version`, or the `meta` table) and reads
 * its state back after an eviction; a document store of an older version is migrated in one
 * transaction before it is read; a store the code did not write is refused, never guessed at.
 */
import { env, evictDurableObject, listDurableObjectIds, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { type DocumentSchema, readRoot, StorageVersionError, storedTableVersion, sqlOf, writeRoot } from "../../src/objects/storage.ts";
import { LADDER_NAME, REGISTRY_NAME } from "../../src/wire/index.ts";
import { PUZZLE_STORE_NAME } from "../../src/puzzles/index.ts";
import { type Fleet, goodBot, installFleet } from "./bot-fleet.ts";
import { expectProblem, json200, postJson, request } from "./http.ts";
import { createMatch, getState, stubOf } from "./match-client.ts";
import { createTournament, getTournament, registerFleetBot, tournamentStub } from "./tournament-client.ts";

let fleet: Fleet | null = null;
afterEach(() => {
  fleet?.restore();
  fleet = null;
});

/** A scratch object's storage to try the document functions on (an idempotency key no request uses). */
const scratch = () => env.IDEMPOTENCY.get(env.IDEMPOTENCY.idFromName(`storage-test-${crypto.randomUUID()}`));

/** Version 1 kept a name; version 2 splits it; version 3 moves each game under a padded key. */
const people = (version: number, steps: string[] = []): DocumentSchema => ({
  object: "test object",
  rootKey: "root",
  version,
  migrations: {
    1: ({ root }) => {
      steps.push("1->2");
      const [first, last] = String(root.name).split(" ");
      delete root.name;
      Object.assign(root, { first, last });
    },
    2: ({ storage }) => {
      steps.push("2->3");
      for (const [key, value] of storage.kv.list({ prefix: "game:" })) {
        storage.kv.delete(key);
        storage.kv.put(`game:${key.slice(5).padStart(3, "0")}`, value);
      }
    },
  },
});

describe("a store of documents", () => {
  it("is migrated through each version in order before it is read, documents beside the root included; once", async () => {
    const read = await runInDurableObject(scratch(), (_instance, state) => {
      writeRoot(state.storage, people(1), { name: "Ada Lovelace" });
      state.storage.kv.put("game:7", { result: "won" });
      const steps: string[] = [];
      const first = readRoot(state.storage, people(3, steps));
      const again = readRoot(state.storage, people(3, steps));
      return { first, again, steps, keys: [...state.storage.kv.list()].map(([key]) => key) };
    });
    expect(read.first).toEqual({ first: "Ada", last: "Lovelace", version: 3 });
    expect(read.again).toEqual(read.first);
    expect(read.steps).toEqual(["1->2", "2->3"]);
    expect(read.keys).toEqual(["game:007", "root"]);
  });

  it("keeps everything as it was when a step fails", async () => {
    const stored = await runInDurableObject(scratch(), (_instance, state) => {
      writeRoot(state.storage, people(1), { name: "Ada Lovelace" });
      state.storage.kv.put("game:7", { result: "won" });
      const failing: DocumentSchema = {
        ...people(3),
        migrations: {
          ...people(3).migrations,
          2: () => {
            throw new Error("the disk is full");
          },
        },
      };
      expect(() => readRoot(state.storage, failing)).toThrow("the disk is full");
      return [...state.storage.kv.list()];
    });
    expect(stored).toEqual([
      ["game:7", { result: "won" }],
      ["root", { name: "Ada Lovelace", version: 1 }],
    ]);
  });

  it("refuses a root of a newer version or of none; an object never created reads as missing and stores nothing", async () => {
    await runInDurableObject(scratch(), (_instance, state) => {
      expect(readRoot(state.storage, people(1))).toBeUndefined();
      expect([...state.storage.kv.list()]).toEqual([]);
      writeRoot(state.storage, people(3), { first: "Ada" });
      expect(() => readRoot(state.storage, people(2))).toThrow(StorageVersionError);
      state.storage.kv.put("root", { name: "Ada Lovelace" });
      expect(() => readRoot(state.storage, people(3))).toThrow(/stored schema version undefined/);
    });
  });
});

describe("every object", () => {
  it("a match: its root carries the version, and the match reads back after an eviction", async () => {
    const { id } = await createMatch();
    await evictDurableObject(stubOf(id));
    expect(await runInDurableObject(stubOf(id), (_instance, state) => state.storage.kv.get<{ version: number }>("match")?.version)).toBe(1);
    expect((await getState(id)).id).toBe(id);
  });

  it("a match stored in a form this code did not write is an error (500), not a guess", async () => {
    const { id } = await createMatch();
    await runInDurableObject(stubOf(id), (_instance, state) => {
      const stored = state.storage.kv.get<Record<string, unknown>>("match");
      state.storage.kv.put("match", { ...stored, version: 2 });
    });
    await expectProblem(request(`/v1/matches/${id}`), "server/internal");
  });

  it("a tournament: its root carries the version, and the tournament reads back after an eviction", async () => {
    const { id } = await createTournament({ bots: ["easy", "random"], gamesPerPair: 2, seed: 1 });
    await evictDurableObject(tournamentStub(id));
    expect(await runInDurableObject(tournamentStub(id), (_instance, state) => state.storage.kv.get<{ version: number }>("tournament")?.version)).toBe(1);
    expect((await getTournament(id)).bots.map((bot) => bot.name)).toEqual(["easy", "random"]);
  });

  it("an idempotency key: its record carries the version, and a retry after an eviction gets the first answer", async () => {
    const before = new Set((await listDurableObjectIds(env.IDEMPOTENCY)).map((objectId) => objectId.toString()));
    const key = crypto.randomUUID();
    const body = { seats: [{ kind: "human", take: true }, { kind: "human" }] };
    const created = await postJson("/v1/matches", body, { "Idempotency-Key": key });
    expect(created.status).toBe(201);
    const first = (await created.json()) as { id: string };
    const added = (await listDurableObjectIds(env.IDEMPOTENCY)).filter((objectId) => !before.has(objectId.toString()));
    expect(added).toHaveLength(1);
    const keyObject = env.IDEMPOTENCY.get(added[0]);
    await evictDurableObject(keyObject);
    expect(await runInDurableObject(keyObject, (_instance, state) => state.storage.kv.get<{ version: number }>("record")?.version)).toBe(1);
    const again = await postJson("/v1/matches", body, { "Idempotency-Key": key });
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
  });

  it("the registry, the ladder, the puzzle store and a bot's link: their tables carry the version in `meta`, and their rows read back after an eviction", async () => {
    fleet = installFleet({ keeper: goodBot() });
    const botId = await registerFleetBot(fleet, "keeper");
    await json200(request("/v1/ladder"));
    await json200(request("/v1/puzzles/26gxpcjsvcwe"));
    await runInDurableObject(env.BOT_LINKS.get(env.BOT_LINKS.idFromName(botId)), () => {});
    // The registry is at version 2: version 1 had no index of each bot's tournaments (migrated below);
    // a bot's link is at version 2: version 1 had no call log (test/worker/bot-calls.test.ts migrates one);
    // the ladder is at version 2: version 1 had no anchors (test/core/ladder-anchors.test.ts migrates one).
    for (const [stub, version] of [
      [env.BOT_REGISTRY.get(env.BOT_REGISTRY.idFromName(REGISTRY_NAME)), 2],
      [env.LADDER.get(env.LADDER.idFromName(LADDER_NAME)), 2],
      [env.PUZZLES.get(env.PUZZLES.idFromName(PUZZLE_STORE_NAME)), 1],
      [env.BOT_LINKS.get(env.BOT_LINKS.idFromName(botId)), 2],
    ] as const) {
      await evictDurableObject(stub);
      expect(await runInDurableObject(stub, (_instance, state) => storedTableVersion(sqlOf(state.storage)))).toBe(version);
    }
    expect((await json200<{ name: string }>(request(`/v1/bots/${botId}`))).name).toBe("keeper");
  });

  it("a registry stored at version 1 (no index of each bot's tournaments) is migrated to version 2, its bots and tournaments kept", async () => {
    fleet = installFleet({ elder: goodBot() });
    const botId = await registerFleetBot(fleet, "elder");
    const old = await createTournament({ bots: [botId, "random"], gamesPerPair: 2, seed: 8 });
    const stub = env.BOT_REGISTRY.get(env.BOT_REGISTRY.idFromName(REGISTRY_NAME));
    await runInDurableObject(stub, (_registry, state) => {
      // Back to version 1: no entrants table, no index of the tournaments by time.
      state.storage.sql.exec("DROP TABLE tournament_bots");
      state.storage.sql.exec("DROP INDEX tournaments_by_time");
      state.storage.sql.exec("UPDATE meta SET value = 1 WHERE key = 'schema_version'");
    });
    await evictDurableObject(stub);
    // The constructor opens the tables: the migration adds the index, empty; the bots and the tournaments stay.
    expect(await runInDurableObject(stub, (_registry, state) => storedTableVersion(sqlOf(state.storage)))).toBe(2);
    expect((await json200<{ name: string }>(request(`/v1/bots/${botId}`))).name).toBe("elder");
    const tournaments = await stub.tournaments(100, null);
    expect(tournaments.tournaments.map((entry) => entry.id)).toContain(old.id);
    expect(await stub.tournamentsOf(botId, 10)).toEqual([]);
    const added = await createTournament({ bots: [botId, "random"], gamesPerPair: 2, seed: 9 });
    expect((await stub.tournamentsOf(botId, 10)).map((entry) => entry.id)).toEqual([added.id]);
  });
});
