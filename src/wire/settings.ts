/**
 * The service's settings, read from the Worker's environment (wrangler.toml's [vars], typed in
 * src/env.d.ts) in this one place and checked once per environment object: `readSettings(env)`. A var
 * that is absent (or empty) takes its default below, which is wrangler.toml's value; one that is present
 * but malformed (not a number, out of its range, a boolean that is neither `true` nor `false`) throws a
 * `SettingsError` naming the var, so a misconfigured deployment fails loudly on its first request (the
 * app reads the settings before any route) instead of searching with NaN budgets. Everything else is
 * handed the settings: the routes, the Durable Objects and the engine's turns (answers.ts).
 */
import { DEFAULT_QUEUE_LENGTH, DEFAULT_SLICE_NODES } from "../engine/index.ts";

export interface Settings {
  /** `ENGINE_DEFAULT_NODES`: the node budget of a search whose caller names none (engine seats, built-in bots, tournaments). */
  defaultNodes: number;
  /** `ENGINE_MAX_NODES`: the most nodes a request or an engine seat may ask for. */
  maxNodes: number;
  /** `ENGINE_SLICE_NODES`: a search yields the thread after this many nodes (src/engine/slices.ts). */
  sliceNodes: number;
  /** `ENGINE_QUEUE_LENGTH`: API searches that may wait for the engine in an isolate; beyond, 503 `engine/busy`. */
  queueLength: number;
  /** `ALLOW_PRIVATE_BOT_URLS`: bots may live on loopback, private and local hosts (npm start; never a deployment). */
  allowPrivateBotUrls: boolean;
  /** `RETENTION_DAYS`: days a finished match or tournament is kept (fractional allowed; 0 deletes it as it ends). */
  retentionDays: number;
  /**
   * `TOURNAMENT_CALLS_MS`: how long one alarm of a tournament goes on making bot calls, each game in play
   * asking its next move as soon as the last is applied (0: one call per game in play per alarm).
   */
  tournamentCallsMs: number;
  /** `LADDER_OPENINGS`: the built-in suite (of classic play, the ladder's rules) ladder pairings start from. */
  ladderOpenings: string;
  /** `LADDER_ANCHORS`: the built-in anchors (src/tournament/ladder.ts) are on the ladder at their fixed ratings. */
  ladderAnchors: boolean;
  /**
   * `LADDER_ALARM_MS`: while the ladder has bots to pair or pairings in play, its object's alarm runs this
   * often (records the pairings that ended, pairs the idle bots); a bot that joins is paired at the next run.
   */
  ladderAlarmMs: number;
  /**
   * `REVIEW_GAMES`: every match is reviewed (src/match/review.ts) in the background as soon as it ends;
   * when false, a match is reviewed only once its review is first asked for.
   */
  reviewGames: boolean;
  /**
   * `IDEMPOTENCY_SECRET` (a Worker secret, `wrangler secret put`, never a var): mixed into the key that
   * encrypts the answers stored for an `Idempotency-Key` (src/http/idempotency.ts); "" when unset, and
   * then the stored answers are encrypted under the Idempotency-Key and its scope alone.
   */
  idempotencySecret: string;
}

/** The secrets among the settings: read like the vars, but never in wrangler.toml (at least this many characters when set). */
export const SECRET_VARS = { idempotencySecret: { variable: "IDEMPOTENCY_SECRET", minLength: 32 } } as const;

type NumberSetting = { variable: string; kind: "integer" | "number"; default: number; min: number; max: number };
type BooleanSetting = { variable: string; kind: "boolean"; default: boolean };
type ChoiceSetting = { variable: string; kind: "choice"; default: string; choices: readonly string[] };

/**
 * Each setting's var, default and range. `ENGINE_DEFAULT_NODES` is also at most `ENGINE_MAX_NODES`
 * (absent, it is its default capped by the maximum).
 */
export const SETTING_VARS = {
  defaultNodes: { variable: "ENGINE_DEFAULT_NODES", kind: "integer", default: 2_000_000, min: 1, max: Number.MAX_SAFE_INTEGER },
  maxNodes: { variable: "ENGINE_MAX_NODES", kind: "integer", default: 20_000_000, min: 1, max: Number.MAX_SAFE_INTEGER },
  sliceNodes: { variable: "ENGINE_SLICE_NODES", kind: "integer", default: DEFAULT_SLICE_NODES, min: 1, max: Number.MAX_SAFE_INTEGER },
  queueLength: { variable: "ENGINE_QUEUE_LENGTH", kind: "integer", default: DEFAULT_QUEUE_LENGTH, min: 1, max: Number.MAX_SAFE_INTEGER },
  allowPrivateBotUrls: { variable: "ALLOW_PRIVATE_BOT_URLS", kind: "boolean", default: false },
  retentionDays: { variable: "RETENTION_DAYS", kind: "number", default: 30, min: 0, max: 36_500 },
  tournamentCallsMs: { variable: "TOURNAMENT_CALLS_MS", kind: "integer", default: 20_000, min: 0, max: 600_000 },
  ladderOpenings: { variable: "LADDER_OPENINGS", kind: "choice", default: "classic", choices: ["classic", "classic-unbalanced"] },
  ladderAnchors: { variable: "LADDER_ANCHORS", kind: "boolean", default: true },
  ladderAlarmMs: { variable: "LADDER_ALARM_MS", kind: "integer", default: 10_000, min: 1000, max: 3_600_000 },
  reviewGames: { variable: "REVIEW_GAMES", kind: "boolean", default: true },
} as const satisfies { [K in Exclude<keyof Settings, keyof typeof SECRET_VARS>]: Settings[K] extends boolean ? BooleanSetting : Settings[K] extends string ? ChoiceSetting : NumberSetting };

