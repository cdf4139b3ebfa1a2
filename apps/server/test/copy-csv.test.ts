import { setTimeout as sleep } from 'node:timers/promises';
import { text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { rowsOf } from '../src/lib/sql.ts';

/**
 * DatabaseHandle.copyCsv (docs/product.md 'Reports', ADR 0017): PostgreSQL writes the CSV with
 * COPY, and the query's parameters are written inline as literals. On both kinds of database:
 * awkward values come back exactly, null is an empty cell, the header is the column names. On
 * PostgreSQL: the reader going away stops the query and frees the connection; a failing query
 * reaches the reader as an error and leaves no connection behind.
 */
const kinds = [{ name: 'PGlite', url: undefined }, ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL', url: process.env.DATABASE_URL }] : [])];

describe.each(kinds)('copyCsv on $name', ({ url }) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: url, dataDir: 'memory://', poolSize: 3 });
  });
  afterAll(() => handle.close());

  it('writes the rows with their column names as the header; quotes, backslashes and new lines survive the inlining', async () => {
    const awkward = ["it's", 'back\\slash', 'say "hi", twice\nsecond line', "'); drop table x; --", '$1', 'Zoë'];
    const query = sql`select v as "Value", n as "N", null::text as "Empty" from unnest(${`{${awkward.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) with ordinality as u(v, n) where n >= ${1}`;
    const csv = await text(handle.copyCsv(query));
    expect(csv.split('\n')[0]).toBe('Value,N,Empty');
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual(awkward.map((v, i) => ({ Value: v, N: String(i + 1), Empty: '' })));
  });

  it('an error in the query reaches the reader', async () => {
    await expect(text(handle.copyCsv(sql`select 1 / (n - 3) as x from generate_series(1, 5) n`))).rejects.toThrow(/division by zero/);
    // The database still answers afterwards.
    await handle.ping();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('copyCsv on PostgreSQL when the reader goes away', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', poolSize: 2 });
  });
  afterAll(() => handle.close());

  const runningCopies = async () =>
    rowsOf<{ n: number }>(
      await handle.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where query like 'copy (select generate_series(1, 1000000000) as "Endless"%' and state = 'active'`,
      ),
    )[0].n;

  it('stops the COPY on the server and gives the pool its connection back', async () => {
    // Far more rows than anyone reads: without backpressure and cancellation this would run for minutes.
    // (In the select list the series streams; in FROM it would be built whole first.)
    const stream = handle.copyCsv(sql`select generate_series(1, 1000000000) as "Endless"`);
    const first = await new Promise<Buffer>((resolve, reject) => {
      stream.once('data', resolve);
      stream.once('error', reject);
    });
    expect(first.toString('utf8').split('\n')[0]).toBe('Endless');
    expect(await runningCopies()).toBe(1);
    stream.destroy();
    let left = 1;
    for (let i = 0; i < 50 && left > 0; i++) {
      await sleep(100);
      left = await runningCopies();
    }
    expect(left).toBe(0);
    // The pool of two still serves two statements at once: nothing was kept by the abandoned copy.
    const both = await Promise.all([handle.db.execute(sql`select pg_sleep(0.05), 1 as a`), handle.db.execute(sql`select pg_sleep(0.05), 2 as a`)]);
    expect(both.map((r) => rowsOf<{ a: number }>(r)[0].a)).toEqual([1, 2]);
    expect(handle.poolStats()!.waiting).toBe(0);
  }, 20_000);
});
