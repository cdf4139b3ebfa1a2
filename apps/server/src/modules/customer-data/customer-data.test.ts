import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AdmZip from 'adm-zip';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  cards,
  customers,
  enrolmentRequests,
  erasureRequests,
  outbox,
  transactions,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestContext, demoSessions, freshTenant, idempotencyKey, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { carryOutDueErasures, ERASURE_GRACE_DAYS } from './service.ts';

/**
 * A customer's data rights (GDPR articles 15, 17 and 20; ADR 0026): the export zip read back,
 * the erasure (after which no text column of any table holds the erased e-mail, phone or
 * name), the customer's own requests and the job that carries them out after 30 days.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

/** A customer with everything a real one leaves behind: e-mail, phone, a login, ledger rows, messages, a sign-up, webhook deliveries, audit rows. */
interface RichCustomer {
  t: FreshTenant;
  id: string;
  first: string;
  last: string;
  email: string;
  phone: string;
  customerCookie: string;
}

let seq = 0;
async function richCustomer(): Promise<RichCustomer> {
  seq += 1;
  const t = await freshTenant(ctx);
  const first = `Zebediah${seq}`;
  const last = `Quillfeather${seq}`;
  const email = `zeb.quill${seq}@example.com`;
  const phone = `+44 7700 90${String(seq).padStart(4, '0')}`;
  // A webhook endpoint subscribed to everything, so the customer's data sits in deliveries too.
  await ctx.db.insert(webhookEndpoints).values({
    tenantId: t.tenant.id,
    url: 'https://hooks.example.com/x',
    events: ['transaction.created', 'card.activated', 'card.blocked', 'customer.created', 'customer.erased', 'cashback.expiring', 'cashback.expired'],
    secret: 'whsec_test',
  });
  const put = await t.req('PUT', `customers/${t.customer.id}`, { firstName: first, lastName: last, email, phone });
  expect(put.statusCode, put.body).toBe(200);
  const earn = await ctx.app.inject({
    method: 'POST',
    url: `/api/t/${t.slug}/transactions/earn`,
    headers: { cookie: t.cookie, ...idempotencyKey() },
    payload: { cardUid: t.cardUid, amountCents: 5000 },
  });
  expect(earn.statusCode, earn.body).toBe(200);
  // One delivery already went out (kept, scrubbed); the others are still pending (dropped).
  await ctx.db.execute(
    sql`update ${webhookDeliveries} set status = 'succeeded' where id = (select id from ${webhookDeliveries} where tenant_id = ${t.tenant.id} order by created_at limit 1)`,
  );
  await ctx.db.insert(outbox).values([
    {
      tenantId: t.tenant.id,
      kind: 'receipt',
      toAddress: email,
      subject: `Your receipt, ${first}`,
      html: `<p>Hi ${first} ${last}</p>`,
      text: `Hi ${first} ${last}`,
      status: 'SENT',
      sentAt: new Date(),
      createdAt: new Date(Date.now() - 60_000),
    },
    {
      tenantId: t.tenant.id,
      kind: 'expiry_reminder',
      toAddress: email,
      subject: 'Cashback expiring',
      html: `<p>Hi ${first}</p>`,
      text: `Hi ${first}`,
      status: 'PENDING',
    },
  ]);
  await ctx.db.insert(enrolmentRequests).values({
    tenantId: t.tenant.id,
    storeId: t.store.id,
    email,
    firstName: first,
    lastName: last,
    phone,
    tokenHash: `h${seq}`,
    expiresAt: new Date(Date.now() + 3600_000),
    consentedAt: new Date('2026-01-02T03:04:05Z'),
    confirmedAt: new Date(),
    customerId: t.customer.id,
    ip: '203.0.113.9',
  });
  await ctx.db.insert(users).values({
    tenantId: t.tenant.id,
    email: `login-${email}`,
    passwordHash: await hashPassword('Secret123!'),
    firstName: first,
    lastName: last,
    role: 'customer',
    customerId: t.customer.id,
  });
  const customerCookie = await loginAs(ctx.app, `login-${email}`, 'Secret123!');
  return { t, id: t.customer.id, first, last, email, phone, customerCookie };
}

