import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutSessions, invoices, offers, payments, plans, subscriptionEvents, tenants, webhookEvents } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  createOtherTenant,
  createTestContext,
  freshTenant as signedInTenant,
  idempotencyKey,
  json,
  loginAs,
  type TestContext,
} from '../../../test/helpers.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';
import { GRACE_DAYS } from '@loyalty/domain';

/**
 * POST /api/webhooks/stripe (ADR 0008; docs/product.md 'Payments',
 * 'Subscription gates'): signature check, one processing per event id, and the effect of
 * each event a tenant would notice (status, grace, POS access, payments, invoices, credits).
 * Events are signed like Stripe does with stripe.webhooks.generateTestHeaderString.
 */
let fake: FakeStripe;
let ctx: TestContext;
let starterId: string;
const SECRET = 'whsec_test';
const DAY = 86_400_000;
/** The default invoice's period: it started 5 days ago and runs 25 more days (whole seconds, as Stripe's timestamps). */
const PERIOD_START = new Date(Math.floor(Date.now() / 1000) * 1000 - 5 * DAY);
const PERIOD_END = new Date(PERIOD_START.getTime() + 30 * DAY);

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake));
  await ctx.db.update(offers).set({ isActive: false });
  await ctx.db.update(plans).set({ stripePriceId: 'price_starter' }).where(eq(plans.name, 'Starter'));
  const [starter] = await ctx.db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Starter'));
  starterId = starter.id;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** Posts `event` as Stripe would: raw JSON body signed with `secret` (or the given header; null sends none). */
function deliver(event: object, opts: { secret?: string; signature?: string | null; body?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = opts.signature === undefined ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET }) : opts.signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload: opts.body ?? payload,
  });
}

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const evt = (type: string, object: object, id = `evt_${randomUUID().replace(/-/g, '')}`) => ({
  id,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: unix(new Date()),
  livemode: false,
  data: { object },
});

