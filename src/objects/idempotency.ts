/**
 * One Durable Object per `Idempotency-Key` value (`idFromName(key)`): what the key was first used for
 * (a fingerprint of the request: method, path, credentials and body) and, once answered, the answer
 * itself, so that a retried creation gets the first answer instead of creating a second match, bot or
 * tournament. An alarm forgets the key 24 hours after its answer was stored. The Worker's middleware
 * (src/http/idempotency.ts) decides what to do with each verdict; this object only keeps the record,
 * read and written without an `await` between, so two requests with one key cannot both begin.
 */
import { DurableObject } from "cloudflare:workers";

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request that began this long ago without finishing is taken as lost: the key may be used again. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

/** An answer as stored: enough to send it again byte for byte. */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

interface KeyRecord {
  fingerprint: string;
  startedAt: number;
  answer: StoredAnswer | null;
}

/**
 * What `begin` found: a new request (go on, then `finish` or `abandon`), the stored answer of the same
 * request, another request under this key, or the same request still being answered.
 */
export type Verdict = { kind: "new" } | { kind: "replay"; answer: StoredAnswer } | { kind: "mismatch" } | { kind: "in_progress" };

const RECORD = "record";

export class IdempotencyKey extends DurableObject<Env> {
  private load(): KeyRecord | undefined {
    return this.ctx.storage.kv.get<KeyRecord>(RECORD);
  }

  async begin(fingerprint: string, now: number): Promise<Verdict> {
    const record = this.load();
    if (record !== undefined) {
      if (record.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (record.answer !== null) return { kind: "replay", answer: record.answer };
      if (now - record.startedAt < ABANDONED_AFTER_MS) return { kind: "in_progress" };
    }
    this.ctx.storage.kv.put(RECORD, { fingerprint, startedAt: now, answer: null } satisfies KeyRecord);
    // Forgotten even if the request never finishes.
    await this.ctx.storage.setAlarm(now + IDEMPOTENCY_TTL_MS);
    return { kind: "new" };
  }

  /** Stores the answer of the request that began with `fingerprint`; kept for 24 hours from now. */
  async finish(fingerprint: string, answer: StoredAnswer, now: number): Promise<void> {
    const record = this.load();
    if (record?.fingerprint !== fingerprint) return;
    this.ctx.storage.kv.put(RECORD, { ...record, answer } satisfies KeyRecord);
    await this.ctx.storage.setAlarm(now + IDEMPOTENCY_TTL_MS);
  }

  /** The request created nothing (it was refused or failed): forget the key, so a retry runs again. */
  async abandon(fingerprint: string): Promise<void> {
    const record = this.load();
    if (record?.fingerprint !== fingerprint || record.answer !== null) return;
    await this.forget();
  }

  override async alarm(): Promise<void> {
    await this.forget();
  }

  private async forget(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }
}
