import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEFAULT_LIMIT_SETTINGS, OFFLINE_MOVEMENT_TEXT, type EndOfDayReport, type TransactionListResponse } from '@loyalty/contract';
import { auditLog, cashbackLots, transactions } from '../../db/schema/index.ts';
import { balanceAndLedger, createTestContext, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * Earns made offline and sent later (docs/product.md 'Offline till', ADR 0051): `occurredAt` is
 * the row's time and the arrival is kept beside it; a resend with the same Idempotency-Key moves
 * money once; at most 72 hours old, never in the future; the day is booked by it (end of day,
 * velocity limits) and the cashback rules in force then apply.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const earn = (t: FreshTenant, body: object, key = randomUUID()) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/t/${t.slug}/transactions/earn`,
    payload: { cardUid: t.cardUid, ...body },
    headers: { cookie: t.cookie, 'idempotency-key': key },
  });
const earnsOf = (t: FreshTenant) =>
  ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.cardId, t.card.id), eq(transactions.type, 'EARN')));

describe('an earn made offline', () => {
  it('is written at the time it happened with the arrival beside it, and a resend with its key is answered once', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const occurredAt = ago(30 * HOUR);
    const key = randomUUID();
    const first = await earn(t, { amountCents: 10_000, occurredAt }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await earn(t, { amountCents: 10_000, occurredAt }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(first));
    const rows = await earnsOf(t);
    expect(rows).toHaveLength(1);
    expect(rows[0].createdAt.toISOString()).toBe(occurredAt);
    expect(rows[0].receivedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [lot] = await ctx.db.select().from(cashbackLots).where(eq(cashbackLots.sourceTransactionId, rows[0].id));
    expect(lot.creditedAt.toISOString()).toBe(occurredAt);
    const list = json<TransactionListResponse>(await t.req('GET', `transactions?search=${t.cardUid}`));
    const item = list.transactions.find((i) => i.id === rows[0].id)!;
    expect(item.createdAt).toBe(occurredAt);
    expect(item.receivedAt).not.toBeNull();
    const final = await balanceAndLedger(ctx.db, t.cardUid);
    expect(final.balance).toBe(json(first).newBalance);
    expect(final.ledgerSum).toBe(final.balance);
  });

  it('an online earn has no arrival time of its own', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    expect((await earn(t, { amountCents: 1000 })).statusCode).toBe(200);
    const [row] = await earnsOf(t);
    expect(row.receivedAt).toBeNull();
  });

  it.each([
    ['10 minutes in the future', () => ago(-10 * 60_000), OFFLINE_MOVEMENT_TEXT.inFuture],
    ['not a time', () => 'yesterday', 'occurredAt must be an ISO-8601 time'],
  ])('answers 400 for an occurredAt %s, nothing written (no sync conflict either)', async (_, occurredAt, message) => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const res = await earn(t, { amountCents: 1000, occurredAt: occurredAt() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(await earnsOf(t)).toEqual([]);
    expect(json(await t.req('GET', 'sync-conflicts')).items).toEqual([]);
  });

  it('over 72 hours old is refused with 422 and kept as a sync conflict, the ledger untouched', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const res = await earn(t, { amountCents: 1000, occurredAt: ago(73 * HOUR) });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'BUSINESS_RULE', error: OFFLINE_MOVEMENT_TEXT.tooOld });
    expect(await earnsOf(t)).toEqual([]);
    expect(json(await t.req('GET', 'sync-conflicts')).items).toMatchObject([{ kind: 'EARN', amountCents: 1000, message: OFFLINE_MOVEMENT_TEXT.tooOld }]);
  });

  it('a till clock a little ahead counts as now', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const res = await earn(t, { amountCents: 1000, occurredAt: ago(-2 * 60_000) });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await earnsOf(t);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('earns at the cashback rate in force when it happened, not the one set since', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    expect((await t.req('PUT', 'rules/cashback', { rules: [{ category: 'PURCHASE', baseRateBps: 300, isActive: true }] })).statusCode).toBe(200);
    // That change was made two hours ago: the rate an hour ago was 3%.
    await ctx.db
      .update(auditLog)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'rules.cashback.update')));
    expect((await t.req('PUT', 'rules/cashback', { rules: [{ category: 'PURCHASE', baseRateBps: 1000, isActive: true }] })).statusCode).toBe(200);
    const offline = json(await earn(t, { amountCents: 10_000, occurredAt: ago(HOUR) }));
    const online = json(await earn(t, { amountCents: 10_000 }));
    expect(offline.rateBps - online.rateBps).toBe(300 - 1000);
  });

  it('is booked on the day it happened: in that day’s end of day, and counted by that day’s limits', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const occurredAt = ago(48 * HOUR);
    expect((await earn(t, { amountCents: 2500, occurredAt })).statusCode).toBe(200);
    const day = (iso: string) => iso.slice(0, 10); // the fresh tenant's time zone is UTC
    const then = json<EndOfDayReport>(await t.req('GET', `reports/end-of-day?date=${day(occurredAt)}`));
    expect(then.totals.purchases).toMatchObject({ count: 1, amountCents: 2500 });
    const today = json<EndOfDayReport>(await t.req('GET', `reports/end-of-day?date=${day(new Date().toISOString())}`));
    expect(today.totals.purchases.count).toBe(0);
    const oneADay = { ...DEFAULT_LIMIT_SETTINGS, cardEarnsPerDay: { enabled: true, count: 1, action: 'REFUSE' } };
    expect((await t.req('PUT', 'rules/limits', oneADay)).statusCode).toBe(200);
    expect((await earn(t, { amountCents: 1000 })).statusCode).toBe(200);
    expect(json(await earn(t, { amountCents: 1000, occurredAt }))).toMatchObject({ code: 'VELOCITY_LIMIT' });
  });
});

describe('a till that got no answer', () => {
  it('resends the earn with occurredAt under the same key and gets the first answer back, not a key reuse', async () => {
    const t = await freshTenant(ctx, { balanceCents: 0 });
    const key = randomUUID();
    const online = await earn(t, { amountCents: 3000 }, key);
    expect(online.statusCode).toBe(200);
    const queued = await earn(t, { amountCents: 3000, occurredAt: ago(60_000) }, key);
    expect(queued.statusCode).toBe(200);
    expect(queued.headers['idempotent-replayed']).toBe('true');
    expect(json(queued)).toEqual(json(online));
    expect(await earnsOf(t)).toHaveLength(1);
    expect((await earn(t, { amountCents: 3001, occurredAt: ago(60_000) }, key)).statusCode).toBe(409);
  });
});
