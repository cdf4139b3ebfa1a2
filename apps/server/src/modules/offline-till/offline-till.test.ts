import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_OFFLINE_SETTINGS, OFFLINE_REDEMPTION_TEXT, type OfflineSettings, type SyncConflictList } from '@loyalty/contract';
import { hashPassword } from '../../lib/passwords.ts';
import { auditLog, offlineSettings, syncConflicts, transactions, users } from '../../db/schema/index.ts';
import { balanceAndLedger, createTestContext, demoSessions, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * The offline till's server side (docs/product.md 'Offline till', ADR 0051): the offline
 * settings (GET for staff, PUT for Store Admins), redemptions made offline (refused unless
 * allowed, then up to the caps, written at the time they happened), and the sync conflicts every
 * refused offline movement leaves, once per Idempotency-Key, with their list and resolution.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ALLOWED: OfflineSettings = { redemptions: { enabled: true, maxPerTransactionCents: 2000, maxPerCardPerDayCents: 3000 } };

const move = (t: FreshTenant, kind: 'earn' | 'redeem', body: object, key = randomUUID(), cookie = t.cookie) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/t/${t.slug}/transactions/${kind}`,
    payload: { cardUid: t.cardUid, ...body },
    headers: { cookie, 'idempotency-key': key },
  });
const conflicts = async (t: FreshTenant, status = 'OPEN') => json<SyncConflictList>(await t.req('GET', `sync-conflicts?status=${status}`));

async function cashierOf(t: FreshTenant): Promise<string> {
  const email = `till-${t.slug}@example.com`;
  await ctx.db
    .insert(users)
    .values({ tenantId: t.tenant.id, email, passwordHash: await hashPassword('Cashier123!'), firstName: 'Tilly', lastName: 'Offline', role: 'cashier' });
  return loginAs(ctx.app, email, 'Cashier123!');
}

describe('GET and PUT /rules/offline', () => {
  it('offline redemptions are refused until allowed; a cashier reads the caps, only a Store Admin sets them (audited)', async () => {
    const t = await freshTenant(ctx);
    const cashier = await cashierOf(t);
    const read = (cookie: string) => ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/rules/offline`, headers: { cookie } });
    expect(json(await read(cashier))).toEqual(DEFAULT_OFFLINE_SETTINGS);
    const forbidden = await ctx.app.inject({ method: 'PUT', url: `/api/t/${t.slug}/rules/offline`, headers: { cookie: cashier }, payload: ALLOWED });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.req('PUT', 'rules/offline', ALLOWED)).statusCode).toBe(200);
    expect(json(await read(cashier))).toEqual(ALLOWED);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'rules.offline.update')));
    expect(audit).toMatchObject({ before: DEFAULT_OFFLINE_SETTINGS, after: ALLOWED });
  });

  it('answers 400 for a cap outside $0.01–$1,000.00 (nothing written), 404 for another tenant, 401 signed out', async () => {
    const t = await freshTenant(ctx);
    const bad = await t.req('PUT', 'rules/offline', { redemptions: { ...ALLOWED.redemptions, maxPerTransactionCents: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Most per offline redemption must be between $0.01 and $1,000.00');
    expect(await ctx.db.select().from(offlineSettings).where(eq(offlineSettings.tenantId, t.tenant.id))).toEqual([]);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/t/${t.slug}/rules/offline`, headers: { cookie: s.admin }, payload: ALLOWED })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/rules/offline` })).statusCode).toBe(401);
  });
});