interface InvoiceOpts {
  id?: string;
  tenantId?: string | null;
  planId?: string | null;
  customer?: string;
  subscription?: string;
  amount?: number | string;
  price?: string;
  start?: Date;
  end?: Date;
}
/** A subscription invoice as Stripe sends it (API 2025-03-31.basil and later: parent.subscription_details). */
function invoice(o: InvoiceOpts = {}) {
  const start = o.start ?? PERIOD_START;
  const end = o.end ?? PERIOD_END;
  const id = o.id ?? `in_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const metadata: Record<string, string> = {};
  if (o.tenantId) metadata.tenantId = o.tenantId;
  if (o.planId) metadata.planId = o.planId;
  return {
    id,
    object: 'invoice',
    customer: o.customer ?? 'cus_unknown',
    amount_due: o.amount ?? 1999,
    amount_paid: o.amount ?? 1999,
    attempt_count: 1,
    status: 'paid',
    currency: 'usd',
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
    period_start: unix(start) - 30 * 86400,
    period_end: unix(start),
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: o.subscription ?? 'sub_test1', metadata } },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'il_1',
          object: 'line_item',
          amount: o.amount ?? 1999,
          currency: 'usd',
          period: { start: unix(start), end: unix(end) },
          pricing: { type: 'price_details', price_details: { price: o.price ?? 'price_starter', product: 'prod_1' } },
        },
      ],
    },
  };
}

/** A fresh trial tenant with a Stripe customer id, its admin's cookie and an ACTIVE card. */
async function freshTenant() {
  const t = await signedInTenant(ctx, { balanceCents: 500, idempotencyKeys: true });
  const stripeCustomer = `cus_${randomUUID().slice(0, 8)}`;
  await ctx.db.update(tenants).set({ providerCustomerId: stripeCustomer }).where(eq(tenants.id, t.tenant.id));
  const earn = () => t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000 });
  return { ...t, stripeCustomer, earn };
}

async function counts(tenantId: string) {
  const [p] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(eq(payments.tenantId, tenantId));
  const [i] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.tenantId, tenantId));
  const [e] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.tenantId, tenantId));
  return { payments: Number(p.n), invoices: Number(i.n), events: Number(e.n) };
}
async function eventRecorded(id: string) {
  return (
    (
      await ctx.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.provider, 'stripe'), eq(webhookEvents.eventId, id)))
    ).length === 1
  );
}

describe('signature', () => {
  it('refuses a missing, wrong or mismatched signature with 400 and changes nothing', async () => {
    const t = await freshTenant();
    const paid = evt('invoice.paid', invoice({ tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer }));
    const tampered = JSON.stringify({ ...paid, id: 'evt_other' });
    for (const res of [
      await deliver(paid, { signature: null }),
      await deliver(paid, { secret: 'whsec_wrong' }),
      await deliver(paid, { signature: 'garbage' }),
      await deliver(paid, { body: tampered }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ error: 'Invalid signature', code: 'VALIDATION_ERROR' });
    }
    expect((await t.row()).subscriptionStatus).toBe('TRIALING');
    expect(await counts(t.tenant.id)).toEqual({ payments: 0, invoices: 0, events: 0 });
    expect(await eventRecorded(paid.id)).toBe(false);
    expect(await eventRecorded('evt_other')).toBe(false);
  });

  it('the JSON body parser of the rest of the API is untouched', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@demo.com', password: 'DemoAdmin123!' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('invoice.paid', () => {
  it('makes the tenant ACTIVE on the plan with the payment and the invoice (urls, period); once per event and per invoice', async () => {
    const t = await freshTenant();
    const inv = invoice({ tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer, subscription: 'sub_paid1', amount: 1999 });
    const paid = evt('invoice.paid', inv);
    const res = await deliver(paid);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ received: true });

    const row = await t.row();
    expect(row).toMatchObject({ subscriptionStatus: 'ACTIVE', planId: starterId, graceEndsAt: null, providerSubscriptionId: 'sub_paid1' });
    expect(row.currentPeriodStart?.toISOString()).toBe(PERIOD_START.toISOString());
    expect(row.currentPeriodEnd?.toISOString()).toBe(PERIOD_END.toISOString());
    const list = json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.tenant.slug}/billing/invoices`, headers: { cookie: t.cookie } })).invoices;
    expect(list).toEqual([
      expect.objectContaining({
        amount_paid: 1999,
        status: 'paid',
        period_start: unix(PERIOD_START),
        period_end: unix(PERIOD_END),
        hosted_invoice_url: inv.hosted_invoice_url,
        invoice_pdf: inv.invoice_pdf,
      }),
    ]);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.tenantId, t.tenant.id));
    expect(payment).toMatchObject({ amountCents: 1999, status: 'paid', kind: 'subscription', planId: starterId, providerPaymentId: inv.id });
    const [event] = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenant.id));
    expect(event).toMatchObject({ eventType: 'created', planId: starterId });

    // The same event again: answered as a duplicate, nothing changes.
    const again = await deliver(paid);
    expect(again.statusCode).toBe(200);
    expect(json(again)).toEqual({ received: true, duplicate: true });
    // invoice.payment_succeeded for the same invoice (another event id): processed, still one of each.
    const succeeded = await deliver(evt('invoice.payment_succeeded', inv));
    expect(json(succeeded)).toEqual({ received: true });
    expect(await counts(t.tenant.id)).toEqual({ payments: 1, invoices: 1, events: 1 });
  });

  it('without metadata finds the tenant by its Stripe customer and the plan by its Stripe price', async () => {
    const t = await freshTenant();
    const res = await deliver(evt('invoice.paid', invoice({ customer: t.stripeCustomer, price: 'price_starter' })));
    expect(res.statusCode).toBe(200);
    expect(await t.row()).toMatchObject({ subscriptionStatus: 'ACTIVE', planId: starterId });
  });

  it('an unknown tenant is answered 200 and recorded, nothing else is written', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(payments);
    const e = evt('invoice.paid', invoice({ tenantId: randomUUID(), planId: starterId, customer: 'cus_nobody' }));
    const res = await deliver(e);
    expect(res.statusCode).toBe(200);
    expect(await eventRecorded(e.id)).toBe(true);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(payments);
    expect(Number(after[0].n)).toBe(Number(before[0].n));
  });

  it('an error while applying answers 500 and keeps nothing, so the retry of the same event is processed', async () => {
    const t = await freshTenant();
    const id = `evt_${randomUUID().replace(/-/g, '')}`;
    // A fractional amount cannot be stored in the cents column: the insert fails mid-way.
    const broken = evt('invoice.paid', invoice({ id: 'in_broken1', tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer, amount: 19.99 }), id);
    const res = await deliver(broken);
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ error: 'Webhook processing failed', code: 'INTERNAL' });
    expect(await eventRecorded(id)).toBe(false);
    expect((await t.row()).subscriptionStatus).toBe('TRIALING');
    expect(await counts(t.tenant.id)).toEqual({ payments: 0, invoices: 0, events: 0 });

    const retry = await deliver(
      evt('invoice.paid', invoice({ id: 'in_broken1', tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer, amount: 1999 }), id),
    );
    expect(json(retry)).toEqual({ received: true });
    expect((await t.row()).subscriptionStatus).toBe('ACTIVE');
    expect(await counts(t.tenant.id)).toEqual({ payments: 1, invoices: 1, events: 1 });
  });
});

