import { eq } from 'drizzle-orm';
import type { Category, Tier } from '@loyalty/contract';
import { DEFAULT_CASHBACK_RULES, DEFAULT_TIER_RULES, computeCashback, evaluateTier } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { cards, customers, offers, stores, transactions, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { DAY_MS, HOUR_MS } from '../../lib/time.ts';
import { ensureSettingsRow } from '../settings/index.ts';
import { ensurePlans, type NewPlan, tenantIdBySlug } from '../tenants/index.ts';
import { createTenant } from '../business-profile/index.ts';
import { rebuildLots } from '../ledger/index.ts';

/**
 * Start-up data: the module that seeds an installation. `seedBase`
 * (every installation, production included) goes through the owners' services: the plan
 * catalogue (tenants) and the settings row (settings). `seedDemo` (development and
 * tests only; production refuses demo data) creates the demo tenant through tenant
 * onboarding and then writes its fixture rows — stores, customers, cards with back-dated
 * ledger history, an offer, the demo accounts — straight into those modules' tables: the one
 * documented exception to ADR 0012, because fixture history (rows dated weeks back, fixed
 * UIDs) has no use case to go through, and it runs once, before the app serves a request.
 */

/** The demo accounts, shown on the login page and printed at start. */
export const DEMO_ACCOUNTS = [
  { label: 'Platform Admin', email: 'admin@platform.com', password: 'AdminSecure123!', role: 'platform_admin' },
  { label: 'Store Admin', email: 'admin@demo.com', password: 'DemoAdmin123!', role: 'tenant_admin' },
  { label: 'Cashier', email: 'cashier@demo.com', password: 'DemoCashier123!', role: 'cashier' },
  { label: 'Customer', email: 'customer@demo.com', password: 'DemoCustomer123!', role: 'customer' },
] as const;

/** Slug of the demo tenant. */
export const DEMO_SLUG = 'demo';
/** The three plans of docs/product.md 'Subscription gates'. Prices in cents. */
const PLANS: NewPlan[] = [
  {
    name: 'Starter',
    description: 'For a single shop getting started',
    priceMonthlyCents: 1999,
    sortOrder: 1,
    limits: { stores: 1, staff: 3, cards: 500, transactions: -1 },
    features: ['1 store', '3 staff accounts', '500 cards', 'Cashback and tiers', 'Email support'],
  },
  {
    name: 'Professional',
    description: 'For growing businesses with several shops',
    priceMonthlyCents: 4999,
    sortOrder: 2,
    limits: { stores: 5, staff: 20, cards: 5000, transactions: -1 },
    features: ['5 stores', '20 staff accounts', '5,000 cards', 'Special offers', 'Priority support'],
  },
  {
    name: 'Enterprise',
    description: 'Unlimited everything for chains',
    priceMonthlyCents: 14999,
    sortOrder: 3,
    limits: { stores: -1, staff: -1, cards: -1, transactions: -1 },
    features: ['Unlimited stores', 'Unlimited staff', 'Unlimited cards', 'Dedicated support'],
  },
];

/**
 * Data every installation needs, inserted only when missing: the plans and the platform
 * settings row. Idempotent.
 */
export async function seedBase(db: Database): Promise<void> {
  await ensurePlans(db, PLANS);
  await ensureSettingsRow(db);
}

/** Deterministic pseudo-random numbers so that every fresh demo looks the same. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The demo tenant as of `at`, only when no tenant 'demo' exists: two stores, six customers
 * with ACTIVE cards (one BLOCKED card), eight UNASSIGNED cards, the three weeks of ledger rows
 * before `at` computed with the real cashback formula, default rules, one offer running at
 * `at`, and the four demo accounts. One transaction. Returns true when it seeded.
 */
export async function seedDemo(db: Database, at: Date): Promise<boolean> {
  if (await tenantIdBySlug(db, DEMO_SLUG)) return false;
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  const tenantId = await db.transaction(async (tx) => {
    const tenant = await createTenant(tx, { name: 'Demo Retail Store', slug: DEMO_SLUG, trialDays: 14 }, at);
    const tenantId = tenant.id;
    const [main] = await tx.select().from(stores).where(eq(stores.tenantId, tenantId));
    const [downtown] = await tx.insert(stores).values({ tenantId, name: 'Downtown Store', address: '42 High Street' }).returning();
    await tx.update(stores).set({ address: '1 Market Square' }).where(eq(stores.id, main.id));

    const people = [
      ['Jane', 'Customer', 'customer@demo.com', '+1 555 0100'],
      ['Maria', 'Garcia', 'maria.garcia@example.com', '+1 555 0101'],
      ['James', 'Smith', 'james.smith@example.com', null],
      ['Priya', 'Patel', 'priya.patel@example.com', '+1 555 0103'],
      ['Tom', 'Nguyen', null, '+1 555 0104'],
      ['Sofia', 'Rossi', 'sofia.rossi@example.com', null],
    ] as const;
    const custRows = await tx
      .insert(customers)
      .values(people.map(([firstName, lastName, email, phone]) => ({ tenantId, firstName, lastName, email, phone })))
      .returning();

    const rand = mulberry32(42);
    const now = at.getTime();
    const start = now - 21 * DAY_MS;
    const tierRuleList = DEFAULT_TIER_RULES.map((r) => ({ ...r }));
    for (const [i, customer] of custRows.entries()) {
      const storeId = i % 2 === 0 ? main.id : downtown.id;
      const status = i === 5 ? 'BLOCKED' : 'ACTIVE';
      const [card] = await tx
        .insert(cards)
        .values({ tenantId, cardUid: `DEM0CARD000${i + 1}`, customerId: customer.id, storeId, status: 'ACTIVE', activatedAt: new Date(start - DAY_MS) })
        .returning();
      let balance = 0;
      let spend = 0;
      let tier: Tier = 'SILVER';
      const rows: (typeof transactions.$inferInsert)[] = [];
      const count = 4 + Math.floor(rand() * 5) + (i === 2 ? 8 : 0);
      for (let k = 0; k < count; k++) {
        const at = new Date(start + ((k + rand()) / count) * (now - start - HOUR_MS));
        if (k > 2 && rand() < 0.25 && balance >= 100) {
          const amount = Math.max(100, Math.floor((balance * rand()) / 100) * 100);
          rows.push({
            tenantId,
            cardId: card.id,
            customerId: customer.id,
            storeId,
            type: 'REDEEM',
            amountCents: amount,
            cashbackCents: 0,
            beforeBalanceCents: balance,
            afterBalanceCents: balance - amount,
            createdAt: at,
          });
          balance -= amount;
          continue;
        }
        const category: Category = rand() < 0.7 ? 'PURCHASE' : rand() < 0.5 ? 'REPAIR' : 'OTHER';
        const amount = Math.round((10 + rand() * (i === 2 ? 240 : 120)) * 100);
        const { cashbackCents } = computeCashback({
          amountCents: amount,
          category,
          tier,
          cashbackRules: DEFAULT_CASHBACK_RULES,
          tierRules: tierRuleList,
          offers: [],
          now: at,
        });
        rows.push({
          tenantId,
          cardId: card.id,
          customerId: customer.id,
          storeId,
          type: 'EARN',
          category,
          amountCents: amount,
          cashbackCents,
          beforeBalanceCents: balance,
          afterBalanceCents: balance + cashbackCents,
          createdAt: at,
        });
        balance += cashbackCents;
        spend += amount;
        tier = evaluateTier(spend, tierRuleList);
      }
      await tx.insert(transactions).values(rows);
      await tx.update(cards).set({ balanceCents: balance, status }).where(eq(cards.id, card.id));
      await tx.update(customers).set({ totalSpendCents: spend, tier }).where(eq(customers.id, customer.id));
    }
    await tx.insert(cards).values(Array.from({ length: 8 }, (_, k) => ({ tenantId, cardUid: `DEM0CARD001${k}`, storeId: k < 4 ? main.id : null })));
    await tx.insert(offers).values({
      tenantId,
      name: 'Welcome Month',
      description: 'An extra 1% cashback on everything this month',
      rateMultiplierBps: 100,
      startAt: new Date(now - 7 * DAY_MS),
      endAt: new Date(now + 30 * DAY_MS),
    });
    const [platformAdmin, admin, cashier, customer] = DEMO_ACCOUNTS;
    await tx.insert(users).values([
      { email: platformAdmin.email, passwordHash: hashes[0], firstName: 'Platform', lastName: 'Admin', role: 'platform_admin' },
      { tenantId, email: admin.email, passwordHash: hashes[1], firstName: 'Alex', lastName: 'Owner', role: 'tenant_admin' },
      { tenantId, email: cashier.email, passwordHash: hashes[2], firstName: 'Casey', lastName: 'Cashier', role: 'cashier', storeId: main.id },
      { tenantId, email: customer.email, passwordHash: hashes[3], firstName: 'Jane', lastName: 'Customer', role: 'customer', customerId: custRows[0].id },
    ]);
    return tenantId;
  });
  // The history above was written straight into the ledger: give its balances their lots.
  await rebuildLots(db, tenantId);
  return true;
}
