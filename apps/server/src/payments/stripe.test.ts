import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { plans } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { ERROR_STATUS } from '../http/error-handler.ts';
import { createTestContext, freshTenant as signedInTenant, json, type TestContext } from '../../test/helpers.ts';
import { CARD_DECLINED, startFakeStripe, stripeEnv, type FakeStripe } from '../../test/fake-stripe.ts';
import { CARDS_THROUGH_SETUP_INTENT, PLAN_NOT_PURCHASABLE, StripePaymentProvider } from './stripe.ts';

/**
 * The Stripe adapter (docs/product.md 'Payments') behind the billing API, against a
 * fake Stripe on 127.0.0.1 (test/fake-stripe.ts): the app is built from STRIPE_* variables
 * exactly as in production, only STRIPE_API_URL points at the fake.
 */
let fake: FakeStripe;
let ctx: TestContext;
let planIds: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake));
  await ctx.db.update(plans).set({ stripePriceId: 'price_starter' }).where(eq(plans.name, 'Starter'));
  await ctx.db.update(plans).set({ stripePriceId: 'price_pro' }).where(eq(plans.name, 'Professional'));
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  planIds = Object.fromEntries(rows.map((p) => [p.name, p.id]));
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A fresh trial tenant with its admin signed in. */
function freshTenant() {
  return signedInTenant(ctx, { prefix: 'billing/' });
}

/** A fresh tenant whose Stripe customer exists (made by a setup intent) and holds `n` cards, oldest first. */
async function tenantWithCards(n: number) {
  const t = await freshTenant();
  expect((await t.req('POST', 'setup-intent')).statusCode).toBe(200);
  const customer = (await t.row()).providerCustomerId!;
  const cards = Array.from({ length: n }, (_, i) => fake.addCard(customer, { last4: String(4242 + i), brand: i % 2 ? 'mastercard' : 'visa' }));
  return { ...t, customer, cards };
}

async function billingRows(tenantId: string) {
  const n = async (table: string) => {
    const res = await ctx.db.execute(sql.raw(`select count(*)::int as n from ${table} where tenant_id = '${tenantId}'`));
    return Number((res as unknown as { rows: { n: number }[] }).rows[0].n);
  };
  return { payments: await n('payments'), invoices: await n('invoices'), events: await n('subscription_events') };
}

describe('setup intent', () => {
  it("answers Stripe's client secret and the publishable key; the Stripe customer is created once and stored", async () => {
    const t = await freshTenant();
    const before = fake.calls('POST', /^\/v1\/customers$/).length;
    const first = await t.req('POST', 'setup-intent');
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ clientSecret: expect.stringMatching(/^seti_.+_secret_/), publishableKey: 'pk_test_x' });
    const second = await t.req('POST', 'setup-intent');
    expect(json(second).clientSecret).not.toBe(json(first).clientSecret);

    const creates = fake.calls('POST', /^\/v1\/customers$/).slice(before);
    expect(creates).toHaveLength(1);
    expect(creates[0].params).toMatchObject({ name: t.tenant.name, 'metadata[tenantId]': t.tenant.id, 'metadata[slug]': t.slug });
    const customer = (await t.row()).providerCustomerId;
    expect(customer).toMatch(/^cus_/);
    const intents = fake.calls('POST', /^\/v1\/setup_intents$/).slice(-2);
    for (const i of intents) expect(i.params).toMatchObject({ customer, usage: 'off_session', 'allowed_payment_method_types[0]': 'card' });
  });

  it('a Stripe failure answers a clear 500 without internals and stores no customer', async () => {
    const t = await freshTenant();
    fake.failNext('POST', /^\/v1\/setup_intents$/, { status: 401, type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_x' });
    const res = await t.req('POST', 'setup-intent');
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ error: 'Payment system configuration error. Please contact support.', code: 'INTERNAL' });
    expect((await t.row()).providerCustomerId).toBeNull();
    // The retry gets the same Stripe customer back (idempotency key per tenant) and stores it.
    const customersBefore = fake.customers.size;
    expect((await t.req('POST', 'setup-intent')).statusCode).toBe(200);
    expect(fake.customers.size).toBe(customersBefore);
    expect((await t.row()).providerCustomerId).toMatch(/^cus_/);
  });
});

