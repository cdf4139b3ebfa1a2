import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, invoices, offers, payments, plans, subscriptionEvents, tenants } from '../../db/schema/index.ts';
import { createTestContext, json, type TestContext } from '../../../test/helpers.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';
import { systemContext } from '../../context.ts';
import { StripePaymentProvider } from '../../payments/stripe.ts';
import { PROVIDER_CUSTOMERS } from '../../wiring.ts';
import { markLapsedSubscriptions, subscribe } from '../billing/index.ts';
import { toTenantContext } from '../tenants/index.ts';

/**
 * Stripe delivers events in any order and retries them for days (ADR 0021): the tenant's
 * subscription state must end the same whatever order the events of one story arrive in.
 * Each story starts with a real subscribe (billing service on the fake Stripe: the
 * subscription id is stored) and then delivers its events, signed, through
 * POST /api/webhooks/stripe in every order (or a sample of orders), each order on a tenant of
 * its own; the end state (status, plan, paid period, grace, the invoices and payments the
 * tenant sees) is compared with the story's known outcome.
 */
let fake: FakeStripe;
let ctx: TestContext;
let provider: StripePaymentProvider;
let starterId: string;
let proId: string;
const SECRET = 'whsec_test';
const DAY = 86_400_000;
/** The app's clock: every delivery is judged at the same moment. */
const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const at = (days: number) => new Date(NOW.getTime() + days * DAY);
/** Period 1 ended 5 days ago (renewed then); period 2 runs until 25 days from now. */
const T0 = at(-35);
const T1 = at(-5);
const T2 = at(25);
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext(stripeEnv(fake), { now: () => NOW });
  await ctx.db.update(offers).set({ isActive: false });
  await ctx.db.update(plans).set({ stripePriceId: 'price_starter' }).where(eq(plans.name, 'Starter'));
  await ctx.db.update(plans).set({ stripePriceId: 'price_pro' }).where(eq(plans.name, 'Professional'));
  const rows = await ctx.db.select({ id: plans.id, name: plans.name }).from(plans);
  starterId = rows.find((p) => p.name === 'Starter')!.id;
  proId = rows.find((p) => p.name === 'Professional')!.id;
  provider = new StripePaymentProvider(ctx.config.stripe!, undefined, PROVIDER_CUSTOMERS);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** Posts `event` signed as Stripe does; expects 200. */
async function deliver(event: object) {
  const payload = JSON.stringify(event);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
}

const evt = (type: string, object: object, created = NOW) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type,
  api_version: '2026-10-28.endive',
  created: unix(created),
  livemode: false,
  data: { object },
});

/** A tenant on trial with a Stripe customer and a card at the fake, subscribed to Starter through the billing service (subscription id stored, nothing paid yet). */
async function subscribedTenant() {
  const suffix = randomUUID().slice(0, 8);
  const [row] = await ctx.db
    .insert(tenants)
    .values({ name: `Order ${suffix}`, slug: `order-${suffix}`, subscriptionStatus: 'TRIALING', trialEndsAt: at(14), providerCustomerId: `cus_${suffix}` })
    .returning();
  fake.customers.set(`cus_${suffix}`, { id: `cus_${suffix}`, name: row.name, metadata: { tenantId: row.id }, default_payment_method: null });
  const card = fake.addCard(`cus_${suffix}`);
  const res = await subscribe(ctx.db, provider, systemContext(new Date(), toTenantContext(row)), { planId: starterId, paymentMethodId: card.id });
  const subscriptionId = res.subscriptionId!;
  expect(subscriptionId).toMatch(/^sub_/);
  return { id: row.id, customer: `cus_${suffix}`, subscriptionId };
}
type Subscribed = Awaited<ReturnType<typeof subscribedTenant>>;

/** A subscription invoice (API 2025-03-31.basil and later). The metadata is the subscription's, as subscribe set it: planId Starter, stale after a plan change. */
function invoice(t: Subscribed, o: { id: string; start: Date; end: Date; price: string; amount: number; paid: boolean; attempt?: number }) {
  return {
    id: `${o.id}_${t.id.slice(0, 8)}`,
    object: 'invoice',
    customer: t.customer,
    amount_due: o.amount,
    amount_paid: o.paid ? o.amount : 0,
    attempt_count: o.attempt ?? 1,
    status: o.paid ? 'paid' : 'open',
    currency: 'usd',
    hosted_invoice_url: `https://invoice.stripe.test/i/${o.id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${o.id}/pdf`,
    period_start: unix(o.start),
    period_end: unix(o.start),
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: t.subscriptionId, metadata: { tenantId: t.id, planId: starterId } },
    },
    lines: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: `il_${o.id}`,
          object: 'line_item',
          amount: o.amount,
          currency: 'usd',
          period: { start: unix(o.start), end: unix(o.end) },
          pricing: { type: 'price_details', price_details: { price: o.price, product: 'prod_1' } },
        },
      ],
    },
  };
}

