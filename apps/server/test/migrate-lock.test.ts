import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';

/**
 * Running several instances: instances that start together on an empty PostgreSQL database
 * migrate it once, one after the other (an advisory lock), and both start.
 */
describe.skipIf(!process.env.DATABASE_URL)('migrations from two instances at once', () => {
  it('apply every migration exactly once and both succeed', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `loyalty_migrate_${randomUUID().slice(0, 8)}`;
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).toString();
    const a = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 3 });
    const b = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 3 });
    try {
      await Promise.all([a.migrate(), b.migrate(), a.migrate()]);
      expect(await a.pendingMigrations()).toBe(0);
      const [row] = rowsOf<{ n: number; distinct: number }>(
        await a.db.execute(sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`),
      );
      expect(row.n).toBe(row.distinct);
      expect(row.n).toBeGreaterThanOrEqual(16);
    } finally {
      await a.close();
      await b.close();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }, 120_000);
});
