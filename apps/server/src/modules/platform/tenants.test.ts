import AdmZip from 'adm-zip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { SLUG_TEXT } from '@loyalty/contract';
import { auditLog, cashbackRules, payments, plans, sessions, stores, subscriptionEvents, tenants, tierRules, users } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, demoTenantId, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { solveJoinChallenge } from '../../../test/join-challenge.ts';
import { processPasswordResetRequests } from '../auth/index.ts';

/**
 * The operator's tenant API under /api/platform/tenants (docs/product.md 'Roles', 'Platform
 * settings'): list, create with its owner, edit, delete; slug rules and the owner's e-mail as
 * in 'Accounts and sign-in'.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, path: string, cookie: string | undefined, payload?: object) =>
  ctx.app.inject({ method, url: `/api/platform/${path}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const op = (method: Method, path: string, payload?: object) => call(method, path, s.platform, payload);

const n = async (q: string) => Number(((await ctx.db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0].n);
let seq = 0;
const newTenantBody = (over: Record<string, unknown> = {}) => {
  seq++;
  return {
    name: `Acme ${seq}`,
    slug: `acme-${seq}-${Date.now().toString(36)}`,
    ownerEmail: `Owner${seq}.${Date.now()}@Example.com`,
    ownerPassword: 'Owner123!',
    ownerFirstName: 'Olive',
    ownerLastName: 'Owner',
    ...over,
  };
};

describe('POST /api/platform/tenants', () => {
  it('creates the tenant on trial with its owner, default rules and Main Store; the owner signs in and opens the tenant', async () => {
    const body = newTenantBody();
    const res = await op('POST', 'tenants', body);
    expect(res.statusCode, res.body).toBe(201);
    const t = json(res);
    expect(t).toMatchObject({
      name: body.name,
      slug: body.slug,
      subscriptionStatus: 'TRIALING',
      freeTrialLimit: 40,
      owner: { email: body.ownerEmail.toLowerCase(), firstName: 'Olive', lastName: 'Owner' },
      customersCount: 0,
      _count: { cards: 0, users: 1, stores: 1 },
      canTransact: true,
      subscriptionRequired: false,
    });
    const days = (Date.parse(t.trialEndsAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    const [starter] = await ctx.db.select().from(plans).where(eq(plans.name, 'Starter'));
    expect(t.planId).toBe(starter.id);
    expect(await ctx.db.select().from(cashbackRules).where(eq(cashbackRules.tenantId, t.id))).toHaveLength(3);
    expect(await ctx.db.select().from(tierRules).where(eq(tierRules.tenantId, t.id))).toHaveLength(3);
    expect((await ctx.db.select().from(stores).where(eq(stores.tenantId, t.id))).map((x) => x.name)).toEqual(['Main Store']);

    const cookie = await loginAs(ctx.app, body.ownerEmail, body.ownerPassword);
    const me = await ctx.app.inject({ method: 'GET', url: `/api/t/${body.slug}/tenant`, headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toMatchObject({ id: t.id, name: body.name, subscriptionStatus: 'TRIALING' });
    const rules = await ctx.app.inject({ method: 'GET', url: `/api/t/${body.slug}/rules/cashback`, headers: { cookie } });
    expect(
      json(rules)
        .rules.map((r: { category: string; baseRateBps: number }) => [r.category, r.baseRateBps])
        .sort(),
    ).toEqual([
      ['OTHER', 100],
      ['PURCHASE', 200],
      ['REPAIR', 300],
    ]);
  });

  it('refuses a reserved slug (400), a bad slug (400), a taken slug (409) and a taken e-mail (409), writing nothing', async () => {
    const first = newTenantBody();
    expect((await op('POST', 'tenants', first)).statusCode).toBe(201);
    const before = { tenants: await n('select count(*)::int n from tenants'), users: await n('select count(*)::int n from users') };

    const reserved = await op('POST', 'tenants', newTenantBody({ slug: 'platform' }));
    expect(reserved.statusCode).toBe(400);
    expect(json(reserved).error).toBe(SLUG_TEXT);
    const bad = await op('POST', 'tenants', newTenantBody({ slug: 'Bad Slug!' }));
    expect(bad.statusCode).toBe(400);
    expect(json(bad).details[0].field).toBe('body.slug');
    const missing = await op('POST', 'tenants', { slug: 'abc-def' });
    expect(missing.statusCode).toBe(400);
    const shortPw = await op('POST', 'tenants', newTenantBody({ ownerPassword: '123' }));
    expect(shortPw.statusCode).toBe(400);

    const slugTaken = await op('POST', 'tenants', newTenantBody({ slug: first.slug }));
    expect(slugTaken.statusCode).toBe(409);
    expect(json(slugTaken).error).toBe('Slug is already taken');
    const demoSlug = await op('POST', 'tenants', newTenantBody({ slug: 'demo' }));
    expect(demoSlug.statusCode).toBe(409);
    const emailTaken = await op('POST', 'tenants', newTenantBody({ ownerEmail: 'CASHIER@demo.com' }));
    expect(emailTaken.statusCode).toBe(409);
    expect(json(emailTaken).error).toBe('An account with this email already exists');

    expect(await n('select count(*)::int n from tenants')).toBe(before.tenants);
    expect(await n('select count(*)::int n from users')).toBe(before.users);
  });

  it('is 403 for tenant_admin, cashier and customer and 401 signed out, creating nothing', async () => {
    const before = await n('select count(*)::int n from tenants');
    for (const cookie of [s.admin, s.cashier, s.customer]) {
      const res = await call('POST', 'tenants', cookie, newTenantBody());
      expect(res.statusCode).toBe(403);
      expect(json(res).error).toBe('Platform admin access required');
    }
    expect((await call('POST', 'tenants', undefined, newTenantBody())).statusCode).toBe(401);
    // Refused before validation: a bad body from a tenant admin is still 403.
    expect((await call('POST', 'tenants', s.admin, { slug: 'x' })).statusCode).toBe(403);
    expect(await n('select count(*)::int n from tenants')).toBe(before);
  });
});

describe('GET /api/platform/tenants', () => {
  it('lists newest first with the tenant view, owner and counts; filters by status and searches name, slug and owner e-mail', async () => {
    const other = await createOtherTenant(ctx.db);
    const created = json(await op('POST', 'tenants', newTenantBody({ name: 'Zebra Bikes', ownerEmail: `zed.${Date.now()}@bikes.test` })));
    const all = json(await op('GET', 'tenants'));
    expect(all.tenants[0].id).toBe(created.id);
    expect(all.total).toBe(await n('select count(*)::int n from tenants'));
    expect(all.pages).toBe(1);
    const demo = all.tenants.find((t: { slug: string }) => t.slug === 'demo');
    const demoView = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/tenant', headers: { cookie: s.admin } }));
    const { owner, customersCount, ...view } = demo;
    // The same view as GET /tenant, less the install's paymentProvider (not a tenant's).
    const { paymentProvider, ...tenantView } = demoView;
    expect(paymentProvider).toBe('demo');
    expect(view).toEqual(tenantView);
    expect(owner).toEqual({ email: 'admin@demo.com', firstName: expect.any(String), lastName: expect.any(String) });
    expect(customersCount).toBe(await n(`select count(*)::int n from customers where tenant_id = '${demo.id}'`));
    const otherRow = all.tenants.find((t: { id: string }) => t.id === other.tenant.id);
    expect(otherRow).toMatchObject({ customersCount: 1, _count: { cards: 1 }, owner: { email: other.email } });

    expect(json(await op('GET', 'tenants?search=zEBRA')).tenants.map((t: { id: string }) => t.id)).toEqual([created.id]);
    expect(json(await op('GET', `tenants?search=${created.slug.toUpperCase()}`)).tenants.map((t: { id: string }) => t.id)).toEqual([created.id]);
    expect(json(await op('GET', 'tenants?search=%40BIKES.test')).tenants.map((t: { id: string }) => t.id)).toEqual([created.id]);
    expect(json(await op('GET', 'tenants?search=100%25')).total).toBe(0);

    await op('PUT', `tenants/${created.id}`, { name: 'Zebra Bikes', subscriptionStatus: 'CANCELED' });
    const canceled = json(await op('GET', 'tenants?status=CANCELED'));
    expect(canceled.tenants.map((t: { id: string }) => t.id)).toEqual([created.id]);
    expect(canceled.total).toBe(1);
    // The summary counts all tenants whatever the filter.
    expect(canceled.summary.total).toBe(all.total);
    expect(canceled.summary.canceled).toBe(1);
    expect(canceled.summary.trialing).toBe(await n(`select count(*)::int n from tenants where subscription_status = 'TRIALING'`));
  });

  it('pages with limit', async () => {
    const total = await n('select count(*)::int n from tenants');
    const p1 = json(await op('GET', 'tenants?limit=1&page=1'));
    const p2 = json(await op('GET', 'tenants?limit=1&page=2'));
    expect(p1.tenants).toHaveLength(1);
    expect(p1.pages).toBe(total);
    expect(p2.tenants[0].id).not.toBe(p1.tenants[0].id);
    expect((await op('GET', 'tenants?limit=0')).statusCode).toBe(400);
    expect((await op('GET', 'tenants?status=BOGUS')).statusCode).toBe(400);
  });
});

describe('PUT /api/platform/tenants/:id', () => {
  it('renames and sets any status at once; PAST_DUE gives 7 days of grace (kept while in the future); a status change writes a subscription event and audit rows', async () => {
    const t = json(await op('POST', 'tenants', newTenantBody()));
    const res = await op('PUT', `tenants/${t.id}`, { name: 'Renamed Shop', subscriptionStatus: 'PAST_DUE' });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body).toMatchObject({ id: t.id, name: 'Renamed Shop', subscriptionStatus: 'PAST_DUE', canTransact: true });
    const grace = Date.parse(body.graceEndsAt);
    expect(grace - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(grace - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    // Still PAST_DUE: the grace already set is kept.
    const again = json(await op('PUT', `tenants/${t.id}`, { name: 'Renamed Shop', subscriptionStatus: 'PAST_DUE' }));
    expect(again.graceEndsAt).toBe(body.graceEndsAt);
    // A past grace is replaced by a fresh one.
    await ctx.db
      .update(tenants)
      .set({ graceEndsAt: new Date(Date.now() - 1000) })
      .where(eq(tenants.id, t.id));
    const fresh = json(await op('PUT', `tenants/${t.id}`, { name: 'Renamed Shop', subscriptionStatus: 'PAST_DUE' }));
    expect(Date.parse(fresh.graceEndsAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const active = json(await op('PUT', `tenants/${t.id}`, { name: 'Renamed Shop', subscriptionStatus: 'ACTIVE' }));
    expect(active).toMatchObject({
      subscriptionStatus: 'ACTIVE',
      graceEndsAt: null,
      subscriptionInfo: { isActive: true, planName: 'Starter', cardLimit: 500 },
    });
    const canceled = json(await op('PUT', `tenants/${t.id}`, { name: 'Renamed Shop', subscriptionStatus: 'CANCELED' }));
    expect(canceled.canTransact).toBe(false);

    const events = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, t.id)).orderBy(subscriptionEvents.createdAt);
    expect(events.map((e) => [e.eventType, e.data])).toEqual([
      ['status_changed', { from: 'TRIALING', to: 'PAST_DUE', by: 'operator' }],
      ['status_changed', { from: 'PAST_DUE', to: 'ACTIVE', by: 'operator' }],
      ['status_changed', { from: 'ACTIVE', to: 'CANCELED', by: 'operator' }],
    ]);
    expect(events[0].tenantName).toBe('Renamed Shop');
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'platform.tenant.update'), eq(auditLog.entityId, t.id)));
    expect(audits).toHaveLength(5);
    expect(audits.find((a) => (a.before as { name: string }).name !== 'Renamed Shop')?.after).toMatchObject({
      name: 'Renamed Shop',
      subscriptionStatus: 'PAST_DUE',
    });

    // The tenant's own admin sees it at once.
    const [owner] = await ctx.db.select().from(users).where(eq(users.tenantId, t.id));
    const cookie = await loginAs(ctx.app, owner.email, 'Owner123!');
    expect(json(await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie } })).subscriptionStatus).toBe('CANCELED');
  });

  it('is 404 for unknown and malformed ids and 400 for a bad body, changing nothing', async () => {
    const id = await demoTenantId(ctx.db);
    const [before] = await ctx.db.select().from(tenants).where(eq(tenants.id, id));
    const unknown = await op('PUT', 'tenants/00000000-0000-4000-8000-000000000000', { name: 'X', subscriptionStatus: 'ACTIVE' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toBe('Tenant not found');
    expect((await op('PUT', 'tenants/not-a-uuid', { name: 'X', subscriptionStatus: 'ACTIVE' })).statusCode).toBe(404);
    expect((await op('PUT', `tenants/${id}`, { name: '', subscriptionStatus: 'ACTIVE' })).statusCode).toBe(400);
    expect((await op('PUT', `tenants/${id}`, { name: 'X', subscriptionStatus: 'GOLD' })).statusCode).toBe(400);
    for (const cookie of [s.admin, s.cashier, s.customer])
      expect((await call('PUT', `tenants/${id}`, cookie, { name: 'Hacked', subscriptionStatus: 'ACTIVE' })).statusCode).toBe(403);
    expect((await call('PUT', `tenants/${id}`, undefined, { name: 'Hacked', subscriptionStatus: 'ACTIVE' })).statusCode).toBe(401);
    const [after] = await ctx.db.select().from(tenants).where(eq(tenants.id, id));
    expect(after).toEqual(before);
  });
});

/** Every table with a tenant_id column (information_schema), so a new table cannot be forgotten. */
async function tenantTables(): Promise<string[]> {
  const res = await ctx.db.execute(
    sql.raw(`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`),
  );
  return (res as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
}
async function rowsPerTable(tenantId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of await tenantTables()) out[t] = await n(`select count(*)::int n from "${t}" where tenant_id = '${tenantId}'`);
  return out;
}

