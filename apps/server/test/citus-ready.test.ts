import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from './helpers.ts';
import { rowsOf } from '../src/lib/sql.ts';

/**
 * A schema ready for distribution (Citus), read from the catalog of the migrated database (ADR 0002,
 * docs/operations.md 'Towards a Citus cluster'). Tenant-owned tables (a NOT NULL tenant_id) would
 * be distributed by tenant_id and co-located: each must carry tenant_id in its primary key and
 * in every foreign key to another tenant-owned table (a foreign key to a reference table is
 * allowed). The rest are listed (tenants by id, reference and coordinator tables). Unique keys
 * without tenant_id cannot be enforced across shards: the three that exist are listed here by
 * name, with the plan for each in docs/operations.md, so that a new one fails this test.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** public tables and whether their tenant_id is NOT NULL (null: no tenant_id). */
async function tables(): Promise<Map<string, boolean | null>> {
  const rows = rowsOf<{ t: string; not_null: boolean | null }>(
    await ctx.db
      .execute(sql`select c.relname as t, (select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as not_null
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p')`),
  );
  return new Map(rows.map((r) => [r.t, r.not_null]));
}

/** Constraints of `types` ('p', 'u', 'f') of public tables: table, name, columns, referenced table. */
async function constraints(): Promise<{ t: string; name: string; type: string; cols: string[]; ref: string | null }[]> {
  return rowsOf<{ t: string; name: string; type: string; cols: string[]; ref: string | null }>(
    await ctx.db.execute(sql`select cl.relname as t, con.conname as name, con.contype::text as type,
        (select array_agg(a.attname::text order by a.attnum) from pg_attribute a where a.attrelid = con.conrelid and a.attnum = any(con.conkey)) as cols,
        (select r.relname from pg_class r where r.oid = con.confrelid) as ref
      from pg_constraint con join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
      union all
      select cl.relname, ic.relname, 'i', (select array_agg(a.attname::text) from pg_attribute a where a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])), null
      from pg_index i join pg_class cl on cl.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = cl.relnamespace
      where n.nspname = 'public' and i.indisunique and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
}

describe('a Citus-ready schema', () => {
  it('has tenant_id in the primary key and in every co-located foreign key of each tenant-owned table', async () => {
    const t = await tables();
    const distributed = [...t].filter(([, notNull]) => notNull === true).map(([name]) => name);
    expect(distributed).toEqual(expect.arrayContaining(['cards', 'customers', 'transactions', 'cashback_lots', 'stores', 'card_balance_totals', 'lot_totals']));
    const cons = await constraints();
    for (const name of distributed) {
      const pk = cons.find((c) => c.t === name && c.type === 'p');
      expect(pk?.cols, `primary key of ${name}`).toContain('tenant_id');
    }
    const badForeignKeys = cons.filter(
      (c) => c.type === 'f' && distributed.includes(c.t) && c.ref !== 'tenants' && t.get(c.ref!) === true && !c.cols.includes('tenant_id'),
    );
    expect(badForeignKeys.map((c) => c.name)).toEqual([]);
  });

  it('lists every table not distributed by tenant_id: tenants (by id), the reference and the coordinator tables', async () => {
    const t = await tables();
    const reference = [...t]
      .filter(([, notNull]) => notNull !== true)
      .map(([name]) => name)
      .sort();
    // docs/operations.md 'Towards a Citus cluster': tenants is distributed by id (co-location
    // root); plans and platform_settings are reference tables; users, payments,
    // subscription_events and audit_log (nullable tenant_id: platform admins, records kept after
    // a tenant's deletion), outbox and outbox_attempts (platform mail has no tenant) and the rest
    // stay on the coordinator.
    expect(reference).toEqual([
      'audit_log',
      'auth_tokens',
      'outbox',
      'outbox_attempts',
      'password_reset_requests',
      'payments',
      'plans',
      'platform_settings',
      'rate_limit_counters',
      'sessions',
      'subscription_events',
      'tenants',
      'trusted_devices',
      'users',
      'wallet_dev_identities',
      'webhook_events',
    ]);
  });

  it('has no unique key without tenant_id on a tenant-owned table but the three planned for', async () => {
    const t = await tables();
    const cons = await constraints();
    const global = cons
      .filter((c) => (c.type === 'u' || c.type === 'i') && t.get(c.t) === true && !c.cols.includes('tenant_id'))
      .map((c) => `${c.t}(${c.cols.join(', ')})`);
    // Each needs a reference 'directory' table before distribution (docs/operations.md): card UIDs
    // are unique across the platform (docs/product.md 'Cards'), provider session ids find a checkout
    // from a Stripe webhook that names no tenant, and Apple's web service names a pass by its serial.
    expect(global.sort()).toEqual(['cards(card_uid)', 'checkout_sessions(provider_session_id)', 'wallet_passes(serial_number)']);
  });
});