/** Every (table, column, value) where a text, varchar, json or jsonb column of a public table contains one of `values` (case-insensitive). */
async function occurrences(values: string[]): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await ctx.db.execute(sql`select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`),
  );
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const v of values) {
      const [row] = rowsOf<{ n: number }>(
        await ctx.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), lower(${v})) > 0`,
        ),
      );
      if (Number(row.n) > 0) found.push(`${table_name}.${column_name}: ${v}`);
    }
  }
  return found;
}

describe('GET /api/t/{slug}/customers/{id}/export', () => {
  it('returns a zip with the profile, consents, cards, every ledger row and the messages, and audits it', async () => {
    const c = await richCustomer();
    await c.t.req('PUT', `customers/${c.id}`, {
      firstName: c.first,
      lastName: c.last,
      email: c.email,
      phone: c.phone,
      birthday: { month: 4, day: 9, year: 1991 },
    });
    const [row] = await ctx.db.select({ referralCode: customers.referralCode }).from(customers).where(eq(customers.id, c.id));
    const res = await c.t.req('GET', `customers/${c.id}/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customer-data-${c.id}.zip"`);
    const zip = new AdmZip(res.rawPayload);
    expect(zip.getEntries().map((e) => e.entryName)).toEqual(['README.txt', 'customer.json', 'cards.json', 'transactions.csv', 'messages.json']);
    const read = (name: string) => zip.readAsText(name);
    const customer = JSON.parse(read('customer.json'));
    expect(customer).toMatchObject({
      id: c.id,
      firstName: c.first,
      lastName: c.last,
      email: c.email,
      phone: c.phone,
      birthday: { month: 4, day: 9, year: 1991 },
      referralCode: row.referralCode,
      tier: 'SILVER',
      totalSpendCents: 5000,
      erasedAt: null,
    });
    expect(customer.consents).toEqual({
      emails: { subscribed: true, unsubscribedAt: null },
      signUps: [expect.objectContaining({ store: c.t.store.name, consentedAt: '2026-01-02T03:04:05.000Z' })],
    });
    const [card] = await ctx.db.select().from(cards).where(eq(cards.id, c.t.card.id));
    expect(JSON.parse(read('cards.json'))).toEqual([expect.objectContaining({ cardUid: c.t.cardUid, status: 'ACTIVE', balanceCents: card.balanceCents })]);
    const csv = parse(read('transactions.csv'), { columns: true }) as Record<string, string>[];
    const ledger = await ctx.db.select().from(transactions).where(eq(transactions.cardId, c.t.card.id));
    expect(csv).toHaveLength(ledger.length);
    expect(csv.map((r) => r.Type).sort()).toEqual(['ADJUST', 'EARN']);
    expect(csv.find((r) => r.Type === 'EARN')).toMatchObject({ 'Card UID': c.t.cardUid, Amount: '50.00', Store: c.t.store.name });
    expect(JSON.parse(read('messages.json'))).toEqual([
      expect.objectContaining({ kind: 'receipt', subject: `Your receipt, ${c.first}`, status: 'SENT' }),
      expect.objectContaining({ kind: 'expiry_reminder', subject: 'Cashback expiring', status: 'PENDING', sentAt: null }),
    ]);
    expect(read('README.txt')).toContain('transactions.csv');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'customer.export')));
    expect(audits).toEqual([expect.objectContaining({ userId: c.t.adminId, apiKeyId: null, ip: '127.0.0.1', after: { via: 'admin' } })]);
  });

  it('gives the customer the same zip of their own data from GET /me/export', async () => {
    const c = await richCustomer();
    const res = await ctx.app.inject({ method: 'GET', url: `/api/t/${c.t.slug}/me/export`, headers: { cookie: c.customerCookie } });
    expect(res.statusCode, res.body).toBe(200);
    const customer = JSON.parse(new AdmZip(res.rawPayload).readAsText('customer.json'));
    expect(customer).toMatchObject({ id: c.id, email: c.email });
  });

  it('answers 403 to a cashier and to a customer on the Store Admin route, and 403 to staff on /me/export', async () => {
    const [jane] = await ctx.db.select().from(customers).where(eq(customers.email, 'customer@demo.com'));
    for (const cookie of [s.cashier, s.customer]) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/t/demo/customers/${jane.id}/export`, headers: { cookie } });
      expect(res.statusCode).toBe(403);
    }
    const staff = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/me/export', headers: { cookie: s.admin } });
    expect(staff.statusCode).toBe(403);
  });

  it("answers 404 for another tenant's customer or slug and for a malformed id, writing no audit row", async () => {
    const c = await richCustomer();
    const [jane] = await ctx.db.select().from(customers).where(eq(customers.email, 'customer@demo.com'));
    const before = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'customer.export'));
    expect((await c.t.req('GET', `customers/${jane.id}/export`)).statusCode).toBe(404);
    expect((await c.t.req('GET', 'customers/not-a-uuid/export')).statusCode).toBe(404);
    const otherSlug = await ctx.app.inject({ method: 'GET', url: `/api/t/demo/customers/${jane.id}/export`, headers: { cookie: c.t.cookie } });
    expect(otherSlug.statusCode).toBe(404);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'customer.export'))).toHaveLength(before.length);
  });
});

describe('POST /api/t/{slug}/customers/{id}/erase', () => {
  it('erases the personal data everywhere, writes the balance off through the ledger, blocks the cards and ends the sessions', async () => {
    const c = await richCustomer();
    await c.t.req('PUT', `customers/${c.id}`, {
      firstName: c.first,
      lastName: c.last,
      email: c.email,
      phone: c.phone,
      birthday: { month: 4, day: 9, year: 1991 },
    });
    const values = [c.email, c.phone, `${c.first} ${c.last}`, c.first, c.last];
    expect((await occurrences(values)).length).toBeGreaterThan(5); // the scan does find them before
    const [card] = await ctx.db.select().from(cards).where(eq(cards.id, c.t.card.id));
    expect(card.balanceCents).toBeGreaterThan(0);

    const res = await c.t.req('POST', `customers/${c.id}/erase`, { confirm: `  ${c.first.toLowerCase()} ${c.last} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ customerId: c.id, blockedCards: 1, writtenOffCents: card.balanceCents });

    expect(await occurrences(values)).toEqual([]);
    const detail = json(await c.t.req('GET', `customers/${c.id}`));
    expect(detail).toMatchObject({
      firstName: 'Erased',
      lastName: 'customer',
      email: null,
      phone: null,
      birthday: null,
      cards: [expect.objectContaining({ status: 'BLOCKED', balanceCents: 0 })],
    });
    const ledger = await ctx.db.select().from(transactions).where(eq(transactions.cardId, c.t.card.id));
    expect(ledger.filter((r) => r.note === "Erased at the customer's request")).toEqual([
      expect.objectContaining({ type: 'ADJUST', amountCents: -card.balanceCents, afterBalanceCents: 0, storeId: c.t.store.id }),
    ]);
    expect(ledger.find((r) => r.type === 'EARN')).toMatchObject({ amountCents: 5000 });
    // Their login is gone and its session with it.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${c.t.slug}/me`, headers: { cookie: c.customerCookie } })).statusCode).toBe(401);
    // The pending message and deliveries are dropped; the sent message stays, masked.
    expect(await ctx.db.select({ status: outbox.status, to: outbox.toAddress }).from(outbox).where(eq(outbox.tenantId, c.t.tenant.id))).toEqual([
      { status: 'SENT', to: 'erased' },
    ]);
    const deliveries = await ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, c.t.tenant.id));
    const erasedEvent = deliveries.find((d) => d.eventType === 'customer.erased');
    expect((erasedEvent?.payload as { data: unknown }).data).toEqual({ customerId: c.id, erasedAt: expect.any(String) });
    expect(deliveries.filter((d) => d.status === 'succeeded')).toHaveLength(1);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'customer.erase')));
    expect(audit).toMatchObject({
      userId: c.t.adminId,
      apiKeyId: null,
      ip: '127.0.0.1',
      after: expect.objectContaining({ blockedCards: 1, writtenOffCents: card.balanceCents, byJob: false }),
    });
  });

  it('answers 409 to a second erasure and writes nothing more', async () => {
    const c = await richCustomer();
    expect((await c.t.req('POST', `customers/${c.id}/erase`, { confirm: `${c.first} ${c.last}` })).statusCode).toBe(200);
    const rows = (await ctx.db.select().from(transactions).where(eq(transactions.cardId, c.t.card.id))).length;
    const again = await c.t.req('POST', `customers/${c.id}/erase`, { confirm: 'Erased customer' });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('This customer has already been erased');
    expect(await ctx.db.select().from(transactions).where(eq(transactions.cardId, c.t.card.id))).toHaveLength(rows);
  });

  it('writes the balance off once when two erasures of the same customer race (one 200, one 409)', async () => {
    const c = await richCustomer();
    const body = { confirm: `${c.first} ${c.last}` };
    const answers = await Promise.all([c.t.req('POST', `customers/${c.id}/erase`, body), c.t.req('POST', `customers/${c.id}/erase`, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const writeOffs = await ctx.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.cardId, c.t.card.id), eq(transactions.note, "Erased at the customer's request")));
    expect(writeOffs).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'customer.erase'))),
    ).toHaveLength(1);
  });

  it('answers 400 for a name that does not match or a missing confirmation, and changes nothing', async () => {
    const c = await richCustomer();
    for (const payload of [{ confirm: 'Someone Else' }, {}, { confirm: '   ' }]) {
      const res = await c.t.req('POST', `customers/${c.id}/erase`, payload);
      expect(res.statusCode, res.body).toBe(400);
    }
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ firstName: c.first, email: c.email, erasedAt: null });
    expect(await ctx.db.select().from(outbox).where(eq(outbox.tenantId, c.t.tenant.id))).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${c.t.slug}/me`, headers: { cookie: c.customerCookie } })).statusCode).toBe(200);
  });

  it("answers 403 to a cashier and 404 for another tenant's customer or slug, erasing nothing", async () => {
    const c = await richCustomer();
    const [jane] = await ctx.db.select().from(customers).where(eq(customers.email, 'customer@demo.com'));
    const cashier = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/demo/customers/${jane.id}/erase`,
      headers: { cookie: s.cashier },
      payload: { confirm: 'Jane Customer' },
    });
    expect(cashier.statusCode).toBe(403);
    expect((await c.t.req('POST', `customers/${jane.id}/erase`, { confirm: 'Jane Customer' })).statusCode).toBe(404);
    const otherSlug = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/demo/customers/${jane.id}/erase`,
      headers: { cookie: c.t.cookie },
      payload: { confirm: 'Jane Customer' },
    });
    expect(otherSlug.statusCode).toBe(404);
    const [still] = await ctx.db.select().from(customers).where(eq(customers.id, jane.id));
    expect(still).toMatchObject({ firstName: 'Jane', erasedAt: null });
  });
});

describe('erasure requests', () => {
  const meRequest = (c: RichCustomer, method: 'GET' | 'POST', payload?: object) =>
    ctx.app.inject({ method, url: `/api/t/${c.t.slug}/me/erasure-request`, headers: { cookie: c.customerCookie }, ...(payload ? { payload } : {}) });

  it('lets the customer ask, lists the request to the Store Admins and erases it in one click', async () => {
    const c = await richCustomer();
    expect(json(await meRequest(c, 'GET'))).toEqual({ requestedAt: null, dueAt: null });
    const asked = await meRequest(c, 'POST', { confirm: true });
    expect(asked.statusCode, asked.body).toBe(201);
    const { requestedAt, dueAt } = json(asked);
    expect(new Date(dueAt).getTime() - new Date(requestedAt).getTime()).toBe(ERASURE_GRACE_DAYS * 86_400_000);
    expect(json(await meRequest(c, 'GET'))).toEqual({ requestedAt, dueAt });
    const list = await c.t.req('GET', 'erasure-requests');
    expect(json(list).requests).toEqual([{ customerId: c.id, customerName: `${c.first} ${c.last}`, email: c.email, requestedAt, dueAt }]);
    const erased = await c.t.req('POST', `erasure-requests/${c.id}/erase`);
    expect(erased.statusCode, erased.body).toBe(200);
    expect(json(await c.t.req('GET', 'erasure-requests')).requests).toEqual([]);
    expect(await occurrences([c.email, c.phone, `${c.first} ${c.last}`])).toEqual([]);
  });

  it('answers 400 without the confirmation (nothing written), 403 to the wrong roles and 404 across tenants', async () => {
    const c = await richCustomer();
    expect((await meRequest(c, 'POST', {})).statusCode).toBe(400);
    expect(await ctx.db.select().from(erasureRequests).where(eq(erasureRequests.customerId, c.id))).toEqual([]);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/t/${c.t.slug}/me/erasure-request`, headers: { cookie: c.t.cookie }, payload: { confirm: true } }))
        .statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${c.t.slug}/erasure-requests`, headers: { cookie: c.customerCookie } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/t/demo/erasure-requests', headers: { cookie: s.cashier } })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/t/${c.t.slug}/erasure-requests/${c.id}/erase`, headers: { cookie: c.customerCookie } })).statusCode,
    ).toBe(403);
    await meRequest(c, 'POST', { confirm: true });
    // Another tenant's admin: their own slug does not hold the request, this slug is not theirs.
    const other = await freshTenant(ctx);
    expect((await other.req('POST', `erasure-requests/${c.id}/erase`)).statusCode).toBe(404);
    expect(json(await other.req('GET', 'erasure-requests')).requests).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${c.t.slug}/erasure-requests`, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${other.slug}/me/erasure-request`, headers: { cookie: c.customerCookie } })).statusCode).toBe(
      404,
    );
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row.erasedAt).toBeNull();
  });

  it('is carried out by the hourly job once 30 days have passed, not before', async () => {
    const c = await richCustomer();
    await meRequest(c, 'POST', { confirm: true });
    const [req] = await ctx.db.select().from(erasureRequests).where(eq(erasureRequests.customerId, c.id));
    const day = 86_400_000;
    await carryOutDueErasures(ctx.db, new Date(req.requestedAt.getTime() + 29 * day));
    expect((await ctx.db.select().from(customers).where(eq(customers.id, c.id)))[0].erasedAt).toBeNull();
    const erased = await carryOutDueErasures(ctx.db, new Date(req.requestedAt.getTime() + 30 * day + 1000));
    expect(erased).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, c.id));
    expect(row).toMatchObject({ firstName: 'Erased', lastName: 'customer', email: null });
    expect((await ctx.db.select().from(erasureRequests).where(eq(erasureRequests.customerId, c.id)))[0].carriedOutAt).not.toBeNull();
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, 'customer.erase')));
    // The job acts as the system: no user, no API key, no address.
    expect(audit).toMatchObject({ userId: null, apiKeyId: null, ip: null, after: expect.objectContaining({ byRequest: true, byJob: true }) });
  });
});