/** The subscription object as Stripe sends it in customer.subscription.* events (period on the item since 2025-03-31.basil). */
function subscription(t: Subscribed, o: { status: string; price: string; start: Date; end: Date; canceledAt?: Date }) {
  return {
    id: t.subscriptionId,
    object: 'subscription',
    status: o.status,
    customer: t.customer,
    metadata: { tenantId: t.id, planId: starterId },
    cancel_at_period_end: false,
    canceled_at: o.canceledAt ? unix(o.canceledAt) : null,
    ended_at: o.canceledAt ? unix(o.canceledAt) : null,
    items: {
      object: 'list',
      has_more: false,
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          price: { id: o.price, object: 'price' },
          current_period_start: unix(o.start),
          current_period_end: unix(o.end),
        },
      ],
    },
  };
}

/** What the tenant and the platform see of its subscription. */
async function endState(tenantId: string) {
  const [t] = await ctx.db.select().from(tenants).where(eq(tenants.id, tenantId));
  const inv = await ctx.db.select().from(invoices).where(eq(invoices.tenantId, tenantId));
  const pay = await ctx.db.select().from(payments).where(eq(payments.tenantId, tenantId));
  const events = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, tenantId));
  const short = (id: string | null) => id?.split('_').slice(0, 2).join('_') ?? null;
  return {
    status: t.subscriptionStatus,
    planId: t.planId,
    period: [t.currentPeriodStart?.toISOString(), t.currentPeriodEnd?.toISOString()],
    graceEndsAt: t.graceEndsAt?.toISOString() ?? null,
    invoices: inv.map((i) => `${short(i.providerInvoiceId)} ${i.status} ${i.amountPaidCents} ${i.periodStart.toISOString()}`).sort(),
    payments: pay
      .map((p) => `${short(p.providerPaymentId)} ${p.amountCents} ${p.planId === proId ? 'pro' : p.planId === starterId ? 'starter' : p.planId}`)
      .sort(),
    created: events.filter((e) => e.eventType === 'created').length,
    canceled: events.filter((e) => e.eventType === 'canceled').length,
  };
}
type EndState = Awaited<ReturnType<typeof endState>>;

/** A story: its events (in Stripe's own order) for a subscribed tenant, and the state it must end in. */
interface Story {
  events: (t: Subscribed) => object[];
  expected: Omit<EndState, 'created'>;
}

const iso = (d: Date) => d.toISOString();
const inv1 = (t: Subscribed) => invoice(t, { id: 'in_p1', start: T0, end: T1, price: 'price_starter', amount: 1999, paid: true });
const renewal = (t: Subscribed, price: string, amount: number, paid: boolean, attempt = 1) =>
  invoice(t, { id: 'in_p2', start: T1, end: T2, price, amount, paid, attempt });

/** Subscribe → period 1 paid → plan changed to Professional in Stripe's portal → the renewal fails once, then is paid at the new price → the subscription is deleted. */
const planChangeThenCancel: Story = {
  events: (t) => [
    evt('invoice.paid', inv1(t), T0),
    evt('customer.subscription.updated', subscription(t, { status: 'active', price: 'price_pro', start: T0, end: T1 }), at(-10)),
    evt('invoice.payment_failed', renewal(t, 'price_pro', 4999, false), T1),
    evt('invoice.paid', renewal(t, 'price_pro', 4999, true, 2), at(-4)),
    evt('customer.subscription.deleted', subscription(t, { status: 'canceled', price: 'price_pro', start: T1, end: T2, canceledAt: at(-1) }), at(-1)),
  ],
  expected: {
    status: 'CANCELED',
    planId: '',
    period: [iso(T1), iso(T2)],
    graceEndsAt: null,
    invoices: [`in_p1 paid 1999 ${iso(T0)}`, `in_p2 paid 4999 ${iso(T1)}`],
    payments: ['in_p1 1999 starter', 'in_p2 4999 pro'],
    canceled: 1,
  },
};

