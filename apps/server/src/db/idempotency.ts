import { createHash } from 'node:crypto';
import { and, eq, SQL, sql } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { idempotencyKeys } from './schema/index.ts';
import { AppError } from '../errors.ts';
import { scrubJsonSql } from '../lib/sql.ts';

/**
 * The Idempotency-Key store (ADR 0004): a money use case claims the request's key in its own
 * transaction, does the work and saves its answer there; a retry with the same key replays
 * that answer. The HTTP side (reading and checking the header) is http/idempotency.ts.
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
export async function claimIdempotencyKey(tx: Tx, tenantId: string, key: string, fingerprint: string): Promise<IdempotentReplay | null> {
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
  if (!row || row.requestHash !== fingerprint) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request');
  }
  if (row.responseStatus === null) throw new AppError('CONFLICT', 'A request with this Idempotency-Key is still being processed');
  return { status: row.responseStatus, body: row.responseBody };
}

/** Stores the answer of a claimed key, in the same transaction as the work it describes. */
export async function saveIdempotentResponse(tx: Tx, tenantId: string, key: string, status: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.key, key)));
}

/**
 * `saveIdempotentResponse` as SQL for the caller's own write statement (a CTE), so that the
 * till's hot path stores its answer without a round trip of its own (issue 15). `body` is the
 * answer: a value (stored as its JSON) or SQL computing the jsonb from the statement's own CTEs
 * (then the UPDATE also runs only when that SQL yields a row). The key must have been claimed in
 * the same transaction.
 */
export function saveIdempotentResponseSql(tenantId: string, key: string, status: number, body: unknown): SQL {
  const json = body instanceof SQL ? sql`(${body})` : sql`${JSON.stringify(body)}::jsonb`;
  const when = body instanceof SQL ? sql` and exists (${body})` : sql``;
  return sql`update ${idempotencyKeys} set response_status = ${status}, response_body = ${json} where tenant_id = ${tenantId} and key = ${key}${when}`;
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
