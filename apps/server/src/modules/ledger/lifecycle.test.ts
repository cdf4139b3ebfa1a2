import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { auditLog, cards, customers, offers, tenants, transactions } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  countRows,
  createTestContext,
  demoSessions,
  freshTenant,
  idempotencyKey,
  json,
  type FreshTenant,
  type TestContext,
} from '../../../test/helpers.ts';

/**
 * Ledger movements (docs/product.md 'Refunds and voids'): refunds of an EARN, the void of a REDEEM, an owner's
 * adjustment and a transaction with its reversals, through the API. Each route: success,
 * 400 (nothing written), 403, 404 for another tenant, and its 409/422 refusals.
 */

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
/** The app's clock: tests move it to pass the cashier's 15-minute void window. */
let clock: Date | null = null;
beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock ?? new Date() });
  s = await demoSessions(ctx.app);
  await ctx.db.update(offers).set({ isActive: false });
});
afterAll(() => ctx.close());

/** A money POST in the demo tenant (or `slug`) with a fresh Idempotency-Key unless `headers` says otherwise. */
const post = (path: string, payload: object, cookie: string, headers: Record<string, string> = idempotencyKey(), slug = 'demo') =>
  ctx.app.inject({ method: 'POST', url: `/api/t/${slug}/${path}`, payload, headers: { cookie, ...headers } });

/** Earns `amountCents` (PURCHASE) on a card as `cookie`; returns the EARN answer. */
async function earnOn(t: FreshTenant, amountCents: number) {
  const res = await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents });
  expect(res.statusCode).toBe(200);
  return json<{ transactionId: string; cashbackEarned: number; newBalance: number }>(res);
}

/** A fresh tenant whose money requests carry a fresh Idempotency-Key. */
const tenant = (balanceCents = 0) => freshTenant(ctx, { balanceCents, idempotencyKeys: true });

