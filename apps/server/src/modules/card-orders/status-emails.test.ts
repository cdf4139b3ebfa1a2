import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';

/**
 * Card order status to the business owner (docs/product.md 'E-mail'): paying an order, and the operator moving
 * it to shipped and to delivered, each write a message to the tenant's Store Admins in the
 * transaction of the change; the printing step and a refused step write none.
 */
let ctx: TestContext;
let smtp: TestSmtp;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startTestSmtp();
  s = await demoSessions(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  await clearOutbox(ctx.db);
});

const ADDRESS = { name: 'Alex Owner', line1: '1 Market Street', city: 'Springfield', postalCode: '12345', country: 'United States' };
const tenantCall = (method: 'POST', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/t/demo/${path}`, headers: { cookie: s.admin }, ...(payload ? { payload } : {}) });
const advance = (id: string, status: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/platform/card-orders/${id}`, headers: { cookie: s.platform }, payload: { status } });
const messages = async () =>
  rowsOf<{ kind: string; to_address: string; subject: string }>(
    await ctx.db.execute(sql`select kind, to_address, subject from outbox order by created_at, kind`),
  );
const send = async () => smtp.dispatch(ctx.db, new Date());

describe('card order status messages', () => {
  it('tells the Store Admin when the order is paid, shipped and delivered, and not when it is being printed', async () => {
    const created = await tenantCall('POST', 'card-orders', { cardType: 'SINGLE_SIDED', quantity: 80, shippingAddress: ADDRESS });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).id as string;
    expect(await messages()).toEqual([]);
    const checkout = await tenantCall('POST', 'card-orders/checkout', { orderId: id });
    const checkoutId = String(json(checkout).checkoutUrl).split('/').pop();
    expect((await tenantCall('POST', `checkout/${checkoutId}/pay`)).statusCode).toBe(200);
    expect(await messages()).toEqual([{ kind: 'card_order_paid', to_address: 'admin@demo.com', subject: 'Your card order is paid' }]);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(smtp.messages[0].text).toContain('80 single-sided cards');
    expect(smtp.messages[0].text).toContain(`Order ${id.slice(0, 8).toUpperCase()}`);

    expect((await advance(id, 'SHIPPED')).statusCode).toBe(409); // PAID moves to PROCESSING first: nothing written
    expect((await advance(id, 'PROCESSING')).statusCode).toBe(200);
    expect((await messages()).length).toBe(1);
    expect((await advance(id, 'SHIPPED')).statusCode).toBe(200);
    expect((await advance(id, 'DELIVERED')).statusCode).toBe(200);
    expect((await messages()).map((m) => m.subject)).toEqual(['Your card order is paid', 'Your card order has shipped', 'Your card order has been delivered']);
  });
});
