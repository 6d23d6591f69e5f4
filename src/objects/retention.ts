/**
 * How long finished things are kept: a finished match or tournament is deleted, storage and all,
 * RETENTION_DAYS days (wrangler.toml, default 30) after it ended. Until then every record stays
 * available; afterwards its URLs answer 404. Each object's alarm does the deleting, and that alarm is the same one
 * that drives clocks and steps, so an object schedules whichever comes first (a finished object has
 * nothing else to wait for).
 */

export const DEFAULT_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention from the environment; an absent, empty or unreadable value is the default. */
export function retentionMs(env: { RETENTION_DAYS?: string }): number {
  const text = env.RETENTION_DAYS?.trim();
  const days = text ? Number(text) : Number.NaN;
  return (Number.isFinite(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS) * DAY_MS;
}
