import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherTenant, createTestContext, demoSessions, idempotencyKey, loginAs, type TestContext } from '../../test/helpers.ts';

/**
 * Every tenant route × every role × own/other tenant (docs/product.md 'Roles'). Bodies
 * are valid, so the status shows the guard alone: 401 signed out, 404 another tenant,
 * 403 a role the route does not allow.
 */
let ctx: TestContext;
let cookies: Record<'platform' | 'admin' | 'cashier' | 'customer' | 'otherAdmin' | 'none', string | undefined>;
let otherSlug: string;
let downtownStoreId: string;
let mainStoreId: string;
/** UNASSIGNED demo cards handed out one per activation call (the seed has 0010–0017). */
const unassigned = ['DEM0CARD0010', 'DEM0CARD0011', 'DEM0CARD0012', 'DEM0CARD0013', 'DEM0CARD0014', 'DEM0CARD0015'];
let activations = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const s = await demoSessions(ctx.app);
  const other = await createOtherTenant(ctx.db);
  otherSlug = other.tenant.slug;
  cookies = { ...s, otherAdmin: await loginAs(ctx.app, other.email, other.password), none: undefined };
  const stores = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/stores', headers: { cookie: s.admin! } });
  const byName = new Map<string, string>(stores.json().stores.map((st: { id: string; name: string }) => [st.name, st.id]));
  mainStoreId = byName.get('Main Store')!;
  downtownStoreId = byName.get('Downtown Store')!;
  // The join poster needs the store's online sign-up on (off by default, ADR 0027).
  const on = await ctx.app.inject({
    method: 'PUT',
    url: `/api/t/demo/stores/${mainStoreId}`,
    headers: { cookie: s.admin! },
    payload: { name: 'Main Store', selfEnrolment: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(() => ctx.close());

/** Staff routes: a demo cashier the matrix may edit, so that no signed-in account loses its session. */
let staffTargetId: string | undefined;
beforeAll(async () => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/users',
    headers: { cookie: cookies.admin! },
    payload: { firstName: 'Matrix', lastName: 'Target', email: 'matrix-target@example.com', password: 'secret12', role: 'cashier', storeId: mainStoreId },
  });
  staffTargetId = res.json().id;
});

/** Customers routes: the demo customer Jane's id (she holds a card). */
let janeCustomerId: string | undefined;
beforeAll(async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/customers?search=customer%40demo.com', headers: { cookie: cookies.admin! } });
  janeCustomerId = res.json().customers[0].id;
});

