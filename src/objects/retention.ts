/**
 * How long finished things are kept: a finished match or tournament is deleted, storage and all,
 * RETENTION_DAYS days (wrangler.toml, default 30) after it ended. Until then every record stays
 * available; afterwards its URLs answer 404. Each object's alarm does the deleting, and that alarm is the same one
 * that drives clocks and steps, so an object schedules whichever comes first (a finished object has
 * nothing else to wait for).
 */
import { readSettings, type SettingsEnv } from "../wire/index.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention of the environment's settings (src/wire/settings.ts: absent or empty is 30 days, malformed an error), in milliseconds. */
export function retentionMs(env: SettingsEnv): number {
  return readSettings(env).retentionDays * DAY_MS;
}
