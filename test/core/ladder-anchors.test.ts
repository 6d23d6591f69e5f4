/**
 * The ladder's anchors and its schedule on node:sqlite (the store the Durable Object uses): anchors are
 * partners only (never paired with each other), a lone bot or an odd one out gets one, their ratings
 * never move however their games go while the bots they play move against them, they keep their own
 * hourly budget, and `nextWork` says when the alarm must run (now while there is work, at a budget's
 * end, never when nothing can happen). A store of the first version (no anchor mark) is migrated.
 */
import { describe, expect, it } from "vitest";
import { nodeSql } from "../../bench/sqlite.ts";
import { seededRandom } from "../../src/engine/index.ts";
import { type EndedGame, LADDER_SCHEMA, LadderStore } from "../../src/objects/ladder-store.ts";
import { storedTableVersion } from "../../src/objects/storage.ts";
import { LADDER_ANCHORS, type LadderCandidate, ladderPairs } from "../../src/tournament/index.ts";
import { LADDER_SETTINGS, type MemberRow } from "../../src/wire/index.ts";

const MINUTE = 60_000;

const bot = (id: string, rating: number, anchor = false): LadderCandidate => ({ id, rating, deviation: anchor ? 0 : 300, lastOpponent: null, recentGames: 0, anchor });

/** Two games in which `winner` (a name) wins both, or draws both when null. */
function games(a: string, b: string, winner: string | null): EndedGame[] {
  return [0, 1].map((index) => ({
    gameId: `g${index + 1}`,
    matchId: null,
    status: "finished",
    first: index === 0 ? a : b,
    second: index === 0 ? b : a,
    result: { winner, reason: winner === null ? "draw" : "quarto", forfeitCode: null, forfeitedBy: null, detail: null },
  }));
}

describe("anchors in the pairing", () => {
  it("never pairs two anchors, and gives a lone bot an anchor", () => {
    const anchors = LADDER_ANCHORS.map(({ level, rating }) => bot(level, rating, true));
    for (let seed = 0; seed < 200; seed++) {
      const lone = [...anchors, bot("x", 1500)].sort((p, q) => q.rating - p.rating);
      const pairs = ladderPairs(lone, seededRandom(seed));
      expect(pairs).toHaveLength(1);
      expect(pairs[0][0].id).toBe("x");
      expect(pairs[0][1].anchor).toBe(true);
      // Anchors alone: nothing.
      expect(ladderPairs(anchors, seededRandom(seed))).toEqual([]);
    }
  });

  it("pairs every bot when an anchor is idle (an odd one out plays it), and each pairing has a bot in it", () => {
    for (let seed = 0; seed < 200; seed++) {
      const random = seededRandom(seed);
      const n = 1 + Math.floor(random() * 9);
      const idle = [
        ...Array.from({ length: n }, (_, index) => bot(`b${index}`, 1200 + random() * 600)),
        ...LADDER_ANCHORS.map(({ level, rating }) => bot(level, rating, true)),
      ].sort((p, q) => q.rating - p.rating);
      const pairs = ladderPairs(idle, random);
      const ids = pairs.flat().map((candidate) => candidate.id);
      expect(new Set(ids).size, `seed ${seed}`).toBe(ids.length);
      for (const [a, b] of pairs) expect(a.anchor && b.anchor, `seed ${seed}`).toBeFalsy();
      // Every bot is paired: no pick, at random or the nearest, takes the last anchor from a bot left alone.
      expect(ids.filter((id) => id.startsWith("b")), `seed ${seed}`).toHaveLength(n);
    }
    // Four bots between three anchors, each picking at random or the nearest: all four play.
    const interleaved = [bot("b1", 1800), bot("hard", 1710, true), bot("b2", 1600), bot("medium", 1500, true), bot("b3", 1400), bot("easy", 1290, true), bot("b4", 1200)];
    for (const draw of [0, 0.99]) expect(ladderPairs(interleaved, () => draw).flat().filter((candidate) => !candidate.anchor)).toHaveLength(4);
    // Without an anchor, an odd one out still sits out.
    expect(ladderPairs([bot("a", 1600), bot("b", 1500), bot("c", 1400)], () => 0.99)).toHaveLength(1);
  });

  it("takes the nearest anchor above a bot with nobody left below it", () => {
    const idle = [bot("hard", 1710, true), bot("medium", 1500, true), bot("x", 1400), bot("y", 1390), bot("z", 1380)];
    const pairs = ladderPairs(idle, () => 0.99);
    expect(pairs.map(([a, b]) => `${a.id}-${b.id}`)).toEqual(["x-y", "z-medium"]);
  });
});

