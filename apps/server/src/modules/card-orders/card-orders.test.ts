import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { CARD_ORDER_PRICING } from '@loyalty/domain';
import { auditLog, cardOrders, cards, checkoutSessions, payments, stores, tenants } from '../../db/schema/index.ts';
import { createTestContext, freshTenant as signedInTenant, demoSessions, json, type TestContext } from '../../../test/helpers.ts';

/**
 * Card orders (docs/product.md 'Card orders'): the public price list, orders
 * under /api/t/{slug}/card-orders, their Demo checkout, and cancellation with refund. A paid
 * order adds its quantity of UNASSIGNED cards and raises the quota by as much.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'DELETE';

const ADDRESS = { name: 'Olga Other', line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
const ORDER = { cardType: 'SINGLE_SIDED', quantity: 500, shippingAddress: ADDRESS };

/** A fresh trial tenant (one store, one ACTIVE card) with its admin signed in. */
async function freshTenant() {
  const t = await signedInTenant(ctx, { balanceCents: 1000 });
  const { req } = t;
  const order = async (body: object = ORDER) => {
    const res = await req('POST', 'card-orders', body);
    expect(res.statusCode, res.body).toBe(201);
    return json(res) as { id: string; quantity: number; totalCents: number; status: string };
  };
  const checkout = async (orderId: string) => {
    const res = await req('POST', 'card-orders/checkout', { orderId });
    expect(res.statusCode, res.body).toBe(200);
    return json(res).checkoutUrl.split('/').pop() as string;
  };
  /** Orders, checks out and pays through the Demo checkout; returns the order. */
  const paidOrder = async (body: object = ORDER) => {
    const o = await order(body);
    const id = await checkout(o.id);
    const pay = await req('POST', `checkout/${id}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    return o;
  };
  const tenantInfo = async () => json(await req('GET', 'tenant')).subscriptionInfo as { cardLimit: number; cardsUsed: number; cardsRemaining: number };
  const unassignedTotal = async () => json(await req('GET', 'cards?status=UNASSIGNED&limit=1')).total as number;
  return { ...t, order, checkout, paidOrder, tenantInfo, unassignedTotal };
}

async function count(table: string): Promise<number> {
  const res = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
}

/** What card-order routes could write, across all tenants. */
async function snapshot() {
  const [t] = await ctx.db.select({ p: sql<number>`coalesce(sum(${tenants.purchasedCards}), 0)::int` }).from(tenants);
  const [statuses] = await ctx.db.select({ s: sql<string>`coalesce(string_agg(${cardOrders.status}, ',' order by ${cardOrders.id}), '')` }).from(cardOrders);
  const [checkouts] = await ctx.db
    .select({ s: sql<string>`coalesce(string_agg(${checkoutSessions.status}, ',' order by ${checkoutSessions.id}), '')` })
    .from(checkoutSessions);
  return {
    orders: await count('card_orders'),
    orderStatuses: statuses.s,
    checkouts: checkouts.s,
    cards: await count('cards'),
    payments: await count('payments'),
    purchased: t.p,
    audit: await count('audit_log'),
  };
}

/** The guard on one route of the demo tenant: 403 cashier and customer, 401 signed out, 404 on another tenant's slug; nothing written. */
async function expectGuarded(method: Method, path: string, payload?: object) {
  const other = await freshTenant();
  const before = await snapshot();
  const call = (slug: string, cookie?: string) =>
    ctx.app.inject({ method, url: `/api/t/${slug}/${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  expect((await call('demo', s.cashier)).statusCode).toBe(403);
  expect((await call('demo', s.customer)).statusCode).toBe(403);
  expect((await call('demo')).statusCode).toBe(401);
  const cross = await call(other.slug, s.admin);
  expect(cross.statusCode).toBe(404);
  expect(json(cross).error).toBe('Tenant not found');
  expect(await snapshot()).toEqual(before);
}

/** A PENDING_PAYMENT order of the demo tenant, for guard tests. */
async function demoOrderId() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/t/demo/card-orders', headers: { cookie: s.admin }, payload: ORDER });
  return json(res).id as string;
}

describe('GET /api/card-orders/pricing', () => {
  it('answers the price list without login', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/card-orders/pricing' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual(CARD_ORDER_PRICING);
    expect(json(res)).toMatchObject({ currency: 'usd', minQuantity: 50, maxQuantity: 10_000 });
  });
});

describe('POST /card-orders', () => {
  it('creates a PENDING_PAYMENT order priced from the tier of its quantity (cents), audit-logged', async () => {
    const t = await freshTenant();
    const res = await t.req('POST', 'card-orders', { cardType: 'DOUBLE_SIDED_CUSTOM', quantity: 2000, shippingAddress: ADDRESS });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body).toMatchObject({
      cardType: 'DOUBLE_SIDED_CUSTOM',
      quantity: 2000,
      unitPriceCents: 60,
      totalCents: 120_000,
      status: 'PENDING_PAYMENT',
      paidAt: null,
      shippingAddress: { ...ADDRESS, line2: '' },
    });
    const small = json(await t.req('POST', 'card-orders', { ...ORDER, quantity: 499 }));
    expect(small).toMatchObject({ unitPriceCents: 50, totalCents: 24_950 });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, body.id), eq(auditLog.action, 'card_order.create')));
    expect(audit.after).toMatchObject({ quantity: 2000, totalCents: 120_000 });
    // No cards and no quota until it is paid.
    expect((await t.tenantInfo()).cardLimit).toBe(40);
  });

  it.each([
    ['quantity 49', { ...ORDER, quantity: 49 }, 'body.quantity'],
    ['quantity 10001', { ...ORDER, quantity: 10_001 }, 'body.quantity'],
    ['a fractional quantity', { ...ORDER, quantity: 50.5 }, 'body.quantity'],
    ['an unknown card type', { ...ORDER, cardType: 'GOLD_FOIL' }, 'body.cardType'],
    ['no city', { ...ORDER, shippingAddress: { ...ADDRESS, city: '  ' } }, 'body.shippingAddress.city'],
    ['no address', { cardType: 'SINGLE_SIDED', quantity: 100 }, 'body.shippingAddress'],
  ])('answers 400 for %s, nothing written', async (_label, body, field) => {
    const t = await freshTenant();
    const before = await snapshot();
    const res = await t.req('POST', 'card-orders', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).details[0].field).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it("quantity errors carry the contract's text", async () => {
    const t = await freshTenant();
    const res = await t.req('POST', 'card-orders', { ...ORDER, quantity: 10 });
    expect(json(res).details[0].message).toBe('Quantity must be between 50 and 10,000');
  });

  it('is guarded', () => expectGuarded('POST', 'card-orders', ORDER));
});