export type SettingVar = (typeof SETTING_VARS)[Exclude<keyof Settings, keyof typeof SECRET_VARS>]["variable"] | (typeof SECRET_VARS)[keyof typeof SECRET_VARS]["variable"];

/**
 * What the settings are read from: the Worker's `env`, or any object with some of its vars. A var may
 * also be a TOML number or boolean (wrangler passes `X = 5` as a number), not only a string.
 */
export type SettingsEnv = { readonly [V in SettingVar]?: string | number | boolean | undefined };

/** A var of the environment that is present but unusable; `variable` names it. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  readonly variable: SettingVar;
  constructor(variable: SettingVar, message: string) {
    super(message);
    this.variable = variable;
  }
}

const read = new WeakMap<object, Settings>();
let defaults: Settings | undefined;

/**
 * The settings of `env` (its defaults when `env` is undefined, as when a script runs the app), read
 * and checked on the first call for each environment object and remembered for it.
 * @throws SettingsError for a var that is present but malformed or out of range.
 */
export function readSettings(env: SettingsEnv | undefined): Settings {
  if (env === undefined) {
    defaults ??= settingsOf({});
    return defaults;
  }
  let settings = read.get(env);
  if (settings === undefined) {
    settings = settingsOf(env);
    read.set(env, settings);
  }
  return settings;
}

function settingsOf(env: SettingsEnv): Settings {
  const maxNodes = numberVar(env, SETTING_VARS.maxNodes);
  const defaultNodes = numberVar(env, { ...SETTING_VARS.defaultNodes, default: Math.min(SETTING_VARS.defaultNodes.default, maxNodes), max: maxNodes }, "ENGINE_MAX_NODES");
  return {
    defaultNodes,
    maxNodes,
    sliceNodes: numberVar(env, SETTING_VARS.sliceNodes),
    queueLength: numberVar(env, SETTING_VARS.queueLength),
    allowPrivateBotUrls: booleanVar(env, SETTING_VARS.allowPrivateBotUrls),
    retentionDays: numberVar(env, SETTING_VARS.retentionDays),
    tournamentCallsMs: numberVar(env, SETTING_VARS.tournamentCallsMs),
    ladderOpenings: choiceVar(env, SETTING_VARS.ladderOpenings),
    ladderAnchors: booleanVar(env, SETTING_VARS.ladderAnchors),
    ladderAlarmMs: numberVar(env, SETTING_VARS.ladderAlarmMs),
    reviewGames: booleanVar(env, SETTING_VARS.reviewGames),
    idempotencySecret: secretVar(env, SECRET_VARS.idempotencySecret),
  };
}

function secretVar(env: SettingsEnv, setting: { variable: SettingVar; minLength: number }): string {
  const value = env[setting.variable];
  if (value === undefined || value === null || String(value) === "") return "";
  const text = String(value);
  // The value itself is never shown: it is a secret.
  if (text.length < setting.minLength) throw new SettingsError(setting.variable, `the secret ${setting.variable} has ${text.length} characters: expected at least ${setting.minLength} (wrangler secret put ${setting.variable}; when it is not set, none)`);
  return text;
}

/** The var's value as text, or undefined when it is absent or blank. */
function present(env: SettingsEnv, variable: SettingVar): string | undefined {
  const value = env[variable];
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

function refuse(variable: SettingVar, text: string, expected: string, fallback: number | boolean | string): never {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  throw new SettingsError(variable, `the var ${variable} is "${shown}": expected ${expected} (wrangler.toml [vars]; when it is not set, ${fallback})`);
}

function numberVar(env: SettingsEnv, setting: NumberSetting & { variable: SettingVar }, maxName?: string): number {
  const text = present(env, setting.variable);
  if (text === undefined) return setting.default;
  // Decimal notation only: Number() would also read "0x10", "1e3" and "Infinity".
  const value = /^[+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/.test(text) ? Number(text) : Number.NaN;
  const integer = setting.kind === "integer";
  const max = maxName === undefined ? `${setting.max}` : `${setting.max} (${maxName})`;
  const range = setting.max === Number.MAX_SAFE_INTEGER ? `at least ${setting.min}` : `from ${setting.min} to ${max}`;
  const expected = `${integer ? "a whole number" : "a number"} ${range}`;
  if (!Number.isFinite(value) || (integer && !Number.isSafeInteger(value)) || value < setting.min || value > setting.max) refuse(setting.variable, text, expected, setting.default);
  return value;
}

function choiceVar(env: SettingsEnv, setting: ChoiceSetting & { variable: SettingVar }): string {
  const text = present(env, setting.variable);
  if (text === undefined) return setting.default;
  if (!setting.choices.includes(text)) refuse(setting.variable, text, `one of ${setting.choices.join(", ")}`, setting.default);
  return text;
}

function booleanVar(env: SettingsEnv, setting: BooleanSetting & { variable: SettingVar }): boolean {
  const text = present(env, setting.variable);
  if (text === undefined) return setting.default;
  // Exactly these two: a value read as true opens private hosts to bots, so nothing else may mean it.
  if (text !== "true" && text !== "false") refuse(setting.variable, text, "true or false", setting.default);
  return text === "true";
}