/** Checkouts, add funds, card orders: a demo card order and two demo add-funds checkouts (one to pay, one to cancel). */
let demoOrderId: string | undefined;
let payCheckoutId: string | undefined;
let cancelCheckoutId: string | undefined;
beforeAll(async () => {
  const order = await ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/card-orders',
    headers: { cookie: cookies.admin! },
    payload: {
      cardType: 'SINGLE_SIDED',
      quantity: 50,
      shippingAddress: { name: 'Matrix', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
    },
  });
  demoOrderId = order.json().id;
  const open = async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/demo/customers/${janeCustomerId}/add-funds`,
      headers: { cookie: cookies.admin!, ...idempotencyKey() },
      payload: { amountCents: 100 },
    });
    return res.json().checkoutUrl.split('/').pop() as string;
  };
  payCheckoutId = await open();
  cancelCheckoutId = await open();
});

type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** A valid body, built when the request is made (ids are known only after beforeAll). */
  body?: () => object;
  allowed: readonly string[];
  /** The success status, 200 unless said. */
  ok?: number;
};

const routes: Route[] = [
  { method: 'GET', path: 'tenant', allowed: ['platform', 'admin', 'cashier', 'customer'] },
  { method: 'GET', path: 'trial/status', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'stores', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'stores', body: () => ({ name: `Matrix Store ${Math.random().toString(36).slice(2)}` }), allowed: ['platform', 'admin'], ok: 201 },
  {
    method: 'PUT',
    get path() {
      return `stores/${mainStoreId ?? ':id'}`;
    },
    body: () => ({ name: 'Main Store' }),
    allowed: ['platform', 'admin'],
  },
  {
    method: 'GET',
    get path() {
      return `stores/${mainStoreId ?? ':id'}/poster?paper=letter`;
    },
    allowed: ['platform', 'admin'],
  },
  { method: 'GET', path: 'users', allowed: ['platform', 'admin'] },
  {
    method: 'POST',
    path: 'users',
    body: () => ({
      firstName: 'Matrix',
      lastName: 'Staff',
      email: `matrix-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret12',
      role: 'tenant_admin',
    }),
    allowed: ['platform', 'admin'],
    ok: 201,
  },
  {
    method: 'PUT',
    get path() {
      return `users/${staffTargetId ?? ':id'}`;
    },
    body: () => ({ firstName: 'Matrix', lastName: 'Target', role: 'cashier', storeId: mainStoreId, active: true }),
    allowed: ['platform', 'admin'],
  },
  {
    method: 'PUT',
    get path() {
      return `users/${staffTargetId ?? ':id'}/password`;
    },
    body: () => ({ password: 'secret22' }),
    allowed: ['platform', 'admin'],
    ok: 204,
  },
  // Two-factor reset (ADR 0024): the target has none, so an allowed caller passes the guard and gets 409.
  {
    method: 'POST',
    get path() {
      return `users/${staffTargetId ?? ':id'}/2fa/reset`;
    },
    allowed: ['platform', 'admin'],
    ok: 409,
  },
  { method: 'GET', path: 'customers/available', allowed: ['platform', 'admin'] },
  { method: 'GET', path: 'customers?search=a&page=1', allowed: ['platform', 'admin'] },
  { method: 'POST', path: 'customers', body: () => ({ firstName: 'Matrix', lastName: 'Customer' }), allowed: ['platform', 'admin'], ok: 201 },
  {
    method: 'GET',
    get path() {
      return `customers/${janeCustomerId ?? ':id'}`;
    },
    allowed: ['platform', 'admin'],
  },
  {
    method: 'PUT',
    get path() {
      return `customers/${janeCustomerId ?? ':id'}`;
    },
    body: () => ({ firstName: 'Jane', lastName: 'Customer', email: 'customer@demo.com', phone: '+1 555 0100' }),
    allowed: ['platform', 'admin'],
  },
  /** Jane holds a card, so an allowed caller passes the guard and gets the business refusal 409 (nothing is deleted). */
  {
    method: 'DELETE',
    get path() {
      return `customers/${janeCustomerId ?? ':id'}`;
    },
    allowed: ['platform', 'admin'],
    ok: 409,
  },
  { method: 'GET', path: 'me', allowed: ['customer'] },
  { method: 'GET', path: 'cards?status=ACTIVE', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'cards/batch', body: () => ({ count: 1 }), allowed: ['platform', 'admin', 'cashier'], ok: 201 },
  {
    method: 'POST',
    path: 'cards/activate',
    body: () => ({
      cardUid: unassigned[activations++ % unassigned.length],
      storeId: mainStoreId,
      customer: { firstName: 'Matrix', lastName: `Tester${activations}` },
    }),
    allowed: ['platform', 'admin', 'cashier'],
  },
  { method: 'POST', path: 'cards/DEM0CARD0003/block', allowed: ['platform', 'admin'] },
  { method: 'PUT', path: 'cards/DEM0CARD0004/store', body: () => ({ storeId: downtownStoreId }), allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'cards/DEM0CARD0004/qr/download?format=svg', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'cards/qr/bulk-download', body: () => ({ cardUids: ['DEM0CARD0004'], format: 'svg' }), allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'cards/qr/print-ready', body: () => ({ cardUids: ['DEM0CARD0004'] }), allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'cards/DEM0CARD0001', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'transactions', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'transactions/earn', body: () => ({ cardUid: 'DEM0CARD0002', amountCents: 100 }), allowed: ['platform', 'admin', 'cashier'] },
  { method: 'POST', path: 'transactions/redeem', body: () => ({ cardUid: 'DEM0CARD0002', amountCents: 1 }), allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'reports/dashboard', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'reports/export/transactions?type=EARN', allowed: ['platform', 'admin', 'cashier'] },
  { method: 'GET', path: 'reports/export/customers', allowed: ['platform', 'admin'] },
  /** Rules routes: bodies hold the defaults, so the demo programme does not change. */
  { method: 'GET', path: 'rules/cashback', allowed: ['platform', 'admin'] },
  {
    method: 'PUT',
    path: 'rules/cashback',
    body: () => ({
      rules: [
        { category: 'PURCHASE', baseRateBps: 200 },
        { category: 'REPAIR', baseRateBps: 300 },
        { category: 'OTHER', baseRateBps: 100 },
      ],
    }),
    allowed: ['platform', 'admin'],
  },
  { method: 'GET', path: 'rules/tiers', allowed: ['platform', 'admin'] },
  {
    method: 'PUT',
    path: 'rules/tiers',
    body: () => ({
      rules: [
        { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0 },
        { tier: 'GOLD', name: 'Gold', minTotalSpendCents: 50_000, baseRateBps: 100 },
        { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 200_000, baseRateBps: 200 },
      ],
    }),
    allowed: ['platform', 'admin'],
  },
  { method: 'POST', path: 'rules/initialize', allowed: ['platform', 'admin'] },
  { method: 'GET', path: 'rules/offers', allowed: ['platform', 'admin'] },
  {
    method: 'POST',
    path: 'rules/offers',
    body: () => ({ name: 'Matrix Offer', rateMultiplierBps: 0, startAt: '2020-01-01T00:00:00Z', endAt: '2020-01-02T00:00:00Z', isActive: false }),
    allowed: ['platform', 'admin'],
    ok: 201,
  },
  /** An unknown offer id: an allowed caller passes the guard and gets 'Offer not found' (the success path is in rules.test.ts). */
  {
    method: 'PUT',
    path: 'rules/offers/00000000-0000-4000-8000-000000000000',
    body: () => ({ name: 'Matrix Offer', rateMultiplierBps: 0, startAt: '2020-01-01T00:00:00Z', endAt: '2020-01-02T00:00:00Z', isActive: false }),
    allowed: ['platform', 'admin'],
    ok: 404,
  },
  /** Billing routes. Unknown ids / plan: an allowed caller passes the guard and gets 404 (success paths in billing.test.ts), so the demo tenant stays on trial. */
  { method: 'GET', path: 'billing/plans', allowed: ['platform', 'admin'] },
  { method: 'GET', path: 'billing/usage', allowed: ['platform', 'admin'] },
  { method: 'GET', path: 'billing/payment-methods', allowed: ['platform', 'admin'] },
  { method: 'POST', path: 'billing/setup-intent', allowed: ['platform', 'admin'] },
  {
    method: 'POST',
    path: 'billing/payment-methods',
    body: () => ({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 2 }),
    allowed: ['platform', 'admin'],
    ok: 201,
  },
  { method: 'POST', path: 'billing/payment-methods/00000000-0000-4000-8000-000000000000/set-default', allowed: ['platform', 'admin'], ok: 404 },
  { method: 'DELETE', path: 'billing/payment-methods/00000000-0000-4000-8000-000000000000', allowed: ['platform', 'admin'], ok: 404 },
  { method: 'POST', path: 'billing/subscribe', body: () => ({ planId: '00000000-0000-4000-8000-000000000000' }), allowed: ['platform', 'admin'], ok: 404 },
  { method: 'GET', path: 'billing/invoices', allowed: ['platform', 'admin'] },
  /** Add funds, checkouts, card orders. Pay and Cancel are idempotent, so both allowed callers get 200. */
  {
    method: 'POST',
    get path() {
      return `customers/${janeCustomerId ?? ':id'}/add-funds`;
    },
    body: () => ({ amountCents: 1000 }),
    allowed: ['platform', 'admin'],
  },
  {
    method: 'GET',
    get path() {
      return `checkout/${payCheckoutId ?? ':id'}`;
    },
    allowed: ['platform', 'admin'],
  },
  {
    method: 'POST',
    get path() {
      return `checkout/${payCheckoutId ?? ':id'}/pay`;
    },
    allowed: ['platform', 'admin'],
  },
  {
    method: 'POST',
    get path() {
      return `checkout/${cancelCheckoutId ?? ':id'}/cancel`;
    },
    allowed: ['platform', 'admin'],
  },
  { method: 'GET', path: 'card-orders', allowed: ['platform', 'admin'] },
  {
    method: 'POST',
    path: 'card-orders',
    body: () => ({
      cardType: 'SINGLE_SIDED',
      quantity: 50,
      shippingAddress: { name: 'Matrix', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
    }),
    allowed: ['platform', 'admin'],
    ok: 201,
  },
  { method: 'POST', path: 'card-orders/checkout', body: () => ({ orderId: demoOrderId ?? '' }), allowed: ['platform', 'admin'] },
  {
    method: 'GET',
    get path() {
      return `card-orders/${demoOrderId ?? ':id'}`;
    },
    allowed: ['platform', 'admin'],
  },
  /** An unknown order: an allowed caller passes the guard and gets 'Order not found' (cancellation is in card-orders.test.ts). */
  { method: 'DELETE', path: 'card-orders/00000000-0000-4000-8000-000000000000', allowed: ['platform', 'admin'], ok: 404 },
  /** A customer's data rights (ADR 0026): Jane is exported, never erased here (unknown ids: the erasure's success paths are in customer-data.test.ts). */
  {
    method: 'GET',
    get path() {
      return `customers/${janeCustomerId ?? ':id'}/export`;
    },
    allowed: ['platform', 'admin'],
  },
  {
    method: 'POST',
    path: 'customers/00000000-0000-4000-8000-000000000000/erase',
    body: () => ({ confirm: 'Nobody' }),
    allowed: ['platform', 'admin'],
    ok: 404,
  },
  { method: 'GET', path: 'me/export', allowed: ['customer'] },
  { method: 'GET', path: 'me/erasure-request', allowed: ['customer'] },
  { method: 'POST', path: 'me/erasure-request', body: () => ({ confirm: true }), allowed: ['customer'], ok: 201 },
  { method: 'GET', path: 'erasure-requests', allowed: ['platform', 'admin'] },
  { method: 'POST', path: 'erasure-requests/00000000-0000-4000-8000-000000000000/erase', allowed: ['platform', 'admin'], ok: 404 },
];

