import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, cardOrders } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';

/**
 * The operator's card-order fulfilment under /api/platform/card-orders (docs/product.md 'Card orders': PAID → PROCESSING → SHIPPED → DELIVERED; cancel stays the tenant's, before shipping).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const ADDRESS = { name: 'Alex Owner', line1: '1 Market Street', city: 'Springfield', postalCode: '12345', country: 'United States' };
const tenantCall = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/t/demo/${path}`, headers: { cookie: s.admin }, ...(payload ? { payload } : {}) });
const op = (method: 'GET' | 'PUT', path: string, payload?: object, cookie = s.platform) =>
  ctx.app.inject({ method, url: `/api/platform/${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** A demo-tenant order of `quantity` cards, paid on the demo checkout when `pay`. */
async function order(quantity: number, pay = true): Promise<string> {
  const created = await tenantCall('POST', 'card-orders', { cardType: 'SINGLE_SIDED', quantity, shippingAddress: ADDRESS });
  expect(created.statusCode, created.body).toBe(201);
  const id = json(created).id as string;
  if (pay) {
    const checkout = await tenantCall('POST', 'card-orders/checkout', { orderId: id });
    const checkoutId = String(json(checkout).checkoutUrl).split('/').pop();
    expect((await tenantCall('POST', `checkout/${checkoutId}/pay`)).statusCode).toBe(200);
  }
  return id;
}

describe('GET /api/platform/card-orders', () => {
  it("lists every tenant's orders newest first with the tenant, and filters by status", async () => {
    const unpaid = await order(60, false);
    const paid = await order(70);
    const all = await op('GET', 'card-orders');
    expect(all.statusCode).toBe(200);
    const ids = json(all).orders.map((o: { id: string }) => o.id);
    expect(ids.indexOf(paid)).toBeLessThan(ids.indexOf(unpaid));
    expect(json(all).orders.find((o: { id: string }) => o.id === paid)).toMatchObject({
      status: 'PAID',
      quantity: 70,
      totalCents: 3500,
      tenant: { name: 'Demo Retail Store', slug: 'demo' },
      shippingAddress: { city: 'Springfield' },
      demoPayment: true,
    });
    expect(json(all).orders.find((o: { id: string }) => o.id === unpaid)).toMatchObject({ status: 'PENDING_PAYMENT', demoPayment: false });
    const onlyPaid = json(await op('GET', 'card-orders?status=PAID')).orders;
    expect(onlyPaid.map((o: { id: string }) => o.id)).toContain(paid);
    expect(onlyPaid.every((o: { status: string }) => o.status === 'PAID')).toBe(true);
    expect((await op('GET', 'card-orders?status=LOST')).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 to every tenant role', async () => {
    expect((await op('GET', 'card-orders', undefined, '')).statusCode).toBe(401);
    for (const cookie of [s.admin, s.cashier, s.customer]) expect((await op('GET', 'card-orders', undefined, cookie)).statusCode).toBe(403);
  });
});

describe('PUT /api/platform/card-orders/{id}', () => {
  it('moves a paid order one step at a time to DELIVERED (a demo-paid one too, outside production); the tenant sees each step; then it can no longer be cancelled', async () => {
    const id = await order(80);
    expect(ctx.config.env).toBe('test');
    for (const status of ['PROCESSING', 'SHIPPED', 'DELIVERED']) {
      const res = await op('PUT', `card-orders/${id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ id, status, tenant: { slug: 'demo' }, demoPayment: true });
      expect(json(await tenantCall('GET', `card-orders/${id}`)).status).toBe(status);
    }
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card_order.status'), eq(auditLog.entityId, id)));
    expect(audit.map((a) => (a.after as { status: string }).status).sort()).toEqual(['DELIVERED', 'PAID', 'PROCESSING', 'SHIPPED']);
    const cancel = await tenantCall('DELETE', `card-orders/${id}`);
    expect(cancel.statusCode).toBe(409);
    expect(json(cancel).error).toBe('This order can no longer be cancelled');
  });

  it('409 for a skipped step, a step back, an unpaid or a cancelled order; nothing changes', async () => {
    const paid = await order(90);
    const skip = await op('PUT', `card-orders/${paid}`, { status: 'SHIPPED' });
    expect(skip.statusCode).toBe(409);
    expect(json(skip).error).toBe('A paid order can only move to processing');
    const back = await op('PUT', `card-orders/${paid}`, { status: 'PENDING_PAYMENT' });
    expect(back.statusCode).toBe(409);
    const unpaid = await order(100, false);
    const early = await op('PUT', `card-orders/${unpaid}`, { status: 'PROCESSING' });
    expect(early.statusCode).toBe(409);
    expect(json(early).error).toBe('A pending payment order cannot move on');
    await tenantCall('DELETE', `card-orders/${unpaid}`);
    expect((await op('PUT', `card-orders/${unpaid}`, { status: 'PROCESSING' })).statusCode).toBe(409);
    const rows = await ctx.db.select({ id: cardOrders.id, status: cardOrders.status }).from(cardOrders);
    expect(rows.find((r) => r.id === paid)!.status).toBe('PAID');
    expect(rows.find((r) => r.id === unpaid)!.status).toBe('CANCELED');
  });

  it('400 for a status that does not exist, 404 for an unknown or malformed id, 403 for a tenant admin; nothing changes', async () => {
    const paid = await order(110);
    expect((await op('PUT', `card-orders/${paid}`, { status: 'LOST' })).statusCode).toBe(400);
    expect((await op('PUT', `card-orders/${paid}`, {})).statusCode).toBe(400);
    const unknown = await op('PUT', 'card-orders/00000000-0000-4000-8000-000000000000', { status: 'PROCESSING' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toBe('Order not found');
    expect((await op('PUT', 'card-orders/not-a-uuid', { status: 'PROCESSING' })).statusCode).toBe(404);
    expect((await op('PUT', `card-orders/${paid}`, { status: 'PROCESSING' }, s.admin)).statusCode).toBe(403);
    const [row] = await ctx.db.select({ status: cardOrders.status }).from(cardOrders).where(eq(cardOrders.id, paid));
    expect(row!.status).toBe('PAID');
  });
});
