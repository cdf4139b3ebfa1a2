import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_CASHBACK_RULES, DEFAULT_TIER_RULES, evaluateTier } from '@loyalty/domain';
import type { Tier } from '@loyalty/contract';
import { auditLog, cashbackRules, customers, offers, tierRules, users } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, json, loginAs, type TestContext } from '../../../test/helpers.ts';

/**
 * The Rules & Settings API (docs/product.md 'Cashback', 'Tiers', 'Offers'). Each route:
 * success, bad input (400, nothing
 * written), wrong role (403 cashier and customer), another tenant (404), signed out (401);
 * audit rows; a tier threshold change re-tiers this tenant's customers and no other's.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
let otherCookie: string;
let demoId: string;
let adminUserId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await createOtherTenant(ctx.db);
  otherCookie = await loginAs(ctx.app, other.email, other.password);
  demoId = await demoTenantId(ctx.db);
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.com'));
  adminUserId = admin.id;
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, path: string, opts: { cookie?: string; payload?: unknown; slug?: string } = {}) =>
  ctx.app.inject({
    method,
    url: `/api/t/${opts.slug ?? 'demo'}/rules/${path}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}),
  });

const DEFAULT_CASHBACK_BODY = { rules: DEFAULT_CASHBACK_RULES.map((r) => ({ ...r })) };
const DEFAULT_TIERS_BODY = { rules: DEFAULT_TIER_RULES.map((r) => ({ ...r })) };

/** Everything a rules write may touch, for "nothing written" checks. */
async function snapshot() {
  const [cb, tr, of, cu, au] = await Promise.all([
    ctx.db.select().from(cashbackRules).orderBy(cashbackRules.tenantId, cashbackRules.category),
    ctx.db.select().from(tierRules).orderBy(tierRules.tenantId, tierRules.tier),
    ctx.db.select().from(offers).orderBy(offers.id),
    ctx.db.select({ id: customers.id, tier: customers.tier }).from(customers).orderBy(customers.id),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return { cb, tr, of, cu, audit: Number(au[0].n) };
}

async function lastAudit() {
  const [row] = await ctx.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

/** Sets a demo customer's total spend and (stale) tier directly, returns their id. */
async function customerWith(firstName: string, totalSpendCents: number, tier: Tier, tenantId = demoId): Promise<string> {
  const [c] = await ctx.db.insert(customers).values({ tenantId, firstName, lastName: 'Rules', totalSpendCents, tier }).returning({ id: customers.id });
  return c.id;
}

async function tierOf(id: string): Promise<string> {
  const [c] = await ctx.db.select({ tier: customers.tier }).from(customers).where(eq(customers.id, id));
  return c.tier;
}

/** The guard of one route: 403 cashier and customer, 401 signed out, 404 another tenant both ways. Nothing written. */
async function expectGuarded(method: Method, path: string, payload?: unknown) {
  const before = await snapshot();
  expect((await call(method, path, { cookie: s.cashier, payload })).statusCode).toBe(403);
  expect((await call(method, path, { cookie: s.customer, payload })).statusCode).toBe(403);
  expect((await call(method, path, { payload })).statusCode).toBe(401);
  expect((await call(method, path, { cookie: otherCookie, payload })).statusCode).toBe(404);
  expect((await call(method, path, { cookie: s.admin, payload, slug: other.tenant.slug })).statusCode).toBe(404);
  expect(await snapshot()).toEqual(before);
}

describe('GET/PUT /rules/cashback', () => {
  beforeEach(async () => {
    expect((await call('PUT', 'cashback', { cookie: s.admin, payload: DEFAULT_CASHBACK_BODY })).statusCode).toBe(200);
  });

  it('GET answers the default rules in PURCHASE, REPAIR, OTHER order', async () => {
    const res = await call('GET', 'cashback', { cookie: s.admin });
    expect(res.statusCode).toBe(200);
    expect(json(res).rules.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(DEFAULT_CASHBACK_RULES);
    expect(json(res).rules.every((r: { id: string }) => /^[0-9a-f-]{36}$/.test(r.id))).toBe(true);
  });

  it('PUT replaces the set: kept categories keep their id, a left-out category is deleted; audit row', async () => {
    const before = json(await call('GET', 'cashback', { cookie: s.admin })).rules as { id: string; category: string }[];
    const res = await call('PUT', 'cashback', {
      cookie: s.admin,
      payload: {
        rules: [
          { category: 'OTHER', baseRateBps: 0, isActive: false },
          { category: 'PURCHASE', baseRateBps: 750 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const purchaseId = before.find((r) => r.category === 'PURCHASE')!.id;
    const otherId = before.find((r) => r.category === 'OTHER')!.id;
    expect(json(res).rules).toEqual([
      { id: purchaseId, category: 'PURCHASE', baseRateBps: 750, isActive: true },
      { id: otherId, category: 'OTHER', baseRateBps: 0, isActive: false },
    ]);
    expect(json(await call('GET', 'cashback', { cookie: s.admin })).rules).toEqual(json(res).rules);
    const rows = await ctx.db.select().from(cashbackRules).where(eq(cashbackRules.tenantId, demoId));
    expect(rows.map((r) => r.category).sort()).toEqual(['OTHER', 'PURCHASE']);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tenantId: demoId, userId: adminUserId, action: 'rules.cashback.update', entity: 'cashback_rules' });
    expect(audit.before).toEqual(DEFAULT_CASHBACK_RULES);
    expect(audit.after).toEqual([
      { category: 'PURCHASE', baseRateBps: 750, isActive: true },
      { category: 'OTHER', baseRateBps: 0, isActive: false },
    ]);
    // The other tenant's rules are untouched.
    const theirs = await ctx.db.select().from(cashbackRules).where(eq(cashbackRules.tenantId, other.tenant.id));
    expect(
      theirs.map(({ category, baseRateBps, isActive }) => ({ category, baseRateBps, isActive })).sort((a, b) => a.category.localeCompare(b.category)),
    ).toEqual([...DEFAULT_CASHBACK_RULES].sort((a, b) => a.category.localeCompare(b.category)));
  });

  it('PUT with an empty set removes every rule (earn then gives 0 bps by category)', async () => {
    const res = await call('PUT', 'cashback', { cookie: s.admin, payload: { rules: [] } });
    expect(res.statusCode).toBe(200);
    expect(json(res).rules).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['rate above 10000 bps', { rules: [{ category: 'PURCHASE', baseRateBps: 10_001 }] }],
    ['negative rate', { rules: [{ category: 'PURCHASE', baseRateBps: -1 }] }],
    ['fractional bps', { rules: [{ category: 'PURCHASE', baseRateBps: 12.5 }] }],
    ['rate as text', { rules: [{ category: 'PURCHASE', baseRateBps: '200' }] }],
    [
      'duplicate category',
      {
        rules: [
          { category: 'PURCHASE', baseRateBps: 100 },
          { category: 'PURCHASE', baseRateBps: 200 },
        ],
      },
    ],
    ['unknown category', { rules: [{ category: 'FOOD', baseRateBps: 100 }] }],
    ['no rules key', {}],
  ])('PUT 400 and nothing written: %s', async (_, payload) => {
    const before = await snapshot();
    const res = await call('PUT', 'cashback', { cookie: s.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(json(res).details.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('403 cashier/customer, 401 signed out, 404 another tenant (GET and PUT), nothing written', async () => {
    await expectGuarded('GET', 'cashback');
    await expectGuarded('PUT', 'cashback', { rules: [{ category: 'PURCHASE', baseRateBps: 999 }] });
  });

  it("the other tenant's admin changes only their own rules", async () => {
    const res = await call('PUT', 'cashback', {
      cookie: otherCookie,
      slug: other.tenant.slug,
      payload: { rules: [{ category: 'PURCHASE', baseRateBps: 1234 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(json(await call('GET', 'cashback', { cookie: s.admin })).rules.map((r: { baseRateBps: number }) => r.baseRateBps)).toEqual([200, 300, 100]);
  });
});

describe('GET/PUT /rules/tiers', () => {
  const ids: Record<string, string> = {};
  let otherTenantCustomer: string;

  beforeAll(async () => {
    // Customers around the default and the new thresholds, with a stale tier each.
    ids.zero = await customerWith('Zero', 0, 'GOLD');
    ids.s299 = await customerWith('S299', 29_999, 'SILVER');
    ids.s300 = await customerWith('S300', 30_000, 'SILVER');
    ids.s499 = await customerWith('S499', 49_999, 'SILVER');
    ids.g500 = await customerWith('G500', 50_000, 'GOLD');
    ids.g1000 = await customerWith('G1000', 100_000, 'GOLD');
    ids.p2000 = await customerWith('P2000', 200_000, 'PLATINUM');
    otherTenantCustomer = await customerWith('Theirs', 40_000, 'SILVER', other.tenant.id);
  });
  beforeEach(async () => {
    expect((await call('PUT', 'tiers', { cookie: s.admin, payload: DEFAULT_TIERS_BODY })).statusCode).toBe(200);
  });

  it('GET answers the default tiers in SILVER, GOLD, PLATINUM order', async () => {
    const res = await call('GET', 'tiers', { cookie: s.admin });
    expect(res.statusCode).toBe(200);
    expect(json(res).rules.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(DEFAULT_TIER_RULES);
  });

  it('PUT lowers GOLD to $300 and PLATINUM to $1,000: existing customers re-tiered, only this tenant; audit row', async () => {
    const all = await ctx.db.select().from(customers).where(eq(customers.tenantId, demoId));
    const newRules = [
      { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true },
      { tier: 'GOLD', name: 'Gold+', minTotalSpendCents: 30_000, baseRateBps: 150, isActive: true },
      { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 100_000, baseRateBps: 250, isActive: true },
    ] as const;
    const expectedChanged = all.filter((c) => evaluateTier(c.totalSpendCents, newRules) !== c.tier).length;
    expect(expectedChanged).toBeGreaterThanOrEqual(3);
    const res = await call('PUT', 'tiers', { cookie: s.admin, payload: { rules: newRules } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).customersRetiered).toBe(expectedChanged);
    expect(json(res).rules.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(newRules);
    expect({
      zero: await tierOf(ids.zero),
      s299: await tierOf(ids.s299),
      s300: await tierOf(ids.s300),
      s499: await tierOf(ids.s499),
      g500: await tierOf(ids.g500),
      g1000: await tierOf(ids.g1000),
      p2000: await tierOf(ids.p2000),
    }).toEqual({ zero: 'SILVER', s299: 'SILVER', s300: 'GOLD', s499: 'GOLD', g500: 'GOLD', g1000: 'PLATINUM', p2000: 'PLATINUM' });
    // Every demo customer now holds exactly evaluateTier's answer.
    const after = await ctx.db.select().from(customers).where(eq(customers.tenantId, demoId));
    for (const c of after) expect(c.tier, `${c.firstName}`).toBe(evaluateTier(c.totalSpendCents, newRules));
    // The other tenant's $400 customer stays SILVER under their own (default) rules.
    expect(await tierOf(otherTenantCustomer)).toBe('SILVER');
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tenantId: demoId, userId: adminUserId, action: 'rules.tiers.update', entity: 'tier_rules' });
    expect(audit.before).toEqual(DEFAULT_TIER_RULES);
    expect(audit.after).toEqual({ rules: newRules, customersRetiered: expectedChanged });
    // The same rules again change nobody.
    const again = await call('PUT', 'tiers', { cookie: s.admin, payload: { rules: newRules } });
    expect(json(again).customersRetiered).toBe(0);
  });

  it('an inactive or left-out tier is skipped: GOLD off moves $500–$1,999 customers to SILVER; PLATINUM alone', async () => {
    const res = await call('PUT', 'tiers', {
      cookie: s.admin,
      payload: { rules: [DEFAULT_TIER_RULES[0], { ...DEFAULT_TIER_RULES[1], isActive: false }, DEFAULT_TIER_RULES[2]] },
    });
    expect(res.statusCode).toBe(200);
    expect([await tierOf(ids.g500), await tierOf(ids.g1000), await tierOf(ids.p2000)]).toEqual(['SILVER', 'SILVER', 'PLATINUM']);
    const onlyPlatinum = await call('PUT', 'tiers', {
      cookie: s.admin,
      payload: { rules: [{ tier: 'PLATINUM', name: 'P', minTotalSpendCents: 100_000, baseRateBps: 10 }] },
    });
    expect(onlyPlatinum.statusCode).toBe(200);
    expect(json(onlyPlatinum).rules).toHaveLength(1);
    expect([await tierOf(ids.s499), await tierOf(ids.g1000), await tierOf(ids.p2000)]).toEqual(['SILVER', 'PLATINUM', 'PLATINUM']);
    expect(await ctx.db.select().from(tierRules).where(eq(tierRules.tenantId, demoId))).toHaveLength(1);
  });

  it.each<[string, unknown, string]>([
    [
      'GOLD below SILVER',
      { rules: [{ ...DEFAULT_TIER_RULES[0], minTotalSpendCents: 60_000 }, DEFAULT_TIER_RULES[1], DEFAULT_TIER_RULES[2]] },
      'body.rules.1.minTotalSpendCents',
    ],
    [
      'PLATINUM equal to GOLD',
      { rules: [DEFAULT_TIER_RULES[0], DEFAULT_TIER_RULES[1], { ...DEFAULT_TIER_RULES[2], minTotalSpendCents: 50_000 }] },
      'body.rules.2.minTotalSpendCents',
    ],
    [
      'PLATINUM below GOLD, given out of order',
      { rules: [{ ...DEFAULT_TIER_RULES[2], minTotalSpendCents: 10_000 }, DEFAULT_TIER_RULES[1]] },
      'body.rules.0.minTotalSpendCents',
    ],
    [
      'an inactive GOLD above PLATINUM',
      { rules: [DEFAULT_TIER_RULES[0], { ...DEFAULT_TIER_RULES[1], isActive: false, minTotalSpendCents: 300_000 }, DEFAULT_TIER_RULES[2]] },
      'body.rules.2.minTotalSpendCents',
    ],
  ])('PUT 400 "Tier thresholds must increase" and nothing written: %s', async (_, payload, field) => {
    const before = await snapshot();
    const res = await call('PUT', 'tiers', { cookie: s.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ error: 'Tier thresholds must increase: SILVER < GOLD < PLATINUM', code: 'VALIDATION_ERROR' });
    expect(json(res).details[0].field).toBe(field);
    expect(await snapshot()).toEqual(before);
  });

  it.each<[string, unknown]>([
    ['negative spend', { rules: [{ ...DEFAULT_TIER_RULES[0], minTotalSpendCents: -1 }] }],
    ['fractional cents', { rules: [{ ...DEFAULT_TIER_RULES[1], minTotalSpendCents: 100.5 }] }],
    ['bonus above 10000 bps', { rules: [{ ...DEFAULT_TIER_RULES[1], baseRateBps: 10_001 }] }],
    ['negative bonus', { rules: [{ ...DEFAULT_TIER_RULES[1], baseRateBps: -5 }] }],
    ['duplicate tier', { rules: [DEFAULT_TIER_RULES[1], { ...DEFAULT_TIER_RULES[1], minTotalSpendCents: 90_000 }] }],
    ['blank name', { rules: [{ ...DEFAULT_TIER_RULES[1], name: '  ' }] }],
    ['unknown tier', { rules: [{ ...DEFAULT_TIER_RULES[1], tier: 'BRONZE' }] }],
  ])('PUT 400 and nothing written: %s', async (_, payload) => {
    const before = await snapshot();
    const res = await call('PUT', 'tiers', { cookie: s.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(json(res).details.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('403 cashier/customer, 401 signed out, 404 another tenant (GET and PUT), nothing written', async () => {
    await expectGuarded('GET', 'tiers');
    await expectGuarded('PUT', 'tiers', { rules: [{ tier: 'GOLD', name: 'Gold', minTotalSpendCents: 1, baseRateBps: 100 }] });
  });

  it("the other tenant's threshold change re-tiers only their customers", async () => {
    const demoBefore = await ctx.db
      .select({ id: customers.id, tier: customers.tier })
      .from(customers)
      .where(eq(customers.tenantId, demoId))
      .orderBy(customers.id);
    const res = await call('PUT', 'tiers', {
      cookie: otherCookie,
      slug: other.tenant.slug,
      payload: { rules: [DEFAULT_TIER_RULES[0], { ...DEFAULT_TIER_RULES[1], minTotalSpendCents: 100 }, DEFAULT_TIER_RULES[2]] },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).customersRetiered).toBe(1);
    expect(await tierOf(otherTenantCustomer)).toBe('GOLD');
    expect(await ctx.db.select({ id: customers.id, tier: customers.tier }).from(customers).where(eq(customers.tenantId, demoId)).orderBy(customers.id)).toEqual(
      demoBefore,
    );
  });
});

describe('POST /rules/initialize', () => {
  it('puts the default rules back and re-tiers customers; audit row', async () => {
    await call('PUT', 'cashback', { cookie: s.admin, payload: { rules: [{ category: 'PURCHASE', baseRateBps: 5000 }] } });
    await call('PUT', 'tiers', { cookie: s.admin, payload: { rules: [{ tier: 'GOLD', name: 'G', minTotalSpendCents: 0, baseRateBps: 500 }] } });
    const goldNow = await customerWith('AllGold', 1_000, 'GOLD');
    const auditBefore = (await snapshot()).audit;
    const res = await call('POST', 'initialize', { cookie: s.admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.cashbackRules.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(DEFAULT_CASHBACK_RULES);
    expect(body.tierRules.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(DEFAULT_TIER_RULES);
    expect(json(await call('GET', 'cashback', { cookie: s.admin })).rules).toEqual(body.cashbackRules);
    expect(json(await call('GET', 'tiers', { cookie: s.admin })).rules).toEqual(body.tierRules);
    expect(await tierOf(goldNow)).toBe('SILVER');
    for (const c of await ctx.db.select().from(customers).where(eq(customers.tenantId, demoId))) {
      expect(c.tier).toBe(evaluateTier(c.totalSpendCents, DEFAULT_TIER_RULES));
    }
    expect((await snapshot()).audit).toBe(auditBefore + 1);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tenantId: demoId, userId: adminUserId, action: 'rules.initialize', entity: 'rules' });
    expect(audit.before).toEqual({
      cashbackRules: [{ category: 'PURCHASE', baseRateBps: 5000, isActive: true }],
      tierRules: [{ tier: 'GOLD', name: 'G', minTotalSpendCents: 0, baseRateBps: 500, isActive: true }],
    });
    expect(audit.after).toMatchObject({ cashbackRules: DEFAULT_CASHBACK_RULES, tierRules: DEFAULT_TIER_RULES });
  });

  it('403 cashier/customer, 401 signed out, 404 another tenant, nothing written', async () => {
    await call('PUT', 'cashback', { cookie: s.admin, payload: { rules: [{ category: 'PURCHASE', baseRateBps: 4321 }] } });
    await expectGuarded('POST', 'initialize');
    expect(json(await call('GET', 'cashback', { cookie: s.admin })).rules.map((r: { baseRateBps: number }) => r.baseRateBps)).toEqual([4321]);
    await call('POST', 'initialize', { cookie: s.admin });
  });
});

describe('GET/POST /rules/offers, PUT /rules/offers/{id}', () => {
  const HOUR = 3_600_000;
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
  const validOffer = () => ({
    name: 'Double Tuesday',
    description: 'An extra 2%',
    rateMultiplierBps: 200,
    startAt: iso(-HOUR),
    endAt: iso(HOUR),
    isActive: true,
  });
  const offerRows = () => ctx.db.select().from(offers).where(eq(offers.tenantId, demoId));

  it('GET lists the seeded offer; POST 201 puts the new one first; audit row', async () => {
    const first = await call('GET', 'offers', { cookie: s.admin });
    expect(first.statusCode).toBe(200);
    expect(json(first).offers.map((o: { name: string }) => o.name)).toContain('Welcome Month');
    const body = { ...validOffer(), startAt: '2026-01-01T09:00:00.000+02:00', endAt: '2026-01-31T23:59:59.000Z' };
    const res = await call('POST', 'offers', { cookie: s.admin, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created).toMatchObject({
      name: 'Double Tuesday',
      description: 'An extra 2%',
      rateMultiplierBps: 200,
      startAt: '2026-01-01T07:00:00.000Z',
      endAt: '2026-01-31T23:59:59.000Z',
      isActive: true,
    });
    expect(Math.abs(Date.parse(created.createdAt) - Date.now())).toBeLessThan(60_000);
    const list = json(await call('GET', 'offers', { cookie: s.admin })).offers;
    expect(list[0]).toEqual(created);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ tenantId: demoId, userId: adminUserId, action: 'offer.create', entity: 'offer', entityId: created.id, before: null });
    expect(audit.after).toMatchObject({ name: 'Double Tuesday', rateMultiplierBps: 200, startAt: '2026-01-01T07:00:00.000Z' });
  });

  it('POST without description stores null; blank description too', async () => {
    const { description: _d, ...rest } = validOffer();
    expect(json(await call('POST', 'offers', { cookie: s.admin, payload: rest })).description).toBeNull();
    expect(json(await call('POST', 'offers', { cookie: s.admin, payload: { ...rest, description: '   ' } })).description).toBeNull();
  });

  const badOffers: [string, Record<string, unknown>][] = [
    ['end before start', { startAt: iso(HOUR), endAt: iso(-HOUR) }],
    ['end equal to start', { startAt: '2026-01-01T00:00:00.000Z', endAt: '2026-01-01T00:00:00.000Z' }],
    ['rate above 10000 bps', { rateMultiplierBps: 10_001 }],
    ['negative rate', { rateMultiplierBps: -1 }],
    ['missing name', { name: undefined }],
    ['blank name', { name: '   ' }],
    ['a date that is not a timestamp', { startAt: 'tomorrow' }],
    ['date without time', { endAt: '2026-02-01' }],
    ['missing end', { endAt: undefined }],
  ];

  it.each(badOffers)('POST 400 and nothing written: %s', async (_, patch) => {
    const before = await snapshot();
    const res = await call('POST', 'offers', { cookie: s.admin, payload: { ...validOffer(), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(json(res).code).toBe('VALIDATION_ERROR');
    expect(json(res).details.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('POST end before start names the end date', async () => {
    const res = await call('POST', 'offers', { cookie: s.admin, payload: { ...validOffer(), startAt: iso(HOUR), endAt: iso(-HOUR) } });
    expect(json(res).details).toEqual([{ field: 'body.endAt', message: 'End date must be after the start date' }]);
  });

  it('PUT replaces the fields in place (list order unchanged); audit row with before and after', async () => {
    const created = json(await call('POST', 'offers', { cookie: s.admin, payload: validOffer() }));
    const orderBefore = json(await call('GET', 'offers', { cookie: s.admin })).offers.map((o: { id: string }) => o.id);
    const res = await call('PUT', `offers/${created.id}`, {
      cookie: s.admin,
      payload: { name: 'Renamed', description: null, rateMultiplierBps: 900, startAt: '2026-03-01T00:00:00Z', endAt: '2026-03-02T00:00:00Z', isActive: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      id: created.id,
      name: 'Renamed',
      description: null,
      rateMultiplierBps: 900,
      startAt: '2026-03-01T00:00:00.000Z',
      endAt: '2026-03-02T00:00:00.000Z',
      isActive: false,
      createdAt: created.createdAt,
    });
    const list = json(await call('GET', 'offers', { cookie: s.admin })).offers;
    expect(list.map((o: { id: string }) => o.id)).toEqual(orderBefore);
    expect(list.find((o: { id: string }) => o.id === created.id)).toEqual(json(res));
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: 'offer.update', entity: 'offer', entityId: created.id, userId: adminUserId });
    expect(audit.before).toMatchObject({ name: 'Double Tuesday', rateMultiplierBps: 200, isActive: true });
    expect(audit.after).toMatchObject({ name: 'Renamed', rateMultiplierBps: 900, isActive: false, description: null });
  });

  it.each(badOffers)('PUT 400 and nothing written: %s', async (_, patch) => {
    const [target] = await offerRows();
    const before = await snapshot();
    const res = await call('PUT', `offers/${target.id}`, { cookie: s.admin, payload: { ...validOffer(), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("PUT 404 'Offer not found' for an unknown, malformed or another tenant's id; nothing written", async () => {
    const [theirs] = await ctx.db
      .insert(offers)
      .values({ tenantId: other.tenant.id, name: 'Theirs', rateMultiplierBps: 100, startAt: new Date(Date.now() - HOUR), endAt: new Date(Date.now() + HOUR) })
      .returning();
    const before = await snapshot();
    for (const id of [randomUUID(), 'not-a-uuid', theirs.id]) {
      const res = await call('PUT', `offers/${id}`, { cookie: s.admin, payload: validOffer() });
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual({ error: 'Offer not found', code: 'NOT_FOUND' });
    }
    expect(await snapshot()).toEqual(before);
    // Their offer is not in the demo list; the other admin sees only theirs.
    expect(json(await call('GET', 'offers', { cookie: s.admin })).offers.some((o: { id: string }) => o.id === theirs.id)).toBe(false);
    expect(json(await call('GET', 'offers', { cookie: otherCookie, slug: other.tenant.slug })).offers.map((o: { id: string }) => o.id)).toEqual([theirs.id]);
  });

  it('403 cashier/customer, 401 signed out, 404 another tenant (GET, POST, PUT), nothing written', async () => {
    const [target] = await offerRows();
    await expectGuarded('GET', 'offers');
    await expectGuarded('POST', 'offers', validOffer());
    await expectGuarded('PUT', `offers/${target.id}`, validOffer());
    const [after] = await ctx.db
      .select()
      .from(offers)
      .where(and(eq(offers.tenantId, demoId), eq(offers.id, target.id)));
    expect(after).toEqual(target);
  });
});