describe.each(routes)('$method /api/t/demo/$path', (route) => {
  it.each(['platform', 'admin', 'cashier', 'customer', 'otherAdmin', 'none'] as const)('as %s', async (who) => {
    const cookie = cookies[who];
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/t/demo/${route.path}`,
      // A fresh Idempotency-Key on every call: money routes require one, others ignore it.
      headers: { ...(cookie ? { cookie } : {}), ...idempotencyKey() },
      ...(route.body ? { payload: route.body() } : {}),
    });
    const expected = who === 'none' ? 401 : who === 'otherAdmin' ? 404 : route.allowed.includes(who) ? (route.ok ?? 200) : 403;
    expect(res.statusCode, res.body).toBe(expected);
  });

  it("is 404 for the demo admin on the other tenant's slug", async () => {
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/t/${otherSlug}/${route.path}`,
      headers: { cookie: cookies.admin!, ...idempotencyKey() },
      ...(route.body ? { payload: route.body() } : {}),
    });
    expect(res.statusCode).toBe(404);
  });
});

/**
 * The platform operator's API under /api/platform and /api/admin: platform_admin
 * only. Every other role is 403, also a tenant's admin of another tenant; signed out 401.
 * Unknown ids let the allowed caller pass the guard and get 404 without changing anything
 * (success paths in modules/platform/*.test.ts).
 */