describe('POST /transactions/{id}/refund', () => {
  it('claws back cashback in proportion, then the exact remainder, and takes the amount off the total spend', async () => {
    const t = await tenant();
    // New tenant: PURCHASE 200 bps at SILVER → $50.00 earns $1.00.
    const earn = await earnOn(t, 5000);
    expect(earn.cashbackEarned).toBe(100);
    const first = await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 2000, reason: 'Returned one item' });
    expect(first.statusCode).toBe(200);
    expect(json(first)).toMatchObject({ refundedAmountCents: 2000, clawedBackCents: 40, unrecoveredCents: 0, remainingAmountCents: 3000, newBalanceCents: 60 });
    const [holder] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    expect(holder.totalSpendCents).toBe(3000);
    // Three more partial refunds of $10.00: floor(100 × 1000 / 5000) = 20 each, the last takes what is left (20).
    for (const expected of [20, 20]) {
      const res = await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 1000 });
      expect(json(res).clawedBackCents).toBe(expected);
    }
    const last = json(await t.req('POST', `transactions/${earn.transactionId}/refund`, {}));
    expect(last).toMatchObject({ refundedAmountCents: 1000, clawedBackCents: 20, remainingAmountCents: 0, newBalanceCents: 0 });
    const ledger = await balanceAndLedger(ctx.db, t.cardUid);
    expect(ledger).toMatchObject({ balance: 0, ledgerSum: 0 });
    const detail = json(await t.req('GET', `transactions/${earn.transactionId}`));
    expect(detail.reversedAmountCents).toBe(5000);
    expect(detail.reversals.map((r: { type: string; amountCents: number; cashbackCents: number }) => [r.type, r.amountCents, r.cashbackCents])).toEqual([
      ['REFUND', 2000, 40],
      ['REFUND', 1000, 20],
      ['REFUND', 1000, 20],
      ['REFUND', 1000, 20],
    ]);
    expect(detail.reversals[0]).toMatchObject({ note: 'Returned one item', reversesTransactionId: earn.transactionId });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'transaction.refund')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit.userId).toBe(t.adminId);
    // Fully refunded: a further refund is refused and writes nothing.
    const rows = await countRows(ctx.db, 'transactions');
    const again = await t.req('POST', `transactions/${earn.transactionId}/refund`, {});
    expect(again.statusCode).toBe(422);
    expect(json(again).error).toBe('This purchase is already fully refunded');
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
  });

  it('refuses more than is left of the purchase (422) and writes nothing', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 1000);
    await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 600 });
    const rows = await countRows(ctx.db, 'transactions');
    const res = await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 401 });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ error: 'Refund exceeds the remaining purchase amount', details: { remainingAmountCents: 400 } });
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
  });

  it('takes the balance to 0, never below, and records the shortfall in unrecoveredCents; a BLOCKED card can be refunded', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 10_000); // $2.00 cashback
    expect(json(await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 150 })).newBalance).toBe(50);
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, t.card.id));
    const res = await t.req('POST', `transactions/${earn.transactionId}/refund`, {});
    expect(json(res)).toMatchObject({ clawedBackCents: 50, unrecoveredCents: 150, newBalanceCents: 0 });
    const [row] = await ctx.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, json(res).transactionId));
    expect(row).toMatchObject({ type: 'REFUND', cashbackCents: 200, unrecoveredCents: 150, beforeBalanceCents: 50, afterBalanceCents: 0 });
  });

  it('moves the customer back down a tier when the refund takes their spend under the threshold', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 60_000); // $600 crosses GOLD at $500
    const [gold] = await ctx.db.select().from(customers).where(eq(customers.id, t.customer.id));
    expect(gold.tier).toBe('GOLD');
    expect(json(await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 20_000 })).tier).toBe('SILVER');
  });

  it('replays the first answer for a retry with the same Idempotency-Key and refunds once', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000);
    const key = idempotencyKey();
    const a = await post(`transactions/${earn.transactionId}/refund`, { amountCents: 1000 }, t.cookie, key, t.slug);
    const b = await post(`transactions/${earn.transactionId}/refund`, { amountCents: 1000 }, t.cookie, key, t.slug);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(json(b)).toEqual(json(a));
    expect(json(await t.req('GET', `transactions/${earn.transactionId}`)).reversals).toHaveLength(1);
  });

  it('answers 400 for a bad amount or no Idempotency-Key, and writes nothing', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000);
    const rows = await countRows(ctx.db, 'transactions');
    for (const payload of [{ amountCents: 0 }, { amountCents: 12.5 }, { amountCents: '10' }, { reason: 'x'.repeat(201) }]) {
      expect((await t.req('POST', `transactions/${earn.transactionId}/refund`, payload)).statusCode).toBe(400);
    }
    const noKey = await post(`transactions/${earn.transactionId}/refund`, {}, t.cookie, {}, t.slug);
    expect(noKey.statusCode).toBe(400);
    expect(json(noKey).error).toBe('Idempotency-Key header required');
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
  });

  it('403 for a customer, 403 for a cashier on another store’s purchase, 422 for a row that is not an EARN', async () => {
    const list = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/transactions?type=EARN&limit=50', headers: { cookie: s.admin } }));
    const main = list.transactions.find((r: { storeName: string }) => r.storeName === 'Main Store');
    const downtown = list.transactions.find((r: { storeName: string }) => r.storeName !== 'Main Store');
    expect((await post(`transactions/${main.id}/refund`, {}, s.customer)).statusCode).toBe(403);
    // GET /transactions/{id}: staff only.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/transactions/${main.id}`, headers: { cookie: s.customer } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/transactions/${main.id}`, headers: { cookie: s.cashier } })).statusCode).toBe(200);
    const other = await post(`transactions/${downtown.id}/refund`, {}, s.cashier);
    expect(other.statusCode).toBe(403);
    expect(json(other).error).toBe('You can only process transactions for your own store');
    const redeem = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/transactions?type=REDEEM&limit=1', headers: { cookie: s.admin } }))
      .transactions[0];
    const notEarn = await post(`transactions/${redeem.id}/refund`, {}, s.admin);
    expect(notEarn.statusCode).toBe(422);
    expect(json(notEarn).error).toBe('Only purchases (EARN) can be refunded');
  });

  it('404 for another tenant’s transaction and for a malformed id', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000);
    const res = await post(`transactions/${earn.transactionId}/refund`, {}, s.admin);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Transaction not found');
    expect((await post('transactions/not-a-uuid/refund', {}, s.admin)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/transactions/${earn.transactionId}`, headers: { cookie: s.admin } })).statusCode).toBe(404);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(100);
  });
});

describe('POST /transactions/{id}/void', () => {
  /** A redemption of `amountCents` on the demo card at the main store, as the cashier. */
  async function redeemAtMain(amountCents: number) {
    const res = await post('transactions/redeem', { cardUid: 'DEM0CARD0001', amountCents }, s.cashier);
    expect(res.statusCode).toBe(200);
    return json<{ transactionId: string; newBalance: number }>(res);
  }

  it('gives the amount back once; a second void is 409 and writes nothing', async () => {
    const redeem = await redeemAtMain(125);
    const res = await post(`transactions/${redeem.transactionId}/void`, { reason: 'Rung up twice' }, s.cashier);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ restoredCents: 125, newBalanceCents: redeem.newBalance + 125 });
    const rows = await countRows(ctx.db, 'transactions');
    const again = await post(`transactions/${redeem.transactionId}/void`, { reason: 'Rung up twice' }, s.admin);
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('Transaction already voided');
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
    const ledger = await balanceAndLedger(ctx.db, 'DEM0CARD0001');
    expect(ledger.balance).toBe(ledger.ledgerSum);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'transaction.void')).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(audit.after).toMatchObject({ restoredCents: 125, reason: 'Rung up twice' });
  });

  it('lets a cashier void only within 15 minutes (403 after); an admin at any time', async () => {
    const redeem = await redeemAtMain(100);
    clock = new Date(Date.now() + 16 * 60 * 1000);
    try {
      const late = await post(`transactions/${redeem.transactionId}/void`, { reason: 'Too late' }, s.cashier);
      expect(late.statusCode).toBe(403);
      expect(json(late).error).toBe('Cashiers can void a redemption only within 15 minutes; ask an admin');
      expect((await post(`transactions/${redeem.transactionId}/void`, { reason: 'Owner fix' }, s.admin)).statusCode).toBe(200);
    } finally {
      clock = null;
    }
  });

  it('400 without a reason (nothing written), 403 for a customer, 422 for a row that is not a REDEEM, 404 for another tenant', async () => {
    const redeem = await redeemAtMain(100);
    const rows = await countRows(ctx.db, 'transactions');
    for (const payload of [{}, { reason: 'ab' }, { reason: 'x'.repeat(201) }]) {
      expect((await post(`transactions/${redeem.transactionId}/void`, payload, s.admin)).statusCode).toBe(400);
    }
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
    expect((await post(`transactions/${redeem.transactionId}/void`, { reason: 'Mine now' }, s.customer)).statusCode).toBe(403);
    const earn = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/transactions?type=EARN&limit=1', headers: { cookie: s.admin } })).transactions[0];
    const notRedeem = await post(`transactions/${earn.id}/void`, { reason: 'Wrong type' }, s.admin);
    expect(notRedeem.statusCode).toBe(422);
    expect(json(notRedeem).error).toBe('Only redemptions (REDEEM) can be voided');
    const t = await tenant(500);
    const theirs = json(await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 100 }));
    expect((await post(`transactions/${theirs.transactionId}/void`, { reason: 'Not yours' }, s.admin)).statusCode).toBe(404);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(400);
  });
});

describe('POST /cards/{cardUid}/adjust', () => {
  it('credits and debits with a reason, never below zero (422, nothing written)', async () => {
    const t = await tenant(300);
    const up = await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: 250, reason: 'Goodwill credit' });
    expect(up.statusCode).toBe(200);
    expect(json(up)).toMatchObject({ deltaCents: 250, newBalanceCents: 550 });
    const down = json(await t.req('POST', `cards/${t.cardUid.toLowerCase()}/adjust`, { deltaCents: -50, reason: 'Correction' }));
    expect(down.newBalanceCents).toBe(500);
    const rows = await countRows(ctx.db, 'transactions');
    const below = await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: -501, reason: 'Too much' });
    expect(below.statusCode).toBe(422);
    expect(json(below).error).toBe('Balance cannot go below zero');
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
    const list = json(await t.req('GET', 'transactions?type=ADJUST'));
    expect(list.transactions.slice(0, 2).map((r: { amountCents: number; note: string }) => [r.amountCents, r.note])).toEqual([
      [-50, 'Correction'],
      [250, 'Goodwill credit'],
    ]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'card.adjust')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ userId: t.adminId, entityId: t.card.id });
    expect(await balanceAndLedger(ctx.db, t.cardUid)).toMatchObject({ balance: 500, ledgerSum: 500 });
  });

  it('400 for a zero, oversized or fractional delta or a short reason (nothing written); 403 for a cashier; 404 for another tenant’s card', async () => {
    const t = await tenant(300);
    const rows = await countRows(ctx.db, 'transactions');
    for (const payload of [
      { deltaCents: 0, reason: 'Nothing' },
      { deltaCents: 100_001, reason: 'Too big' },
      { deltaCents: 1.5, reason: 'Fraction' },
      { deltaCents: 100, reason: 'no' },
      { deltaCents: 100 },
    ]) {
      expect((await t.req('POST', `cards/${t.cardUid}/adjust`, payload)).statusCode).toBe(400);
    }
    expect(await countRows(ctx.db, 'transactions')).toBe(rows);
    expect((await post('cards/DEM0CARD0001/adjust', { deltaCents: 100, reason: 'Cashier try' }, s.cashier)).statusCode).toBe(403);
    expect((await post(`cards/${t.cardUid}/adjust`, { deltaCents: 100, reason: 'Not ours' }, s.admin)).statusCode).toBe(404);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(300);
  });
});

describe('what the other screens show after a refund and a void (ADR 0014)', () => {
  it('the dashboard nets claw-backs out of Cashback Issued and voids out of Cashback Redeemed; the list knows the new types', async () => {
    const t = await tenant();
    const stats = async () => json(await t.req('GET', 'reports/dashboard')).stats;
    const earn = await earnOn(t, 5000); // $1.00 cashback
    const redeem = json(await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 30 }));
    expect(await stats()).toMatchObject({ totalCashbackIssued: 100, totalCashbackRedeemed: 30 });
    await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 2500 });
    await t.req('POST', `transactions/${redeem.transactionId}/void`, { reason: 'Wrong card' });
    expect(await stats()).toMatchObject({ totalCashbackIssued: 50, totalCashbackRedeemed: 0 });
    const refunds = json(await t.req('GET', 'transactions?type=REFUND'));
    expect(refunds.total).toBe(1);
    expect(refunds.transactions[0]).toMatchObject({ type: 'REFUND', amountCents: 2500, cashbackCents: 50, reversesTransactionId: earn.transactionId });
    const listed = json(await t.req('GET', 'transactions?type=REDEEM')).transactions[0];
    expect(listed).toMatchObject({ id: redeem.transactionId, reversedAmountCents: 30 });
    // The POS lists the loaded card's rows: cardId filters to that card, newest first.
    const ofCard = json(await t.req('GET', `transactions?cardId=${t.card.id}&limit=10`));
    expect(ofCard.total).toBe(5);
    expect(ofCard.transactions.map((r: { type: string }) => r.type)).toEqual(['VOID', 'REFUND', 'REDEEM', 'EARN', 'ADJUST']);
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/t/demo/transactions?cardId=${t.card.id}`, headers: { cookie: s.admin } })).total).toBe(0);
  });
});