/** Period 1 paid → the renewal fails, the subscription goes past_due → the retry is paid, the subscription is active again. */
const recoveredRenewal: Story = {
  events: (t) => [
    evt('invoice.paid', inv1(t), T0),
    evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false), T1),
    evt('customer.subscription.updated', subscription(t, { status: 'past_due', price: 'price_starter', start: T1, end: T2 }), T1),
    evt('invoice.paid', renewal(t, 'price_starter', 1999, true, 2), at(-3)),
    evt('customer.subscription.updated', subscription(t, { status: 'active', price: 'price_starter', start: T1, end: T2 }), at(-3)),
  ],
  expected: {
    status: 'ACTIVE',
    planId: '',
    period: [iso(T1), iso(T2)],
    graceEndsAt: null,
    invoices: [`in_p1 paid 1999 ${iso(T0)}`, `in_p2 paid 1999 ${iso(T1)}`],
    payments: ['in_p1 1999 starter', 'in_p2 1999 starter'],
    canceled: 0,
  },
};

/** Period 1 paid → the renewal fails twice, the subscription goes past_due: still in its grace, 7 days after period 1 ended. */
const stillPastDue: Story = {
  events: (t) => [
    evt('invoice.paid', inv1(t), T0),
    evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false), T1),
    evt('customer.subscription.updated', subscription(t, { status: 'past_due', price: 'price_starter', start: T1, end: T2 }), T1),
    evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false, 2), at(-2)),
  ],
  expected: {
    status: 'PAST_DUE',
    planId: '',
    period: [iso(T0), iso(T1)],
    graceEndsAt: iso(new Date(T1.getTime() + 7 * DAY)),
    invoices: [`in_p1 paid 1999 ${iso(T0)}`],
    payments: ['in_p1 1999 starter'],
    canceled: 0,
  },
};

/** Period 1 paid → the renewal fails, past_due → Stripe gives up and deletes the subscription. */
const dunningEndsInCancel: Story = {
  events: (t) => [
    evt('invoice.paid', inv1(t), T0),
    evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false), T1),
    evt('customer.subscription.updated', subscription(t, { status: 'past_due', price: 'price_starter', start: T1, end: T2 }), T1),
    evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false, 4), at(-1)),
    evt('customer.subscription.deleted', subscription(t, { status: 'canceled', price: 'price_starter', start: T1, end: T2, canceledAt: at(-1) }), at(-1)),
  ],
  expected: {
    status: 'CANCELED',
    planId: '',
    period: [iso(T0), iso(T1)],
    graceEndsAt: null,
    invoices: [`in_p1 paid 1999 ${iso(T0)}`],
    payments: ['in_p1 1999 starter'],
    canceled: 1,
  },
};

/** All orders of `n` items (Heap's algorithm), as index lists. */
function permutations(n: number): number[][] {
  const out: number[][] = [];
  const a = [...Array(n).keys()];
  const c = Array(n).fill(0);
  out.push([...a]);
  let i = 0;
  while (i < n) {
    if (c[i] < i) {
      const j = i % 2 === 0 ? 0 : c[i];
      [a[j], a[i]] = [a[i], a[j]];
      out.push([...a]);
      c[i] += 1;
      i = 0;
    } else {
      c[i] = 0;
      i += 1;
    }
  }
  return out;
}

/** Runs `story` on a fresh subscribed tenant with its events delivered in `order`; returns the end state. */
async function play(story: Story, order: number[]): Promise<EndState> {
  const t = await subscribedTenant();
  const events = story.events(t);
  for (const i of order) await deliver(events[i]);
  return endState(t.id);
}

function expectedOf(story: Story, planId: string): Omit<EndState, 'created'> & { created: number } {
  return { ...story.expected, planId, created: 1 };
}