describe('payment methods through Stripe', () => {
  it('lists the customer cards (default first, then newest), sets the default and removes with promotion', async () => {
    const t = await tenantWithCards(3);
    const [oldest, middle, newest] = t.cards;

    const list = json(await t.req('GET', 'payment-methods')).paymentMethods;
    expect(list.map((m: { id: string }) => m.id)).toEqual([newest.id, middle.id, oldest.id]);
    expect(list[0]).toEqual({ id: newest.id, is_default: false, card: { last4: '4244', brand: 'visa', exp_month: 12, exp_year: 2040 } });

    const set = await t.req('POST', `payment-methods/${oldest.id}/set-default`);
    expect(set.statusCode).toBe(200);
    expect(json(set).paymentMethods.map((m: { id: string; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [oldest.id, true],
      [newest.id, false],
      [middle.id, false],
    ]);
    expect(fake.customers.get(t.customer)!.default_payment_method).toBe(oldest.id);

    const del = await t.req('DELETE', `payment-methods/${oldest.id}`);
    expect(del.statusCode).toBe(204);
    expect(fake.cards.get(oldest.id)!.customer).toBeNull();
    const after = json(await t.req('GET', 'payment-methods')).paymentMethods;
    expect(after.map((m: { id: string; is_default: boolean }) => [m.id, m.is_default])).toEqual([
      [newest.id, true],
      [middle.id, false],
    ]);
  });

  it("answers 404 for another customer's card or an unknown id and changes nothing at Stripe", async () => {
    const mine = await tenantWithCards(1);
    const theirs = await tenantWithCards(1);
    const writesBefore = fake.requests.filter((r) => r.method === 'POST').length;
    for (const id of [theirs.cards[0].id, 'pm_unknown', 'not/an-id']) {
      const del = await mine.req('DELETE', `payment-methods/${encodeURIComponent(id)}`);
      expect(del.statusCode).toBe(404);
      expect(json(del)).toEqual({ error: 'Payment method not found', code: 'NOT_FOUND' });
      expect((await mine.req('POST', `payment-methods/${encodeURIComponent(id)}/set-default`)).statusCode).toBe(404);
    }
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(writesBefore);
    expect(fake.cards.get(theirs.cards[0].id)!.customer).toBe(theirs.customer);
  });

  it('a tenant without a Stripe customer has no cards, and asking creates no customer', async () => {
    const t = await freshTenant();
    const res = await t.req('GET', 'payment-methods');
    expect(json(res)).toEqual({ paymentMethods: [] });
    expect((await t.row()).providerCustomerId).toBeNull();
  });

  it('refuses card details sent to the server (cards go through the setup intent)', async () => {
    const t = await freshTenant();
    const res = await t.req('POST', 'payment-methods', { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: CARDS_THROUGH_SETUP_INTENT, code: 'VALIDATION_ERROR' });
  });
});

describe('subscribe through Stripe', () => {
  it("opens a subscription on the plan's price with the chosen card and answers pending: nothing is paid until the webhook", async () => {
    const t = await tenantWithCards(2);
    const card = t.cards[0];
    const res = await t.req('POST', 'subscribe', { planId: planIds.Starter, paymentMethodId: card.id });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body).toEqual({ subscriptionId: expect.stringMatching(/^sub_/), redirectUrl: `/t/${t.slug}/billing?success=true` });

    const [create] = fake.calls('POST', /^\/v1\/subscriptions$/).slice(-1);
    expect(create.params).toMatchObject({
      customer: t.customer,
      'items[0][price]': 'price_starter',
      default_payment_method: card.id,
      'metadata[tenantId]': t.tenant.id,
      'metadata[planId]': planIds.Starter,
      payment_behavior: 'error_if_incomplete',
    });
    const row = await t.row();
    expect(row.subscriptionStatus).toBe('TRIALING');
    expect(row.planId).toBeNull();
    expect(row.providerSubscriptionId).toBe(body.subscriptionId);
    expect(await billingRows(t.tenant.id)).toEqual({ payments: 0, invoices: 0, events: 0 });

    // Choosing another plan changes the price of the same live subscription: no second one.
    const creates = fake.calls('POST', /^\/v1\/subscriptions$/).length;
    const again = await t.req('POST', 'subscribe', { planId: planIds.Professional });
    expect(again.statusCode).toBe(200);
    expect(json(again).subscriptionId).toBe(body.subscriptionId);
    expect(fake.calls('POST', /^\/v1\/subscriptions$/).length).toBe(creates);
    expect(fake.subscriptions.get(body.subscriptionId)!.price).toBe('price_pro');
    const [update] = fake.calls('POST', new RegExp(`^/v1/subscriptions/${body.subscriptionId}$`)).slice(-1);
    expect(update.params).toMatchObject({ 'items[0][price]': 'price_pro', 'metadata[planId]': planIds.Professional, proration_behavior: 'always_invoice' });
  });

  it('refuses a plan without a Stripe price with 400 and calls no subscription endpoint', async () => {
    const t = await tenantWithCards(1);
    const before = fake.calls('POST', /^\/v1\/subscriptions/).length;
    const res = await t.req('POST', 'subscribe', { planId: planIds.Enterprise, paymentMethodId: t.cards[0].id });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: PLAN_NOT_PURCHASABLE, code: 'VALIDATION_ERROR' });
    expect(fake.calls('POST', /^\/v1\/subscriptions/).length).toBe(before);
    expect((await t.row()).providerSubscriptionId).toBeNull();
  });

  it("a declined card answers 422 with Stripe's message and changes nothing", async () => {
    const t = await tenantWithCards(1);
    fake.failNext('POST', /^\/v1\/subscriptions$/, CARD_DECLINED);
    const res = await t.req('POST', 'subscribe', { planId: planIds.Starter, paymentMethodId: t.cards[0].id });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toEqual({ error: 'Your card was declined.', code: 'BUSINESS_RULE', details: { declineCode: 'generic_decline' } });
    const row = await t.row();
    expect(row.subscriptionStatus).toBe('TRIALING');
    expect(row.providerSubscriptionId).toBeNull();
    expect(await billingRows(t.tenant.id)).toEqual({ payments: 0, invoices: 0, events: 0 });
  });
});

