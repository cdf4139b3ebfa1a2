import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  type AuditAction,
  DEFAULT_LIMIT_SETTINGS,
  DEFAULT_OFFLINE_SETTINGS,
  DEFAULT_REWARD_SETTINGS,
  type RiskFlagList,
  type SyncConflictList,
} from '@loyalty/contract';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import Stripe from 'stripe';
import type { Database } from '../../db/client.ts';
import { createTestContext, demoSessions, idempotencyKey, json, loginAs, type TestContext } from '../../../test/helpers.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fake-stripe.ts';
import { solveJoinChallenge } from '../../../test/join-challenge.ts';
import { processPasswordResetRequests } from '../auth/index.ts';
import { unsubscribeToken } from '../customers/index.ts';
import { testPassP12 } from '../../../test/pkpass.ts';

/**
 * Audit coverage (docs/security.md 'Audit trail', ADR 0025): every state-changing operation
 * (POST, PUT, PATCH, DELETE) of the app's OpenAPI document has an entry below, and each one
 * that is called here writes an audit event of the expected kind. An operation added to the
 * API without an entry fails the first test, so it cannot ship unaudited by accident.
 * - `action` + `call`: called with a minimal valid request (2xx), then an audit row of `action`
 *   must have appeared (in `db`, when the call goes to another app than the demo one).
 *   `prepare` makes what the call needs (an e-mailed link, a paid order) before the count.
 * - `exempt`: changes nothing an owner would audit; the reason says why.
 */
type Inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;
interface World {
  inject: Inject;
  s: Awaited<ReturnType<typeof demoSessions>>;
  /** Ids made by earlier calls (stores, customers, transactions, keys…), by name. */
  ids: Record<string, string>;
  v1Key: string;
}
type Entry =
  { action: AuditAction; prepare?: (w: World) => Promise<void>; call: (w: World) => Promise<LightMyRequestResponse>; db?: () => Database } | { exempt: string };

const uniq = () => Math.random().toString(36).slice(2, 8);
const mainStore = (w: World) => w.ids.mainStore;
const endpoint = () => ({ url: `https://hooks-${uniq()}.example.com/loyalty`, events: ['transaction.created'] });
const plan = () => ({
  name: `Audit Plan ${uniq()}`,
  priceMonthly: 100,
  features: [],
  limits: { stores: 1, staff: 1, cards: 1, transactions: -1 },
  isActive: false,
});
const v1 = (w: World, url: string, payload: unknown) =>
  w.inject('POST', `/api/v1${url}`, undefined, payload, { authorization: `Bearer ${w.v1Key}`, ...idempotencyKey() });
const remember = (w: World, name: string, res: LightMyRequestResponse, field = 'id') => {
  if (res.statusCode < 300) w.ids[name] = json(res)[field];
  return res;
};

/** The id of an open flag on demo card `cardUid`: an earn crossing a purchase limit set to flag, the limits then off again. */
async function flagOf(w: World, cardUid: string): Promise<string> {
  const flagging = { ...DEFAULT_LIMIT_SETTINGS, cardEarnAmount: { enabled: true, amountCents: 1, action: 'FLAG' } };
  expect((await w.inject('PUT', '/api/t/demo/rules/limits', w.s.admin, flagging)).statusCode).toBe(200);
  expect((await w.inject('POST', '/api/t/demo/transactions/earn', w.s.admin, { cardUid, amountCents: 100 }, idempotencyKey())).statusCode).toBe(200);
  expect((await w.inject('PUT', '/api/t/demo/rules/limits', w.s.admin, DEFAULT_LIMIT_SETTINGS)).statusCode).toBe(200);
  const flags = json<RiskFlagList>(await w.inject('GET', '/api/t/demo/risk/flags', w.s.admin)).items;
  return flags.find((f) => f.card.uid === cardUid)!.id;
}

const CASHIER_PASSWORD = 'secret12';
const demoTenantId = async () => ((await ctx.db.execute(sql`select id from tenants where slug = 'demo'`)) as unknown as { rows: { id: string }[] }).rows[0].id;

