import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { cards, customers, expiryRules, transactions, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { openLotOf } from './lots.ts';
import { sendExpiryReminders } from './reminders.ts';
import { expireCashback } from './expire.ts';

/**
 * The ledger's webhook events are written to the webhook outbox in the transaction of what
 * they report: `transaction.created` for every ledger type (EARN, REDEEM, REFUND, VOID,
 * ADJUST, EXPIRE), `card.activated`, `card.blocked`, `customer.created`, `cashback.expiring`
 * (with the 7-day reminder) and `cashback.expired`; only for enabled endpoints subscribed to
 * the type; none on a replay or a refusal.
 */
const DAY = 86_400_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A fresh tenant with one enabled endpoint subscribed to `events` (inserted directly: the routes are tested in webhook-endpoints). */
async function tenantWithEndpoint(events: string[], enabled = true): Promise<FreshTenant & { endpointId: string }> {
  const t = await freshTenant(ctx, { idempotencyKeys: true });
  const [endpoint] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      tenantId: t.tenant.id,
      url: 'https://hooks.example.com/loyalty',
      events: events as never,
      secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0MTI=',
      enabled,
    })
    .returning();
  return { ...t, endpointId: endpoint.id };
}
/** The tenant's deliveries, oldest first: event type and payload. */
async function deliveries(tenantId: string) {
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.tenantId, tenantId))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => ({
    type: r.eventType,
    eventId: r.eventId,
    status: r.status,
    payload: r.payload as { type: string; timestamp: string; data: Record<string, unknown> },
  }));
}

