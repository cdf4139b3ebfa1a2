import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, cardOrders, cards, checkoutSessions, customers, payments, tenants, transactions } from '../../db/schema/index.ts';
import type { Tx } from '../../db/client.ts';
import {
  balanceAndLedger,
  createTestContext,
  freshTenant as signedInTenant,
  demoSessions,
  idempotencyKey,
  json,
  type TestContext,
} from '../../../test/helpers.ts';
import { CHECKOUT_EFFECTS } from '../../wiring.ts';
import type { CheckoutOutcome } from './checkouts.ts';
import { completeCheckout } from './complete-checkout.ts';

/**
 * Hosted checkouts under /api/t/{slug}/checkout (docs/product.md 'Payments') on the
 * Demo provider: the checkout page's data, Pay and Cancel, and completeCheckout applying a
 * payment exactly once, also for two parallel transactions (real ones on PostgreSQL).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST';

/** A fresh trial tenant (customer with one ACTIVE card holding $10.00) with its admin signed in. */
async function freshTenant() {
  // Every call carries a fresh Idempotency-Key: add funds requires one (ADR 0004), the other routes ignore it.
  const t = await signedInTenant(ctx, { balanceCents: 1000, idempotencyKeys: true });
  /** Opens an add-funds checkout through the API and returns its id. */
  const openAddFunds = async (amountCents: number) => {
    const res = await t.req('POST', `customers/${t.customer.id}/add-funds`, { amountCents });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).checkoutUrl.split('/').pop() as string;
  };
  return { ...t, openAddFunds };
}

async function adjustRows(cardId: string) {
  return ctx.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.cardId, cardId), eq(transactions.type, 'ADD_FUNDS')));
}