describe('invoice.payment_failed and the grace period', () => {
  it('a failed renewal sets PAST_DUE with grace 7 days after the paid period ended: the POS works inside grace and is refused after it; a later payment restores ACTIVE', async () => {
    const t = await freshTenant();
    // Period 1 ended an hour ago; Stripe's renewal for period 2 fails.
    const p1End = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    const p2End = new Date(p1End.getTime() + 30 * DAY);
    await deliver(
      evt(
        'invoice.paid',
        invoice({
          tenantId: t.tenant.id,
          planId: starterId,
          customer: t.stripeCustomer,
          subscription: 'sub_g1',
          start: new Date(p1End.getTime() - 30 * DAY),
          end: p1End,
        }),
      ),
    );
    expect((await t.row()).subscriptionStatus).toBe('ACTIVE');

    const failed = invoice({ tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer, subscription: 'sub_g1', start: p1End, end: p2End });
    expect((await deliver(evt('invoice.payment_failed', { ...failed, status: 'open', amount_paid: 0 }))).statusCode).toBe(200);
    const row = await t.row();
    expect(row.subscriptionStatus).toBe('PAST_DUE');
    expect(row.graceEndsAt?.toISOString()).toBe(new Date(p1End.getTime() + GRACE_DAYS * DAY).toISOString());
    const events = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenant.id));
    expect(events.map((e) => e.eventType).sort()).toEqual(['created', 'payment_failed']);

    // Inside grace the cashier's earn goes through.
    const inside = await t.earn();
    expect(inside.statusCode).toBe(200);

    // Stripe's next retry fails again: the grace is not extended.
    await deliver(evt('invoice.payment_failed', { ...failed, status: 'open', amount_paid: 0, attempt_count: 2 }));
    expect((await t.row()).graceEndsAt!.getTime()).toBe(row.graceEndsAt!.getTime());

    // After grace: refused with the POS gate's message, no money moves.
    await ctx.db
      .update(tenants)
      .set({ graceEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(tenants.id, t.tenant.id));
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    const after = await t.earn();
    expect(after.statusCode).toBe(403);
    expect(json(after)).toEqual({ error: 'Subscription required to process transactions', code: 'SUBSCRIPTION_REQUIRED' });
    expect((await balanceAndLedger(ctx.db, t.cardUid)).rows).toBe(before.rows);

    // The card is charged successfully at last: ACTIVE again on period 2, grace cleared, POS open.
    await deliver(evt('invoice.paid', failed));
    expect(await t.row()).toMatchObject({ subscriptionStatus: 'ACTIVE', graceEndsAt: null, currentPeriodEnd: p2End });
    expect((await t.earn()).statusCode).toBe(200);
  });

  it('a failed first payment of a trial tenant records the event but keeps the trial', async () => {
    const t = await freshTenant();
    await deliver(evt('invoice.payment_failed', invoice({ tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer })));
    expect(await t.row()).toMatchObject({ subscriptionStatus: 'TRIALING', graceEndsAt: null });
    expect(await counts(t.tenant.id)).toEqual({ payments: 0, invoices: 0, events: 1 });
  });
});

describe('customer.subscription.deleted', () => {
  it("cancels the tenant on that subscription; an older subscription's end changes nothing", async () => {
    const t = await freshTenant();
    await deliver(evt('invoice.paid', invoice({ tenantId: t.tenant.id, planId: starterId, customer: t.stripeCustomer, subscription: 'sub_current' })));
    const sub = (id: string) => ({
      id,
      object: 'subscription',
      status: 'canceled',
      customer: t.stripeCustomer,
      metadata: { tenantId: t.tenant.id, planId: starterId },
    });

    expect((await deliver(evt('customer.subscription.deleted', sub('sub_older')))).statusCode).toBe(200);
    expect((await t.row()).subscriptionStatus).toBe('ACTIVE');

    await ctx.db
      .update(tenants)
      .set({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + DAY) })
      .where(eq(tenants.id, t.tenant.id));
    expect((await deliver(evt('customer.subscription.deleted', sub('sub_current')))).statusCode).toBe(200);
    expect(await t.row()).toMatchObject({ subscriptionStatus: 'CANCELED', graceEndsAt: null });
    const events = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.tenant.id));
    expect(events.filter((e) => e.eventType === 'canceled')).toHaveLength(1);
    expect((await t.earn()).statusCode).toBe(403);
  });
});