describe('a redemption made offline', () => {
  it('is refused unless allowed, and the refusal is a sync conflict recorded once however often the till retries', async () => {
    const t = await freshTenant(ctx, { balanceCents: 5000 });
    const key = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await move(t, 'redeem', { amountCents: 500, occurredAt: ago(HOUR) }, key);
      expect(json(res)).toMatchObject({ code: 'BUSINESS_RULE', error: OFFLINE_REDEMPTION_TEXT.notAllowed });
    }
    const list = await conflicts(t);
    expect(list.openCount).toBe(1);
    expect(list.items[0]).toMatchObject({
      kind: 'REDEEM',
      cardUid: t.cardUid,
      amountCents: 500,
      code: 'BUSINESS_RULE',
      message: OFFLINE_REDEMPTION_TEXT.notAllowed,
    });
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(5000);
  });

  it('when allowed, goes through up to the caps, written at the time it happened; online redemptions do not count', async () => {
    const t = await freshTenant(ctx, { balanceCents: 10_000 });
    expect((await t.req('PUT', 'rules/offline', ALLOWED)).statusCode).toBe(200);
    const occurredAt = ago(2 * HOUR);
    const first = await move(t, 'redeem', { amountCents: 2000, occurredAt });
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, json(first).transactionId));
    expect(row.createdAt.toISOString()).toBe(occurredAt);
    expect(row.receivedAt).not.toBeNull();
    expect(json(await move(t, 'redeem', { amountCents: 2001, occurredAt }))).toMatchObject({ error: OFFLINE_REDEMPTION_TEXT.overTransactionCap });
    expect((await move(t, 'redeem', { amountCents: 5000 })).statusCode).toBe(200);
    expect((await move(t, 'redeem', { amountCents: 1000, occurredAt })).statusCode).toBe(200);
    expect(json(await move(t, 'redeem', { amountCents: 1, occurredAt }))).toMatchObject({ error: OFFLINE_REDEMPTION_TEXT.overCardCap });
    const final = await balanceAndLedger(ctx.db, t.cardUid);
    expect(final.balance).toBe(10_000 - 2000 - 5000 - 1000);
    expect(final.ledgerSum).toBe(final.balance);
    expect((await conflicts(t)).items.map((c) => c.message).sort()).toEqual(
      [OFFLINE_REDEMPTION_TEXT.overCardCap, OFFLINE_REDEMPTION_TEXT.overTransactionCap].sort(),
    );
  });

  it('whose card was blocked meanwhile becomes a conflict the Store Admin lists and resolves; so does a refused offline earn', async () => {
    const t = await freshTenant(ctx, { balanceCents: 5000 });
    expect((await t.req('PUT', 'rules/offline', ALLOWED)).statusCode).toBe(200);
    const cashier = await cashierOf(t);
    expect((await t.req('POST', `cards/${t.cardUid}/block`)).statusCode).toBe(200);
    const redeem = await move(t, 'redeem', { amountCents: 1000, occurredAt: ago(HOUR) }, randomUUID(), cashier);
    expect(json(redeem)).toMatchObject({ code: 'CARD_NOT_ACTIVE', error: 'This card is blocked' });
    const earned = await move(t, 'earn', { amountCents: 4000, occurredAt: ago(3 * HOUR) }, randomUUID(), cashier);
    expect(earned.statusCode).toBe(422);
    const online = await move(t, 'earn', { amountCents: 4000 }, randomUUID(), cashier);
    expect(online.statusCode).toBe(422);
    const list = await conflicts(t);
    expect(list.items.map((c) => [c.kind, c.amountCents, c.code, c.staff?.name])).toEqual([
      ['EARN', 4000, 'CARD_NOT_ACTIVE', 'Tilly Offline'],
      ['REDEEM', 1000, 'CARD_NOT_ACTIVE', 'Tilly Offline'],
    ]);
    const id = list.items[1].id;
    const resolved = await t.req('POST', `sync-conflicts/${id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(json(resolved)).toMatchObject({ status: 'RESOLVED', resolvedBy: 'Olga Other' });
    expect(json(await t.req('POST', `sync-conflicts/${id}/resolve`))).toMatchObject({ code: 'CONFLICT', error: 'This conflict was already resolved' });
    expect((await conflicts(t)).openCount).toBe(1);
    expect((await conflicts(t, 'ALL')).items).toHaveLength(2);
  });

  it('conflict routes answer 403 to a cashier, 404 for another tenant’s conflict or a malformed id, 400 for an unknown status', async () => {
    const t = await freshTenant(ctx, { balanceCents: 5000 });
    const cashier = await cashierOf(t);
    await move(t, 'redeem', { amountCents: 100, occurredAt: ago(HOUR) });
    const [c] = (await conflicts(t)).items;
    const post = (cookie: string, slug: string, id: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/sync-conflicts/${id}/resolve`, headers: { cookie } });
    expect((await post(cashier, t.slug, c.id)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/sync-conflicts`, headers: { cookie: cashier } })).statusCode).toBe(403);
    expect((await post(s.admin, 'demo', c.id)).statusCode).toBe(404);
    expect((await post(t.cookie, t.slug, 'nope')).statusCode).toBe(404);
    expect((await t.req('GET', 'sync-conflicts?status=DONE')).statusCode).toBe(400);
    const [row] = await ctx.db.select().from(syncConflicts).where(eq(syncConflicts.id, c.id));
    expect(row.status).toBe('OPEN');
  });
});