describe('portal, checkout and refund', () => {
  it("GET /billing/portal answers Stripe's portal url returning to the Billing page", async () => {
    const t = await freshTenant();
    const res = await t.req('GET', 'portal');
    expect(res.statusCode).toBe(200);
    expect(json(res).url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const [call] = fake.calls('POST', /^\/v1\/billing_portal\/sessions$/).slice(-1);
    const customer = (await t.row()).providerCustomerId;
    expect(customer).toMatch(/^cus_/);
    expect(call.params).toEqual({ customer, return_url: `${ctx.config.publicUrl}/t/${t.slug}/billing` });
  });

  it('createCheckout opens a payment-mode session for the amount and answers its id and url; refund sends the payment intent', async () => {
    const provider = new StripePaymentProvider(ctx.config.stripe!);
    const t = await freshTenant();
    const tenant = { id: t.tenant.id, name: t.tenant.name, slug: t.slug, providerCustomerId: null };
    const out = await provider.createCheckout(ctx.db, tenant, {
      checkoutId: '11111111-2222-4333-8444-555555555555',
      description: 'Add funds to card ABC',
      amountCents: 2500,
      successUrl: 'http://localhost:3000/t/x/customers?funds=success',
      cancelUrl: 'http://localhost:3000/t/x/customers?funds=canceled',
    });
    expect(out).toEqual({ providerSessionId: expect.stringMatching(/^cs_test_/), url: expect.stringContaining(out.providerSessionId) });
    const [call] = fake.calls('POST', /^\/v1\/checkout\/sessions$/).slice(-1);
    expect(call.params).toEqual({
      mode: 'payment',
      client_reference_id: '11111111-2222-4333-8444-555555555555',
      'metadata[checkoutId]': '11111111-2222-4333-8444-555555555555',
      'metadata[tenantId]': t.tenant.id,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'line_items[0][price_data][product_data][name]': 'Add funds to card ABC',
      success_url: 'http://localhost:3000/t/x/customers?funds=success',
      cancel_url: 'http://localhost:3000/t/x/customers?funds=canceled',
    });

    const refund = await provider.refund(ctx.db, tenant, 'pi_123', 1500);
    expect(refund.refundId).toMatch(/^re_/);
    expect(fake.calls('POST', /^\/v1\/refunds$/).slice(-1)[0].params).toEqual({ payment_intent: 'pi_123', amount: '1500' });
  });

  it('an unreachable Stripe becomes a clear AppError, not a crash', async () => {
    const provider = new StripePaymentProvider({ secretKey: 'sk_test_x', webhookSecret: undefined, publishableKey: undefined, apiUrl: 'http://127.0.0.1:1' });
    const err = await provider
      .createPortalSession(ctx.db, { id: 'x', name: 'x', slug: 'x', providerCustomerId: 'cus_x' }, 'http://localhost/billing')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    // The error carries a code; the handler's table answers it with a 500 (ADR 0029).
    expect(err).toMatchObject({ code: 'INTERNAL', message: 'Unable to connect to payment processor. Please try again later.' });
    expect(ERROR_STATUS[(err as AppError).code]).toBe(500);
  });
});
