import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CardStatus } from '@loyalty/contract';
import { cards, checkoutSessions, tenants } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  countRows,
  createTestContext,
  freshTenant as signedInTenant,
  demoSessions,
  idempotencyKey,
  json,
  type TestContext,
} from '../../../test/helpers.ts';

/**
 * POST /api/t/{slug}/customers/{id}/add-funds (docs/product.md 'Add funds': 100 to 100000
 * cents): opens a Demo checkout and answers its URL; no money
 * moves until the checkout is paid (checkout.test.ts follows the flow to the credit).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const RANGE = 'Amount must be between $1.00 and $1,000.00';

/** A fresh trial tenant (customer with one ACTIVE card holding $10.00) with its admin signed in. */
async function freshTenant() {
  const t = await signedInTenant(ctx, { balanceCents: 1000, idempotencyKeys: true });
  const addFunds = (customerId: string, payload: object) => t.req('POST', `customers/${customerId}/add-funds`, payload);
  return { ...t, addFunds };
}

async function checkoutCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(checkoutSessions);
  return row.n;
}

/** Everything add funds could write: checkouts, ledger rows, the cards' balances. */
async function snapshot() {
  const [bal] = await ctx.db.select({ s: sql<number>`coalesce(sum(${cards.balanceCents}), 0)::bigint` }).from(cards);
  return { checkouts: await checkoutCount(), ledger: await countRows(ctx.db, 'transactions'), balances: Number(bal.s) };
}

/** Another ACTIVE (or `status`) card of the customer, balance 0. */
async function addCard(t: Awaited<ReturnType<typeof freshTenant>>, uid: string, status: CardStatus = 'ACTIVE') {
  const [card] = await ctx.db
    .insert(cards)
    .values({ tenantId: t.tenant.id, cardUid: uid, customerId: t.customer.id, storeId: t.store.id, status, activatedAt: new Date() })
    .returning();
  return card;
}

const uid = () =>
  `AF${Math.random()
    .toString(36)
    .slice(2, 12)
    .toUpperCase()
    .replace(/[ILOU]/g, '7')}`
    .padEnd(12, '9')
    .slice(0, 12);

