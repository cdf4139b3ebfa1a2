import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditListResponse, type AuditEvent } from '@loyalty/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { createOtherTenant, createTestContext, demoSessions, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * The tenant's and the operator's Activity (docs/security.md 'Audit trail'): who changed what,
 * from which address, filtered and paged; and money movements at the till as audit events.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const auditCount = async () =>
  Number(((await ctx.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] }).rows[0].n);

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
});
afterAll(() => ctx.close());

describe('GET /api/t/{slug}/activity', () => {
  it('lists a store the admin created, naming the admin and the client address, newest first', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/stores',
      headers: { cookie: s.admin!, 'x-forwarded-for': '203.0.113.9' },
      payload: { name: 'Audit Corner', address: '1 Audit St' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await get('/api/t/demo/activity', s.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = AuditListResponse.parse(json(res));
    const first = body.items[0];
    expect(first).toMatchObject({
      action: 'store.create',
      entity: 'store',
      entityId: json(created).id,
      actor: { kind: 'user', name: 'Alex Owner' },
      ip: '127.0.0.1',
      tenant: null,
    });
    expect(first.after).toMatchObject({ name: 'Audit Corner' });
  });

  it('records an earn at the till as a money event of the cashier, in the till’s statement', async () => {
    const earn = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/transactions/earn',
      headers: { cookie: s.cashier!, ...idempotencyKey() },
      payload: { cardUid: 'DEM0CARD0001', amountCents: 2599, category: 'REPAIR' },
    });
    expect(earn.statusCode, earn.body).toBe(200);
    const res = await get('/api/t/demo/activity?action=transaction.earn', s.admin);
    const [row] = AuditListResponse.parse(json(res)).items;
    expect(row).toMatchObject({ action: 'transaction.earn', entityId: json(earn).transactionId, actor: { kind: 'user' }, ip: '127.0.0.1' });
    expect(row.after).toMatchObject({ amountCents: 2599, cashbackCents: json(earn).cashbackEarned, balanceCents: json(earn).newBalance });
  });

  it('filters by actor, action and days, and pages with the cursor without gaps or repeats', async () => {
    for (const name of ['Page A', 'Page B', 'Page C']) {
      const r = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/stores', headers: { cookie: s.admin! }, payload: { name, address: '2 Page Rd' } });
      expect(r.statusCode, r.body).toBe(201);
    }
    const me = json(await get('/api/auth/me', s.admin)).user.id as string;
    const all = AuditListResponse.parse(json(await get(`/api/t/demo/activity?action=store.create&actor=${me}&limit=200`, s.admin))).items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(all.every((e) => e.action === 'store.create' && e.actor.id === me)).toBe(true);
    const seen: AuditEvent[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditListResponse = AuditListResponse.parse(
        json(await get(`/api/t/demo/activity?action=store.create&limit=2${cursor ? `&cursor=${cursor}` : ''}`, s.admin)),
      );
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    const today = new Date().toISOString().slice(0, 10);
    expect(json(await get(`/api/t/demo/activity?action=store.create&from=${today}&to=${today}`, s.admin)).items.length).toBe(Math.min(all.length, 50));
    expect(json(await get('/api/t/demo/activity?action=store.create&to=2000-01-01', s.admin)).items).toEqual([]);
    const cashier = json(await get('/api/auth/me', s.cashier)).user.id as string;
    expect(json(await get(`/api/t/demo/activity?actor=${cashier}&action=store.create`, s.admin)).items).toEqual([]);
  });

  it('answers 400 for an unknown action, a malformed day, actor or cursor, and writes nothing', async () => {
    const before = await auditCount();
    for (const q of [
      'action=store.explode',
      'from=31-01-2026',
      'from=0000-00-00',
      'to=2026-02-31',
      'actor=someone',
      'cursor=00000000-0000-4000-8000-000000000000',
      'limit=0',
    ]) {
      const res = await get(`/api/t/demo/activity?${q}`, s.admin);
      expect(res.statusCode, q).toBe(400);
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses a cashier and a customer (403) and hides another tenant (404)', async () => {
    expect((await get('/api/t/demo/activity', s.cashier)).statusCode).toBe(403);
    expect((await get('/api/t/demo/activity', s.customer)).statusCode).toBe(403);
    expect((await get('/api/t/demo/activity.csv', s.cashier)).statusCode).toBe(403);
    expect((await get('/api/t/demo/activity', otherCookie)).statusCode).toBe(404);
    expect((await get('/api/t/demo/activity.csv', otherCookie)).statusCode).toBe(404);
    expect((await get('/api/t/demo/activity')).statusCode).toBe(401);
  });

  it('never shows another tenant’s events, nor takes its cursor', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${other.tenant.slug}/stores`,
      headers: { cookie: otherCookie },
      payload: { name: 'Other Shop', address: '3 Elsewhere' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const theirs = json(await get(`/api/t/${other.tenant.slug}/activity`, otherCookie)).items as AuditEvent[];
    expect(theirs[0]).toMatchObject({ action: 'store.create', entityId: json(made).id });
    const ours = json(await get('/api/t/demo/activity?limit=200', s.admin)).items as AuditEvent[];
    expect(ours.some((e) => e.entityId === json(made).id)).toBe(false);
    expect((await get(`/api/t/demo/activity?cursor=${theirs[0].id}`, s.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/t/{slug}/activity.csv', () => {
  it('downloads the filtered events with readable columns', async () => {
    const res = await get('/api/t/demo/activity.csv?action=store.create', s.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('activity.csv');
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.Action === 'store.create')).toBe(true);
    expect(rows[0]).toMatchObject({ Actor: 'Alex Owner', 'Actor Type': 'User', IP: '127.0.0.1', Entity: 'store' });
    expect(JSON.parse(rows[0].After)).toHaveProperty('name');
    expect((await get('/api/t/demo/activity.csv?from=nope', s.admin)).statusCode).toBe(400);
    expect((await get('/api/t/demo/activity.csv?from=0000-00-00', s.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/platform/activity', () => {
  it('keeps the dashboard feed and adds the audit trail across tenants, with operator sign-ins', async () => {
    const res = await get('/api/platform/activity?limit=3', s.platform);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.activity.length).toBeGreaterThan(0);
    expect(body.items.length).toBe(3);
    expect(body.nextCursor).toBe(body.items[2].id);
    const signIns = json(await get('/api/platform/activity?tenant=platform&action=platform.admin.sign_in', s.platform)).items as AuditEvent[];
    expect(signIns[0]).toMatchObject({ action: 'platform.admin.sign_in', actor: { kind: 'user' }, ip: '127.0.0.1', tenant: null });
    const theirs = json(await get(`/api/platform/activity?tenant=${other.tenant.slug}&limit=50`, s.platform)).items as AuditEvent[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.tenant?.slug === other.tenant.slug)).toBe(true);
  });

  it('answers 400 for a bad filter, 404 for an unknown tenant, 403 for a tenant admin', async () => {
    expect((await get('/api/platform/activity?action=nope', s.platform)).statusCode).toBe(400);
    expect((await get('/api/platform/activity?tenant=no-such-tenant', s.platform)).statusCode).toBe(404);
    expect((await get('/api/platform/activity', s.admin)).statusCode).toBe(403);
  });
});