describe('every order of one story ends in the same state', () => {
  it(
    'plan change in the portal, a failed then paid renewal, deletion: all 120 orders end CANCELED on Professional with both invoices',
    { timeout: 300_000 },
    async () => {
      const orders = permutations(5);
      expect(orders).toHaveLength(120);
      expect(new Set(orders.map((o) => o.join())).size).toBe(120);
      const expected = expectedOf(planChangeThenCancel, proId);
      for (const order of orders) {
        expect({ order, state: await play(planChangeThenCancel, order) }).toEqual({ order, state: expected });
      }
    },
  );

  it.each([
    ['a recovered renewal ends ACTIVE on the paid period 2', recoveredRenewal],
    ['a renewal still failing ends PAST_DUE with grace 7 days after period 1 ended', stillPastDue],
    ['dunning that ends in deletion ends CANCELED with only period 1 paid', dunningEndsInCancel],
  ])('%s, in Stripe order, reversed, and 25 random orders', { timeout: 300_000 }, async (_name, story) => {
    const n = story.events({ id: randomUUID(), customer: 'cus_x', subscriptionId: 'sub_x' }).length;
    const expected = expectedOf(story, starterId);
    const natural = [...Array(n).keys()];
    const orders = [natural, [...natural].reverse(), ...fc.sample(fc.shuffledSubarray(natural, { minLength: n, maxLength: n }), { numRuns: 25, seed: 21 })];
    for (const order of orders) {
      expect({ order, state: await play(story, order) }).toEqual({ order, state: expected });
    }
  });
});

describe('late and stale events', () => {
  it('a late invoice.paid of a deleted subscription records the invoice but does not reactivate the tenant', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', inv1(t)));
    await deliver(
      evt('customer.subscription.deleted', subscription(t, { status: 'canceled', price: 'price_starter', start: T1, end: T2, canceledAt: at(-1) })),
    );
    expect((await endState(t.id)).status).toBe('CANCELED');
    await deliver(evt('invoice.paid', renewal(t, 'price_starter', 1999, true)));
    const state = await endState(t.id);
    expect(state).toMatchObject({ status: 'CANCELED', graceEndsAt: null, canceled: 1 });
    expect(state.invoices).toEqual([`in_p1 paid 1999 ${iso(T0)}`, `in_p2 paid 1999 ${iso(T1)}`]);
  });

  it('an invoice.payment_failed for an invoice already recorded as paid leaves the tenant ACTIVE', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', inv1(t)));
    await deliver(evt('invoice.paid', renewal(t, 'price_starter', 1999, true, 2)));
    await deliver(evt('invoice.payment_failed', renewal(t, 'price_starter', 1999, false, 1)));
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', graceEndsAt: null, period: [iso(T1), iso(T2)] });
    const failed = await ctx.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.tenantId, t.id), eq(subscriptionEvents.eventType, 'payment_failed')));
    expect(failed).toHaveLength(1);
    expect(failed[0].data).toMatchObject({ status: 'ACTIVE', alreadyPaid: true });
  });

  it('an older customer.subscription.updated (past_due for period 1) does not undo the paid period 2', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', renewal(t, 'price_starter', 1999, true)));
    await deliver(evt('customer.subscription.updated', subscription(t, { status: 'past_due', price: 'price_starter', start: T0, end: T1 }), T0));
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', graceEndsAt: null, period: [iso(T1), iso(T2)] });
  });

  it('the plan is the one of the price charged, not the stale planId of the subscription metadata', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', renewal(t, 'price_pro', 4999, true)));
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', planId: proId, payments: ['in_p2 4999 pro'] });
  });

  it('a new subscription after a deleted one activates again; late events of the old one change nothing', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', inv1(t)));
    const old = { ...t };
    await deliver(
      evt('customer.subscription.deleted', subscription(old, { status: 'canceled', price: 'price_starter', start: T0, end: T1, canceledAt: at(-6) })),
    );
    fake.subscriptions.get(t.subscriptionId)!.status = 'canceled';
    const [row] = await ctx.db.select().from(tenants).where(eq(tenants.id, t.id));
    expect(row.subscriptionStatus).toBe('CANCELED');
    const card = fake.addCard(t.customer);
    const res = await subscribe(ctx.db, provider, systemContext(new Date(), toTenantContext(row)), { planId: starterId, paymentMethodId: card.id });
    expect(res.subscriptionId).not.toBe(old.subscriptionId);
    const renewed = { ...t, subscriptionId: res.subscriptionId! };
    await deliver(evt('invoice.paid', invoice(renewed, { id: 'in_new', start: at(-1), end: at(29), price: 'price_starter', amount: 1999, paid: true })));
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', graceEndsAt: null, period: [iso(at(-1)), iso(at(29))] });
    // The old subscription's late failure and deletion retry do not touch the new one.
    await deliver(evt('invoice.payment_failed', renewal(old, 'price_starter', 1999, false)));
    await deliver(
      evt('customer.subscription.deleted', subscription(old, { status: 'canceled', price: 'price_starter', start: T0, end: T1, canceledAt: at(-6) })),
    );
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', graceEndsAt: null, period: [iso(at(-1)), iso(at(29))], canceled: 1 });
  });
});

