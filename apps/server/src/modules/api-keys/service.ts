import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  API_KEY_VISIBLE_CHARS,
  type ApiKeyItem,
  type ApiKeyListResponse,
  type ApiKeyScope,
  type CreateApiKeyRequest,
  type CreateApiKeyResponse,
} from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { type ApiKeyPrincipal, type TenantRequestContext, actingUserId } from '../../context.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { storeNameOf, storeNames } from '../stores/index.ts';
import { userNames } from '../users/index.ts';

/**
 * Tenant API keys (ADR 0020): the module that owns `api_keys`. A key is
 * `lc_live_` (production) or `lc_test_` (elsewhere) followed by 43 base64url characters (256
 * random bits). It is shown once, on creation; the table keeps its SHA-256 and its first
 * `API_KEY_VISIBLE_CHARS` characters. `/api/v1` finds the key by that hash
 * (`authenticateApiKey`, wired into http/api-key-auth.ts by wiring.ts).
 */

/** 404 text of an unknown, malformed or another tenant's key id. */
const API_KEY_NOT_FOUND = 'API key not found';

/** `lastUsedAt` is written at most once per this many milliseconds of use (one write a minute, not one per request). */
const LAST_USED_STEP_MS = 60_000;

/** SHA-256 hex of a key: what `api_keys.key_hash` stores. */
function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key for environment `env`: 'lc_live_' in production, else 'lc_test_' (ADR 0020), + 256 random bits base64url. */
function newApiKey(env: 'development' | 'production' | 'test'): string {
  return `${env === 'production' ? 'lc_live_' : 'lc_test_'}${randomBytes(32).toString('base64url')}`;
}

/** The list's select: a key with its store's and creator's names. */
function keyRows(db: DbOrTx, tenantId: string) {
  const sn = storeNames(db);
  const un = userNames(db);
  return db
    .select({ k: apiKeys, storeName: sn.name, createdByName: un.name })
    .from(apiKeys)
    .leftJoin(sn, and(eq(sn.tenantId, tenantId), eq(sn.id, apiKeys.storeId)))
    .leftJoin(un, eq(un.id, apiKeys.createdByUserId))
    .$dynamic();
}

/** A joined row → ApiKeyItem (ISO-8601 times; never the hash). */
function toItem(r: { k: typeof apiKeys.$inferSelect; storeName: string | null; createdByName: string | null }): ApiKeyItem {
  return {
    id: r.k.id,
    name: r.k.name,
    prefix: r.k.prefix,
    scopes: r.k.scopes,
    storeId: r.k.storeId,
    storeName: r.storeName,
    createdByName: r.createdByName,
    createdAt: r.k.createdAt.toISOString(),
    lastUsedAt: r.k.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.k.revokedAt?.toISOString() ?? null,
  };
}

/** GET /api-keys: every key of the tenant, active ones first, then newest first. */
export async function listApiKeys(db: DbOrTx, tenantId: string): Promise<ApiKeyListResponse> {
  const rows = await keyRows(db, tenantId)
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), asc(apiKeys.id));
  return { keys: rows.map(toItem) };
}

/** One key of the tenant as listed; 404 'API key not found' for an unknown, malformed or another tenant's id. */
async function keyItem(db: DbOrTx, tenantId: string, id: string): Promise<ApiKeyItem> {
  if (!isUuid(id)) throw notFound(API_KEY_NOT_FOUND);
  const [row] = await keyRows(db, tenantId).where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.id, id)));
  if (!row) throw notFound(API_KEY_NOT_FOUND);
  return toItem(row);
}

/**
 * POST /api-keys: creates a key named `input.name` with `input.scopes`, bound to
 * `input.storeId` when given, in one transaction with its 'api_key.create' audit row (name,
 * prefix, scopes, store; never the key or its hash). Returns the item and the key itself, the
 * only time it is shown. Throws 400 'Unknown store' (details `body.storeId`) when the store is
 * not a store of this tenant; nothing is written then.
 */
export async function createApiKey(
  db: Database,
  ctx: TenantRequestContext,
  input: CreateApiKeyRequest,
  env: 'development' | 'production' | 'test',
): Promise<CreateApiKeyResponse> {
  const key = newApiKey(env);
  const id = await db.transaction(async (tx) => {
    if (input.storeId && (await storeNameOf(tx, ctx.tenant.id, input.storeId)) === null) {
      throw badRequest('Unknown store', [{ field: 'body.storeId', message: 'Unknown store' }]);
    }
    const scopes = [...input.scopes].sort() as ApiKeyScope[];
    const [row] = await tx
      .insert(apiKeys)
      .values({
        tenantId: ctx.tenant.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_VISIBLE_CHARS),
        keyHash: hashApiKey(key),
        scopes,
        storeId: input.storeId ?? null,
        createdByUserId: actingUserId(ctx),
      })
      .returning({ id: apiKeys.id });
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'api_key.create',
      entity: 'api_key',
      entityId: row.id,
      after: { name: input.name, prefix: key.slice(0, API_KEY_VISIBLE_CHARS), scopes, storeId: input.storeId ?? null },
    });
    return row.id;
  });
  return { ...(await keyItem(db, ctx.tenant.id, id)), key };
}

/**
 * DELETE /api-keys/{id}: revokes the key at `now`, with an 'api_key.revoke' audit
 * row, in one transaction. From then on it answers 401. Revoking an already revoked key
 * changes nothing and writes no audit row; it answers the same item. Throws 404 'API key not
 * found' for an unknown, malformed or another tenant's id.
 */
export async function revokeApiKey(db: Database, ctx: TenantRequestContext, id: string, now: Date): Promise<ApiKeyItem> {
  if (!isUuid(id)) throw notFound(API_KEY_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.tenantId, ctx.tenant.id), eq(apiKeys.id, id), sql`${apiKeys.revokedAt} is null`))
      .returning({ name: apiKeys.name, prefix: apiKeys.prefix });
    if (!row) return;
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'api_key.revoke',
      entity: 'api_key',
      entityId: id,
      before: { name: row.name, prefix: row.prefix },
    });
  });
  return keyItem(db, ctx.tenant.id, id);
}

/**
 * The bearer-key lookup of `/api/v1`: the active (not revoked) key whose SHA-256 is
 * that of `key`, as the principal the HTTP layer works with; null for an unknown, malformed or
 * revoked key. Writes `last_used_at = now` when it is unset or older than `LAST_USED_STEP_MS`,
 * so a busy till costs one write a minute. A prepared statement per database.
 */
export function apiKeyAuthenticator(db: Database): (key: string, now: Date) => Promise<ApiKeyPrincipal | null> {
  const byHash = db
    .select({
      id: apiKeys.id,
      tenantId: apiKeys.tenantId,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      storeId: apiKeys.storeId,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), sql`${apiKeys.revokedAt} is null`))
    .limit(1)
    .prepare('api_key_by_hash');
  return async (key, now) => {
    if (!/^lc_(live|test)_[A-Za-z0-9_-]{20,100}$/.test(key)) return null;
    const [row] = await byHash.execute({ hash: hashApiKey(key) });
    if (!row) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      await db
        .update(apiKeys)
        .set({ lastUsedAt: now })
        .where(and(eq(apiKeys.tenantId, row.tenantId), eq(apiKeys.id, row.id)));
    }
    return { id: row.id, tenantId: row.tenantId, name: row.name, scopes: row.scopes, storeId: row.storeId };
  };
}