describe('webhook events', () => {
  it('writes transaction.created for earn, redeem, refund, void and adjust, with the ledger row as v1 lists it, and nothing for a replay or a refusal', async () => {
    const t = await tenantWithEndpoint(['transaction.created']);
    const earn = json(await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 2000 }));
    const headers = { cookie: t.cookie, 'idempotency-key': 'same-earn-twice' };
    const first = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/redeem`,
      headers,
      payload: { cardUid: t.cardUid, amountCents: 100 },
    });
    const replay = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/redeem`,
      headers,
      payload: { cardUid: t.cardUid, amountCents: 100 },
    });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await t.req('POST', 'transactions/redeem', { cardUid: t.cardUid, amountCents: 99_999_999 })).statusCode).toBe(422);
    expect((await t.req('POST', `transactions/${earn.transactionId}/refund`, { amountCents: 500 })).statusCode).toBe(200);
    expect((await t.req('POST', `transactions/${json(first).transactionId}/void`, { reason: 'Wrong card' })).statusCode).toBe(200);
    expect((await t.req('POST', `cards/${t.cardUid}/adjust`, { deltaCents: 250, reason: 'Goodwill' })).statusCode).toBe(200);

    const events = await deliveries(t.tenant.id);
    expect(events.map((e) => e.type)).toEqual(Array(5).fill('transaction.created'));
    expect(events.map((e) => e.payload.data.type)).toEqual(['EARN', 'REDEEM', 'REFUND', 'VOID', 'ADJUST']);
    expect(events[0].payload).toMatchObject({
      type: 'transaction.created',
      data: { id: earn.transactionId, cardUid: t.cardUid, amountCents: 2000, cashbackCents: earn.cashbackEarned },
    });
    expect(new Set(events.map((e) => e.eventId)).size).toBe(5);
    expect(events.every((e) => e.status === 'pending')).toBe(true);
    const ledger = await ctx.db.select().from(transactions).where(eq(transactions.tenantId, t.tenant.id));
    expect(ledger).toHaveLength(6); // the opening ADJUST of freshTenant and the five above
  });

  it('writes card.activated and customer.created on an activation with a new customer, card.blocked on a block (not on the unblock), customer.created on create', async () => {
    const t = await tenantWithEndpoint(['card.activated', 'card.blocked', 'customer.created']);
    const [spare] = await ctx.db
      .insert(cards)
      .values({ tenantId: t.tenant.id, cardUid: `SPARE${t.tenant.id.slice(0, 7).toUpperCase()}`.replace(/[^A-Z0-9]/g, '7').slice(0, 12) })
      .returning();
    const activated = await t.req('POST', 'cards/activate', {
      cardUid: spare.cardUid,
      storeId: t.store.id,
      customer: { firstName: 'Nia', lastName: 'New', email: 'nia@example.com' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await t.req('POST', `cards/${t.cardUid}/block`)).statusCode).toBe(200);
    expect((await t.req('POST', `cards/${t.cardUid}/block`)).statusCode).toBe(200); // unblock
    expect((await t.req('POST', 'customers', { firstName: 'Cai', lastName: 'Created' })).statusCode).toBe(201);

    // Events of one transaction share its instant, so compare them by type.
    const events = await deliveries(t.tenant.id);
    expect(events.map((e) => e.type).sort()).toEqual(['card.activated', 'card.blocked', 'customer.created', 'customer.created']);
    const data = (type: string) => events.filter((e) => e.type === type).map((e) => e.payload.data);
    expect(data('customer.created')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ firstName: 'Nia', email: 'nia@example.com' }),
        expect.objectContaining({ firstName: 'Cai', lastName: 'Created' }),
      ]),
    );
    expect(data('card.activated')).toEqual([
      expect.objectContaining({ cardUid: spare.cardUid, status: 'ACTIVE', customer: expect.objectContaining({ firstName: 'Nia' }) }),
    ]);
    expect(data('card.blocked')).toEqual([expect.objectContaining({ cardUid: t.cardUid, status: 'BLOCKED' })]);
  });

  it('writes cashback.expiring with the 7-day reminder and cashback.expired with the EXPIRE row', async () => {
    const t = await tenantWithEndpoint(['cashback.expiring', 'cashback.expired', 'transaction.created']);
    await ctx.db.insert(expiryRules).values({ tenantId: t.tenant.id, policy: 'AFTER_EARN', days: 30 });
    await ctx.db.update(customers).set({ email: 'exp@example.com' }).where(eq(customers.id, t.customer.id));
    await ctx.db.transaction(async (tx) => {
      const [card] = await tx.select().from(cards).where(eq(cards.id, t.card.id));
      const [row] = await tx
        .insert(transactions)
        .values({
          tenantId: t.tenant.id,
          cardId: t.card.id,
          customerId: t.customer.id,
          storeId: t.store.id,
          type: 'ADJUST',
          amountCents: 345,
          beforeBalanceCents: card.balanceCents,
          afterBalanceCents: card.balanceCents + 345,
          createdAt: new Date(Date.now() - 25 * DAY),
        })
        .returning();
      await tx
        .update(cards)
        .set({ balanceCents: card.balanceCents + 345 })
        .where(eq(cards.id, t.card.id));
      await openLotOf(tx, t.tenant.id, row.id);
    });
    await sendExpiryReminders(ctx.db, new Date(), { publicUrl: 'https://cards.example.com', secret: 'webhook-events-test-secret-32-characters' });
    await expireCashback(ctx.db, new Date(Date.now() + 6 * DAY));

    const events = await deliveries(t.tenant.id);
    expect(events.map((e) => e.type).sort()).toEqual(['cashback.expired', 'cashback.expiring', 'transaction.created']);
    const data = (type: string) => events.find((e) => e.type === type)!.payload.data;
    expect(data('cashback.expiring')).toMatchObject({ cardUid: t.cardUid, customerId: t.customer.id, expiringCents: 345 });
    expect(data('transaction.created')).toMatchObject({ type: 'EXPIRE', amountCents: 345, cardUid: t.cardUid });
    expect(data('cashback.expired')).toMatchObject({ cardUid: t.cardUid, expiredCents: 345, transactionId: data('transaction.created').id });
  });

  it('writes nothing for a tenant without endpoints, a disabled endpoint, or an endpoint not subscribed to the type', async () => {
    const none = await freshTenant(ctx, { idempotencyKeys: true });
    const disabled = await tenantWithEndpoint(['transaction.created'], false);
    const other = await tenantWithEndpoint(['card.blocked']);
    for (const t of [none, disabled, other]) {
      expect((await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000 })).statusCode).toBe(200);
      expect(await deliveries(t.tenant.id)).toEqual([]);
    }
    expect(
      await ctx.db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.tenantId, disabled.tenant.id), eq(webhookDeliveries.endpointId, disabled.endpointId))),
    ).toEqual([]);
  });
});
