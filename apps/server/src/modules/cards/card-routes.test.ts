import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, cards, customers, stores, tenants, users } from '../../db/schema/index.ts';
import {
  balanceAndLedger,
  countRows,
  createOtherTenant,
  createTestContext,
  demoSessions,
  demoTenantId,
  idempotencyKey,
  json,
  loginAs,
  type TestContext,
} from '../../../test/helpers.ts';
import { cardQrUrl } from './qr-token.ts';

/**
 * Cards through the API (docs/product.md 'Cards'): list and search, activation (existing or new customer, one
 * transaction, trial gate), block/unblock with audit, store change. Each route: success, bad
 * input (400, nothing written), wrong role (403), another tenant (404), signed out (401).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let mainStoreId: string;
let downtownStoreId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  const demoStores = await ctx.db.select().from(stores).where(eq(stores.tenantId, demoId));
  mainStoreId = demoStores.find((x) => x.name === 'Main Store')!.id;
  downtownStoreId = demoStores.find((x) => x.name === 'Downtown Store')!.id;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
/** `money`: a money route (earn, redeem), sent with a fresh Idempotency-Key. */
const call = (method: Method, path: string, opts: { cookie?: string; payload?: unknown; slug?: string; money?: boolean } = {}) =>
  ctx.app.inject({
    method,
    url: `/api/t/${opts.slug ?? 'demo'}/${path}`,
    headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.money ? idempotencyKey() : {}) },
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });

/** A customer of the demo tenant without cards. */
async function cardlessCustomer(firstName: string, lastName: string, email: string | null = null) {
  const [c] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName, lastName, email }).returning();
  return c;
}

async function cardStatus(uid: string) {
  const [c] = await ctx.db.select().from(cards).where(eq(cards.cardUid, uid));
  return c;
}

async function auditRows(entityId: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

async function auditCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row.n);
}

describe('GET /api/t/{slug}/cards', () => {
  it('lists the 14 demo cards with customer, store name and signed qrUrl, the same shape as the POS lookup', async () => {
    const res = await call('GET', 'cards', { cookie: s.cashier });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.total).toBe(14);
    expect(body.pages).toBe(1);
    expect(body.cards).toHaveLength(14);
    const first = body.cards.find((c: { cardUid: string }) => c.cardUid === 'DEM0CARD0001');
    const lookup = json(await call('GET', 'cards/DEM0CARD0001', { cookie: s.cashier }));
    expect(first).toEqual(lookup);
    expect(first.customer).toMatchObject({ firstName: 'Jane', lastName: 'Customer' });
    expect(first.qrUrl).toBe(cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, 'demo', 'DEM0CARD0001'));
    expect(body.cards.some((c: { cardUid: string }) => c.cardUid === other.cardUid)).toBe(false);
  });

  it('puts the newest card first', async () => {
    await ctx.db.insert(cards).values({ tenantId: demoId, cardUid: 'NEWESTCARD01', createdAt: new Date(Date.now() + 60_000) });
    try {
      const body = json(await call('GET', 'cards', { cookie: s.admin }));
      expect(body.cards[0].cardUid).toBe('NEWESTCARD01');
      expect(body.total).toBe(15);
    } finally {
      await ctx.db.delete(cards).where(eq(cards.cardUid, 'NEWESTCARD01'));
    }
  });

  it('filters by status and pages', async () => {
    const un = json(await call('GET', 'cards?status=UNASSIGNED', { cookie: s.admin }));
    expect(un.total).toBe(8);
    expect(un.cards.every((c: { status: string; customer: unknown }) => c.status === 'UNASSIGNED' && c.customer === null)).toBe(true);
    const blocked = json(await call('GET', 'cards?status=BLOCKED', { cookie: s.admin }));
    expect(blocked.cards.map((c: { cardUid: string }) => c.cardUid)).toEqual(['DEM0CARD0006']);
    const page3 = json(await call('GET', 'cards?limit=5&page=3', { cookie: s.admin }));
    expect(page3).toMatchObject({ total: 14, pages: 3 });
    expect(page3.cards).toHaveLength(4);
  });

  it('searches the UID (normalised, contains) and the customer first, last or full name case-insensitively', async () => {
    const uids = async (search: string) =>
      json(await call('GET', `cards?search=${encodeURIComponent(search)}`, { cookie: s.admin })).cards.map((c: { cardUid: string }) => c.cardUid);
    expect(await uids(' dem0-card 0006 ')).toEqual(['DEM0CARD0006']);
    expect(await uids('card001')).toHaveLength(8);
    expect(await uids('jane')).toEqual(['DEM0CARD0001']);
    expect(await uids('GARC')).toEqual(['DEM0CARD0002']);
    expect(await uids('maria garcia')).toEqual(['DEM0CARD0002']);
    expect(await uids('%')).toEqual([]);
    expect(await uids(other.cardUid)).toEqual([]);
    expect(await uids('Oscar')).toEqual([]);
  });

  it('answers 400 with details for a bad query', async () => {
    const res = await call('GET', 'cards?status=LOST&limit=0', { cookie: s.admin });
    expect(res.statusCode).toBe(400);
    const body = json(res);
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['querystring.status']));
  });

  it('answers 403 to a customer, 401 signed out, 404 across tenants', async () => {
    expect((await call('GET', 'cards', { cookie: s.customer })).statusCode).toBe(403);
    expect((await call('GET', 'cards')).statusCode).toBe(401);
    expect((await call('GET', 'cards', { cookie: otherCookie })).statusCode).toBe(404);
    expect((await call('GET', 'cards', { cookie: s.admin, slug: other.tenant.slug })).statusCode).toBe(404);
  });
});

