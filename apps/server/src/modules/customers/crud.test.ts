import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, cards, customers, tierRules, transactions } from '../../db/schema/index.ts';
import { countRows, createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * The Customers API (docs/product.md
 * 'Ledger': append-only): list with search and pagination, create,
 * read with cards, update, delete refused while cards are assigned, audit rows. Each route:
 * success, bad input (400, nothing written), wrong role (403), another tenant (404), signed
 * out (401).
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let jane: typeof customers.$inferSelect;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  [jane] = await ctx.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, demoId), eq(customers.email, 'customer@demo.com')));
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, opts: { cookie?: string; payload?: unknown; slug?: string } = {}) =>
  ctx.app.inject({
    method,
    url: `/api/t/${opts.slug ?? 'demo'}/${path}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });

/** Inserts a demo customer directly, created `minutesAgo` minutes in the past (the list sorts by creation). */
async function insertCustomer(
  firstName: string,
  lastName: string,
  extra: { email?: string | null; phone?: string | null; minutesAgo?: number; tenantId?: string } = {},
) {
  const [c] = await ctx.db
    .insert(customers)
    .values({
      tenantId: extra.tenantId ?? demoId,
      firstName,
      lastName,
      email: extra.email ?? null,
      phone: extra.phone ?? null,
      createdAt: new Date(Date.now() - (extra.minutesAgo ?? 0) * 60_000),
    })
    .returning();
  return c;
}

async function auditCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
  return Number(row.n);
}

async function auditOf(entityId: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);
}

async function customerRow(id: string) {
  const [row] = await ctx.db.select().from(customers).where(eq(customers.id, id));
  return row;
}

const list = async (query = '', cookie = s.admin) => {
  const res = await call('GET', `customers${query}`, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return json(res) as {
    customers: {
      id: string;
      firstName: string;
      lastName: string;
      email: string | null;
      phone: string | null;
      tier: string;
      totalSpendCents: number;
      activeCards: number;
      createdAt: string;
    }[];
    total: number;
    pages: number;
  };
};
const names = async (query: string) => (await list(query)).customers.map((c) => `${c.firstName} ${c.lastName}`);

describe('GET /api/t/{slug}/customers', () => {
  it('lists the six demo customers with tier, total spend and ACTIVE card count, none of another tenant', async () => {
    const body = await list();
    expect(body.total).toBe(6);
    expect(body.pages).toBe(1);
    expect(body.customers.map((c) => c.lastName).sort()).toEqual(['Customer', 'Garcia', 'Nguyen', 'Patel', 'Rossi', 'Smith']);
    const byName = new Map(body.customers.map((c) => [c.lastName, c]));
    expect(byName.get('Customer')).toEqual({
      id: jane.id,
      firstName: 'Jane',
      lastName: 'Customer',
      email: 'customer@demo.com',
      phone: '+1 555 0100',
      tier: jane.tier,
      totalSpendCents: jane.totalSpendCents,
      activeCards: 1,
      referralCode: jane.referralCode,
      birthday: null,
      createdAt: jane.createdAt.toISOString(),
    });
    expect(jane.totalSpendCents).toBeGreaterThan(0);
    // Sofia Rossi's only card is BLOCKED: it is not an active card.
    expect(byName.get('Rossi')!.activeCards).toBe(0);
    expect(byName.get('Smith')!.activeCards).toBe(1);
    expect(body.customers.some((c) => c.id === other.customer.id)).toBe(false);
  });

  it('puts the newest customer first', async () => {
    const fresh = await insertCustomer('Newest', 'Person');
    const body = await list();
    expect(body.customers[0]).toMatchObject({ id: fresh.id, activeCards: 0, totalSpendCents: 0, tier: 'SILVER' });
    await ctx.db.delete(customers).where(eq(customers.id, fresh.id));
  });

  it('searches first, last and full name, e-mail and phone, case-insensitively, as "contains"; wildcards are literal', async () => {
    expect(await names('?search=MARI')).toEqual(['Maria Garcia']);
    expect(await names('?search=garc')).toEqual(['Maria Garcia']);
    expect(await names('?search=priya%20pat')).toEqual(['Priya Patel']);
    expect(await names('?search=SOFIA.ROSSI%40EXAMPLE')).toEqual(['Sofia Rossi']);
    expect(await names('?search=555%200104')).toEqual(['Tom Nguyen']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?search=nobody')).toEqual([]);
    expect(await names('?search=oscar')).toEqual([]);
    const blank = await list('?search=%20%20');
    expect(blank.total).toBe(6);
    const filtered = await list('?search=example.com');
    expect(filtered.total).toBe(4);
    expect(filtered.pages).toBe(1);
  });

  it('pages from 1 with limit, newest first, without overlaps, with total and pages', async () => {
    const made = [];
    for (let i = 0; i < 7; i++) made.push(await insertCustomer('Pager', `P${i}`, { minutesAgo: 100 - i, email: `pager${i}@example.com` }));
    const newestFirst = made.reverse().map((c) => c.id);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list(`?search=pager&limit=3&page=${page}`);
      expect(body.total).toBe(7);
      expect(body.pages).toBe(3);
      seen.push(...body.customers.map((c) => c.id));
    }
    expect(seen).toEqual(newestFirst);
    expect((await list('?search=pager&limit=3&page=4')).customers).toEqual([]);
    const all = await list('?limit=2');
    expect(all.total).toBe(13);
    expect(all.pages).toBe(7);
    expect(all.customers).toHaveLength(2);
    expect((await list()).customers).toHaveLength(13);
    await ctx.db.delete(customers).where(eq(customers.firstName, 'Pager'));
  });

  it('returns 50 rows by default', async () => {
    await ctx.db
      .insert(customers)
      .values(Array.from({ length: 55 }, (_, i) => ({ tenantId: demoId, firstName: 'Bulk', lastName: `B${i}`, createdAt: new Date(Date.now() - 86_400_000) })));
    const body = await list();
    expect(body.customers).toHaveLength(50);
    expect(body.total).toBe(61);
    expect(body.pages).toBe(2);
    expect((await list('?page=2')).customers).toHaveLength(11);
    await ctx.db.delete(customers).where(eq(customers.firstName, 'Bulk'));
  });

  it('answers 400 with details for page 0, a limit over 200 or an over-long search', async () => {
    for (const [query, field] of [
      ['?page=0', 'querystring.page'],
      ['?limit=201', 'querystring.limit'],
      ['?limit=abc', 'querystring.limit'],
      [`?search=${'x'.repeat(101)}`, 'querystring.search'],
    ]) {
      const res = await call('GET', `customers${query}`, { cookie: s.admin });
      expect(res.statusCode, query).toBe(400);
      expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field }] });
    }
  });

  it('answers 403 to cashier and customer, 401 signed out, 404 across tenants; platform admin may read', async () => {
    expect((await call('GET', 'customers', { cookie: s.cashier })).statusCode).toBe(403);
    expect((await call('GET', 'customers', { cookie: s.customer })).statusCode).toBe(403);
    expect((await call('GET', 'customers')).statusCode).toBe(401);
    expect((await call('GET', 'customers', { cookie: otherCookie })).statusCode).toBe(404);
    expect((await call('GET', 'customers', { cookie: s.admin, slug: other.tenant.slug })).statusCode).toBe(404);
    expect((await list('', s.platform)).total).toBe(6);
    const theirs = await call('GET', 'customers', { cookie: otherCookie, slug: other.tenant.slug });
    expect(json(theirs).customers.map((c: { firstName: string }) => c.firstName)).toEqual(['Oscar']);
  });
});

describe('POST /api/t/{slug}/customers', () => {
  it('creates a SILVER customer with no spend and no cards, e-mail lower-cased, and audits it', async () => {
    const before = await countRows(ctx.db, 'customers');
    const res = await call('POST', 'customers', {
      cookie: s.admin,
      payload: { firstName: ' Nora ', lastName: 'Quinn', email: 'Nora.Quinn@Example.com', phone: '+1 (555) 010-9999' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = json(res);
    expect(body).toEqual({
      id: expect.any(String),
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora.quinn@example.com',
      phone: '+1 (555) 010-9999',
      tier: 'SILVER',
      totalSpendCents: 0,
      activeCards: 0,
      referralCode: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      birthday: null,
      createdAt: expect.any(String),
      cards: [],
    });
    expect(await countRows(ctx.db, 'customers')).toBe(before + 1);
    expect((await list()).customers[0].id).toBe(body.id);
    const got = await call('GET', `customers/${body.id}`, { cookie: s.admin });
    expect(json(got)).toEqual(body);
    const audit = await auditOf(body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      tenantId: demoId,
      action: 'customer.create',
      entity: 'customer',
      before: null,
      after: { firstName: 'Nora', lastName: 'Quinn', email: 'nora.quinn@example.com', tier: 'SILVER' },
    });
    expect(audit[0].userId).toBeTruthy();
  });

  it("stores '' e-mail and phone as none; several customers may have no e-mail", async () => {
    const a = await call('POST', 'customers', { cookie: s.admin, payload: { firstName: 'No', lastName: 'Mail1', email: '', phone: '' } });
    const b = await call('POST', 'customers', { cookie: s.admin, payload: { firstName: 'No', lastName: 'Mail2' } });
    expect(a.statusCode, a.body).toBe(201);
    expect(b.statusCode, b.body).toBe(201);
    expect(json(a)).toMatchObject({ email: null, phone: null });
    expect(await customerRow(json(a).id)).toMatchObject({ email: null, phone: null });
  });

  it("gives the tier the tenant's tier rules give to a spend of 0", async () => {
    await ctx.db
      .update(tierRules)
      .set({ minTotalSpendCents: 0 })
      .where(and(eq(tierRules.tenantId, other.tenant.id), eq(tierRules.tier, 'GOLD')));
    await ctx.db
      .update(tierRules)
      .set({ isActive: false })
      .where(and(eq(tierRules.tenantId, other.tenant.id), eq(tierRules.tier, 'SILVER')));
    const res = await call('POST', 'customers', { cookie: otherCookie, slug: other.tenant.slug, payload: { firstName: 'Gilda', lastName: 'Gold' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res).tier).toBe('GOLD');
  });

  it('refuses a duplicate e-mail within the tenant, case-insensitively, with 409 and details; other tenants may reuse it', async () => {
    const before = await countRows(ctx.db, 'customers');
    const audits = await auditCount();
    const res = await call('POST', 'customers', { cookie: s.admin, payload: { firstName: 'Maria', lastName: 'Again', email: 'MARIA.Garcia@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toEqual({
      error: 'A customer with this email already exists',
      code: 'CONFLICT',
      details: [{ field: 'body.email', message: 'A customer with this email already exists' }],
    });
    expect(await countRows(ctx.db, 'customers')).toBe(before);
    expect(await auditCount()).toBe(audits);
    const elsewhere = await call('POST', 'customers', {
      cookie: otherCookie,
      slug: other.tenant.slug,
      payload: { firstName: 'Maria', lastName: 'Elsewhere', email: 'maria.garcia@example.com' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('lets exactly one of several parallel creates with the same e-mail through', async () => {
    const before = await countRows(ctx.db, 'customers');
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', 'customers', {
          cookie: s.admin,
          payload: { firstName: 'Race', lastName: `R${i}`, email: i % 2 ? 'race@example.com' : 'RACE@example.com' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(json(r).error).toBe('A customer with this email already exists');
    expect(await countRows(ctx.db, 'customers')).toBe(before + 1);
  });

  it('answers 409, not 500, when a concurrent writer commits the e-mail after the pre-check (unique index)', async () => {
    // An open transaction holds an uncommitted customer with the e-mail: on PostgreSQL the
    // request's pre-check cannot see it, its insert waits on the unique index and then fails
    // with 23505; on PGlite (one connection) the request waits and the pre-check sees it.
    let inserted!: () => void;
    let release!: () => void;
    const insertedP = new Promise<void>((r) => (inserted = r));
    const gate = new Promise<void>((r) => (release = r));
    const holder = ctx.db.transaction(async (tx) => {
      await tx.insert(customers).values({ tenantId: demoId, firstName: 'Holder', lastName: 'First', email: 'held@example.com' });
      inserted();
      await gate;
    });
    await insertedP;
    const pending = call('POST', 'customers', { cookie: s.admin, payload: { firstName: 'Late', lastName: 'Second', email: 'HELD@example.com' } });
    await new Promise((r) => setTimeout(r, 300));
    release();
    await holder;
    const res = await pending;
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res)).toMatchObject({ error: 'A customer with this email already exists', code: 'CONFLICT', details: [{ field: 'body.email' }] });
    expect(
      await ctx.db
        .select()
        .from(customers)
        .where(sql`lower(${customers.email}) = 'held@example.com'`),
    ).toHaveLength(1);
  });

  it('answers 400 with field details and writes nothing for a bad body', async () => {
    const before = await countRows(ctx.db, 'customers');
    const audits = await auditCount();
    for (const [payload, field] of [
      [{ lastName: 'NoFirst' }, 'body.firstName'],
      [{ firstName: '   ', lastName: 'Blank' }, 'body.firstName'],
      [{ firstName: 'No', lastName: '' }, 'body.lastName'],
      [{ firstName: 'Bad', lastName: 'Mail', email: 'not-an-email' }, 'body.email'],
      [{ firstName: 'Bad', lastName: 'Phone', phone: 'call me maybe' }, 'body.phone'],
    ] as const) {
      const res = await call('POST', 'customers', { cookie: s.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
      expect(json(res).details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await countRows(ctx.db, 'customers')).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 403 to cashier and customer, 401 signed out, 404 across tenants, and writes nothing', async () => {
    const before = await countRows(ctx.db, 'customers');
    const payload = { firstName: 'Not', lastName: 'Allowed' };
    expect((await call('POST', 'customers', { cookie: s.cashier, payload })).statusCode).toBe(403);
    expect((await call('POST', 'customers', { cookie: s.customer, payload })).statusCode).toBe(403);
    expect((await call('POST', 'customers', { payload })).statusCode).toBe(401);
    expect((await call('POST', 'customers', { cookie: otherCookie, payload })).statusCode).toBe(404);
    expect((await call('POST', 'customers', { cookie: s.admin, slug: other.tenant.slug, payload })).statusCode).toBe(404);
    expect(await countRows(ctx.db, 'customers')).toBe(before);
  });
});

describe('GET /api/t/{slug}/customers/{id}', () => {
  it('returns the customer with cards: UID, balance, status, store name and activation date', async () => {
    const res = await call('GET', `customers/${jane.id}`, { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
    expect(json(res)).toEqual({
      id: jane.id,
      firstName: 'Jane',
      lastName: 'Customer',
      email: 'customer@demo.com',
      phone: '+1 555 0100',
      tier: jane.tier,
      totalSpendCents: jane.totalSpendCents,
      activeCards: 1,
      referralCode: jane.referralCode,
      birthday: null,
      createdAt: jane.createdAt.toISOString(),
      cards: [
        {
          id: card.id,
          cardUid: 'DEM0CARD0001',
          balanceCents: card.balanceCents,
          status: 'ACTIVE',
          storeName: 'Main Store',
          activatedAt: card.activatedAt!.toISOString(),
        },
      ],
    });
    expect(card.balanceCents).toBeGreaterThan(0);
    const [sofia] = await ctx.db.select().from(customers).where(eq(customers.email, 'sofia.rossi@example.com'));
    const blocked = json(await call('GET', `customers/${sofia.id}`, { cookie: s.admin }));
    expect(blocked.activeCards).toBe(0);
    expect(blocked.cards).toMatchObject([{ cardUid: 'DEM0CARD0006', status: 'BLOCKED', storeName: 'Downtown Store' }]);
  });

  it("answers 404 'Customer not found' for an unknown, another tenant's or malformed id", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', other.customer.id, 'not-a-uuid', '1', "'; drop table customers; --"]) {
      const res = await call('GET', `customers/${encodeURIComponent(id)}`, { cookie: s.admin });
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual({ error: 'Customer not found', code: 'NOT_FOUND' });
    }
    // Fastify's router caps a path parameter at 100 characters (414), never a 500.
    const tooLong = await call('GET', `customers/${'a'.repeat(101)}`, { cookie: s.admin });
    expect(tooLong.statusCode).toBe(414);
  });

  it('answers 403 to cashier and customer (even for their own record), 401 signed out, 404 across tenants', async () => {
    expect((await call('GET', `customers/${jane.id}`, { cookie: s.cashier })).statusCode).toBe(403);
    expect((await call('GET', `customers/${jane.id}`, { cookie: s.customer })).statusCode).toBe(403);
    expect((await call('GET', `customers/${jane.id}`)).statusCode).toBe(401);
    expect((await call('GET', `customers/${jane.id}`, { cookie: otherCookie })).statusCode).toBe(404);
    expect((await call('GET', `customers/${jane.id}`, { cookie: otherCookie, slug: other.tenant.slug })).statusCode).toBe(404);
    expect((await call('GET', `customers/${jane.id}`, { cookie: s.platform })).statusCode).toBe(200);
  });
});

describe('PUT /api/t/{slug}/customers/{id}', () => {
  it('edits names, e-mail and phone, keeps tier, spend and cards, and audits before and after', async () => {
    const c = await insertCustomer('Edna', 'Edit', { email: 'edna@example.com', phone: '+1 555 0001' });
    const res = await call('PUT', `customers/${c.id}`, {
      cookie: s.admin,
      payload: { firstName: 'Edwina', lastName: 'Edited', email: 'Edwina@Example.com', phone: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      id: c.id,
      firstName: 'Edwina',
      lastName: 'Edited',
      email: 'edwina@example.com',
      phone: null,
      tier: 'SILVER',
      totalSpendCents: 0,
      cards: [],
    });
    expect(await customerRow(c.id)).toMatchObject({ firstName: 'Edwina', lastName: 'Edited', email: 'edwina@example.com', phone: null });
    const audit = await auditOf(c.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'customer.update',
      entity: 'customer',
      before: { firstName: 'Edna', lastName: 'Edit', email: 'edna@example.com', phone: '+1 555 0001' },
      after: { firstName: 'Edwina', lastName: 'Edited', email: 'edwina@example.com', phone: null },
    });
  });

  it("keeps Jane's tier, spend and card when her name changes; her own e-mail in another case is no conflict", async () => {
    const res = await call('PUT', `customers/${jane.id}`, {
      cookie: s.admin,
      payload: { firstName: 'Janet', lastName: 'Customer', email: 'CUSTOMER@demo.com', phone: '+1 555 0100' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      firstName: 'Janet',
      email: 'customer@demo.com',
      tier: jane.tier,
      totalSpendCents: jane.totalSpendCents,
      activeCards: 1,
      cards: [{ cardUid: 'DEM0CARD0001' }],
    });
    await call('PUT', `customers/${jane.id}`, {
      cookie: s.admin,
      payload: { firstName: 'Jane', lastName: 'Customer', email: 'customer@demo.com', phone: '+1 555 0100' },
    });
  });

  it("refuses another customer's e-mail with 409 and changes nothing", async () => {
    const c = await insertCustomer('Dup', 'Target', { email: 'dup.target@example.com' });
    const audits = await auditCount();
    const res = await call('PUT', `customers/${c.id}`, {
      cookie: s.admin,
      payload: { firstName: 'Dup', lastName: 'Changed', email: 'Priya.Patel@example.com' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ error: 'A customer with this email already exists', code: 'CONFLICT', details: [{ field: 'body.email' }] });
    expect(await customerRow(c.id)).toMatchObject({ lastName: 'Target', email: 'dup.target@example.com' });
    expect(await auditCount()).toBe(audits);
  });

  it('answers 400 with details and changes nothing for a bad body', async () => {
    const c = await insertCustomer('Val', 'Idate', { email: 'val@example.com' });
    for (const payload of [{ firstName: '', lastName: 'X' }, { firstName: 'Val' }, { firstName: 'Val', lastName: 'Idate', email: 'nope' }]) {
      const res = await call('PUT', `customers/${c.id}`, { cookie: s.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(json(res).code).toBe('VALIDATION_ERROR');
    }
    expect(await customerRow(c.id)).toMatchObject({ firstName: 'Val', lastName: 'Idate', email: 'val@example.com' });
    expect(await auditOf(c.id)).toHaveLength(0);
  });

  it("answers 404 for another tenant's, unknown or malformed id and leaves the other tenant's customer alone", async () => {
    const payload = { firstName: 'Hijack', lastName: 'Attempt' };
    for (const id of [other.customer.id, '00000000-0000-4000-8000-000000000000', 'xyz']) {
      const res = await call('PUT', `customers/${id}`, { cookie: s.admin, payload });
      expect(res.statusCode, id).toBe(404);
      expect(json(res).error).toBe('Customer not found');
    }
    expect(await customerRow(other.customer.id)).toMatchObject({ firstName: 'Oscar', lastName: 'Other' });
  });

  it('answers 403 to cashier and customer, 401 signed out, 404 across tenants, and changes nothing', async () => {
    const payload = { firstName: 'Not', lastName: 'Allowed' };
    expect((await call('PUT', `customers/${jane.id}`, { cookie: s.cashier, payload })).statusCode).toBe(403);
    expect((await call('PUT', `customers/${jane.id}`, { cookie: s.customer, payload })).statusCode).toBe(403);
    expect((await call('PUT', `customers/${jane.id}`, { payload })).statusCode).toBe(401);
    expect((await call('PUT', `customers/${jane.id}`, { cookie: otherCookie, payload })).statusCode).toBe(404);
    expect((await call('PUT', `customers/${jane.id}`, { cookie: otherCookie, slug: other.tenant.slug, payload })).statusCode).toBe(404);
    expect(await customerRow(jane.id)).toMatchObject({ firstName: 'Jane', lastName: 'Customer' });
  });
});

describe('DELETE /api/t/{slug}/customers/{id}', () => {
  it('deletes a customer without cards (204), who then answers 404, and audits it', async () => {
    const c = await insertCustomer('Del', 'Ete', { email: 'delete.me@example.com' });
    const before = await countRows(ctx.db, 'customers');
    const res = await call('DELETE', `customers/${c.id}`, { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(await countRows(ctx.db, 'customers')).toBe(before - 1);
    expect((await call('GET', `customers/${c.id}`, { cookie: s.admin })).statusCode).toBe(404);
    expect((await call('DELETE', `customers/${c.id}`, { cookie: s.admin })).statusCode).toBe(404);
    const audit = await auditOf(c.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'customer.delete',
      entity: 'customer',
      before: { firstName: 'Del', lastName: 'Ete', email: 'delete.me@example.com' },
      after: null,
    });
    // The e-mail is free again.
    const again = await call('POST', 'customers', { cookie: s.admin, payload: { firstName: 'Del', lastName: 'Again', email: 'delete.me@example.com' } });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses with 409 while the customer has cards assigned (ACTIVE or BLOCKED), deleting nothing', async () => {
    const [sofia] = await ctx.db.select().from(customers).where(eq(customers.email, 'sofia.rossi@example.com'));
    const before = {
      customers: await countRows(ctx.db, 'customers'),
      cards: await countRows(ctx.db, 'cards'),
      transactions: await countRows(ctx.db, 'transactions'),
    };
    const audits = await auditCount();
    for (const id of [jane.id, sofia.id]) {
      const res = await call('DELETE', `customers/${id}`, { cookie: s.admin });
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res)).toMatchObject({
        error: 'This customer has assigned cards. Unassign their cards before deleting the customer.',
        code: 'CONFLICT',
        details: { cards: 1 },
      });
    }
    expect({
      customers: await countRows(ctx.db, 'customers'),
      cards: await countRows(ctx.db, 'cards'),
      transactions: await countRows(ctx.db, 'transactions'),
    }).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect((await call('GET', `customers/${jane.id}`, { cookie: s.admin })).statusCode).toBe(200);
  });

  it('refuses with 409 when ledger rows name the customer even without cards: the ledger is append-only', async () => {
    const c = await insertCustomer('Led', 'Ger');
    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0017'));
    await ctx.db
      .insert(transactions)
      .values({ tenantId: demoId, cardId: card.id, customerId: c.id, type: 'ADJUST', amountCents: 0, beforeBalanceCents: 0, afterBalanceCents: 0 });
    const ledger = await countRows(ctx.db, 'transactions');
    const res = await call('DELETE', `customers/${c.id}`, { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res)).toMatchObject({ code: 'CONFLICT', error: 'This customer has transactions in the ledger and cannot be deleted.' });
    expect(await customerRow(c.id)).toBeTruthy();
    expect(await countRows(ctx.db, 'transactions')).toBe(ledger);
  });

  it("answers 404 for another tenant's, unknown or malformed id and deletes nothing", async () => {
    const c = await insertCustomer('Theirs', 'Cardless', { tenantId: other.tenant.id });
    const before = await countRows(ctx.db, 'customers');
    for (const id of [c.id, '00000000-0000-4000-8000-000000000000', 'bad-id']) {
      const res = await call('DELETE', `customers/${id}`, { cookie: s.admin });
      expect(res.statusCode, id).toBe(404);
      expect(json(res).error).toBe('Customer not found');
    }
    expect(await countRows(ctx.db, 'customers')).toBe(before);
  });

  it('answers 403 to cashier and customer, 401 signed out, 404 across tenants, and deletes nothing', async () => {
    const c = await insertCustomer('Keep', 'Me');
    expect((await call('DELETE', `customers/${c.id}`, { cookie: s.cashier })).statusCode).toBe(403);
    expect((await call('DELETE', `customers/${c.id}`, { cookie: s.customer })).statusCode).toBe(403);
    expect((await call('DELETE', `customers/${c.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `customers/${c.id}`, { cookie: otherCookie })).statusCode).toBe(404);
    expect((await call('DELETE', `customers/${c.id}`, { cookie: otherCookie, slug: other.tenant.slug })).statusCode).toBe(404);
    expect(await customerRow(c.id)).toBeTruthy();
    expect((await call('DELETE', `customers/${c.id}`, { cookie: s.platform })).statusCode).toBe(204);
  });
});

describe('route order', () => {
  it('still answers GET /customers/available from its own route, not as a customer id', async () => {
    const res = await call('GET', 'customers/available', { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(Array.isArray(json(res).customers)).toBe(true);
    expect(json(res).total).toBeUndefined();
  });
});
