import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { cards, customers, stores, tenants, transactions, users } from '../src/db/schema/index.ts';
import { seedBase, seedDemo, DEMO_SLUG } from '../src/db/seed.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createTenant } from '../src/modules/tenant/service.ts';

/** A running test app on its own database, with the demo tenant seeded. */
export interface TestContext {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app on an isolated database: a copy of the seeded template on PostgreSQL when
 * DATABASE_URL is set, else an in-memory PGlite, migrated and seeded here.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '1000', ...env } as NodeJS.ProcessEnv);
  const url = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDb: (() => Promise<void>) | null = null;
  if (url) {
    const template = inject('templateDb');
    const name = `${template}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: u.toString(), dataDir: 'memory://', poolSize: 30 });
    dropDb = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  } else {
    handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await seedBase(handle.db);
    await seedDemo(handle.db);
  }
  const app = await buildApp({ config: { ...config, databaseUrl: url }, handle, webDist: null, logger: false });
  await app.ready();
  return {
    app,
    db: handle.db,
    handle,
    config,
    async close() {
      await app.close();
      await handle.close();
      if (dropDb) await dropDb();
    },
  };
}

/** Signs in and returns the Cookie header value. Fails the test on a non-200. */
export async function loginAs(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

/** The demo accounts' cookies. */
export async function demoSessions(app: FastifyInstance) {
  const [platform, admin, cashier, customer] = await Promise.all([
    loginAs(app, 'admin@platform.com', 'AdminSecure123!'),
    loginAs(app, 'admin@demo.com', 'DemoAdmin123!'),
    loginAs(app, 'cashier@demo.com', 'DemoCashier123!'),
    loginAs(app, 'customer@demo.com', 'DemoCustomer123!'),
  ]);
  return { platform, admin, cashier, customer };
}

/** Parses a JSON reply body. */
export function json<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/**
 * A second tenant ('other-…') with an admin (other-admin@… / OtherAdmin123!), a customer and
 * an ACTIVE card holding `balanceCents` (written through a ledger ADJUST row).
 */
export async function createOtherTenant(db: Database, balanceCents = 1000) {
  const suffix = randomUUID().slice(0, 6);
  const password = 'OtherAdmin123!';
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const tenant = await createTenant(tx, { name: `Other ${suffix}`, slug: `other-${suffix}`, trialDays: 14 });
    const [store] = await tx.select().from(stores).where(eq(stores.tenantId, tenant.id));
    const email = `other-admin-${suffix}@example.com`;
    await tx.insert(users).values({ tenantId: tenant.id, email, passwordHash, firstName: 'Olga', lastName: 'Other', role: 'tenant_admin' });
    const [customer] = await tx.insert(customers).values({ tenantId: tenant.id, firstName: 'Oscar', lastName: 'Other' }).returning();
    const cardUid = `0THER${suffix.toUpperCase().replace(/[ILOU]/g, '7')}X`.slice(0, 12).padEnd(12, '9');
    const [card] = await tx
      .insert(cards)
      .values({ tenantId: tenant.id, cardUid, customerId: customer.id, storeId: store.id, status: 'ACTIVE', balanceCents, activatedAt: new Date() })
      .returning();
    await tx.insert(transactions).values({ tenantId: tenant.id, cardId: card.id, customerId: customer.id, storeId: store.id, type: 'ADJUST', amountCents: balanceCents, beforeBalanceCents: 0, afterBalanceCents: balanceCents });
    return { tenant, store, customer, card, cardUid, email, password };
  });
}

/** The demo tenant's id. */
export async function demoTenantId(db: Database): Promise<string> {
  const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_SLUG));
  return t.id;
}

/** Balance of a card by UID, and the sum of its ledger deltas (the invariant of decisions.md). */
export async function balanceAndLedger(db: Database, cardUid: string) {
  const [card] = await db.select().from(cards).where(eq(cards.cardUid, cardUid));
  const [sum] = await db
    .select({ s: sql<number>`coalesce(sum(${transactions.afterBalanceCents} - ${transactions.beforeBalanceCents}), 0)::bigint` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, card.tenantId), eq(transactions.cardId, card.id)));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.cardId, card.id));
  return { balance: card.balanceCents, ledgerSum: Number(sum.s), rows: count.n, card };
}

/** Row count of a table, for "nothing written" assertions. */
export async function countRows(db: Database, table: 'transactions' | 'tenants' | 'users' | 'cards' | 'customers' | 'idempotency_keys'): Promise<number> {
  const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0].n);
}