describe('the hourly check of paid periods', () => {
  it('an ACTIVE subscription whose paid period ended over 3 hours ago without a payment becomes PAST_DUE with grace 7 days after the end', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', renewal(t, 'price_starter', 1999, true)));
    expect((await endState(t.id)).status).toBe('ACTIVE');

    // Within the tolerance after the end: Stripe's renewal may still be on its way.
    expect(await markLapsedSubscriptions(ctx.db, new Date(T2.getTime() + 2 * 3_600_000))).toBe(0);
    expect((await endState(t.id)).status).toBe('ACTIVE');

    const later = new Date(T2.getTime() + 4 * 3_600_000);
    expect(await markLapsedSubscriptions(ctx.db, later)).toBeGreaterThanOrEqual(1);
    expect(await endState(t.id)).toMatchObject({ status: 'PAST_DUE', graceEndsAt: iso(new Date(T2.getTime() + 7 * DAY)) });
    const [changed] = await ctx.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.tenantId, t.id), eq(subscriptionEvents.eventType, 'status_changed')));
    expect(changed.data).toMatchObject({ from: 'ACTIVE', to: 'PAST_DUE', by: 'schedule', periodEnd: iso(T2) });
    // Run again: nothing more.
    await markLapsedSubscriptions(ctx.db, later);
    const all = await ctx.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.tenantId, t.id), eq(subscriptionEvents.eventType, 'status_changed')));
    expect(all).toHaveLength(1);

    // The renewal is paid after all: ACTIVE on the new period, grace cleared.
    await deliver(
      evt('invoice.paid', invoice(t, { id: 'in_p3', start: T2, end: new Date(T2.getTime() + 30 * DAY), price: 'price_starter', amount: 1999, paid: true })),
    );
    expect(await endState(t.id)).toMatchObject({ status: 'ACTIVE', graceEndsAt: null });
    // The owner's Activity tells the three changes, the middle one by the schedule.
    expect((await statusEvents(t.id)).map((e) => `${e.after.subscriptionStatus} by ${e.after.by}`)).toEqual([
      'ACTIVE by stripe',
      'PAST_DUE by schedule',
      'ACTIVE by stripe',
    ]);
  });
});

/** The tenant's 'subscription.status' audit events, oldest first, with their actor columns. */
async function statusEvents(tenantId: string) {
  const rows = await ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, 'subscription.status')))
    .orderBy(auditLog.createdAt, auditLog.id);
  return rows.map((r) => ({ ...r, before: r.before as Record<string, unknown>, after: r.after as Record<string, unknown> }));
}

describe("the owner's Activity", () => {
  it('each change of status the provider makes is an audit event of the system, written once however often the event comes', async () => {
    const t = await subscribedTenant();
    const events = stillPastDue.events(t);
    for (const event of events) await deliver(event);
    // A retried delivery is a duplicate and changes nothing.
    expect(await deliver(events[1])).toMatchObject({ duplicate: true });
    const audited = await statusEvents(t.id);
    // Period 1 was paid, but it ended 5 days ago and the renewal failed: past due from the first
    // event on; the later failures and updates leave the state (and the grace) as they were.
    expect(audited.map((e) => [e.before.subscriptionStatus, e.after.subscriptionStatus])).toEqual([['TRIALING', 'PAST_DUE']]);
    expect(audited[0].after).toMatchObject({ planId: starterId, graceEndsAt: iso(new Date(T1.getTime() + 7 * DAY)), by: 'stripe' });
    expect(audited.every((e) => e.userId === null && e.apiKeyId === null && e.ip === null)).toBe(true);
  });

  it('a plan changed by the price charged is an audit event with both plans', async () => {
    const t = await subscribedTenant();
    await deliver(evt('invoice.paid', inv1(t), T0));
    await deliver(evt('invoice.paid', renewal(t, 'price_pro', 4999, true)));
    const audited = await statusEvents(t.id);
    expect(audited.at(-1)!.before).toMatchObject({ planId: starterId, subscriptionStatus: 'PAST_DUE' });
    expect(audited.at(-1)!.after).toMatchObject({ planId: proId, subscriptionStatus: 'ACTIVE', by: 'stripe' });
  });
});