async function checkoutRow(id: string) {
  const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

async function count(table: string): Promise<number> {
  const res = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** The guard on one route of the demo tenant: 403 cashier and customer, 401 signed out, 404 on another tenant's slug. */
async function expectGuarded(method: Method, path: string) {
  const other = await freshTenant();
  const url = (slug: string) => `/api/t/${slug}/${path}`;
  expect((await ctx.app.inject({ method, url: url('demo'), headers: { cookie: s.cashier } })).statusCode).toBe(403);
  expect((await ctx.app.inject({ method, url: url('demo'), headers: { cookie: s.customer } })).statusCode).toBe(403);
  expect((await ctx.app.inject({ method, url: url('demo') })).statusCode).toBe(401);
  const cross = await ctx.app.inject({ method, url: url(other.slug), headers: { cookie: s.admin } });
  expect(cross.statusCode).toBe(404);
  expect(json(cross).error).toBe('Tenant not found');
}

/** An OPEN add-funds checkout of the demo tenant (for guard tests: they must leave it OPEN). */
async function demoCheckoutId() {
  const [jane] = await ctx.db.select({ customerId: cards.customerId }).from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/t/demo/customers/${jane.customerId}/add-funds`,
    headers: { cookie: s.admin, ...idempotencyKey() },
    payload: { amountCents: 500 },
  });
  return json(res).checkoutUrl.split('/').pop() as string;
}

describe('add funds through the Demo checkout, end to end', () => {
  it('add-funds → checkoutUrl → view → Pay: balance +amount through exactly one ADD_FUNDS row; Pay again credits nothing', async () => {
    const t = await freshTenant();
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    const paymentsBefore = await count('payments');
    const res = await t.req('POST', `customers/${t.customer.id}/add-funds`, { amountCents: 2550 });
    const { checkoutUrl } = json(res);
    expect(checkoutUrl).toMatch(new RegExp(`^/t/${t.slug}/checkout/[0-9a-f-]{36}$`));
    const id = checkoutUrl.split('/').pop();

    const view = await t.req('GET', `checkout/${id}`);
    expect(view.statusCode).toBe(200);
    expect(json(view)).toMatchObject({
      id,
      kind: 'ADD_FUNDS',
      status: 'OPEN',
      amountCents: 2550,
      returnUrl: `/t/${t.slug}/customers?funds=added&customer=${t.customer.id}`,
      cancelUrl: `/t/${t.slug}/customers?funds=canceled&customer=${t.customer.id}`,
    });
    expect(json(view).description).toContain('$25.50');

    const paid = await t.req('POST', `checkout/${id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(json(paid)).toMatchObject({ id, status: 'COMPLETED', amountCents: 2550 });

    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(before.balance + 2550);
    expect(after.ledgerSum).toBe(after.balance);
    expect(after.rows).toBe(before.rows + 1);
    const rows = await adjustRows(t.card.id);
    const credit = rows.find((r) => r.note === 'Added funds online')!;
    expect(credit).toMatchObject({
      type: 'ADD_FUNDS',
      category: null,
      amountCents: 2550,
      cashbackCents: 0,
      beforeBalanceCents: before.balance,
      afterBalanceCents: before.balance + 2550,
      customerId: t.customer.id,
      storeId: t.store.id,
      userId: t.adminId,
    });
    const row = await checkoutRow(id);
    expect(row.completedAt).not.toBeNull();
    expect(row.providerPaymentId).toMatch(/^demo_pay_/);
    // Add funds is the store's money, not platform revenue: no payments row.
    expect(await count('payments')).toBe(paymentsBefore);

    // The credit shows in the ledger the Transactions page reads.
    const list = json(await t.req('GET', `transactions?type=ADD_FUNDS`));
    expect(list.transactions.some((tx: { amountCents: number; note: string }) => tx.amountCents === 2550 && tx.note === 'Added funds online')).toBe(true);

    const again = await t.req('POST', `checkout/${id}/pay`);
    expect(again.statusCode).toBe(200);
    expect(json(again).status).toBe('COMPLETED');
    const final = await balanceAndLedger(ctx.db, t.cardUid);
    expect(final.balance).toBe(after.balance);
    expect(final.rows).toBe(after.rows);
  });

  it('Cancel → CANCELED (again: same view); Pay after Cancel is 409 and credits nothing', async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(1000);
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    const canceled = await t.req('POST', `checkout/${id}/cancel`);
    expect(canceled.statusCode).toBe(200);
    expect(json(canceled)).toMatchObject({ id, status: 'CANCELED' });
    expect(json(await t.req('POST', `checkout/${id}/cancel`)).status).toBe('CANCELED');
    const pay = await t.req('POST', `checkout/${id}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(json(pay).error).toBe('This checkout was canceled');
    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(before.balance);
    expect(after.rows).toBe(before.rows);
    expect((await checkoutRow(id)).status).toBe('CANCELED');
  });

  it("Cancel after Pay is 409 'This checkout is already paid' and the credit stays", async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(1000);
    await t.req('POST', `checkout/${id}/pay`);
    const res = await t.req('POST', `checkout/${id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('This checkout is already paid');
    expect((await checkoutRow(id)).status).toBe('COMPLETED');
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(2000);
  });

  it('credits a card that was BLOCKED after the checkout opened (the money is paid)', async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(700);
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, t.card.id));
    expect((await t.req('POST', `checkout/${id}/pay`)).statusCode).toBe(200);
    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(1700);
    expect(after.ledgerSum).toBe(1700);
  });

  it('does not credit a card that no longer belongs to the customer: COMPLETED, no ledger row, an audit row for a manual refund', async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(700);
    const [someoneElse] = await ctx.db.insert(customers).values({ tenantId: t.tenant.id, firstName: 'Some', lastName: 'One' }).returning();
    await ctx.db.update(cards).set({ customerId: someoneElse.id }).where(eq(cards.id, t.card.id));
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    const res = await t.req('POST', `checkout/${id}/pay`);
    expect(res.statusCode).toBe(200);
    expect(json(res).status).toBe('COMPLETED');
    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(before.balance);
    expect(after.rows).toBe(before.rows);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'checkout.add_funds_not_credited')));
    expect(audit.after).toMatchObject({ amountCents: 700, cardId: t.card.id, customerId: t.customer.id });
  });
});