const platformApi: Route[] = [
  { method: 'GET', path: 'platform/stats', allowed: ['platform'] },
  { method: 'GET', path: 'platform/activity?limit=5', allowed: ['platform'] },
  { method: 'GET', path: 'platform/tenants?search=demo', allowed: ['platform'] },
  {
    method: 'POST',
    path: 'platform/tenants',
    body: () => {
      const k = Math.random().toString(36).slice(2, 10);
      return { name: `Matrix ${k}`, slug: `matrix-${k}`, ownerEmail: `matrix-owner-${k}@example.com`, ownerPassword: 'secret12' };
    },
    allowed: ['platform'],
    ok: 201,
  },
  {
    method: 'PUT',
    path: 'platform/tenants/00000000-0000-4000-8000-000000000000',
    body: () => ({ name: 'X', subscriptionStatus: 'ACTIVE' }),
    allowed: ['platform'],
    ok: 404,
  },
  { method: 'DELETE', path: 'platform/tenants/00000000-0000-4000-8000-000000000000', body: () => ({ confirmSlug: 'x' }), allowed: ['platform'], ok: 404 },
  { method: 'GET', path: 'platform/plans', allowed: ['platform'] },
  { method: 'GET', path: 'platform/card-orders', allowed: ['platform'] },
  { method: 'PUT', path: 'platform/card-orders/00000000-0000-4000-8000-000000000000', body: () => ({ status: 'PROCESSING' }), allowed: ['platform'], ok: 404 },
  {
    method: 'POST',
    path: 'platform/plans',
    body: () => ({ name: 'Matrix Plan', priceMonthly: 100, features: [], limits: { stores: 1, staff: 1, cards: 1, transactions: -1 }, isActive: false }),
    allowed: ['platform'],
    ok: 201,
  },
  {
    method: 'PUT',
    path: 'platform/plans/00000000-0000-4000-8000-000000000000',
    body: () => ({ name: 'Matrix Plan', priceMonthly: 100, features: [], limits: { stores: 1, staff: 1, cards: 1, transactions: -1 } }),
    allowed: ['platform'],
    ok: 404,
  },
  { method: 'DELETE', path: 'platform/plans/00000000-0000-4000-8000-000000000000', allowed: ['platform'], ok: 404 },
  { method: 'GET', path: 'platform/analytics', allowed: ['platform'] },
  { method: 'GET', path: 'platform/settings', allowed: ['platform'] },
  {
    method: 'PUT',
    path: 'platform/settings',
    body: () => ({
      smtp: { host: '', port: 587, username: '', password: '', fromEmail: '' },
      security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false },
      platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
    }),
    allowed: ['platform'],
  },
  { method: 'GET', path: 'admin/analytics/subscriptions?timeframe=90d', allowed: ['platform'] },
];