describe('GET /card-orders and /card-orders/{id}', () => {
  it("lists the tenant's own orders newest first; another tenant's orders are neither listed nor readable", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const a = await t.order();
    const b = await t.order({ ...ORDER, quantity: 60 });
    const foreign = await other.order();
    const list = await t.req('GET', 'card-orders');
    expect(list.statusCode).toBe(200);
    expect(json(list).orders.map((o: { id: string }) => o.id)).toEqual([b.id, a.id]);
    const one = await t.req('GET', `card-orders/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(json(one)).toMatchObject({ id: a.id, quantity: 500, totalCents: 20_000, status: 'PENDING_PAYMENT' });
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.req('GET', `card-orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Order not found');
    }
  });
  it('GET /card-orders is guarded', () => expectGuarded('GET', 'card-orders'));
  it('GET /card-orders/{id} is guarded', async () => expectGuarded('GET', `card-orders/${await demoOrderId()}`));
});

describe('POST /card-orders/checkout', () => {
  it("opens a checkout for the order's total; a second call cancels the first, so one stays payable", async () => {
    const t = await freshTenant();
    const o = await t.order();
    const first = await t.checkout(o.id);
    const view = json(await t.req('GET', `checkout/${first}`));
    expect(view).toMatchObject({
      kind: 'CARD_ORDER',
      status: 'OPEN',
      amountCents: 20_000,
      returnUrl: `/t/${t.slug}/card-orders?paid=${o.id}`,
      cancelUrl: `/t/${t.slug}/card-orders?canceled=${o.id}`,
    });
    const second = await t.checkout(o.id);
    expect(second).not.toBe(first);
    expect(json(await t.req('GET', `checkout/${first}`)).status).toBe('CANCELED');
    const stale = await t.req('POST', `checkout/${first}/pay`);
    expect(stale.statusCode).toBe(409);
    expect(json(stale).error).toBe('This checkout was canceled');
    const [row] = await ctx.db.select().from(cardOrders).where(eq(cardOrders.id, o.id));
    expect(row).toMatchObject({ status: 'PENDING_PAYMENT', providerCheckoutId: `demo_cs_${second}` });
  });

  it("409 'This order is already paid' / 'This order was cancelled', nothing written", async () => {
    const t = await freshTenant();
    const paid = await t.paidOrder({ ...ORDER, quantity: 50 });
    const cancelled = await t.order();
    await t.req('DELETE', `card-orders/${cancelled.id}`);
    const before = await snapshot();
    const a = await t.req('POST', 'card-orders/checkout', { orderId: paid.id });
    expect(a.statusCode).toBe(409);
    expect(json(a).error).toBe('This order is already paid');
    const b = await t.req('POST', 'card-orders/checkout', { orderId: cancelled.id });
    expect(b.statusCode).toBe(409);
    expect(json(b).error).toBe('This order was cancelled');
    expect(await snapshot()).toEqual(before);
  });

  it("400 without orderId; 404 'Order not found' for another tenant's, unknown or malformed order; nothing written", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const foreign = await other.order();
    const before = await snapshot();
    expect((await t.req('POST', 'card-orders/checkout', {})).statusCode).toBe(400);
    expect((await t.req('POST', 'card-orders/checkout', { orderId: '' })).statusCode).toBe(400);
    for (const orderId of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.req('POST', 'card-orders/checkout', { orderId });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Order not found');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is guarded', async () => expectGuarded('POST', 'card-orders/checkout', { orderId: await demoOrderId() }));
});

describe('a paid order, end to end through the API', () => {
  it('order → checkout → Pay: order PAID, `quantity` new UNASSIGNED cards listed, quota raised by quantity, a card_order payment', async () => {
    const t = await freshTenant();
    const infoBefore = await t.tenantInfo();
    const unassignedBefore = await t.unassignedTotal();
    expect(infoBefore.cardLimit).toBe(40);
    const o = await t.order({ ...ORDER, quantity: 120 });
    const checkoutId = await t.checkout(o.id);
    const pay = await t.req('POST', `checkout/${checkoutId}/pay`);
    expect(pay.statusCode).toBe(200);
    expect(json(pay)).toMatchObject({ status: 'COMPLETED', kind: 'CARD_ORDER', amountCents: 6000 });

    const order = json(await t.req('GET', `card-orders/${o.id}`));
    expect(order.status).toBe('PAID');
    expect(order.paidAt).not.toBeNull();
    expect(await t.unassignedTotal()).toBe(unassignedBefore + 120);
    const info = await t.tenantInfo();
    expect(info.cardLimit).toBe(40 + 120);
    expect(info.cardsUsed).toBe(infoBefore.cardsUsed + 120);
    expect(info.cardsRemaining).toBe(infoBefore.cardsRemaining);

    const orderCards = await ctx.db.select().from(cards).where(eq(cards.cardOrderId, o.id));
    expect(orderCards).toHaveLength(120);
    expect(new Set(orderCards.map((c) => c.cardUid)).size).toBe(120);
    expect(
      orderCards.every((c) => c.status === 'UNASSIGNED' && c.balanceCents === 0 && c.tenantId === t.tenant.id && /^[0-9A-HJKMNP-TV-Z]{12}$/.test(c.cardUid)),
    ).toBe(true);
    const [oldest] = await ctx.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.tenantId, t.tenant.id), eq(stores.active, true)))
      .orderBy(asc(stores.createdAt))
      .limit(1);
    expect(orderCards.every((c) => c.storeId === oldest.id)).toBe(true);

    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, t.tenant.id), eq(payments.kind, 'card_order')));
    expect(payment).toMatchObject({ amountCents: 6000, status: 'paid', planId: null, tenantName: t.tenant.name });
    expect(payment.providerPaymentId).toMatch(/^demo_pay_/);

    // A bought card can be activated like any other (the quota counts it).
    const activate = await t.req('POST', 'cards/activate', {
      cardUid: orderCards[0].cardUid,
      storeId: t.store.id,
      customer: { firstName: 'New', lastName: 'Holder' },
    });
    expect(activate.statusCode, activate.body).toBe(200);
  });

  it('an order above 1000 cards is inserted in chunks: all 2500 cards, distinct UIDs, quota +2500', async () => {
    const t = await freshTenant();
    const o = await t.paidOrder({ ...ORDER, quantity: 2500 });
    const [{ n, distinct }] = await ctx.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${cards.cardUid})::int` })
      .from(cards)
      .where(eq(cards.cardOrderId, o.id));
    expect([n, distinct]).toEqual([2500, 2500]);
    expect((await t.tenantInfo()).cardLimit).toBe(40 + 2500);
  });

  it('cancelling a paid order refunds it: cards gone, quota back, a card_order_refund payment of −total, order CANCELED', async () => {
    const t = await freshTenant();
    const infoBefore = await t.tenantInfo();
    const unassignedBefore = await t.unassignedTotal();
    const o = await t.paidOrder({ ...ORDER, quantity: 75 });
    expect((await t.tenantInfo()).cardLimit).toBe(40 + 75);
    const res = await t.req('DELETE', `card-orders/${o.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id: o.id, status: 'CANCELED' });
    expect(await t.unassignedTotal()).toBe(unassignedBefore);
    expect(await t.tenantInfo()).toEqual(infoBefore);
    expect(await ctx.db.select().from(cards).where(eq(cards.cardOrderId, o.id))).toHaveLength(0);
    const [refund] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.tenantId, t.tenant.id), eq(payments.kind, 'card_order_refund')));
    expect(refund).toMatchObject({ amountCents: -3750, status: 'refunded', planId: null });
    expect(refund.providerPaymentId).toMatch(/^demo_re_/);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.id), eq(auditLog.action, 'card_order.cancel')));
    expect(audit.before).toEqual({ status: 'PAID' });
    expect(audit.after).toMatchObject({ status: 'CANCELED', refundedCents: 3750, cardsRemoved: 75 });
    const again = await t.req('DELETE', `card-orders/${o.id}`);
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('This order can no longer be cancelled');
  });

  it("409 'Cards of this order are already in use' once one of its cards is activated; nothing changes", async () => {
    const t = await freshTenant();
    const o = await t.paidOrder({ ...ORDER, quantity: 50 });
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardOrderId, o.id)).limit(1);
    const act = await t.req('POST', 'cards/activate', { cardUid: card.cardUid, storeId: t.store.id, customer: { firstName: 'In', lastName: 'Use' } });
    expect(act.statusCode).toBe(200);
    const before = await snapshot();
    const res = await t.req('DELETE', `card-orders/${o.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('Cards of this order are already in use');
    expect(await snapshot()).toEqual(before);
    expect(json(await t.req('GET', `card-orders/${o.id}`)).status).toBe('PAID');
  });
});

describe('DELETE /card-orders/{id}', () => {
  it('cancels an unpaid order and its open checkout; that checkout can no longer be paid', async () => {
    const t = await freshTenant();
    const o = await t.order();
    const checkoutId = await t.checkout(o.id);
    const paymentsBefore = await count('payments');
    const res = await t.req('DELETE', `card-orders/${o.id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: o.id, status: 'CANCELED', paidAt: null });
    expect(json(await t.req('GET', `checkout/${checkoutId}`)).status).toBe('CANCELED');
    const pay = await t.req('POST', `checkout/${checkoutId}/pay`);
    expect(pay.statusCode).toBe(409);
    expect(await count('payments')).toBe(paymentsBefore);
    expect(
      await ctx.db
        .select()
        .from(cards)
        .where(and(eq(cards.tenantId, t.tenant.id), isNotNull(cards.cardOrderId))),
    ).toHaveLength(0);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.id), eq(auditLog.action, 'card_order.cancel')));
    expect(audit.after).toMatchObject({ status: 'CANCELED', refundedCents: 0, cardsRemoved: 0 });
  });

  it.each(['PROCESSING', 'SHIPPED', 'DELIVERED'] as const)("409 'This order can no longer be cancelled' for a %s order, nothing changes", async (status) => {
    const t = await freshTenant();
    const o = await t.paidOrder({ ...ORDER, quantity: 50 });
    await ctx.db.update(cardOrders).set({ status }).where(eq(cardOrders.id, o.id));
    const before = await snapshot();
    const res = await t.req('DELETE', `card-orders/${o.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('This order can no longer be cancelled');
    expect(await snapshot()).toEqual(before);
  });

  it("404 'Order not found' for another tenant's, unknown or malformed order, which stays as it was", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const foreign = await other.order();
    const before = await snapshot();
    for (const id of [foreign.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.req('DELETE', `card-orders/${id}`);
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Order not found');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('is guarded (the order stays PENDING_PAYMENT)', async () => {
    const id = await demoOrderId();
    await expectGuarded('DELETE', `card-orders/${id}`);
    const [row] = await ctx.db.select().from(cardOrders).where(eq(cardOrders.id, id));
    expect(row.status).toBe('PENDING_PAYMENT');
  });
});
