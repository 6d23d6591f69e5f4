/**
 * One Durable Object per `Idempotency-Key` value in its scope (the client and the route; the object's
 * name is derived from them, src/http/idempotency.ts): what the key was first used for (a keyed
 * fingerprint of the request: method, path, credentials and body) and, once answered, the answer
 * sealed (AES-GCM under a key derived from the Idempotency-Key, which is never stored), so that a
 * retried creation gets the first answer instead of creating a second match, bot or tournament, and
 * the tokens in that answer are not kept in plain text. An alarm forgets the key 24 hours after its answer was stored. The Worker's middleware
 * (src/http/idempotency.ts) decides what to do with each verdict; this object only keeps the record,
 * read and written without an `await` between, so two requests with one key cannot both begin.
 */
import { DurableObject } from "cloudflare:workers";
import { type DocumentSchema, deleteStorage, readRoot, writeRoot } from "./storage.ts";

/** How long an answer is kept for retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request that began this long ago without finishing is taken as lost: the key may be used again. */
const ABANDONED_AFTER_MS = 2 * 60 * 1000;

/** An answer as the Worker sends it again: enough to send it byte for byte (only ever stored sealed). */
export interface StoredAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

interface KeyRecord {
  fingerprint: string;
  startedAt: number;
  /** The answer, sealed by the Worker (base64 of IV and AES-GCM ciphertext of the StoredAnswer as JSON). */
  sealed: string | null;
}

/**
 * What `begin` found: a new request (go on, then `finish` or `abandon`), the stored answer of the same
 * request, another request under this key, or the same request still being answered.
 */
export type Verdict = { kind: "new" } | { kind: "replay"; sealed: string } | { kind: "mismatch" } | { kind: "in_progress" };

/** The key's storage (storage.ts): one root, the record, deleted with everything when the key is forgotten. */
const KEY_SCHEMA: DocumentSchema = { object: "idempotency key", rootKey: "record", version: 1, migrations: {} };

export class IdempotencyKey extends DurableObject<Env> {
  private load(): KeyRecord | undefined {
    return readRoot<KeyRecord>(this.ctx.storage, KEY_SCHEMA);
  }

  private save(record: KeyRecord): void {
    writeRoot(this.ctx.storage, KEY_SCHEMA, record);
  }

  async begin(fingerprint: string, now: number): Promise<Verdict> {
    const record = this.load();
    if (record !== undefined) {
      if (record.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (typeof record.sealed === "string") return { kind: "replay", sealed: record.sealed };
      if (now - record.startedAt < ABANDONED_AFTER_MS) return { kind: "in_progress" };
    }
    this.save({ fingerprint, startedAt: now, sealed: null });
    // Forgotten even if the request never finishes.
    await this.ctx.storage.setAlarm(now + IDEMPOTENCY_TTL_MS);
    return { kind: "new" };
  }

  /** Stores the sealed answer of the request that began with `fingerprint`; kept for 24 hours from now. */
  async finish(fingerprint: string, sealed: string, now: number): Promise<void> {
    const record = this.load();
    if (record?.fingerprint !== fingerprint) return;
    this.save({ fingerprint: record.fingerprint, startedAt: record.startedAt, sealed });
    await this.ctx.storage.setAlarm(now + IDEMPOTENCY_TTL_MS);
  }

  /** The request created nothing (it was refused or failed): forget the key, so a retry runs again. */
  async abandon(fingerprint: string): Promise<void> {
    const record = this.load();
    if (record?.fingerprint !== fingerprint || typeof record.sealed === "string") return;
    await this.forget();
  }

  override async alarm(): Promise<void> {
    await this.forget();
  }

  private forget(): Promise<void> {
    return deleteStorage(this.ctx.storage);
  }
}