describe('POST /api/t/{slug}/cards/activate', () => {
  it('activates an UNASSIGNED card for an existing card-less customer; counts as a trial activation', async () => {
    const nina = await cardlessCustomer('Nina', 'Newman', 'nina@example.com');
    const before = json(await call('GET', 'trial/status', { cookie: s.admin }));
    const res = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'dem0-card-0010', storeId: downtownStoreId, customerId: nina.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = json(res);
    expect(card).toMatchObject({
      cardUid: 'DEM0CARD0010',
      status: 'ACTIVE',
      customerId: nina.id,
      storeId: downtownStoreId,
      storeName: 'Downtown Store',
      balanceCents: 0,
    });
    expect(card.customer).toMatchObject({ firstName: 'Nina', lastName: 'Newman', email: 'nina@example.com', tier: 'SILVER' });
    expect(Date.now() - Date.parse(card.activatedAt)).toBeLessThan(60_000);
    expect(card.qrUrl).toBe(cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, 'demo', 'DEM0CARD0010'));
    const after = json(await call('GET', 'trial/status', { cookie: s.admin }));
    expect(after.activationsUsed).toBe(before.activationsUsed + 1);
    expect(after.activationsRemaining).toBe(before.activationsRemaining - 1);
  });

  it('lets a cashier activate with a new customer created in the same transaction (email lower-cased)', async () => {
    const customersBefore = await countRows(ctx.db, 'customers');
    const res = await call('POST', 'cards/activate', {
      cookie: s.cashier,
      payload: {
        cardUid: 'DEM0CARD0011',
        storeId: mainStoreId,
        customer: { firstName: ' Omar ', lastName: 'Quinn', email: 'Omar.Quinn@Example.com', phone: '' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).customer).toMatchObject({ firstName: 'Omar', lastName: 'Quinn', email: 'omar.quinn@example.com', phone: null });
    expect(await countRows(ctx.db, 'customers')).toBe(customersBefore + 1);
    const [row] = await ctx.db
      .select()
      .from(customers)
      .where(eq(customers.id, json(res).customerId));
    expect(row.tenantId).toBe(demoId);
  });

  it('refuses a duplicate customer e-mail with 409 and writes no customer and no card change', async () => {
    const customersBefore = await countRows(ctx.db, 'customers');
    const res = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customer: { firstName: 'Maria', lastName: 'Again', email: 'MARIA.GARCIA@example.com' } },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ error: 'A customer with this email already exists', code: 'CONFLICT' });
    expect(await countRows(ctx.db, 'customers')).toBe(customersBefore);
    expect((await cardStatus('DEM0CARD0012')).status).toBe('UNASSIGNED');
  });

  it('gives an existing customer one card when two activations race for them', async () => {
    const [fresh] = await ctx.db.insert(customers).values({ tenantId: demoId, firstName: 'Racing', lastName: 'Holder' }).returning();
    const [a, b] = await Promise.all(
      ['DEM0CARD0015', 'DEM0CARD0016'].map((cardUid) =>
        call('POST', 'cards/activate', { cookie: s.admin, payload: { cardUid, storeId: mainStoreId, customerId: fresh.id } }),
      ),
    );
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const held = await ctx.db.select().from(cards).where(eq(cards.customerId, fresh.id));
    expect(held).toHaveLength(1);
    const spare = held[0].cardUid === 'DEM0CARD0015' ? 'DEM0CARD0016' : 'DEM0CARD0015';
    expect((await cardStatus(spare)).status).toBe('UNASSIGNED');
  });

  it('accepts the same e-mail as another tenant’s customer (unique within a tenant only)', async () => {
    await ctx.db.update(customers).set({ email: 'shared@example.com' }).where(eq(customers.id, other.customer.id));
    const res = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'DEM0CARD0017', storeId: mainStoreId, customer: { firstName: 'Sam', lastName: 'Shared', email: 'shared@example.com' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 409 when the existing customer already holds a card, 422 when the card is assigned', async () => {
    const [jane] = await ctx.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, demoId), eq(customers.firstName, 'Jane')));
    const has = await call('POST', 'cards/activate', { cookie: s.admin, payload: { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customerId: jane.id } });
    expect(has.statusCode).toBe(409);
    expect(json(has).error).toBe('This customer already has a card');
    const customersBefore = await countRows(ctx.db, 'customers');
    for (const uid of ['DEM0CARD0001', 'DEM0CARD0006']) {
      const res = await call('POST', 'cards/activate', {
        cookie: s.admin,
        payload: { cardUid: uid, storeId: mainStoreId, customer: { firstName: 'X', lastName: 'Y' } },
      });
      expect(res.statusCode).toBe(422);
      expect(json(res)).toMatchObject({ error: 'Card is already assigned', code: 'BUSINESS_RULE' });
    }
    expect(await countRows(ctx.db, 'customers')).toBe(customersBefore);
    expect((await cardStatus('DEM0CARD0012')).status).toBe('UNASSIGNED');
  });

  it('answers 400 with details for bad input and writes nothing', async () => {
    const customersBefore = await countRows(ctx.db, 'customers');
    const neither = await call('POST', 'cards/activate', { cookie: s.admin, payload: { cardUid: 'DEM0CARD0012', storeId: mainStoreId } });
    expect(neither.statusCode).toBe(400);
    expect(json(neither)).toMatchObject({ error: 'Select a customer or enter a new one', code: 'VALIDATION_ERROR' });
    expect(json(neither).details[0].field).toBe('body.customerId');
    const nina = await cardlessCustomer('Both', 'Ways');
    const both = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customerId: nina.id, customer: { firstName: 'A', lastName: 'B' } },
    });
    expect(both.statusCode).toBe(400);
    const noStore = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'DEM0CARD0012', customer: { firstName: 'A', lastName: 'B' } },
    });
    expect(noStore.statusCode).toBe(400);
    expect(json(noStore).details.map((d: { field: string }) => d.field)).toContain('body.storeId');
    const noLast = await call('POST', 'cards/activate', {
      cookie: s.admin,
      payload: { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customer: { firstName: 'A', lastName: ' ', email: 'not-an-email' } },
    });
    expect(noLast.statusCode).toBe(400);
    expect(json(noLast).details.map((d: { field: string }) => d.field)).toEqual(expect.arrayContaining(['body.customer.lastName', 'body.customer.email']));
    expect(await countRows(ctx.db, 'customers')).toBe(customersBefore + 1);
    expect((await cardStatus('DEM0CARD0012')).status).toBe('UNASSIGNED');
  });

  it("answers 404 for an unknown card, another tenant's card, store or customer, and another tenant's admin", async () => {
    const free = await cardlessCustomer('Free', 'Person');
    const base = { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customerId: free.id };
    const cases = [
      [{ ...base, cardUid: 'ZZZZZZZZZZZZ' }, 'Card not found'],
      [{ ...base, cardUid: other.cardUid }, 'Card not found'],
      [{ ...base, storeId: other.store.id }, 'Store not found'],
      [{ ...base, customerId: other.customer.id }, 'Customer not found'],
    ] as const;
    for (const [payload, error] of cases) {
      const res = await call('POST', 'cards/activate', { cookie: s.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(json(res).error).toBe(error);
    }
    expect((await call('POST', 'cards/activate', { cookie: otherCookie, payload: base })).statusCode).toBe(404);
    expect((await cardStatus('DEM0CARD0012')).status).toBe('UNASSIGNED');
    expect((await cardStatus(other.cardUid)).customerId).toBe(other.customer.id);
  });

  it('answers 403 to a customer and 401 signed out', async () => {
    const payload = { cardUid: 'DEM0CARD0012', storeId: mainStoreId, customer: { firstName: 'A', lastName: 'B' } };
    expect((await call('POST', 'cards/activate', { cookie: s.customer, payload })).statusCode).toBe(403);
    expect((await call('POST', 'cards/activate', { payload })).statusCode).toBe(401);
    expect((await cardStatus('DEM0CARD0012')).status).toBe('UNASSIGNED');
  });

  it("refuses with 403 'Subscription required' when the trial is used up, expired, or the tenant is CANCELED; the last free activation succeeds", async () => {
    const t = await createOtherTenant(ctx.db);
    const cookie = await loginAs(ctx.app, t.email, t.password);
    await ctx.db.insert(cards).values(
      [0, 1, 2].map((i) => ({
        tenantId: t.tenant.id,
        cardUid: `GATE${t.tenant.id
          .slice(0, 4)
          .toUpperCase()
          .replace(/[ILOU]/g, '7')}000${i}`.slice(0, 12),
      })),
    );
    const uids = (
      await ctx.db
        .select()
        .from(cards)
        .where(and(eq(cards.tenantId, t.tenant.id), eq(cards.status, 'UNASSIGNED')))
    ).map((c) => c.cardUid);
    const activate = (cardUid: string, n: number) =>
      call('POST', 'cards/activate', {
        cookie,
        slug: t.tenant.slug,
        payload: { cardUid, storeId: t.store.id, customer: { firstName: 'Gate', lastName: `N${n}` } },
      });
    const set = (values: Partial<typeof tenants.$inferInsert>) => ctx.db.update(tenants).set(values).where(eq(tenants.id, t.tenant.id));
    // One activation used (the helper's card); a limit of 2 leaves exactly one.
    await set({ freeTrialLimit: 2 });
    expect((await activate(uids[0], 0)).statusCode).toBe(200);
    const customersBefore = await countRows(ctx.db, 'customers');
    const over = await activate(uids[1], 1);
    expect(over.statusCode).toBe(403);
    expect(json(over)).toMatchObject({ error: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' });
    await set({ freeTrialLimit: 40, trialEndsAt: new Date(Date.now() - 1000) });
    expect(json(await activate(uids[1], 1)).error).toBe('Subscription required');
    await set({ trialEndsAt: new Date(Date.now() + 86_400_000), subscriptionStatus: 'CANCELED' });
    expect(json(await activate(uids[1], 1)).error).toBe('Subscription required');
    expect(await countRows(ctx.db, 'customers')).toBe(customersBefore);
    expect((await cardStatus(uids[1])).status).toBe('UNASSIGNED');
    // An ACTIVE subscription ignores the trial limits.
    await set({ subscriptionStatus: 'ACTIVE', freeTrialLimit: 0, trialEndsAt: new Date(Date.now() - 1000) });
    expect((await activate(uids[1], 1)).statusCode).toBe(200);
  });
});

describe('POST /api/t/{slug}/cards/{cardUid}/block', () => {
  it('blocks an ACTIVE card, writes an audit row, and the card can then neither earn nor redeem', async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@demo.com'));
    const res = await call('POST', 'cards/dem0card0002/block', { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ cardUid: 'DEM0CARD0002', status: 'BLOCKED' });
    const audit = await auditRows('DEM0CARD0002');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      tenantId: demoId,
      userId: admin.id,
      action: 'card.block',
      entity: 'card',
      before: { status: 'ACTIVE' },
      after: { status: 'BLOCKED', reason: 'Admin action' },
    });
    const txBefore = await countRows(ctx.db, 'transactions');
    const earn = await call('POST', 'transactions/earn', { cookie: s.cashier, payload: { cardUid: 'DEM0CARD0002', amountCents: 1000 }, money: true });
    expect(earn.statusCode).toBe(422);
    expect(json(earn)).toMatchObject({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' });
    const redeem = await call('POST', 'transactions/redeem', { cookie: s.cashier, payload: { cardUid: 'DEM0CARD0002', amountCents: 1 }, money: true });
    expect(redeem.statusCode).toBe(422);
    expect(await countRows(ctx.db, 'transactions')).toBe(txBefore);
  });

  it('unblocks a BLOCKED card back to ACTIVE (audited) and it earns again', async () => {
    const res = await call('POST', 'cards/DEM0CARD0002/block', { cookie: s.platform });
    expect(res.statusCode).toBe(200);
    expect(json(res).status).toBe('ACTIVE');
    const audit = await auditRows('DEM0CARD0002');
    expect(audit.map((a) => a.action)).toEqual(['card.block', 'card.unblock']);
    expect(audit[1]).toMatchObject({ before: { status: 'BLOCKED' }, after: { status: 'ACTIVE', reason: 'Admin action' } });
    const earn = await call('POST', 'transactions/earn', { cookie: s.cashier, payload: { cardUid: 'DEM0CARD0002', amountCents: 1000 }, money: true });
    expect(earn.statusCode).toBe(200);
    const ledger = await balanceAndLedger(ctx.db, 'DEM0CARD0002');
    expect(ledger.balance).toBe(ledger.ledgerSum);
  });

  it("answers 422 'Unassigned cards cannot be blocked' and writes nothing", async () => {
    const before = await auditCount();
    const res = await call('POST', 'cards/DEM0CARD0013/block', { cookie: s.admin });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ error: 'Unassigned cards cannot be blocked', code: 'BUSINESS_RULE' });
    expect(await auditCount()).toBe(before);
    expect((await cardStatus('DEM0CARD0013')).status).toBe('UNASSIGNED');
  });

  it('answers 400 for a malformed body, 414 for an absurd UID, 403 to cashier and customer, 404 across tenants, 401 signed out; nothing written', async () => {
    const before = await auditCount();
    // The UID is the only input (the reason is fixed); a body, if sent, must still be JSON.
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/cards/DEM0CARD0003/block',
      headers: { cookie: s.admin, 'content-type': 'application/json' },
      payload: '{"reason":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).code).toBe('VALIDATION_ERROR');
    expect((await call('POST', `cards/${'A'.repeat(201)}/block`, { cookie: s.admin })).statusCode).toBe(414);
    expect((await call('POST', 'cards/DEM0CARD0003/block', { cookie: s.cashier })).statusCode).toBe(403);
    expect((await call('POST', 'cards/DEM0CARD0003/block', { cookie: s.customer })).statusCode).toBe(403);
    expect((await call('POST', 'cards/DEM0CARD0003/block')).statusCode).toBe(401);
    expect((await call('POST', 'cards/DEM0CARD0003/block', { cookie: otherCookie })).statusCode).toBe(404);
    const foreign = await call('POST', `cards/${other.cardUid}/block`, { cookie: s.admin });
    expect(foreign.statusCode).toBe(404);
    expect(json(foreign).error).toBe('Card not found');
    expect(await auditCount()).toBe(before);
    expect((await cardStatus('DEM0CARD0003')).status).toBe('ACTIVE');
    expect((await cardStatus(other.cardUid)).status).toBe('ACTIVE');
  });
});

