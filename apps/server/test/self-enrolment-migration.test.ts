import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { rowsOf } from '../src/lib/sql.ts';

/**
 * The migration that makes online sign-up opt-in (ADR 0027) on a database that already has
 * stores: it runs every migration before it, writes stores as the old default left them (on),
 * one with a sign-up through its join page, then applies the rest. Only that store keeps
 * sign-ups on; every store gets the daily cap of 50; a new store starts off.
 */
const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const target = journal.entries.findIndex((e) => e.tag.startsWith('0022_'));
const scratch = mkdtempSync(path.join(tmpdir(), 'loyalty-migration-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('migration 0022: online sign-up off unless a store was already taking sign-ups', () => {
  it('switches off every existing store but those with a sign-up through their join page; caps all at 50 a day', async () => {
    expect(target).toBeGreaterThan(0);
    // The migrations before 0022, as a folder of their own.
    cpSync(migrationsFolder, scratch, { recursive: true });
    writeFileSync(path.join(scratch, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, target) }));
    const client = await PGlite.create();
    const db = drizzle(client);
    try {
      await migrate(db, { migrationsFolder: scratch });
      const [tenant] = rowsOf<{ id: string }>(await db.execute(sql`insert into tenants (name, slug) values ('Old Shop', 'old-shop') returning id`));
      const store = async (name: string) =>
        rowsOf<{ id: string }>(await db.execute(sql`insert into stores (tenant_id, name) values (${tenant.id}, ${name}) returning id`))[0].id;
      const [used, unused, confirmedOnly] = [await store('Poster Up'), await store('Never Used'), await store('Confirmed Only')];
      const signUp = (storeId: string, email: string, confirmed: boolean) =>
        db.execute(sql`insert into enrolment_requests (tenant_id, store_id, email, first_name, last_name, token_hash, expires_at, consented_at, confirmed_at)
          values (${tenant.id}, ${storeId}, ${email}, 'A', 'B', ${email}, now() + interval '1 day', now(), ${confirmed ? sql`now()` : sql`null`})`);
      await signUp(used, 'pending@example.com', false);
      await signUp(confirmedOnly, 'joined@example.com', true);
      const before = rowsOf<{ self_enrolment: boolean }>(await db.execute(sql`select self_enrolment from stores`));
      expect(before.every((r) => r.self_enrolment)).toBe(true); // what the old default left

      await migrate(db, { migrationsFolder });
      const after = rowsOf<{ id: string; self_enrolment: boolean; self_enrolment_daily_cap: number }>(
        await db.execute(sql`select id, self_enrolment, self_enrolment_daily_cap from stores`),
      );
      const of = (id: string) => after.find((r) => r.id === id);
      expect(of(used)).toMatchObject({ self_enrolment: true, self_enrolment_daily_cap: 50 });
      expect(of(confirmedOnly)).toMatchObject({ self_enrolment: true, self_enrolment_daily_cap: 50 });
      expect(of(unused)).toMatchObject({ self_enrolment: false, self_enrolment_daily_cap: 50 });
      const fresh = await store('Opened Later');
      expect(rowsOf<{ self_enrolment: boolean }>(await db.execute(sql`select self_enrolment from stores where id = ${fresh}`))[0].self_enrolment).toBe(false);
      await expect(db.execute(sql`update stores set self_enrolment_daily_cap = 0 where id = ${fresh}`)).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});