/** A new cashier of the demo business, signed in, who turned two-factor on: id, e-mail, session, TOTP secret and the enable answer (its recovery codes). */
async function cashierWithTwoFactor(w: World) {
  const email = `tfa-${uniq()}@example.com`;
  const made = json(
    await w.inject('POST', '/api/t/demo/users', w.s.admin, {
      firstName: 'Two',
      lastName: 'Factor',
      email,
      password: CASHIER_PASSWORD,
      role: 'cashier',
      storeId: mainStore(w),
    }),
  );
  const cookie = await loginAs(ctx.app, email, CASHIER_PASSWORD);
  const { secret } = json(await w.inject('POST', '/api/auth/2fa/setup', cookie));
  const enabled = await w.inject('POST', '/api/auth/2fa/enable', cookie, { code: await generate({ secret }) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { id: made.id as string, email, cookie, secret, enabled };
}

/** Opens a demo add-funds checkout of $1.00 for the demo customer Jane; its id. */
async function openAddFunds(w: World): Promise<string> {
  const jane = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/customers?search=customer%40demo.com', headers: { cookie: w.s.admin! } }))
    .customers[0].id as string;
  const res = await w.inject('POST', `/api/t/demo/customers/${jane}/add-funds`, w.s.admin, { amountCents: 100 }, idempotencyKey());
  return json(res).checkoutUrl.split('/').pop() as string;
}

/** The newest outbox message to `to` whose text holds `path?token=…`: that token. */
async function emailedToken(to: string, path: string): Promise<string> {
  const rows = (
    (await ctx.db.execute(sql`select text from outbox where to_address = ${to} order by created_at desc`)) as unknown as { rows: { text: string }[] }
  ).rows;
  const token = rows.map((r) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(r.text)?.[1]).find(Boolean);
  if (!token) throw new Error(`no ${path} link e-mailed to ${to}`);
  return token;
}

/** A demo card order of 50 cards, paid on the demo checkout; paying it must write card_order.status (PAID). Its id. */
async function paidCardOrder(w: World): Promise<string> {
  const made = await w.inject('POST', '/api/t/demo/card-orders', w.s.admin, {
    cardType: 'SINGLE_SIDED',
    quantity: 50,
    shippingAddress: { name: 'Audit', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
  });
  const id = json(made).id as string;
  const checkout = await w.inject('POST', '/api/t/demo/card-orders/checkout', w.s.admin, { orderId: id });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const before = await count('card_order.status');
  const paid = await w.inject('POST', `/api/t/demo/checkout/${String(json(checkout).checkoutUrl).split('/').pop()}/pay`, w.s.admin);
  expect(paid.statusCode, paid.body).toBe(200);
  expect(await count('card_order.status'), 'paying a card order wrote no card_order.status').toBe(before + 1);
  return id;
}

/** The app on a fake Stripe (its webhook needs the signing secret), with its own database. */
let stripe: { ctx: TestContext; fake: FakeStripe };
const STRIPE_WEBHOOK_SECRET = stripeEnv({ url: '' } as FakeStripe).STRIPE_WEBHOOK_SECRET;

/** In the order they run: later calls use what earlier ones made. */
const ENTRIES: Record<string, Entry> = {
  'POST /api/auth/login': {
    action: 'platform.admin.sign_in',
    call: (w) => w.inject('POST', '/api/auth/login', undefined, { email: 'admin@platform.com', password: 'AdminSecure123!' }),
  },
  'POST /api/auth/logout': { exempt: 'ends the caller’s own session; nothing of the business changes' },
  'POST /api/auth/forgot-password': {
    action: 'user.password.reset_requested',
    // The route only queues the request; the outbox worker's run writes the event with the link.
    call: async (w) => {
      const res = await w.inject('POST', '/api/auth/forgot-password', undefined, { email: 'cashier@demo.com' });
      await processPasswordResetRequests(ctx.db, { publicUrl: ctx.config.publicUrl, now: new Date() });
      return res;
    },
  },
  'POST /api/auth/2fa/setup': { exempt: 'makes an unconfirmed secret; nothing is switched on until enable' },
  'POST /api/auth/2fa/enable': { action: 'user.2fa.enable', call: async (w) => (await cashierWithTwoFactor(w)).enabled },
  'POST /api/auth/2fa/disable': {
    action: 'user.2fa.disable',
    call: async (w) => {
      const c = await cashierWithTwoFactor(w);
      // The next step's code: within the one step of drift, and newer than the code that enabled it.
      return w.inject('POST', '/api/auth/2fa/disable', c.cookie, { code: await generate({ secret: c.secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    },
  },
  'POST /api/auth/2fa/verify': {
    action: 'user.2fa.recovery_code_used',
    call: async (w) => {
      const c = await cashierWithTwoFactor(w);
      const login = await w.inject('POST', '/api/auth/login', undefined, { email: c.email, password: CASHIER_PASSWORD });
      const pending = login.cookies.find((k) => k.name === 'tfa' && k.value !== '');
      return w.inject('POST', '/api/auth/2fa/verify', `tfa=${pending?.value}`, { code: json(c.enabled).recoveryCodes[0] });
    },
  },
  'POST /api/t/{slug}/users/{id}/2fa/reset': {
    action: 'user.2fa.reset',
    call: async (w) => w.inject('POST', `/api/t/demo/users/${(await cashierWithTwoFactor(w)).id}/2fa/reset`, w.s.admin),
  },
  'POST /api/auth/signup': {
    action: 'tenant.signup',
    call: (w) =>
      w.inject('POST', '/api/auth/signup', undefined, {
        firstName: 'Audit',
        lastName: 'Founder',
        email: `founder-${uniq()}@example.com`,
        password: CASHIER_PASSWORD,
      }),
  },
  'POST /api/auth/reset-password': {
    action: 'user.password.reset',
    prepare: async (w) => {
      const email = `reset-${uniq()}@example.com`;
      await w.inject('POST', '/api/t/demo/users', w.s.admin, {
        firstName: 'Reset',
        lastName: 'Me',
        email,
        password: CASHIER_PASSWORD,
        role: 'cashier',
        storeId: mainStore(w),
      });
      await w.inject('POST', '/api/auth/forgot-password', undefined, { email });
      await processPasswordResetRequests(ctx.db, { publicUrl: ctx.config.publicUrl, now: new Date() });
      w.ids.resetToken = await emailedToken(email, '/reset-password');
    },
    call: (w) => w.inject('POST', '/api/auth/reset-password', undefined, { token: w.ids.resetToken, password: 'BrandNew123!' }),
  },
  'POST /api/auth/accept-invitation': {
    action: 'user.invitation.accept',
    prepare: async (w) => {
      const email = `accept-${uniq()}@example.com`;
      await w.inject('POST', '/api/t/demo/users', w.s.admin, {
        firstName: 'Audit',
        lastName: 'Joiner',
        email,
        invite: true,
        role: 'cashier',
        storeId: mainStore(w),
      });
      w.ids.invitationToken = await emailedToken(email, '/accept-invitation');
    },
    call: (w) => w.inject('POST', '/api/auth/accept-invitation', undefined, { token: w.ids.invitationToken, password: 'Accepted123!' }),
  },
  'POST /api/setup': { exempt: 'only answers while no platform admin exists; platform.admin.setup is written (setup.test.ts)' },
  'PUT /api/t/{slug}/tenant/timezone': {
    action: 'tenant.timezone.update',
    call: (w) => w.inject('PUT', '/api/t/demo/tenant/timezone', w.s.admin, { timezone: 'Europe/Paris' }),
  },
  'PUT /api/t/{slug}/tenant/receipts': {
    action: 'tenant.receipts.update',
    call: (w) => w.inject('PUT', '/api/t/demo/tenant/receipts', w.s.admin, { enabled: true }),
  },
  'POST /api/t/{slug}/stores': {
    action: 'store.create',
    call: async (w) => remember(w, 'store', await w.inject('POST', '/api/t/demo/stores', w.s.admin, { name: `Audit Store ${uniq()}` })),
  },
  'PUT /api/t/{slug}/stores/{id}': {
    action: 'store.update',
    call: (w) => w.inject('PUT', `/api/t/demo/stores/${w.ids.store}`, w.s.admin, { name: `Audit Store ${uniq()}` }),
  },
  'POST /api/t/{slug}/customers': {
    action: 'customer.create',
    call: async (w) => remember(w, 'customer', await w.inject('POST', '/api/t/demo/customers', w.s.admin, { firstName: 'Audit', lastName: 'Customer' })),
  },
  'PUT /api/t/{slug}/customers/{id}': {
    action: 'customer.update',
    call: (w) => w.inject('PUT', `/api/t/demo/customers/${w.ids.customer}`, w.s.admin, { firstName: 'Audit', lastName: 'Changed' }),
  },
  'DELETE /api/t/{slug}/customers/{id}': { action: 'customer.delete', call: (w) => w.inject('DELETE', `/api/t/demo/customers/${w.ids.customer}`, w.s.admin) },
  'POST /api/t/{slug}/transactions/earn': {
    action: 'transaction.earn',
    call: async (w) =>
      remember(
        w,
        'earn',
        await w.inject('POST', '/api/t/demo/transactions/earn', w.s.cashier, { cardUid: 'DEM0CARD0001', amountCents: 5000 }, idempotencyKey()),
        'transactionId',
      ),
  },
  'POST /api/t/{slug}/transactions/redeem': {
    action: 'transaction.redeem',
    call: async (w) =>
      remember(
        w,
        'redeem',
        await w.inject('POST', '/api/t/demo/transactions/redeem', w.s.cashier, { cardUid: 'DEM0CARD0001', amountCents: 10 }, idempotencyKey()),
        'transactionId',
      ),
  },
  'POST /api/t/{slug}/transactions/{id}/refund': {
    action: 'transaction.refund',
    call: (w) => w.inject('POST', `/api/t/demo/transactions/${w.ids.earn}/refund`, w.s.admin, { amountCents: 1000, reason: 'Returned' }, idempotencyKey()),
  },
  'POST /api/t/{slug}/transactions/{id}/void': {
    action: 'transaction.void',
    call: (w) => w.inject('POST', `/api/t/demo/transactions/${w.ids.redeem}/void`, w.s.admin, { reason: 'Wrong card' }, idempotencyKey()),
  },
  'POST /api/t/{slug}/cards/{cardUid}/adjust': {
    action: 'card.adjust',
    call: (w) => w.inject('POST', '/api/t/demo/cards/DEM0CARD0001/adjust', w.s.admin, { deltaCents: 100, reason: 'Goodwill' }, idempotencyKey()),
  },
  'POST /api/t/{slug}/cards/{cardUid}/block': { action: 'card.block', call: (w) => w.inject('POST', '/api/t/demo/cards/DEM0CARD0003/block', w.s.admin) },
  'POST /api/t/{slug}/cards/batch': { action: 'card.batch_create', call: (w) => w.inject('POST', '/api/t/demo/cards/batch', w.s.admin, { count: 1 }) },
  'POST /api/t/{slug}/cards/activate': {
    action: 'card.activate',
    call: (w) =>
      w.inject('POST', '/api/t/demo/cards/activate', w.s.cashier, {
        cardUid: 'DEM0CARD0010',
        storeId: mainStore(w),
        customer: { firstName: 'Audit', lastName: 'Holder' },
      }),
  },
  'PUT /api/t/{slug}/cards/{cardUid}/store': {
    action: 'card.store_change',
    call: (w) => w.inject('PUT', '/api/t/demo/cards/DEM0CARD0004/store', w.s.admin, { storeId: w.ids.store }),
  },
  'POST /api/t/{slug}/cards/{cardUid}/wallet/email': {
    action: 'card.wallet_email',
    call: (w) => w.inject('POST', '/api/t/demo/cards/DEM0CARD0002/wallet/email', w.s.cashier),
  },
  'POST /api/t/{slug}/cards/qr/bulk-download': { exempt: 'makes a file of QR codes; changes nothing' },
  'POST /api/t/{slug}/cards/qr/print-ready': { exempt: 'makes a print file; changes nothing' },
  'POST /api/t/{slug}/customers/{id}/add-funds': {
    exempt: 'opens a payment page; the money moves when it is paid (checkout pay → card.add_funds, called below)',
  },
  'POST /api/t/{slug}/users': {
    action: 'user.create',
    call: async (w) =>
      remember(
        w,
        'user',
        await w.inject('POST', '/api/t/demo/users', w.s.admin, {
          firstName: 'Audit',
          lastName: 'Staff',
          email: `audit-${uniq()}@example.com`,
          password: 'secret12',
          role: 'cashier',
          storeId: mainStore(w),
        }),
      ),
  },
  'PUT /api/t/{slug}/users/{id}': {
    action: 'user.update',
    call: (w) =>
      w.inject('PUT', `/api/t/demo/users/${w.ids.user}`, w.s.admin, {
        firstName: 'Audit',
        lastName: 'Renamed',
        role: 'cashier',
        storeId: mainStore(w),
        active: true,
      }),
  },
  'PUT /api/t/{slug}/users/{id}/password': {
    action: 'user.password',
    call: (w) => w.inject('PUT', `/api/t/demo/users/${w.ids.user}/password`, w.s.admin, { password: 'secret22' }),
  },
  'POST /api/t/{slug}/users/{id}/invitation': {
    action: 'user.invitation.resend',
    call: async (w) => {
      const invited = remember(
        w,
        'invited',
        await w.inject('POST', '/api/t/demo/users', w.s.admin, {
          firstName: 'Audit',
          lastName: 'Invitee',
          email: `invitee-${uniq()}@example.com`,
          invite: true,
          role: 'cashier',
          storeId: mainStore(w),
        }),
      );
      expect(invited.statusCode, invited.body).toBe(201);
      return w.inject('POST', `/api/t/demo/users/${w.ids.invited}/invitation`, w.s.admin);
    },
  },
  'DELETE /api/t/{slug}/users/{id}/invitation': {
    action: 'user.invitation.revoke',
    call: (w) => w.inject('DELETE', `/api/t/demo/users/${w.ids.invited}/invitation`, w.s.admin),
  },
  'PUT /api/t/{slug}/rules/cashback': {
    action: 'rules.cashback.update',
    call: (w) =>
      w.inject('PUT', '/api/t/demo/rules/cashback', w.s.admin, {
        rules: [
          { category: 'PURCHASE', baseRateBps: 200 },
          { category: 'REPAIR', baseRateBps: 300 },
          { category: 'OTHER', baseRateBps: 100 },
        ],
      }),
  },
  'PUT /api/t/{slug}/rules/tiers': {
    action: 'rules.tiers.update',
    call: (w) =>
      w.inject('PUT', '/api/t/demo/rules/tiers', w.s.admin, {
        rules: [
          { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0 },
          { tier: 'GOLD', name: 'Gold', minTotalSpendCents: 50_000, baseRateBps: 100 },
          { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 200_000, baseRateBps: 200 },
        ],
      }),
  },
  'POST /api/t/{slug}/rules/initialize': { action: 'rules.initialize', call: (w) => w.inject('POST', '/api/t/demo/rules/initialize', w.s.admin) },
  'POST /api/t/{slug}/rules/offers': {
    action: 'offer.create',
    call: async (w) =>
      remember(
        w,
        'offer',
        await w.inject('POST', '/api/t/demo/rules/offers', w.s.admin, {
          name: 'Audit Offer',
          rateMultiplierBps: 0,
          startAt: '2020-01-01T00:00:00Z',
          endAt: '2020-01-02T00:00:00Z',
          isActive: false,
        }),
      ),
  },
  'PUT /api/t/{slug}/rules/offers/{id}': {
    action: 'offer.update',
    call: (w) =>
      w.inject('PUT', `/api/t/demo/rules/offers/${w.ids.offer}`, w.s.admin, {
        name: 'Audit Offer 2',
        rateMultiplierBps: 0,
        startAt: '2020-01-01T00:00:00Z',
        endAt: '2020-01-02T00:00:00Z',
        isActive: false,
      }),
  },
  'PUT /api/t/{slug}/rules/expiry': {
    action: 'rules.expiry.update',
    call: (w) => w.inject('PUT', '/api/t/demo/rules/expiry', w.s.admin, { policy: 'AFTER_EARN', days: 365 }),
  },
  'PUT /api/t/{slug}/rules/rewards': {
    action: 'rules.rewards.update',
    call: (w) => w.inject('PUT', '/api/t/demo/rules/rewards', w.s.admin, DEFAULT_REWARD_SETTINGS),
  },
  'PUT /api/t/{slug}/rules/limits': {
    action: 'rules.limits.update',
    call: (w) => w.inject('PUT', '/api/t/demo/rules/limits', w.s.admin, DEFAULT_LIMIT_SETTINGS),
  },
  'PUT /api/t/{slug}/rules/offline': {
    action: 'rules.offline.update',
    call: (w) => w.inject('PUT', '/api/t/demo/rules/offline', w.s.admin, DEFAULT_OFFLINE_SETTINGS),
  },
  'POST /api/t/{slug}/sync-conflicts/{id}/resolve': {
    action: 'sync_conflict.resolve',
    prepare: async (w) => {
      // A redemption made offline an hour ago, refused (offline redemptions are off): a conflict.
      const occurredAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
      const body = { cardUid: 'DEM0CARD0005', amountCents: 1, occurredAt };
      expect((await w.inject('POST', '/api/t/demo/transactions/redeem', w.s.admin, body, idempotencyKey())).statusCode).toBe(422);
      w.ids.syncConflict = json<SyncConflictList>(await w.inject('GET', '/api/t/demo/sync-conflicts', w.s.admin)).items[0].id;
    },
    call: (w) => w.inject('POST', `/api/t/demo/sync-conflicts/${w.ids.syncConflict}/resolve`, w.s.admin),
  },
  'POST /api/t/{slug}/risk/flags/{id}/dismiss': {
    action: 'risk.flag.dismiss',
    prepare: async (w) => {
      w.ids.dismissFlag = await flagOf(w, 'DEM0CARD0005');
    },
    call: (w) => w.inject('POST', `/api/t/demo/risk/flags/${w.ids.dismissFlag}/dismiss`, w.s.admin),
  },
  'POST /api/t/{slug}/risk/flags/{id}/block-card': {
    action: 'risk.flag.block_card',
    prepare: async (w) => {
      w.ids.blockFlag = await flagOf(w, 'DEM0CARD0004');
    },
    call: (w) => w.inject('POST', `/api/t/demo/risk/flags/${w.ids.blockFlag}/block-card`, w.s.admin),
  },
  'PUT /api/t/{slug}/rules/wallet': {
    action: 'rules.wallet.update',
    call: (w) =>
      w.inject('PUT', '/api/t/demo/rules/wallet', w.s.admin, {
        programName: 'Demo Rewards',
        backgroundColor: '#1e3a8a',
        foregroundColor: '#ffffff',
        labelColor: '#dbeafe',
        terms: null,
      }),
  },
  'PUT /api/t/{slug}/rules/wallet/logo': {
    action: 'rules.wallet.logo',
    call: (w) =>
      w.inject('PUT', '/api/t/demo/rules/wallet/logo', w.s.admin, {
        contentType: 'image/svg+xml',
        dataBase64: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="#f00"/></svg>').toString(
          'base64',
        ),
      }),
  },
  'PUT /api/t/{slug}/rules/wallet/certificate': {
    action: 'rules.wallet.certificate',
    call: (w) => w.inject('PUT', '/api/t/demo/rules/wallet/certificate', w.s.admin, { p12Base64: testPassP12(), password: 'secret' }),
  },
  'DELETE /api/t/{slug}/rules/wallet/logo': {
    action: 'rules.wallet.logo',
    call: (w) => w.inject('DELETE', '/api/t/demo/rules/wallet/logo', w.s.admin),
  },
  'POST /api/t/{slug}/billing/payment-methods': {
    action: 'payment_method.add',
    call: async (w) =>
      remember(
        w,
        'card',
        await w.inject('POST', '/api/t/demo/billing/payment-methods', w.s.admin, { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2099 }),
      ),
  },
  'POST /api/t/{slug}/billing/setup-intent': { exempt: 'asks the payment provider for a form token; nothing is stored' },
  'POST /api/t/{slug}/billing/payment-methods/{id}/set-default': {
    action: 'payment_method.set_default',
    call: (w) => w.inject('POST', `/api/t/demo/billing/payment-methods/${w.ids.card}/set-default`, w.s.admin),
  },
  'POST /api/t/{slug}/billing/subscribe': {
    action: 'subscription.change',
    call: async (w) => {
      const plans = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/billing/plans', headers: { cookie: w.s.admin! } })).plans as { id: string }[];
      return w.inject('POST', '/api/t/demo/billing/subscribe', w.s.admin, { planId: plans[plans.length - 1].id, paymentMethodId: w.ids.card });
    },
  },
  'DELETE /api/t/{slug}/billing/payment-methods/{id}': {
    action: 'payment_method.remove',
    call: (w) => w.inject('DELETE', `/api/t/demo/billing/payment-methods/${w.ids.card}`, w.s.admin),
  },
  'POST /api/t/{slug}/checkout/{id}/pay': {
    action: 'card.add_funds',
    call: async (w) => w.inject('POST', `/api/t/demo/checkout/${await openAddFunds(w)}/pay`, w.s.admin),
  },
  'POST /api/t/{slug}/checkout/{id}/cancel': {
    action: 'checkout.cancel',
    call: async (w) => w.inject('POST', `/api/t/demo/checkout/${await openAddFunds(w)}/cancel`, w.s.admin),
  },
  'POST /api/t/{slug}/card-orders': {
    action: 'card_order.create',
    call: async (w) =>
      remember(
        w,
        'order',
        await w.inject('POST', '/api/t/demo/card-orders', w.s.admin, {
          cardType: 'SINGLE_SIDED',
          quantity: 50,
          shippingAddress: { name: 'Audit', line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
        }),
      ),
  },
  'POST /api/t/{slug}/card-orders/checkout': {
    exempt: 'opens a payment page; paying it writes card_order.status (checked below, before the operator moves the order on)',
  },
  'DELETE /api/t/{slug}/card-orders/{id}': {
    action: 'card_order.cancel',
    call: (w) => w.inject('DELETE', `/api/t/demo/card-orders/${w.ids.order}`, w.s.admin),
  },
  'POST /api/t/{slug}/webhook-endpoints': {
    action: 'webhook_endpoint.create',
    call: async (w) => remember(w, 'hook', await w.inject('POST', '/api/t/demo/webhook-endpoints', w.s.admin, endpoint())),
  },
  'PUT /api/t/{slug}/webhook-endpoints/{id}': {
    action: 'webhook_endpoint.update',
    call: (w) => w.inject('PUT', `/api/t/demo/webhook-endpoints/${w.ids.hook}`, w.s.admin, endpoint()),
  },
  'DELETE /api/t/{slug}/webhook-endpoints/{id}': {
    action: 'webhook_endpoint.delete',
    call: (w) => w.inject('DELETE', `/api/t/demo/webhook-endpoints/${w.ids.hook}`, w.s.admin),
  },
  'POST /api/t/{slug}/webhook-endpoints/{id}/test': { exempt: 'sends a test event to the endpoint; its configuration does not change' },
  'POST /api/t/{slug}/webhook-endpoints/deliveries/{deliveryId}/resend': {
    exempt: 'queues an existing delivery again; nothing of the configuration or the money changes',
  },
  'POST /api/t/{slug}/api-keys': {
    action: 'api_key.create',
    call: async (w) => remember(w, 'key', await w.inject('POST', '/api/t/demo/api-keys', w.s.admin, { name: `Audit ${uniq()}`, scopes: ['read'] })),
  },
  'DELETE /api/t/{slug}/api-keys/{id}': { action: 'api_key.revoke', call: (w) => w.inject('DELETE', `/api/t/demo/api-keys/${w.ids.key}`, w.s.admin) },
  'POST /api/v1/transactions/earn': {
    action: 'transaction.earn',
    call: async (w) => remember(w, 'v1earn', await v1(w, '/transactions/earn', { cardUid: 'DEM0CARD0002', amountCents: 4000 }), 'transactionId'),
  },
  'POST /api/v1/transactions/redeem': {
    action: 'transaction.redeem',
    call: async (w) => remember(w, 'v1redeem', await v1(w, '/transactions/redeem', { cardUid: 'DEM0CARD0002', amountCents: 5 }), 'transactionId'),
  },
  'POST /api/v1/transactions/{id}/refund': {
    action: 'transaction.refund',
    call: (w) => v1(w, `/transactions/${w.ids.v1earn}/refund`, { amountCents: 500, reason: 'Returned' }),
  },
  'POST /api/v1/transactions/{id}/void': { action: 'transaction.void', call: (w) => v1(w, `/transactions/${w.ids.v1redeem}/void`, { reason: 'Wrong card' }) },
  'POST /api/v1/customers': { action: 'customer.create', call: (w) => v1(w, '/customers', { firstName: 'Api', lastName: 'Customer' }) },
  'POST /api/unsubscribe': {
    action: 'customer.email_opt_out',
    call: async (w) => {
      const made = json(
        await w.inject('POST', '/api/t/demo/customers', w.s.admin, { firstName: 'Audit', lastName: 'Reader', email: `reader-${uniq()}@example.com` }),
      );
      return w.inject('POST', `/api/unsubscribe?token=${unsubscribeToken(ctx.config.qrTokenSecret, await demoTenantId(), made.id)}`);
    },
  },
  'POST /api/join/{slug}': { exempt: 'asks for a confirmation e-mail; no customer exists until it is confirmed' },
  'POST /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}': {
    exempt: 'a phone asks for updates of a pass it holds; nothing the business owns changes',
  },
  'DELETE /api/wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}': {
    exempt: 'a phone stops asking for updates of a pass; nothing the business owns changes',
  },
  'POST /api/wallet/apple/v1/log': { exempt: 'a phone reports a problem with a pass into the server log; nothing is stored' },
  'POST /api/join/{slug}/confirm': {
    action: 'customer.self_enrol',
    prepare: async (w) => {
      const email = `joiner-${uniq()}@example.com`;
      await ctx.db.execute(sql`update stores set self_enrolment = true where id = ${mainStore(w)}`);
      const join = await w.inject('POST', '/api/join/demo', undefined, {
        storeId: mainStore(w),
        firstName: 'Audit',
        lastName: 'Joiner',
        email,
        consent: true,
        altcha: await solveJoinChallenge(ctx.app, 'demo'),
      });
      expect(join.statusCode, join.body).toBe(202);
      w.ids.joinToken = await emailedToken(email, '/join/confirm');
    },
    call: (w) => w.inject('POST', '/api/join/demo/confirm', undefined, { token: w.ids.joinToken }),
  },
  'POST /api/webhooks/stripe': {
    // A paid subscription invoice for the demo business (on trial): it becomes ACTIVE, by the system.
    action: 'subscription.status',
    db: () => stripe.ctx.db,
    call: async () => {
      const { ctx: app } = stripe;
      const tenantId = ((await app.db.execute(sql`select id from tenants where slug = 'demo'`)) as unknown as { rows: { id: string }[] }).rows[0].id;
      const planId = ((await app.db.execute(sql`select id from plans order by price_monthly_cents limit 1`)) as unknown as { rows: { id: string }[] }).rows[0]
        .id;
      const now = Math.floor(Date.now() / 1000);
      const invoice = {
        id: `in_audit_${uniq()}`,
        object: 'invoice',
        customer: 'cus_audit',
        amount_paid: 1999,
        status: 'paid',
        period_start: now - 86_400,
        period_end: now - 86_400,
        parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_audit', metadata: { tenantId, planId } } },
        lines: { object: 'list', data: [{ id: 'il_audit', object: 'line_item', amount: 1999, period: { start: now - 86_400, end: now + 29 * 86_400 } }] },
      };
      const payload = JSON.stringify({ id: `evt_audit_${uniq()}`, object: 'event', type: 'invoice.paid', created: now, data: { object: invoice } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
      return app.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
  },
  'PUT /api/auth/password': {
    action: 'user.password.change',
    call: (w) => w.inject('PUT', '/api/auth/password', w.s.cashier, { currentPassword: 'DemoCashier123!', newPassword: 'DemoCashier123!x' }),
  },
  'POST /api/platform/tenants': {
    action: 'platform.tenant.create',
    call: async (w) => {
      const k = uniq();
      const res = await w.inject('POST', '/api/platform/tenants', w.s.platform, {
        name: `Audit ${k}`,
        slug: `audit-${k}`,
        ownerEmail: `audit-owner-${k}@example.com`,
        ownerPassword: 'secret12',
      });
      w.ids.tenantSlug = `audit-${k}`;
      return remember(w, 'tenant', res);
    },
  },
  'PUT /api/platform/tenants/{id}': {
    action: 'platform.tenant.update',
    call: (w) => w.inject('PUT', `/api/platform/tenants/${w.ids.tenant}`, w.s.platform, { name: 'Audit Renamed', subscriptionStatus: 'ACTIVE' }),
  },
  'DELETE /api/platform/tenants/{id}': {
    action: 'platform.tenant.delete',
    call: (w) => w.inject('DELETE', `/api/platform/tenants/${w.ids.tenant}`, w.s.platform, { confirmSlug: w.ids.tenantSlug }),
  },
  'POST /api/platform/plans': {
    action: 'platform.plan.create',
    call: async (w) => remember(w, 'plan', await w.inject('POST', '/api/platform/plans', w.s.platform, plan())),
  },
  'PUT /api/platform/plans/{id}': { action: 'platform.plan.update', call: (w) => w.inject('PUT', `/api/platform/plans/${w.ids.plan}`, w.s.platform, plan()) },
  'DELETE /api/platform/plans/{id}': { action: 'platform.plan.delete', call: (w) => w.inject('DELETE', `/api/platform/plans/${w.ids.plan}`, w.s.platform) },
  'PUT /api/platform/settings': {
    action: 'platform.settings.update',
    call: (w) =>
      w.inject('PUT', '/api/platform/settings', w.s.platform, {
        smtp: { host: '', port: 587, username: '', password: '', fromEmail: '' },
        security: { sessionTimeout: 24, passwordMinLength: 8, requireTwoFactor: false },
        platform: { defaultPlan: 'starter', trialDays: 14, allowSignups: true },
      }),
  },
  'POST /api/platform/tenants/{id}/users/{userId}/2fa/reset': {
    action: 'user.2fa.reset',
    call: async (w) => w.inject('POST', `/api/platform/tenants/${await demoTenantId()}/users/${(await cashierWithTwoFactor(w)).id}/2fa/reset`, w.s.platform),
  },
  'PUT /api/platform/card-orders/{id}': {
    action: 'card_order.status',
    prepare: async (w) => {
      w.ids.paidOrder = await paidCardOrder(w);
    },
    call: (w) => w.inject('PUT', `/api/platform/card-orders/${w.ids.paidOrder}`, w.s.platform, { status: 'PROCESSING' }),
  },
  'POST /api/platform/outbox/{id}/resend': {
    action: 'platform.outbox.resend',
    prepare: async (w) => {
      const rows = (
        (await ctx.db.execute(
          sql`update outbox set status = 'FAILED', last_error = 'refused' where id = (select id from outbox order by created_at limit 1) returning id`,
        )) as unknown as { rows: { id: string }[] }
      ).rows;
      w.ids.failedMessage = rows[0].id;
    },
    call: (w) => w.inject('POST', `/api/platform/outbox/${w.ids.failedMessage}/resend`, w.s.platform),
  },
  // Last: the one-click erasure erases the demo customer, whom earlier calls use.
  'POST /api/t/{slug}/customers/{id}/erase': {
    action: 'customer.erase',
    call: async (w) => {
      const made = json(
        await w.inject('POST', '/api/t/demo/customers', w.s.admin, { firstName: 'Audit', lastName: 'Erasable', email: `erase-${uniq()}@example.com` }),
      );
      return w.inject('POST', `/api/t/demo/customers/${made.id}/erase`, w.s.admin, { confirm: 'Audit Erasable' });
    },
  },
  'PUT /api/t/{slug}/me/birthday': {
    action: 'customer.update',
    call: (w) => w.inject('PUT', '/api/t/demo/me/birthday', w.s.customer, { birthday: { month: 7, day: 14 } }),
  },
  'POST /api/t/{slug}/me/erasure-request': {
    action: 'customer.erasure_request',
    call: (w) => w.inject('POST', '/api/t/demo/me/erasure-request', w.s.customer, { confirm: true }),
  },
  'POST /api/t/{slug}/erasure-requests/{id}/erase': {
    action: 'customer.erase',
    call: async (w) => {
      const [open] = json(await w.inject('GET', '/api/t/demo/erasure-requests', w.s.admin)).requests as { customerId: string }[];
      return w.inject('POST', `/api/t/demo/erasure-requests/${open.customerId}/erase`, w.s.admin);
    },
  },
};

let ctx: TestContext;
let world: World;
let operations: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = json<{ paths: Record<string, Record<string, unknown>> }>(await ctx.app.inject({ method: 'GET', url: '/api/docs/json' }));
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  const inject: Inject = (method, url, cookie, payload, headers = {}) =>
    ctx.app.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...headers }, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const s = await demoSessions(ctx.app);
  const stores = json(await ctx.app.inject({ method: 'GET', url: '/api/t/demo/stores', headers: { cookie: s.admin! } })).stores as {
    id: string;
    name: string;
  }[];
  const key = await inject('POST', '/api/t/demo/api-keys', s.admin, { name: 'Audit till', scopes: ['pos:write', 'customers:write', 'read'] });
  world = { inject, s, ids: { mainStore: stores.find((st) => st.name === 'Main Store')!.id }, v1Key: json(key).key };
  const fake = await startFakeStripe();
  stripe = { fake, ctx: await createTestContext(stripeEnv(fake)) };
});
afterAll(async () => {
  await ctx?.close();
  await stripe?.ctx.close();
  await stripe?.fake.close();
});

const count = async (action: AuditAction, db: Database = ctx.db) =>
  Number(((await db.execute(sql`select count(*)::int as n from audit_log where action = ${action}`)) as unknown as { rows: { n: number }[] }).rows[0].n);

describe('audit coverage of the OpenAPI document', () => {
  it('has an entry for every state-changing operation, and none for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => !(op in ENTRIES))).toEqual([]);
    expect(Object.keys(ENTRIES).filter((op) => !operations.includes(op))).toEqual([]);
  });

  describe.sequential('each called operation writes its audit event', () => {
    for (const [op, entry] of Object.entries(ENTRIES)) {
      if (!('action' in entry)) continue;
      it(`${op} → ${entry.action}`, async () => {
        await entry.prepare?.(world);
        const db = entry.db?.() ?? ctx.db;
        const before = await count(entry.action, db);
        const res = await entry.call(world);
        expect(res.statusCode, `${op}: ${res.body}`).toBeLessThan(300);
        expect(await count(entry.action, db), `${op} wrote no ${entry.action}`).toBeGreaterThan(before);
      });
    }
  });
});