describe('DELETE /api/platform/tenants/:id', () => {
  it('removes the tenant and every row it owns in every tenant_id table, its users and sessions; keeps payments and subscription events detached; touches no other tenant', async () => {
    const doomed = await createOtherTenant(ctx.db, 5000);
    const keep = await createOtherTenant(ctx.db, 700);
    const cookie = await loginAs(ctx.app, doomed.email, doomed.password);
    const t = (path: string) => `/api/t/${doomed.tenant.slug}/${path}`;
    // Fill the tenant's tables through the API: POS with an idempotency key, a store (audit row),
    // a customer, a saved card and a subscription (payment, event, invoice), a card order, an add-funds checkout.
    const earn = await ctx.app.inject({
      method: 'POST',
      url: t('transactions/earn'),
      headers: { cookie, 'idempotency-key': 'k-1' },
      payload: { cardUid: doomed.cardUid, amountCents: 1000 },
    });
    expect(earn.statusCode, earn.body).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: t('stores'), headers: { cookie }, payload: { name: 'Second' } })).statusCode).toBe(201);
    const pm = await ctx.app.inject({
      method: 'POST',
      url: t('billing/payment-methods'),
      headers: { cookie },
      payload: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 },
    });
    const [pro] = await ctx.db.select().from(plans).where(eq(plans.name, 'Professional'));
    const sub = await ctx.app.inject({
      method: 'POST',
      url: t('billing/subscribe'),
      headers: { cookie },
      payload: { planId: pro.id, paymentMethodId: json(pm).id },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const order = await ctx.app.inject({
      method: 'POST',
      url: t('card-orders'),
      headers: { cookie },
      payload: { cardType: 'SINGLE_SIDED', quantity: 50, shippingAddress: { name: 'D', line1: '1 St', city: 'C', postalCode: '1', country: 'US' } },
    });
    expect(order.statusCode, order.body).toBe(201);
    const funds = await ctx.app.inject({
      method: 'POST',
      url: t(`customers/${doomed.customer.id}/add-funds`),
      headers: { cookie, ...idempotencyKey() },
      payload: { amountCents: 500 },
    });
    expect(funds.statusCode, funds.body).toBe(200);
    // An expiry rule; the earn and the added funds above opened cashback lots.
    expect((await ctx.app.inject({ method: 'PUT', url: t('rules/expiry'), headers: { cookie }, payload: { policy: 'AFTER_EARN', days: 90 } })).statusCode).toBe(
      200,
    );
    // An API key and a webhook endpoint: the second earn below writes a delivery.
    expect((await ctx.app.inject({ method: 'POST', url: t('api-keys'), headers: { cookie }, payload: { name: 'Till', scopes: ['read'] } })).statusCode).toBe(
      201,
    );
    const hook = await ctx.app.inject({
      method: 'POST',
      url: t('webhook-endpoints'),
      headers: { cookie },
      payload: { url: 'https://hooks.example.com/x', events: ['transaction.created'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    // An Apple Wallet pass of the card, registered by a device for updates (ADR 0046).
    const passFile = await ctx.app.inject({ method: 'GET', url: t(`cards/${doomed.cardUid}/wallet/apple`), headers: { cookie } });
    expect(passFile.statusCode, passFile.body).toBe(200);
    const pass = JSON.parse(new AdmZip(passFile.rawPayload).readAsText('pass.json'));
    const registered = await ctx.app.inject({
      method: 'POST',
      url: `/api/wallet/apple/v1/devices/doomed-device/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken: 'doomed-push-token' },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    // Its Google Wallet object and the business's wallet look with a logo (ADR 0047).
    expect((await ctx.app.inject({ method: 'GET', url: t(`cards/${doomed.cardUid}/wallet/google`), headers: { cookie } })).statusCode).toBe(200);
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80"/></svg>').toString('base64');
    const look = await ctx.app.inject({
      method: 'PUT',
      url: t('rules/wallet/logo'),
      headers: { cookie },
      payload: { contentType: 'image/svg+xml', dataBase64: logo },
    });
    expect(look.statusCode, look.body).toBe(200);
    // The liability summaries (ADR 0016): the report folds the deltas into the totals, a later earn adds a delta.
    expect((await ctx.app.inject({ method: 'GET', url: t('reports/liability'), headers: { cookie } })).statusCode).toBe(200);
    const earn2 = await ctx.app.inject({
      method: 'POST',
      url: t('transactions/earn'),
      headers: { cookie, 'idempotency-key': 'k-2' },
      payload: { cardUid: doomed.cardUid, amountCents: 1000 },
    });
    expect(earn2.statusCode, earn2.body).toBe(200);
    // Derived tables the API fills lazily: give them a row each.
    await ctx.db.execute(
      sql.raw(`insert into ledger_rollup_state (tenant_id, rolled_until) values ('${doomed.tenant.id}', '2024-01-01') on conflict do nothing`),
    );
    await ctx.db.execute(
      sql.raw(
        `insert into ledger_daily_totals (tenant_id, day, store_id, type, category, tx_count, amount_cents, cashback_cents) values ('${doomed.tenant.id}', '2024-01-01', null, 'EARN', 'PURCHASE', 1, 100, 2)`,
      ),
    );
    // A pending self-enrolment sign-up (ADR 0019), its store's sign-ups on and its challenge spent (ADR 0027).
    await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, doomed.store.id));
    const join = await ctx.app.inject({
      method: 'POST',
      url: `/api/join/${doomed.tenant.slug}`,
      payload: {
        storeId: doomed.store.id,
        firstName: 'J',
        lastName: 'Oin',
        email: 'join@example.com',
        consent: true,
        altcha: await solveJoinChallenge(ctx.app, doomed.tenant.slug),
      },
    });
    expect(join.statusCode, join.body).toBe(202);
    // A message to the tenant's owner in the outbox: a password reset link.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: doomed.email } })).statusCode).toBe(202);
    expect(await processPasswordResetRequests(ctx.db, { publicUrl: ctx.config.publicUrl, now: new Date() })).toBe(1);
    // A customer's erasure request (ADR 0026).
    await ctx.db.execute(sql.raw(`insert into erasure_requests (tenant_id, customer_id) values ('${doomed.tenant.id}', '${doomed.customer.id}')`));
    // The business's reward settings (docs/product.md 'Rewards').
    await ctx.db.execute(sql.raw(`insert into reward_settings (tenant_id, settings) values ('${doomed.tenant.id}', '{}'::jsonb)`));
    // Its velocity limits and a flag of its Review list (docs/product.md 'Velocity limits').
    // Its offline settings and a sync conflict (docs/product.md 'Offline till').
    await ctx.db.execute(sql.raw(`insert into offline_settings (tenant_id, settings) values ('${doomed.tenant.id}', '{}'::jsonb)`));
    await ctx.db.execute(
      sql.raw(
        `insert into sync_conflicts (tenant_id, idempotency_key, kind, card_uid, amount_cents, occurred_at, code, message) values ('${doomed.tenant.id}', 'k1', 'EARN', '${doomed.cardUid}', 100, now(), 'CARD_NOT_ACTIVE', 'This card is blocked')`,
      ),
    );
    await ctx.db.execute(sql.raw(`insert into velocity_limits (tenant_id, settings) values ('${doomed.tenant.id}', '{}'::jsonb)`));
    await ctx.db.execute(
      sql.raw(
        `insert into risk_flags (tenant_id, limit_key, limit_value, subject, day, card_id, movements) values ('${doomed.tenant.id}', 'CARD_EARN_AMOUNT', 1, 'card:${doomed.card.id}', '2026-01-01', '${doomed.card.id}', '[]'::jsonb)`,
      ),
    );
    await ctx.db.execute(
      sql.raw(
        `insert into win_back_offers (tenant_id, customer_id, sent_at, valid_until, bonus_cents) values ('${doomed.tenant.id}', '${doomed.customer.id}', now(), now() + interval '14 days', 500)`,
      ),
    );
    // A platform admin attached to the tenant is detached, never deleted.
    await ctx.db.update(users).set({ tenantId: doomed.tenant.id }).where(eq(users.email, 'admin@platform.com'));

    const tables = await tenantTables();
    for (const expected of [
      'cards',
      'customers',
      'transactions',
      'stores',
      'users',
      'idempotency_keys',
      'tenant_counters',
      'checkout_sessions',
      'card_orders',
      'payments',
      'subscription_events',
    ]) {
      expect(tables).toContain(expected);
    }
    const before = await rowsPerTable(doomed.tenant.id);
    const keepBefore = await rowsPerTable(keep.tenant.id);
    const owned = Object.entries(before)
      .filter(([, c]) => c > 0)
      .map(([name]) => name);
    // The fixture reaches (nearly) every tenant table, so the check below means something.
    expect(owned.length, `empty: ${tables.filter((x) => !owned.includes(x)).join(', ')}`).toBeGreaterThanOrEqual(tables.length - 1);
    const userIds = (
      await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, doomed.tenant.id), sql`${users.role} <> 'platform_admin'`))
    ).map((u) => u.id);
    expect(await n(`select count(*)::int n from sessions where user_id in (${userIds.map((i) => `'${i}'`).join(',')})`)).toBeGreaterThan(0);
    const paymentsBefore = await ctx.db.select().from(payments).where(eq(payments.tenantId, doomed.tenant.id));
    const eventsBefore = await ctx.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.tenantId, doomed.tenant.id));
    expect(paymentsBefore.length).toBeGreaterThan(0);

    // Wrong or missing confirmation: 400, nothing deleted.
    const wrong = await op('DELETE', `tenants/${doomed.tenant.id}`, { confirmSlug: keep.tenant.slug });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe('Type the tenant slug to confirm');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/platform/tenants/${doomed.tenant.id}`, headers: { cookie: s.platform } })).statusCode).toBe(
      400,
    );
    expect(await rowsPerTable(doomed.tenant.id)).toEqual(before);
    for (const c of [s.admin, s.cashier, s.customer])
      expect((await call('DELETE', `tenants/${doomed.tenant.id}`, c, { confirmSlug: doomed.tenant.slug })).statusCode).toBe(403);
    expect((await call('DELETE', `tenants/${doomed.tenant.id}`, undefined, { confirmSlug: doomed.tenant.slug })).statusCode).toBe(401);
    expect(await rowsPerTable(doomed.tenant.id)).toEqual(before);

    const res = await op('DELETE', `tenants/${doomed.tenant.id}`, { confirmSlug: doomed.tenant.slug });
    expect(res.statusCode, res.body).toBe(204);

    const after = await rowsPerTable(doomed.tenant.id);
    expect(
      Object.values(after).every((c) => c === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await n(`select count(*)::int n from tenants where id = '${doomed.tenant.id}'`)).toBe(0);
    expect(await n(`select count(*)::int n from users where id in (${userIds.map((i) => `'${i}'`).join(',')})`)).toBe(0);
    expect(await n(`select count(*)::int n from sessions where user_id in (${userIds.map((i) => `'${i}'`).join(',')})`)).toBe(0);
    expect(await rowsPerTable(keep.tenant.id)).toEqual(keepBefore);
    // Revenue history stays, detached, with the tenant's name.
    const kept = await ctx.db
      .select()
      .from(payments)
      .where(
        sql`${payments.id} in (${sql.join(
          paymentsBefore.map((p) => sql`${p.id}`),
          sql`, `,
        )})`,
      );
    expect(kept.map((p) => [p.tenantId, p.tenantName, p.amountCents])).toEqual(paymentsBefore.map((p) => [null, doomed.tenant.name, p.amountCents]));
    const keptEvents = await ctx.db
      .select()
      .from(subscriptionEvents)
      .where(
        sql`${subscriptionEvents.id} in (${sql.join(
          eventsBefore.map((e) => sql`${e.id}`),
          sql`, `,
        )})`,
      );
    expect(keptEvents.map((e) => [e.tenantId, e.tenantSlug])).toEqual(eventsBefore.map(() => [null, doomed.tenant.slug]));
    // The platform admin survives and still signs in.
    const [platformAdmin] = await ctx.db.select().from(users).where(eq(users.email, 'admin@platform.com'));
    expect(platformAdmin.tenantId).toBeNull();
    await loginAs(ctx.app, 'admin@platform.com', 'AdminSecure123!');
    // The deleted tenant's owner can no longer sign in; its slug answers 404; the other tenant works.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: doomed.email, password: doomed.password } })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'GET', url: t('tenant'), headers: { cookie: s.platform } })).statusCode).toBe(404);
    const keepCookie = await loginAs(ctx.app, keep.email, keep.password);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${keep.tenant.slug}/cards/${keep.cardUid}`, headers: { cookie: keepCookie } })).statusCode).toBe(
      200,
    );
    // The activity list tells the operator.
    const activity = json(await op('GET', 'activity?limit=5')).activity;
    expect(activity[0]).toMatchObject({ kind: 'tenant_deleted', tenantName: doomed.tenant.name });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, platformAdmin.id))).not.toHaveLength(0);
  });

  it('is 404 for unknown and malformed ids', async () => {
    const unknown = await op('DELETE', 'tenants/00000000-0000-4000-8000-000000000000', { confirmSlug: 'demo' });
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toBe('Tenant not found');
    expect((await op('DELETE', 'tenants/demo', { confirmSlug: 'demo' })).statusCode).toBe(404);
  });
});
