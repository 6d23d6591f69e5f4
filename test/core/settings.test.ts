/**
 * The settings reader (src/wire/settings.ts): the one place the Worker's vars are read. An absent var is
 * its documented default (wrangler.toml's value), a valid one is read as it is, a malformed one is a
 * SettingsError that names it, never NaN; and every var of wrangler.toml's [vars] is one it reads.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readSettings, SETTING_VARS, type Settings, SettingsError, type SettingsEnv, type SettingVar } from "../../src/wire/settings.ts";

const ROOT = join(import.meta.dirname, "..", "..");

/** wrangler.toml's [vars], as the Worker gets them (every value there is a quoted string). */
function wranglerVars(): Record<string, string> {
  const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
  const section = /^\[vars\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  return Object.fromEntries([...section.matchAll(/^([A-Z_]+) = "([^"]*)"$/gm)].map((match) => [match[1], match[2]]));
}

const DEFAULTS: Settings = {
  defaultNodes: 2_000_000,
  maxNodes: 20_000_000,
  sliceNodes: 20_000,
  queueLength: 16,
  allowPrivateBotUrls: false,
  retentionDays: 30,
  tournamentCallsMs: 20_000,
  ladderOpenings: "classic",
  ladderAnchors: true,
  ladderAlarmMs: 10_000,
  reviewGames: true,
  idempotencySecret: "",
};

/** The error reading `env` throws (failing the test when it throws none). */
function refusal(env: SettingsEnv): SettingsError {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

describe("readSettings", () => {
  it("gives every absent or blank var its default", () => {
    expect(readSettings(undefined)).toEqual(DEFAULTS);
    expect(readSettings({})).toEqual(DEFAULTS);
    const blank = Object.fromEntries(Object.values(SETTING_VARS).map(({ variable }) => [variable, " "])) as SettingsEnv;
    expect(readSettings(blank)).toEqual(DEFAULTS);
    expect(readSettings({ ENGINE_MAX_NODES: undefined, RETENTION_DAYS: "" })).toEqual(DEFAULTS);
  });

  it("reads wrangler.toml's [vars], which are its defaults, and knows each of them", () => {
    const vars = wranglerVars();
    const known = Object.values(SETTING_VARS).map(({ variable }) => variable as string);
    expect(Object.keys(vars).sort()).toEqual([...known].sort());
    expect(readSettings(vars)).toEqual(DEFAULTS);
    for (const setting of Object.values(SETTING_VARS)) expect(String(setting.default), setting.variable).toBe(vars[setting.variable]);
  });

  it("reads valid values: strings, TOML numbers and booleans, fractional days", () => {
    expect(
      readSettings({
        ENGINE_DEFAULT_NODES: "50000",
        ENGINE_MAX_NODES: "500000",
        ENGINE_SLICE_NODES: " 2000 ",
        ENGINE_QUEUE_LENGTH: "4",
        ALLOW_PRIVATE_BOT_URLS: "true",
        RETENTION_DAYS: "0.5",
        TOURNAMENT_CALLS_MS: "0",
        LADDER_OPENINGS: "classic-unbalanced",
        LADDER_ANCHORS: "false",
        LADDER_ALARM_MS: "60000",
        REVIEW_GAMES: "false",
        IDEMPOTENCY_SECRET: "s".repeat(32),
      }),
    ).toEqual({
      defaultNodes: 50_000,
      maxNodes: 500_000,
      sliceNodes: 2000,
      queueLength: 4,
      allowPrivateBotUrls: true,
      retentionDays: 0.5,
      tournamentCallsMs: 0,
      ladderOpenings: "classic-unbalanced",
      ladderAnchors: false,
      ladderAlarmMs: 60_000,
      reviewGames: false,
      idempotencySecret: "s".repeat(32),
    });
    // A secret is never a var, and one too short is refused without being shown.
    const short = refusal({ IDEMPOTENCY_SECRET: "hunter2" });
    expect(short.variable).toBe("IDEMPOTENCY_SECRET");
    expect(short.message).not.toContain("hunter2");
    expect(readSettings({ ENGINE_MAX_NODES: 1000, ENGINE_DEFAULT_NODES: 1000, ALLOW_PRIVATE_BOT_URLS: false, RETENTION_DAYS: 0 })).toMatchObject({
      maxNodes: 1000,
      defaultNodes: 1000,
      allowPrivateBotUrls: false,
      retentionDays: 0,
    });
    expect(readSettings({ ALLOW_PRIVATE_BOT_URLS: "false" }).allowPrivateBotUrls).toBe(false);
    expect(readSettings({ RETENTION_DAYS: "7" }).retentionDays).toBe(7);
  });

  it("caps an absent default budget by the maximum, and refuses an explicit one above it", () => {
    expect(readSettings({ ENGINE_MAX_NODES: "500000" })).toMatchObject({ maxNodes: 500_000, defaultNodes: 500_000 });
    const error = refusal({ ENGINE_MAX_NODES: "500000", ENGINE_DEFAULT_NODES: "500001" });
    expect(error.variable).toBe("ENGINE_DEFAULT_NODES");
    expect(error.message).toMatch(/ENGINE_DEFAULT_NODES .*"500001".*from 1 to 500000 \(ENGINE_MAX_NODES\)/);
  });

  const MALFORMED: [SettingVar, string | number | boolean][] = [
    ["ENGINE_MAX_NODES", "abc"],
    ["ENGINE_MAX_NODES", "0"],
    ["ENGINE_MAX_NODES", "1.5"],
    ["ENGINE_MAX_NODES", "-5"],
    ["ENGINE_MAX_NODES", "1e6"],
    ["ENGINE_MAX_NODES", "0x10"],
    ["ENGINE_MAX_NODES", "Infinity"],
    ["ENGINE_MAX_NODES", "99999999999999999999"],
    ["ENGINE_DEFAULT_NODES", "lots"],
    ["ENGINE_SLICE_NODES", "0"],
    ["ENGINE_SLICE_NODES", 2.5],
    ["ENGINE_QUEUE_LENGTH", "-1"],
    ["ENGINE_QUEUE_LENGTH", "NaN"],
    ["ALLOW_PRIVATE_BOT_URLS", "yes"],
    ["ALLOW_PRIVATE_BOT_URLS", "TRUE"],
    ["ALLOW_PRIVATE_BOT_URLS", "1"],
    ["RETENTION_DAYS", "soon"],
    ["RETENTION_DAYS", "-1"],
    ["RETENTION_DAYS", "36501"],
    ["RETENTION_DAYS", true],
    ["LADDER_OPENINGS", "squares-unbalanced"],
    ["LADDER_OPENINGS", "nope"],
    ["LADDER_ANCHORS", "yes"],
    ["LADDER_ALARM_MS", "999"],
    ["LADDER_ALARM_MS", "3600001"],
  ];

  it.each(MALFORMED)("refuses %s = %j, naming the var", (variable, value) => {
    const error = refusal({ [variable]: value });
    expect(error).toBeInstanceOf(SettingsError);
    expect(error.name).toBe("SettingsError");
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toContain(`"${String(value)}"`);
    expect(error.message).toMatch(/expected /);
  });

  it("reads each environment object once, and another object afresh", () => {
    const env = { ENGINE_QUEUE_LENGTH: "4" };
    const first = readSettings(env);
    expect(readSettings(env)).toBe(first);
    expect(readSettings({ ...env, ENGINE_QUEUE_LENGTH: "5" }).queueLength).toBe(5);
    // A malformed environment is refused every time it is read, not remembered as read.
    const broken = { RETENTION_DAYS: "soon" };
    expect(() => readSettings(broken)).toThrow(SettingsError);
    expect(() => readSettings(broken)).toThrow(/RETENTION_DAYS/);
  });
});
