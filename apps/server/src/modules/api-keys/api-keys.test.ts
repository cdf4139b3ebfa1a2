import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { apiKeys, auditLog } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * API key management (docs/product.md 'API keys and webhooks'): GET/POST /api/t/{slug}/api-keys and DELETE …/{id},
 * tenant_admin only. The key is shown once and stored as its SHA-256; create and revoke are
 * audited; a revoked key stops authenticating /api/v1 at once.
 */
let ctx: TestContext;
let t: FreshTenant;
let other: FreshTenant;
let cashierCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx);
  other = await freshTenant(ctx);
  cashierCookie = (await demoSessions(ctx.app)).cashier;
});
afterAll(() => ctx.close());

async function keyCount(tenantId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(eq(apiKeys.tenantId, tenantId));
  return Number(row.n);
}
async function auditRows(tenantId: string, action: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
}
const v1Card = (key: string, cardUid: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/cards/${cardUid}`, headers: { authorization: `Bearer ${key}` } });

describe('API keys', () => {
  it('creates a key shown once, stored as its SHA-256 with a visible prefix, audited, and listed with its store', async () => {
    const res = await t.req('POST', 'api-keys', { name: 'Till 1', scopes: ['read', 'pos:write'], storeId: t.store.id });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created.key).toMatch(/^lc_test_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'Till 1',
      prefix: created.key.slice(0, 14),
      scopes: ['pos:write', 'read'],
      storeId: t.store.id,
      storeName: 'Main Store',
      createdByName: 'Olga Other',
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const [audit] = await auditRows(t.tenant.id, 'api_key.create');
    expect(audit.after).toMatchObject({ name: 'Till 1', prefix: created.prefix, scopes: ['pos:write', 'read'] });
    expect(JSON.stringify(audit)).not.toContain(created.key);

    const list = json(await t.req('GET', 'api-keys'));
    expect(list.keys).toHaveLength(1);
    expect(list.keys[0]).toMatchObject({ id: created.id, prefix: created.prefix, storeName: 'Main Store' });
    expect(list.keys[0].key).toBeUndefined();
  });

  it('records the last use at most once a minute and revokes a key: 401 from then on, audited once, listed after the active ones', async () => {
    const key = json(await t.req('POST', 'api-keys', { name: 'Website', scopes: ['read'] }));
    const r0 = await v1Card(key.key, t.cardUid);
    expect(r0.statusCode, r0.body).toBe(200);
    const used = json(await t.req('GET', 'api-keys')).keys.find((k: { id: string }) => k.id === key.id);
    expect(used.lastUsedAt).not.toBeNull();

    const revoked = await t.req('DELETE', `api-keys/${key.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(json(revoked).revokedAt).not.toBeNull();
    const refused = await v1Card(key.key, t.cardUid);
    expect(refused.statusCode).toBe(401);
    expect(json(refused)).toMatchObject({ error: 'Invalid or revoked API key', code: 'UNAUTHENTICATED' });

    expect((await t.req('DELETE', `api-keys/${key.id}`)).statusCode).toBe(200);
    expect(await auditRows(t.tenant.id, 'api_key.revoke')).toHaveLength(1);
    const keys = json(await t.req('GET', 'api-keys')).keys as { id: string; revokedAt: string | null }[];
    expect(keys.at(-1)!.id).toBe(key.id);
    expect(keys.slice(0, -1).every((k) => k.revokedAt === null)).toBe(true);
  });

  it.each([
    ['no name', { name: ' ', scopes: ['read'] }, 'body.name'],
    ['no scope', { name: 'X', scopes: [] }, 'body.scopes'],
    ['an unknown scope', { name: 'X', scopes: ['admin'] }, 'body.scopes.0'],
    ['a repeated scope', { name: 'X', scopes: ['read', 'read'] }, 'body.scopes'],
  ])('refuses %s with 400 and writes nothing', async (_case, body, field) => {
    const before = await keyCount(t.tenant.id);
    const res = await t.req('POST', 'api-keys', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(json(res).details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await keyCount(t.tenant.id)).toBe(before);
  });

  it("refuses another tenant's store with 400 'Unknown store' and writes nothing", async () => {
    const before = await keyCount(t.tenant.id);
    const res = await t.req('POST', 'api-keys', { name: 'X', scopes: ['read'], storeId: other.store.id });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'Unknown store', details: [{ field: 'body.storeId' }] });
    expect(await keyCount(t.tenant.id)).toBe(before);
    expect(await auditRows(t.tenant.id, 'api_key.create')).toHaveLength(2);
  });

  it('is for Store Admins only: a cashier gets 403 on every route, and nothing is written', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys);
    const opts = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      ctx.app.inject({ method, url: `/api/t/demo/${url}`, headers: { cookie: cashierCookie }, ...(payload ? { payload } : {}) });
    expect((await opts('GET', 'api-keys')).statusCode).toBe(403);
    expect((await opts('POST', 'api-keys', { name: 'X', scopes: ['read'] })).statusCode).toBe(403);
    expect((await opts('DELETE', 'api-keys/00000000-0000-4000-8000-000000000000')).statusCode).toBe(403);
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys)).toEqual(before);
  });

  it("answers 404 for another tenant's key or slug, and for a malformed id, and revokes nothing", async () => {
    const key = json(await t.req('POST', 'api-keys', { name: 'Kept', scopes: ['read'] }));
    const res = await other.req('DELETE', `api-keys/${key.id}`);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('API key not found');
    expect((await other.req('DELETE', 'api-keys/not-a-uuid')).statusCode).toBe(404);
    const foreignSlug = await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/api-keys`, headers: { cookie: other.cookie } });
    expect(foreignSlug.statusCode).toBe(404);
    expect((await v1Card(key.key, t.cardUid)).statusCode).toBe(200);
  });

  it('401 signed out', async () => {
    expect((await t.req('GET', 'api-keys', undefined, '')).statusCode).toBe(401);
  });
});
