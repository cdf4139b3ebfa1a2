import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from './client.ts';
import { idempotencyKeys } from './schema/index.ts';
import { AppError } from '../errors.ts';
import { scrubJsonSql } from '../lib/sql.ts';

/**
 * The Idempotency-Key store (ADR 0004): a money use case claims the request's key in its own
 * transaction, does the work and saves its answer there; a retry with the same key replays
 * that answer. `idempotent()` is that claim–work–save in one transaction, for the money use
 * cases (add funds, the ledger's movements). The HTTP side (reading and checking the header,
 * sending a first or replayed answer) is http/idempotency.ts (ADR 0029).
 */

/** A stored first answer to replay. */
export interface IdempotentReplay {
  status: number;
  body: unknown;
}

/** SHA-256 of the route and the parsed body: what "the same request" means for a key. */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(JSON.stringify(body)).digest('hex');
}

/**
 * Claims an idempotency key inside the caller's transaction. Returns null when the key is
 * new (the caller does the work and then `saveIdempotentResponse`), or the first answer to
 * replay. On PostgreSQL a concurrent claim of the same key waits for the first transaction
 * to finish (unique-index insertion), so 20 parallel retries move money once.
 * Throws 409 IDEMPOTENCY_KEY_REUSED when the key was used with another request.
 */
async function claimIdempotencyKey(tx: Tx, tenantId: string, key: string, fingerprint: string): Promise<IdempotentReplay | null> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ tenantId, key, requestHash: fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length > 0) return null;
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
  return replayOf(row ? { hash: row.requestHash, status: row.responseStatus, body: row.responseBody } : null, fingerprint);
}

/**
 * What a key found already claimed means (`claimIdempotencyKey`, and the ledger's database
 * functions that claim the key in their own statement, ADR 0028): `stored` is the claimed
 * row's request hash, answer status (null while its first request runs) and answer. Returns the
 * answer to replay; throws 409 IDEMPOTENCY_KEY_REUSED when the key was used with another
 * request (or the row is gone), 409 CONFLICT while the first request is still running.
 */
export function replayOf(stored: { hash: string; status: number | null; body: unknown } | null, fingerprint: string): IdempotentReplay {
  if (!stored || stored.hash !== fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
  }
  if (stored.status === null) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
  return { status: stored.status, body: stored.body };
}

/** Stores the answer of a claimed key, in the same transaction as the work it describes. */
async function saveIdempotentResponse(tx: Tx, tenantId: string, key: string, status: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
}

/** A money route's answer: the status and body to send, and whether it is the stored first answer of an earlier request with the same key. */
export interface IdempotentResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/**
 * What makes a money request "the same request" for its key: the tenant (keys are per tenant),
 * the `Idempotency-Key`, and the route and parsed body that `requestFingerprint` hashes (put
 * the path's ids in `route`, e.g. `add-funds {customerId}`: a body alone may not tell two
 * customers apart).
 */
export interface IdempotentRequest {
  tenantId: string;
  key: string;
  route: string;
  body: unknown;
}

/**
 * The one idempotency wrapper of the money routes (ADR 0004;
 * add funds and the ledger's movements): runs `work` in one DB transaction after claiming
 * `request.key` in it. A retry with the same key and body gets the first answer back
 * (`replayed: true`, status and body as stored) and `work` does not run; the same key with
 * another route or body throws 409 IDEMPOTENCY_KEY_REUSED; a key whose first request is still
 * running throws 409 CONFLICT (on PostgreSQL a parallel claim waits for it first). A failed
 * `work` rolls back the claim too, so the key stays free for a retry. The answer (status 200,
 * the value `work` returns) is stored in the same transaction. (The till's earn and redeem
 * claim and answer their key inside the ledger's database functions instead, ADR 0028.)
 */
export async function idempotent<T>(db: Database, request: IdempotentRequest, work: (tx: Tx) => Promise<T>): Promise<IdempotentResult<T>> {
  return db.transaction(async (tx) => {
    const replay = await claimIdempotencyKey(tx, request.tenantId, request.key, requestFingerprint(request.route, request.body));
    if (replay) return { status: replay.status, body: replay.body as T, replayed: true };
    const body = await work(tx);
    await saveIdempotentResponse(tx, request.tenantId, request.key, 200, body);
    return { status: 200, body, replayed: false };
  });
}

/**
 * Scrubs `values` (an erased customer's e-mail, phone and names; ADR 0026) from the tenant's
 * stored first answers, in `tx`: an answer replayed after the erasure names 'Erased customer'.
 * Only rows whose answer mentions a value are rewritten. Returns how many.
 */
export async function scrubIdempotentResponses(tx: Tx, tenantId: string, values: readonly string[]): Promise<number> {
  if (!values.length) return 0;
  const mentions = sql.join(
    values.map((v) => sql`strpos(${idempotencyKeys.responseBody}::text, ${JSON.stringify(v).slice(1, -1)}::text) > 0`),
    sql` or `,
  );
  const rows = await tx
    .update(idempotencyKeys)
    .set({ responseBody: scrubJsonSql(sql`${idempotencyKeys.responseBody}`, values) })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), sql`(${mentions})`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