describe('GET /checkout/{id}', () => {
  it("404 'Checkout not found' for an unknown, a malformed or another tenant's checkout id", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const foreign = await other.openAddFunds(1000);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', foreign]) {
      const res = await t.req('GET', `checkout/${id}`);
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Checkout not found');
    }
  });
  it('is guarded', async () => expectGuarded('GET', `checkout/${await demoCheckoutId()}`));
  it('platform_admin may read it', async () => {
    const id = await demoCheckoutId();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/demo/checkout/${id}`, headers: { cookie: s.platform } })).statusCode).toBe(200);
  });
});

describe('POST /checkout/{id}/pay', () => {
  it("404 for another tenant's checkout, and nothing is credited", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const foreign = await other.openAddFunds(1000);
    const res = await t.req('POST', `checkout/${foreign}/pay`);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Checkout not found');
    expect((await checkoutRow(foreign)).status).toBe('OPEN');
    expect((await balanceAndLedger(ctx.db, other.cardUid)).balance).toBe(1000);
    expect((await t.req('POST', 'checkout/not-a-uuid/pay')).statusCode).toBe(404);
  });
  it("409 'This checkout is paid with the payment provider' for a provider's checkout, nothing credited", async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(1000);
    await ctx.db.update(checkoutSessions).set({ provider: 'stripe' }).where(eq(checkoutSessions.id, id));
    for (const action of ['pay', 'cancel']) {
      const res = await t.req('POST', `checkout/${id}/${action}`);
      expect(res.statusCode).toBe(409);
      expect(json(res).error).toBe('This checkout is paid with the payment provider');
    }
    expect((await checkoutRow(id)).status).toBe('OPEN');
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(1000);
  });
  it('is guarded (the checkout stays OPEN)', async () => {
    const id = await demoCheckoutId();
    await expectGuarded('POST', `checkout/${id}/pay`);
    expect((await checkoutRow(id)).status).toBe('OPEN');
  });
});

describe('POST /checkout/{id}/cancel', () => {
  it("404 for another tenant's or an unknown checkout, which stays OPEN", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const foreign = await other.openAddFunds(1000);
    const res = await t.req('POST', `checkout/${foreign}/cancel`);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Checkout not found');
    expect((await checkoutRow(foreign)).status).toBe('OPEN');
    expect((await t.req('POST', 'checkout/00000000-0000-4000-8000-000000000000/cancel')).statusCode).toBe(404);
  });
  it('is guarded (the checkout stays OPEN)', async () => {
    const id = await demoCheckoutId();
    await expectGuarded('POST', `checkout/${id}/cancel`);
    expect((await checkoutRow(id)).status).toBe('OPEN');
  });
});

/**
 * Runs completeCheckout for `ref` in two transactions at once. On PostgreSQL both
 * transactions are open before either calls completeCheckout (a barrier), so the second
 * really waits on the first's row lock; PGlite has one connection and runs them one after
 * the other.
 */
async function completeTwiceInParallel(ref: Parameters<typeof completeCheckout>[2]): Promise<CheckoutOutcome[]> {
  const parallel = ctx.handle.kind === 'postgres';
  let arrived = 0;
  let release!: () => void;
  const barrier = new Promise<void>((r) => (release = r));
  const run = (n: number) =>
    ctx.db.transaction(async (tx: Tx) => {
      await tx.execute(sql`select 1`);
      if (parallel) {
        if (++arrived === 2) release();
        await barrier;
      }
      return completeCheckout(tx, CHECKOUT_EFFECTS, ref, { providerPaymentId: `race_pay_${n}_${Math.random()}` }, new Date());
    });
  return Promise.all([run(1), run(2)]);
}

describe('completeCheckout applies a payment once', () => {
  it('two parallel completions of one add-funds checkout credit once', async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(4200);
    const outcomes = await completeTwiceInParallel({ tenantId: t.tenant.id, checkoutId: id });
    expect(outcomes.sort()).toEqual(['already-completed', 'completed']);
    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(1000 + 4200);
    expect(after.ledgerSum).toBe(after.balance);
    expect((await adjustRows(t.card.id)).filter((r) => r.note === 'Added funds online')).toHaveLength(1);
  });

  it('two parallel completions of one card-order checkout (the webhook path, by provider session id) add the cards once', async () => {
    const t = await freshTenant();
    const order = json(
      await t.req('POST', 'card-orders', {
        cardType: 'SINGLE_SIDED',
        quantity: 50,
        shippingAddress: { name: 'Olga Other', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      }),
    );
    const url = json(await t.req('POST', 'card-orders/checkout', { orderId: order.id })).checkoutUrl as string;
    const id = url.split('/').pop()!;
    const cardsBefore = await count('cards');
    const outcomes = await completeTwiceInParallel({ providerSessionId: `demo_cs_${id}` });
    expect(outcomes.sort()).toEqual(['already-completed', 'completed']);
    expect(await count('cards')).toBe(cardsBefore + 50);
    const [tenant] = await ctx.db.select({ purchasedCards: tenants.purchasedCards }).from(tenants).where(eq(tenants.id, t.tenant.id));
    expect(tenant.purchasedCards).toBe(50);
    const paid = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, t.tenant.id), eq(payments.kind, 'card_order')));
    expect(paid).toHaveLength(1);
    const [row] = await ctx.db.select().from(cardOrders).where(eq(cardOrders.id, order.id));
    expect(row.status).toBe('PAID');
  });

  it("answers 'not-found' for an unknown session and 'canceled' for a canceled checkout, changing nothing", async () => {
    const t = await freshTenant();
    const id = await t.openAddFunds(1000);
    await t.req('POST', `checkout/${id}/cancel`);
    const outcomes = await ctx.db.transaction(async (tx) => [
      await completeCheckout(tx, CHECKOUT_EFFECTS, { providerSessionId: 'demo_cs_nope' }, { providerPaymentId: null }, new Date()),
      await completeCheckout(tx, CHECKOUT_EFFECTS, { tenantId: t.tenant.id, checkoutId: 'malformed' }, { providerPaymentId: null }, new Date()),
      await completeCheckout(tx, CHECKOUT_EFFECTS, { providerSessionId: `demo_cs_${id}` }, { providerPaymentId: null }, new Date()),
    ]);
    expect(outcomes).toEqual(['not-found', 'not-found', 'canceled']);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(1000);
  });
});