describe("anchors in the store", () => {
  it("holds the anchors' ratings while the bots they play move, keeps their budget, and never pauses them", () => {
    const store = new LadderStore(nodeSql());
    store.syncAnchors(LADDER_ANCHORS, 0);
    store.join({ id: "winner", name: "winner" }, 0);
    store.join({ id: "loser", name: "loser" }, 0);
    const fixed = new Map<string, number>(LADDER_ANCHORS.map(({ level, rating }) => [level, rating]));
    let now = 0;
    let anchorPairings = 0;
    let ids = 0;
    for (let round = 0; round < 40; round++) {
      now += 11 * MINUTE;
      for (const pairing of store.pairIdle(now, seededRandom(round), () => `p${ids++}`, () => null)) {
        const anchor = [pairing.a_id, pairing.b_id].find((id) => fixed.has(id));
        if (anchor !== undefined) anchorPairings++;
        // "winner" wins everything, "loser" loses everything (an anchor playing it wins).
        const names = [pairing.a_name, pairing.b_name];
        const winnerName = names.includes("winner") ? "winner" : names.includes("loser") ? (names.find((name) => name !== "loser") ?? null) : null;
        expect(store.record(pairing, games(pairing.a_name, pairing.b_name, winnerName), now + MINUTE)).toBe(true);
      }
    }
    expect(anchorPairings).toBeGreaterThan(0);
    for (const [level, rating] of fixed) {
      const anchor = store.member(level) as MemberRow;
      expect(anchor).toMatchObject({ anchor: 1, rating, deviation: 0, status: "active" });
      expect(store.history(level)).toEqual([]);
      expect(store.rows("SELECT * FROM opponents WHERE bot_id = ?", level)).toEqual([]);
    }
    const winner = store.member("winner") as MemberRow;
    const loser = store.member("loser") as MemberRow;
    expect(winner.rating).toBeGreaterThan(1710);
    expect(loser.rating).toBeLessThan(1290);
    expect(loser.status).toBe("active");
    // The anchors' hourly budget: an anchor that started its hour's pairings waits for them to age out.
    const most = LADDER_SETTINGS.anchorGamesPerHour / LADDER_SETTINGS.gamesPerPairing;
    const starts = Array.from({ length: most }, (_, index) => now - index * MINUTE);
    store.rows("UPDATE members SET starts = ?, ready_at = ? WHERE bot_id = 'medium'", JSON.stringify(starts), Math.min(...starts) + 60 * MINUTE);
    const late = store.pairIdle(now + MINUTE, seededRandom(1), () => "late", () => null);
    expect(late.flatMap((pairing) => [pairing.a_id, pairing.b_id])).not.toContain("medium");
  });

  it("puts the anchors on and off with the setting, and re-writes a rating changed in the code", () => {
    const store = new LadderStore(nodeSql());
    store.syncAnchors(LADDER_ANCHORS, 0);
    expect(store.anchors()).toEqual([...LADDER_ANCHORS].reverse().map(({ level, rating }) => ({ level, rating })));
    expect(store.onLadder()).toBe(LADDER_ANCHORS.length);
    store.syncAnchors([{ level: "medium", rating: 1520 }], 0);
    expect(store.anchors()).toEqual([{ level: "medium", rating: 1520 }]);
    store.syncAnchors([], 0);
    expect(store.anchors()).toEqual([]);
    expect(store.onLadder()).toBe(0);
  });

  it("says when the alarm must next run: now with work, at a budget's end, never with nothing to do", () => {
    const store = new LadderStore(nodeSql());
    expect(store.nextWork(0)).toBeNull();
    store.syncAnchors(LADDER_ANCHORS, 0);
    // Anchors alone never play.
    expect(store.nextWork(0)).toBeNull();
    store.join({ id: "x", name: "x" }, 0);
    expect(store.nextWork(5)).toBe(5);
    const [pairing] = store.pairIdle(10, seededRandom(1), () => "p1", () => null);
    expect(store.nextWork(20)).toBe(20);
    store.record(pairing, games(pairing.a_name, pairing.b_name, null), 30);
    expect(store.nextWork(40)).toBe(40);
    // Its hour's games started: the alarm waits for the budget.
    store.rows("UPDATE members SET ready_at = 1000000 WHERE bot_id = 'x'");
    expect(store.nextWork(40)).toBe(1_000_000);
    // Without anchors a lone bot waits for company: no alarm.
    store.rows("UPDATE members SET ready_at = 0 WHERE bot_id = 'x'");
    store.syncAnchors([], 50);
    expect(store.nextWork(60)).toBeNull();
    store.join({ id: "y", name: "y" }, 60);
    expect(store.nextWork(70)).toBe(70);
    store.leave("x");
    store.leave("y");
    expect(store.nextWork(80)).toBeNull();
  });

  it("migrates a store of the first version: its members are bots, not anchors", () => {
    const sql = nodeSql();
    const first = new LadderStore(sql);
    first.join({ id: "old", name: "old" }, 0);
    // Version 1 had no anchor mark.
    sql.db.exec("ALTER TABLE members DROP COLUMN anchor");
    sql.db.exec("UPDATE meta SET value = 1 WHERE key = 'schema_version'");
    expect(storedTableVersion(sql)).toBe(1);
    const migrated = new LadderStore(sql);
    expect(storedTableVersion(sql)).toBe(LADDER_SCHEMA.version);
    expect(migrated.member("old")).toMatchObject({ bot_id: "old", anchor: 0, status: "active" });
  });
});