describe('POST /customers/{id}/add-funds', () => {
  it("opens a Demo checkout for the customer's only ACTIVE card and moves no money yet", async () => {
    const t = await freshTenant();
    const before = await balanceAndLedger(ctx.db, t.cardUid);
    const res = await t.addFunds(t.customer.id, { amountCents: 2500 });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl } = json(res);
    const match = /^\/t\/([a-z0-9-]+)\/checkout\/([0-9a-f-]{36})$/.exec(checkoutUrl);
    expect(match?.[1]).toBe(t.slug);
    const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, match![2]));
    expect(row).toMatchObject({
      tenantId: t.tenant.id,
      kind: 'ADD_FUNDS',
      status: 'OPEN',
      provider: 'demo',
      amountCents: 2500,
      customerId: t.customer.id,
      cardId: t.card.id,
      providerSessionId: `demo_cs_${row.id}`,
      returnUrl: `/t/${t.slug}/customers?funds=added&customer=${t.customer.id}`,
      cancelUrl: `/t/${t.slug}/customers?funds=canceled&customer=${t.customer.id}`,
    });
    expect(row.description).toContain(t.cardUid);
    const after = await balanceAndLedger(ctx.db, t.cardUid);
    expect(after.balance).toBe(before.balance);
    expect(after.rows).toBe(before.rows);
  });

  it('accepts the bounds 100 and 100000 cents', async () => {
    const t = await freshTenant();
    expect((await t.addFunds(t.customer.id, { amountCents: 100 })).statusCode).toBe(200);
    expect((await t.addFunds(t.customer.id, { amountCents: 100_000 })).statusCode).toBe(200);
  });

  it.each([[99], [100_001], [0], [-500], [12.5], ['1000'], [null]])(
    "answers 400 with the product's text for amountCents %s, nothing written",
    async (amountCents) => {
      const t = await freshTenant();
      const before = await snapshot();
      const res = await t.addFunds(t.customer.id, { amountCents });
      expect(res.statusCode).toBe(400);
      // The error handler names the field in `error`; the amount rule's text (docs/product.md 'Add funds') is the field's message.
      expect(json(res)).toMatchObject({
        error: `Invalid amountCents: ${RANGE}`,
        code: 'VALIDATION_ERROR',
        details: [{ field: 'body.amountCents', message: RANGE }],
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it('answers 400 for a missing amount or a malformed cardId, nothing written', async () => {
    const t = await freshTenant();
    const before = await snapshot();
    expect((await t.addFunds(t.customer.id, {})).statusCode).toBe(400);
    expect((await t.addFunds(t.customer.id, { amountCents: 1000, cardId: 'nope' })).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("with several ACTIVE cards: 400 'Choose a card' (details body.cardId) without cardId; the chosen card with it", async () => {
    const t = await freshTenant();
    const second = await addCard(t, uid());
    const before = await snapshot();
    const res = await t.addFunds(t.customer.id, { amountCents: 1000 });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'Choose a card', details: [{ field: 'body.cardId' }] });
    expect(await snapshot()).toEqual(before);
    const ok = await t.addFunds(t.customer.id, { amountCents: 1000, cardId: second.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = json(ok).checkoutUrl.split('/').pop();
    const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row.cardId).toBe(second.id);
  });

  it("422 'Card is not active' for a chosen BLOCKED card; 422 'Customer has no active card' when none is ACTIVE", async () => {
    const t = await freshTenant();
    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, t.card.id));
    const before = await snapshot();
    const chosen = await t.addFunds(t.customer.id, { amountCents: 1000, cardId: t.card.id });
    expect(chosen.statusCode).toBe(422);
    expect(json(chosen).error).toBe('Card is not active');
    const none = await t.addFunds(t.customer.id, { amountCents: 1000 });
    expect(none.statusCode).toBe(422);
    expect(json(none).error).toBe('Customer has no active card');
    expect(await snapshot()).toEqual(before);
  });

  it("422 'Customer has no active card' for a customer without cards", async () => {
    const t = await freshTenant();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/customers`,
      headers: { cookie: t.cookie },
      payload: { firstName: 'No', lastName: 'Card' },
    });
    const before = await snapshot();
    const res = await t.addFunds(json(created).id, { amountCents: 1000 });
    expect(res.statusCode).toBe(422);
    expect(json(res).error).toBe('Customer has no active card');
    expect(await snapshot()).toEqual(before);
  });

  it("404 'Card not found' for a card of another customer or another tenant, nothing written", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const before = await snapshot();
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/customers`,
      headers: { cookie: t.cookie },
      payload: { firstName: 'Second', lastName: 'Customer' },
    });
    const afterCreate = await snapshot();
    const ofOtherCustomer = await t.addFunds(json(created).id, { amountCents: 1000, cardId: t.card.id });
    expect(ofOtherCustomer.statusCode).toBe(404);
    expect(json(ofOtherCustomer).error).toBe('Card not found');
    const ofOtherTenant = await t.addFunds(t.customer.id, { amountCents: 1000, cardId: other.card.id });
    expect(ofOtherTenant.statusCode).toBe(404);
    expect(json(ofOtherTenant).error).toBe('Card not found');
    expect(await snapshot()).toEqual(afterCreate);
    expect(afterCreate).toEqual(before);
  });

  it("404 'Customer not found' for another tenant's, an unknown or a malformed customer id", async () => {
    const t = await freshTenant();
    const other = await freshTenant();
    const before = await snapshot();
    for (const id of [other.customer.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.addFunds(id, { amountCents: 1000 });
      expect(res.statusCode).toBe(404);
      expect(json(res).error).toBe('Customer not found');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("403 'Subscription required to process transactions' when the tenant may not transact (the POS gate)", async () => {
    const t = await freshTenant();
    for (const patch of [{ subscriptionStatus: 'CANCELED' as const }, { subscriptionStatus: 'PAST_DUE' as const, graceEndsAt: new Date(Date.now() - 1000) }]) {
      await ctx.db.update(tenants).set(patch).where(eq(tenants.id, t.tenant.id));
      const before = await snapshot();
      const res = await t.addFunds(t.customer.id, { amountCents: 1000 });
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ error: 'Subscription required to process transactions', code: 'SUBSCRIPTION_REQUIRED' });
      expect(await snapshot()).toEqual(before);
    }
    await ctx.db
      .update(tenants)
      .set({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 86_400_000) })
      .where(eq(tenants.id, t.tenant.id));
    expect((await t.addFunds(t.customer.id, { amountCents: 1000 })).statusCode).toBe(200);
  });

  it('is tenant_admin only: 403 cashier and customer, 401 signed out, 404 on another slug; platform_admin passes', async () => {
    const [jane] = await ctx.db.select({ customerId: cards.customerId }).from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
    const url = `/api/t/demo/customers/${jane.customerId}/add-funds`;
    const before = await snapshot();
    for (const [cookie, status] of [
      [s.cashier, 403],
      [s.customer, 403],
      [undefined, 401],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...(cookie ? { cookie } : {}), ...idempotencyKey() },
        payload: { amountCents: 1000 },
      });
      expect(res.statusCode).toBe(status);
    }
    const other = await freshTenant();
    const beforeCross = await snapshot();
    const cross = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${other.slug}/customers/${jane.customerId}/add-funds`,
      headers: { cookie: s.admin, ...idempotencyKey() },
      payload: { amountCents: 1000 },
    });
    expect(cross.statusCode).toBe(404);
    // the other tenant's admin, on its own slug, with the demo customer's id
    const foreign = await other.addFunds(jane.customerId!, { amountCents: 1000 });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe('Customer not found');
    expect(await snapshot()).toEqual(beforeCross);
    expect(beforeCross.checkouts).toBe(before.checkouts);
    const platform = await ctx.app.inject({ method: 'POST', url, headers: { cookie: s.platform, ...idempotencyKey() }, payload: { amountCents: 1000 } });
    expect(platform.statusCode).toBe(200);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.customerId, jane.customerId!), eq(checkoutSessions.status, 'OPEN')));
    expect(n).toBe(1);
  });
});
