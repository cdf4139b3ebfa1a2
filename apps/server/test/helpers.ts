import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { cards, customers, stores, tenants, transactions, users } from '../src/db/schema/index.ts';
import { DEMO_SLUG } from '../src/modules/demo-data/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createTenant } from '../src/modules/business-profile/index.ts';
import { rebuildLots } from '../src/modules/ledger/index.ts';
import { type ChallengeCost } from '../src/modules/enrolment/index.ts';
import type { Jobs } from '../src/lib/jobs.ts';
import type { TenantContext, TenantRequestContext } from '../src/context.ts';

/** A running test app on its own database, with the demo tenant seeded. */
export interface TestContext {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  config: Config;
  /** URL of this context's own PostgreSQL database (undefined on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** Extra dependencies of a test app: its clock and, with REDIS_URL, its Redis key prefix. */
export interface TestAppOptions {
  now?: () => Date;
  redisPrefix?: string;
  /** Wakes the background workers (lib/jobs.ts): tests count the calls by kind and run the dispatchers themselves. */
  jobs?: Jobs;
  /** Collects the app's log (with LOG_LEVEL in `env`); the log is off otherwise. */
  logStream?: { write(line: string): void };
  /** The built web app's folder (default: none, the API only). */
  webDist?: string | null;
  /** The join form's proof of work (ADR 0027); default TEST_CHALLENGE_COST, which `solveJoinChallenge` solves at once. */
  joinChallengeCost?: ChallengeCost;
}

/** A proof of work the tests solve in a few milliseconds (production asks DEFAULT_CHALLENGE_COST). */
const TEST_CHALLENGE_COST: ChallengeCost = { cost: 1, counterMin: 1, counterMax: 50 };

/** The test contexts open in this test file: the ledger check after every test (setup.ts) visits each. */
export const openContexts = new Set<TestContext>();

/** The invariants checked after every test (setup.ts), for tests that check them mid-way too. */
export { offSummaries, unbalancedCards } from './invariants.ts';

/**
 * Builds the app on an isolated database: a copy of the seeded template on PostgreSQL when
 * DATABASE_URL is set, else an in-memory PGlite, migrated and seeded here.
 */
export async function createTestContext(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    LOGIN_RATE_LIMIT: '1000',
    ...env,
  } as NodeJS.ProcessEnv);
  const url = process.env.DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDb: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (url) {
    const template = inject('templateDb');
    const name = `${template}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
    handle = await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 30 });
    dropDb = async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    };
  } else {
    // A copy of the run's migrated and seeded database (global-setup.ts).
    handle = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
  }
  const app = await buildApp({
    config: { ...config, databaseUrl: url },
    handle,
    webDist: null,
    logger: opts.logStream !== undefined,
    joinChallengeCost: TEST_CHALLENGE_COST,
    ...opts,
  });
  await app.ready();
  const ctx: TestContext = {
    app,
    db: handle.db,
    handle,
    config,
    databaseUrl,
    async close() {
      openContexts.delete(ctx);
      await app.close();
      await handle.close();
      if (dropDb) await dropDb();
    },
  };
  openContexts.add(ctx);
  return ctx;
}

/**
 * A second app instance on the same database as `ctx` (nothing another instance
 * must see lives in process memory): its own Fastify app, and on PostgreSQL its own
 * connection pool. Close it before `ctx`.
 */
export async function createSecondInstance(ctx: TestContext, opts: TestAppOptions = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const handle = ctx.databaseUrl ? await openDatabase({ databaseUrl: ctx.databaseUrl, dataDir: 'memory://', poolSize: 10 }) : ctx.handle;
  const app = await buildApp({
    config: ctx.config,
    handle,
    webDist: null,
    logger: opts.logStream !== undefined,
    joinChallengeCost: TEST_CHALLENGE_COST,
    ...opts,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (handle !== ctx.handle) await handle.close();
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
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read reply fields freely unless they name a type
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
  return db
    .transaction(async (tx) => {
      const tenant = await createTenant(tx, { name: `Other ${suffix}`, slug: `other-${suffix}`, trialDays: 14 }, new Date());
      const [store] = await tx.select().from(stores).where(eq(stores.tenantId, tenant.id));
      const email = `other-admin-${suffix}@example.com`;
      await tx.insert(users).values({ tenantId: tenant.id, email, passwordHash, firstName: 'Olga', lastName: 'Other', role: 'tenant_admin' });
      const [customer] = await tx.insert(customers).values({ tenantId: tenant.id, firstName: 'Oscar', lastName: 'Other' }).returning();
      const cardUid = `0THER${suffix.toUpperCase().replace(/[ILOU]/g, '7')}X`.slice(0, 12).padEnd(12, '9');
      const [card] = await tx
        .insert(cards)
        .values({ tenantId: tenant.id, cardUid, customerId: customer.id, storeId: store.id, status: 'ACTIVE', balanceCents, activatedAt: new Date() })
        .returning();
      await tx.insert(transactions).values({
        tenantId: tenant.id,
        cardId: card.id,
        customerId: customer.id,
        storeId: store.id,
        type: 'ADJUST',
        amountCents: balanceCents,
        beforeBalanceCents: 0,
        afterBalanceCents: balanceCents,
      });
      return { tenant, store, customer, card, cardUid, email, password };
    })
    .then(async (t) => {
      await rebuildLots(db, t.tenant.id); // the opening credit's lot
      return t;
    });
}

/** The demo tenant's id. */
/**
 * The context a route would hand a use case of `tenant` (src/context.ts `TenantRequestContext`):
 * the Store Admin `userId` acting at `now`. For tests that call a use case directly.
 */
export function tenantRequestContext(tenant: TenantContext, userId: string, now = new Date()): TenantRequestContext {
  const user = {
    id: userId,
    email: 'test@example.com',
    firstName: 'Test',
    lastName: 'Admin',
    role: 'tenant_admin' as const,
    tenantId: tenant.id,
    storeId: null,
    storeName: null,
    customerId: null,
  };
  return { requestId: 'test', now, tenant, actor: { kind: 'user', user }, ip: null };
}

export async function demoTenantId(db: Database): Promise<string> {
  const [t] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.slug, DEMO_SLUG));
  return t.id;
}

/** Balance of a card by UID, and the sum of its ledger deltas (docs/product.md 'Ledger': they must be equal). */
export async function balanceAndLedger(db: Database, cardUid: string) {
  const [card] = await db.select().from(cards).where(eq(cards.cardUid, cardUid));
  const [sum] = await db
    .select({ s: sql<number>`coalesce(sum(${transactions.afterBalanceCents} - ${transactions.beforeBalanceCents}), 0)::bigint` })
    .from(transactions)
    .where(and(eq(transactions.tenantId, card.tenantId), eq(transactions.cardId, card.id)));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.cardId, card.id));
  return { balance: card.balanceCents, ledgerSum: Number(sum.s), rows: count.n, card };
}

/** Row count of a table, for "nothing written" assertions. */
export async function countRows(db: Database, table: 'transactions' | 'tenants' | 'users' | 'cards' | 'customers' | 'idempotency_keys'): Promise<number> {
  const res = await db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0].n);
}

/**
 * A fresh `Idempotency-Key` header (a random UUID) for one money-route request: earn, redeem
 * and add funds answer 400 'Idempotency-Key header required' without one.
 * Spread into `headers`; send the same key again only to test a retry.
 */
export function idempotencyKey(): { 'idempotency-key': string } {
  return { 'idempotency-key': randomUUID() };
}

/** The HTTP methods a test sends through `FreshTenant.req`. */
type TestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What `freshTenant` gives a test: `createOtherTenant`'s rows, the admin's cookie and request helpers. */
export type FreshTenant = Awaited<ReturnType<typeof createOtherTenant>> & {
  /** The tenant's slug. */
  slug: string;
  /** The Cookie header of the tenant's signed-in admin. */
  cookie: string;
  /** The admin's user id (audit rows name it). */
  adminId: string;
  /**
   * Sends `method` to `/api/t/{slug}/{prefix}{path}` with the cookie `who` (default: the
   * admin's; '' sends none), `payload` as the JSON body when given and, with
   * `idempotencyKeys`, a fresh Idempotency-Key (money routes require one; others ignore it).
   */
  req(method: TestMethod, path: string, payload?: object, who?: string): Promise<LightMyRequestResponse>;
  /** The tenant's row as stored now. */
  row(): Promise<typeof tenants.$inferSelect>;
};

/**
 * A fresh tenant of its own for one test, so tests do not interfere (one helper for
 * what six test files wrote each): `createOtherTenant` (an admin, a customer, an ACTIVE card
 * holding `balanceCents`, default 1000), signed in as its admin. `prefix` is put before every
 * `req` path (e.g. 'billing/'); `idempotencyKeys` adds a fresh Idempotency-Key to every `req`.
 */
export async function freshTenant(
  ctx: Pick<TestContext, 'app' | 'db'>,
  opts: { balanceCents?: number; prefix?: string; idempotencyKeys?: boolean } = {},
): Promise<FreshTenant> {
  const t = await createOtherTenant(ctx.db, opts.balanceCents);
  const cookie = await loginAs(ctx.app, t.email, t.password);
  const [admin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, t.email));
  const slug = t.tenant.slug;
  const prefix = opts.prefix ?? '';
  const req: FreshTenant['req'] = (method, path, payload, who = cookie) => {
    const headers = { ...(who ? { cookie: who } : {}), ...(opts.idempotencyKeys ? idempotencyKey() : {}) };
    return ctx.app.inject({ method, url: `/api/t/${slug}/${prefix}${path}`, headers, ...(payload ? { payload } : {}) });
  };
  const row = async () => (await ctx.db.select().from(tenants).where(eq(tenants.id, t.tenant.id)))[0];
  return { ...t, slug, cookie, adminId: admin.id, req, row };
}