describe('concurrent reversals (real races on PostgreSQL: npm run test:api:pg)', () => {
  it('ten parallel refunds of $10.00 on a $50.00 purchase: five succeed, five get 422, the cashback comes back exactly once', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000); // $1.00 cashback
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 1000 })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(5);
    const detail = json(await t.req('GET', `transactions/${earn.transactionId}`));
    expect(detail.reversedAmountCents).toBe(5000);
    expect(detail.reversals.reduce((s: number, r: { cashbackCents: number }) => s + r.cashbackCents, 0)).toBe(100);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(0);
  });

  it('a refund racing a redemption of the same cashback: the card never goes below zero and the shortfall is recorded', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000); // balance $1.00
    const [refund, redeem] = await Promise.all([
      t.req('POST', `transactions/${earn.transactionId}/refund`, {}),
      t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 100 }),
    ]);
    expect(refund.statusCode).toBe(200);
    if (redeem.statusCode === 200) expect(json(refund)).toMatchObject({ clawedBackCents: 0, unrecoveredCents: 100 });
    else {
      expect(redeem.statusCode).toBe(422);
      expect(json(refund)).toMatchObject({ clawedBackCents: 100, unrecoveredCents: 0 });
    }
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(0);
  });
});

describe('the injectable clock', () => {
  it('earn reads the app clock: past a PAST_DUE grace period the till refuses; a refund, a correction, still works (ADR 0014)', async () => {
    const t = await tenant();
    const earn = await earnOn(t, 5000);
    await ctx.db
      .update(tenants)
      .set({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 7 * 86_400_000) })
      .where(eq(tenants.id, t.tenant.id));
    expect((await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 100 })).statusCode).toBe(200);
    clock = new Date(Date.now() + 10 * 86_400_000);
    try {
      const late = await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 5000 });
      expect(late.statusCode).toBe(403);
      expect(json(late).code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await t.req('POST', `transactions/${earn.transactionId}/refund`, {})).statusCode).toBe(200);
    } finally {
      clock = null;
    }
  });
});