describe('checkout sessions', () => {
  /** An add-funds checkout opened through the API (Stripe checkout on the fake); returns the row and Stripe's session id. */
  async function openAddFunds(t: Awaited<ReturnType<typeof freshTenant>>, amountCents: number) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.tenant.slug}/customers/${t.customer.id}/add-funds`,
      headers: { cookie: t.cookie, ...idempotencyKey() },
      payload: { amountCents, cardId: t.card.id },
    });
    expect(res.statusCode).toBe(200);
    const url: string = json(res).checkoutUrl;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sessionId = url.split('/').pop()!;
    const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(row).toMatchObject({ status: 'OPEN', amountCents, kind: 'ADD_FUNDS' });
    return { sessionId, row };
  }
  const session = (id: string, extra: object = {}) => ({
    id,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    status: 'complete',
    payment_intent: 'pi_addfunds1',
    ...extra,
  });

  it('checkout.session.completed credits the card once, even delivered twice or by a second event for the same session', async () => {
    const t = await freshTenant();
    const { sessionId } = await openAddFunds(t, 2500);
    const before = await balanceAndLedger(ctx.db, t.cardUid);

    const completed = evt('checkout.session.completed', session(sessionId));
    expect(json(await deliver(completed))).toEqual({ received: true });
    expect(json(await deliver(completed))).toEqual({ received: true, duplicate: true });
    expect(json(await deliver(evt('checkout.session.async_payment_succeeded', session(sessionId))))).toEqual({ received: true });

    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(before.balance + 2500);
    expect(after.rows).toBe(before.rows + 1);
    expect(after.ledgerSum).toBe(after.balance);
    const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, sessionId));
    expect(row).toMatchObject({ status: 'COMPLETED', providerPaymentId: 'pi_addfunds1' });
  });

  it('an unpaid completion credits nothing; checkout.session.expired cancels an OPEN checkout only', async () => {
    const t = await freshTenant();
    const open = await openAddFunds(t, 1000);
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    await deliver(evt('checkout.session.completed', session(open.sessionId, { payment_status: 'unpaid' })));
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(before.balance);

    await deliver(evt('checkout.session.expired', session(open.sessionId, { payment_status: 'unpaid', status: 'expired' })));
    const [canceled] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, open.sessionId));
    expect(canceled.status).toBe('CANCELED');
    // Paid after all (a page left open after we cancelled): a canceled checkout never
    // credits, and the payment goes back in full, once even when the event comes twice.
    const refundsBefore = fake.calls('POST', /^\/v1\/refunds$/).length;
    const late = evt('checkout.session.completed', session(open.sessionId, { payment_intent: 'pi_late', amount_total: 1000 }));
    await deliver(late);
    await deliver(late);
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(before.balance);
    const refunds = fake.calls('POST', /^\/v1\/refunds$/).slice(refundsBefore);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.params).toMatchObject({ payment_intent: 'pi_late', amount: '1000' });

    const paid = await openAddFunds(t, 1500);
    await deliver(evt('checkout.session.completed', session(paid.sessionId, { payment_intent: 'pi_x2' })));
    await deliver(evt('checkout.session.expired', session(paid.sessionId, { status: 'expired' })));
    const [completed] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.providerSessionId, paid.sessionId));
    expect(completed.status).toBe('COMPLETED');
    expect((await balanceAndLedger(ctx.db, t.cardUid)).balance).toBe(before.balance + 1500);
  });
});

describe('other events', () => {
  it('are answered 200 and recorded once', async () => {
    const e = evt('customer.created', { id: 'cus_new', object: 'customer' });
    expect(json(await deliver(e))).toEqual({ received: true });
    expect(await eventRecorded(e.id)).toBe(true);
    expect(json(await deliver(e))).toEqual({ received: true, duplicate: true });
  });
});

describe('without Stripe (Demo provider)', () => {
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestContext();
  });
  afterAll(() => demo?.close());

  it('the webhook answers 404', async () => {
    const payload = JSON.stringify(evt('invoice.paid', invoice()));
    const res = await demo.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
      payload,
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).code).toBe('NOT_FOUND');
  });

  it('PAST_DUE keeps the POS only while graceEndsAt is in the future', async () => {
    const t = await createOtherTenant(demo.db, 500);
    const cookie = await loginAs(demo.app, t.email, t.password);
    const earn = () =>
      demo.app.inject({
        method: 'POST',
        url: `/api/t/${t.tenant.slug}/transactions/earn`,
        headers: { cookie, ...idempotencyKey() },
        payload: { cardUid: t.cardUid, amountCents: 1000 },
      });
    const setGrace = (graceEndsAt: Date | null) =>
      demo.db.update(tenants).set({ subscriptionStatus: 'PAST_DUE', graceEndsAt }).where(eq(tenants.id, t.tenant.id));

    await setGrace(new Date(Date.now() + DAY));
    expect((await earn()).statusCode).toBe(200);
    for (const grace of [new Date(Date.now() - 1000), null]) {
      await setGrace(grace);
      const res = await earn();
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({ error: 'Subscription required to process transactions', code: 'SUBSCRIPTION_REQUIRED' });
    }
  });
});
