import Stripe from 'stripe';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, checkoutSessions } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';

/**
 * Operator fulfilment on a production install: an order paid on the Demo
 * provider's checkout took no money, so in production it never moves past PAID (409 with the
 * reason, nothing changed); an order paid through Stripe moves on as usual. Development and
 * test keep moving demo-paid orders (platform/card-orders.test.ts).
 */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com', QR_TOKEN_SECRET: 'x'.repeat(40) };
const DEMO_REFUSAL = 'This order was paid with demo payments (no money was taken) and cannot be fulfilled';
const ADDRESS = { name: 'Alex Owner', line1: '1 Market Street', city: 'Springfield', postalCode: '12345', country: 'United States' };

/** Calls of the demo tenant's admin and of the operator on `ctx`. */
function actors(ctx: TestContext, s: Awaited<ReturnType<typeof demoSessions>>) {
  const tenant = (method: 'GET' | 'POST', path: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/t/demo/${path}`, headers: { cookie: s.admin }, ...(payload ? { payload } : {}) });
  const op = (method: 'GET' | 'PUT', path: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api/platform/${path}`, headers: { cookie: s.platform }, ...(payload ? { payload } : {}) });
  /** A new order of `quantity` cards and its checkout URL. */
  const orderAndCheckout = async (quantity: number) => {
    const created = await tenant('POST', 'card-orders', { cardType: 'SINGLE_SIDED', quantity, shippingAddress: ADDRESS });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).id as string;
    const checkout = await tenant('POST', 'card-orders/checkout', { orderId: id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    return { id, checkoutUrl: json(checkout).checkoutUrl as string };
  };
  const statusOf = async (id: string) => json(await tenant('GET', `card-orders/${id}`)).status as string;
  const listed = async (id: string) => json(await op('GET', 'card-orders')).orders.find((o: { id: string }) => o.id === id);
  const auditRows = (id: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'card_order.status'), eq(auditLog.entityId, id)));
  return { tenant, op, orderAndCheckout, statusOf, listed, auditRows };
}

describe('production with PAYMENT_PROVIDER=demo', () => {
  let ctx: TestContext;
  let a: ReturnType<typeof actors>;
  beforeAll(async () => {
    ctx = await createTestContext({ ...PRODUCTION, PAYMENT_PROVIDER: 'demo' });
    a = actors(ctx, await demoSessions(ctx.app));
  });
  afterAll(() => ctx?.close());

  it('the app runs in production with the Demo provider, and the tenant view says so', async () => {
    expect(ctx.config).toMatchObject({ env: 'production', paymentProvider: 'demo' });
    const view = await a.tenant('GET', 'tenant');
    expect(view.statusCode).toBe(200);
    expect(json(view).paymentProvider).toBe('demo');
  });

  it('1,000 cards paid on the demo checkout are PAID but cannot move to PROCESSING: 409 with the reason, still PAID, no audit row of a move', async () => {
    const { id, checkoutUrl } = await a.orderAndCheckout(1000);
    const pay = await a.tenant('POST', `checkout/${checkoutUrl.split('/').pop()}/pay`);
    expect(pay.statusCode, pay.body).toBe(200);
    expect(await a.statusOf(id)).toBe('PAID');
    expect(await a.listed(id)).toMatchObject({ status: 'PAID', quantity: 1000, demoPayment: true });

    const res = await a.op('PUT', `card-orders/${id}`, { status: 'PROCESSING' });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({ error: DEMO_REFUSAL, code: 'CONFLICT', details: [{ field: 'body.status', message: DEMO_REFUSAL }] });
    expect(await a.statusOf(id)).toBe('PAID');
    expect((await a.auditRows(id)).map((r) => (r.after as { status: string }).status)).toEqual(['PAID']);
  });

  it('the usual checks still come first: an unpaid order cannot move on, a skipped step names the next one', async () => {
    const unpaid = await a.orderAndCheckout(100);
    const early = await a.op('PUT', `card-orders/${unpaid.id}`, { status: 'PROCESSING' });
    expect(early.statusCode).toBe(409);
    expect(json(early).error).toBe('A pending payment order cannot move on');
    expect(await a.listed(unpaid.id)).toMatchObject({ status: 'PENDING_PAYMENT', demoPayment: false });
  });
});

describe('production with Stripe', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let a: ReturnType<typeof actors>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    ctx = await createTestContext({ ...PRODUCTION, ...stripeEnv(fake) });
    a = actors(ctx, await demoSessions(ctx.app));
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  /** Delivers Stripe's signed checkout.session.completed (paid) for `sessionId`. */
  async function stripePaid(sessionId: string) {
    const event = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'checkout.session.completed',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: {
          id: sessionId,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          status: 'complete',
          payment_intent: `pi_${randomUUID().slice(0, 8)}`,
        },
      },
    };
    const payload = JSON.stringify(event);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }) },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('an order paid through Stripe moves PAID → PROCESSING → SHIPPED with audit rows; the tenant view reports stripe', async () => {
    expect(json(await a.tenant('GET', 'tenant')).paymentProvider).toBe('stripe');
    const { id, checkoutUrl } = await a.orderAndCheckout(200);
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    await stripePaid(checkoutUrl.split('/').pop()!);
    expect(await a.statusOf(id)).toBe('PAID');
    expect(await a.listed(id)).toMatchObject({ status: 'PAID', demoPayment: false });

    for (const status of ['PROCESSING', 'SHIPPED']) {
      const res = await a.op('PUT', `card-orders/${id}`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ id, status, demoPayment: false });
    }
    expect(await a.statusOf(id)).toBe('SHIPPED');
    expect((await a.auditRows(id)).map((r) => (r.after as { status: string }).status).sort()).toEqual(['PAID', 'PROCESSING', 'SHIPPED']);
  });

  it('the rule follows how the order was paid, not which provider runs now: a demo-paid order is refused under Stripe too', async () => {
    const { id, checkoutUrl } = await a.orderAndCheckout(300);
    const sessionId = checkoutUrl.split('/').pop()!;
    // As if paid on the Demo provider before the install switched to Stripe.
    await ctx.db.update(checkoutSessions).set({ provider: 'demo' }).where(eq(checkoutSessions.providerSessionId, sessionId));
    await stripePaid(sessionId);
    expect(await a.statusOf(id)).toBe('PAID');
    const res = await a.op('PUT', `card-orders/${id}`, { status: 'PROCESSING' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe(DEMO_REFUSAL);
    expect(await a.statusOf(id)).toBe('PAID');
  });
});