describe.each(platformApi)('$method /api/$path', (route) => {
  it.each(['platform', 'admin', 'cashier', 'customer', 'otherAdmin', 'none'] as const)('as %s', async (who) => {
    const cookie = cookies[who];
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/${route.path}`,
      headers: cookie ? { cookie } : {},
      ...(route.body ? { payload: route.body() } : {}),
    });
    const expected = who === 'none' ? 401 : route.allowed.includes(who) ? (route.ok ?? 200) : 403;
    expect(res.statusCode, res.body).toBe(expected);
  });
});

/**
 * Own account routes under /api/auth, not tenant-scoped: the password
 * policy is public (signed out 200); the own-password change is open to every signed-in role
 * and 401 signed out. A wrong current password lets each allowed caller pass the guard and get
 * 400 'Current password is incorrect' without changing anything (success paths in
 * modules/auth/password.test.ts).
 */
const accountApi: Array<Route & { allowedSignedOut?: boolean }> = [
  { method: 'GET', path: 'auth/password-policy', allowed: ['platform', 'admin', 'cashier', 'customer', 'otherAdmin'], allowedSignedOut: true },
  {
    method: 'PUT',
    path: 'auth/password',
    body: () => ({ currentPassword: 'not-the-current-password', newPassword: 'Matrix-New-1!' }),
    allowed: ['platform', 'admin', 'cashier', 'customer', 'otherAdmin'],
    ok: 400,
  },
  // Own two-factor (ADR 0024): staff and the operator; a customer 403. A set-up turns nothing on until confirmed.
  { method: 'POST', path: 'auth/2fa/setup', allowed: ['platform', 'admin', 'cashier', 'otherAdmin'] },
];

describe.each(accountApi)('$method /api/$path', (route) => {
  it.each(['platform', 'admin', 'cashier', 'customer', 'otherAdmin', 'none'] as const)('as %s', async (who) => {
    const cookie = cookies[who];
    const res = await ctx.app.inject({
      method: route.method,
      url: `/api/${route.path}`,
      headers: cookie ? { cookie } : {},
      ...(route.body ? { payload: route.body() } : {}),
    });
    const expected = who === 'none' ? (route.allowedSignedOut ? (route.ok ?? 200) : 401) : route.allowed.includes(who) ? (route.ok ?? 200) : 403;
    expect(res.statusCode, res.body).toBe(expected);
    if (res.statusCode === 400) expect(res.json().error).toBe('Current password is incorrect');
  });
});