describe('PUT /api/t/{slug}/cards/{cardUid}/store', () => {
  it('moves an ACTIVE card to another store; balance and ledger stay', async () => {
    const before = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    expect(before.card.storeId).toBe(mainStoreId);
    const res = await call('PUT', 'cards/DEM0CARD0003/store', { cookie: s.cashier, payload: { storeId: downtownStoreId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      cardUid: 'DEM0CARD0003',
      storeId: downtownStoreId,
      storeName: 'Downtown Store',
      status: 'ACTIVE',
      balanceCents: before.balance,
    });
    const after = await balanceAndLedger(ctx.db, 'DEM0CARD0003');
    expect(after.balance).toBe(before.balance);
    expect(after.rows).toBe(before.rows);
    expect(after.card.customerId).toBe(before.card.customerId);
  });

  it('moves a BLOCKED card too, and keeps it BLOCKED', async () => {
    const res = await call('PUT', 'cards/DEM0CARD0006/store', { cookie: s.admin, payload: { storeId: mainStoreId } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'BLOCKED', storeName: 'Main Store' });
  });

  it("answers 422 for an UNASSIGNED card, 400 for a bad body, 404 for another tenant's store or card; nothing written", async () => {
    const unassigned = await call('PUT', 'cards/DEM0CARD0014/store', { cookie: s.admin, payload: { storeId: mainStoreId } });
    expect(unassigned.statusCode).toBe(422);
    expect(json(unassigned)).toMatchObject({ error: 'Only assigned cards can change store', code: 'BUSINESS_RULE' });
    for (const payload of [{ storeId: 'main' }, {}]) {
      const bad = await call('PUT', 'cards/DEM0CARD0005/store', { cookie: s.admin, payload });
      expect(bad.statusCode).toBe(400);
      expect(json(bad).details[0].field).toBe('body.storeId');
    }
    const foreignStore = await call('PUT', 'cards/DEM0CARD0005/store', { cookie: s.admin, payload: { storeId: other.store.id } });
    expect(foreignStore.statusCode).toBe(404);
    expect(json(foreignStore).error).toBe('Store not found');
    const foreignCard = await call('PUT', `cards/${other.cardUid}/store`, { cookie: s.admin, payload: { storeId: mainStoreId } });
    expect(foreignCard.statusCode).toBe(404);
    expect((await call('PUT', 'cards/DEM0CARD0005/store', { cookie: otherCookie, payload: { storeId: other.store.id } })).statusCode).toBe(404);
    expect((await cardStatus('DEM0CARD0005')).storeId).toBe(mainStoreId);
    expect((await cardStatus(other.cardUid)).storeId).toBe(other.store.id);
    expect((await cardStatus('DEM0CARD0014')).storeId).toBe(null);
  });

  it('answers 403 to a customer and 401 signed out', async () => {
    expect((await call('PUT', 'cards/DEM0CARD0005/store', { cookie: s.customer, payload: { storeId: downtownStoreId } })).statusCode).toBe(403);
    expect((await call('PUT', 'cards/DEM0CARD0005/store', { payload: { storeId: downtownStoreId } })).statusCode).toBe(401);
    expect((await cardStatus('DEM0CARD0005')).storeId).toBe(mainStoreId);
  });
});
