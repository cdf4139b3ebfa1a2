import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { seedBase } from '../modules/demo-data/index.ts';

/** The embedded database's folder and files are private to the server's user. */

/** Every file and folder under `dir` (not `dir` itself) with its permission bits. */
function modesUnder(dir: string): { path: string; mode: number }[] {
  const out: { path: string; mode: number }[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    out.push({ path: p, mode: st.mode & 0o777 });
    if (st.isDirectory()) out.push(...modesUnder(p));
  }
  return out;
}

/** Entries under `dir` that the group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  return modesUnder(dir)
    .filter((e) => e.mode & 0o077)
    .map((e) => `${e.mode.toString(8)} ${path.relative(dir, e.path)}`);
}

const modeOf = (p: string) => lstatSync(p).mode & 0o777;

let base: string;
let umask: number;

beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'loyalty-data-dir-'));
  // The usual umask of a server account; the rule must hold whatever it is.
  umask = process.umask(0o022);
});

afterEach(() => {
  process.umask(umask);
  rmSync(base, { recursive: true, force: true });
});

describe('DATA_DIR on disk', { timeout: 120_000 }, () => {
  it('a new folder is created 0700 and nothing PGlite writes in it is open to group or others', async () => {
    const dir = path.join(base, 'data');
    const handle = await openDatabase({ dataDir: dir });
    await handle.migrate();
    await seedBase(handle.db);
    await handle.db.execute(sql`checkpoint`);
    await handle.close();

    expect(modeOf(dir)).toBe(0o700);
    const entries = modesUnder(dir);
    expect(entries.length).toBeGreaterThan(100); // the database really is on disk
    expect(entries.some((e) => path.basename(path.dirname(e.path)) === 'pg_wal')).toBe(true);
    expect(openToOthers(dir)).toEqual([]);
    expect(handle.warnings).toEqual([]);

    // Reopened: still private, the data is there, no warning.
    const again = await openDatabase({ dataDir: dir });
    const res = (await again.db.execute(sql`select count(*)::int as n from plans`)) as unknown as { rows: { n: number }[] };
    expect(res.rows[0].n).toBeGreaterThan(0);
    await again.close();
    expect(again.warnings).toEqual([]);
    expect(openToOthers(dir)).toEqual([]);
  });

  it('an existing folder readable by others is reported with the fix and not changed; the files in it are made private', async () => {
    const dir = path.join(base, 'shared');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    // A database written before this rule: plain PGlite leaves 0666 files behind.
    const old = await PGlite.create(dir);
    await old.exec('create table t (a int); insert into t values (1);');
    await old.close();
    expect(openToOthers(dir).length).toBeGreaterThan(0);

    const handle = await openDatabase({ dataDir: dir });
    await handle.close();

    expect(handle.warnings).toHaveLength(1);
    expect(handle.warnings[0]).toContain(path.resolve(dir));
    expect(handle.warnings[0]).toContain('0755');
    expect(handle.warnings[0]).toContain(`chmod -R go-rwx ${path.resolve(dir)}`);
    expect(modeOf(dir)).toBe(0o755); // not silently changed
    expect(openToOthers(dir)).toEqual([]);
  });

  it('an existing private folder gives no warning', async () => {
    const dir = path.join(base, 'private');
    mkdirSync(dir, { mode: 0o700 });
    const handle = await openDatabase({ dataDir: dir });
    await handle.close();
    expect(handle.warnings).toEqual([]);
    expect(modeOf(dir)).toBe(0o700);
  });
});

describe('DATA_DIR not on disk', { timeout: 60_000 }, () => {
  it("'memory://' writes no folder and gives no warning", async () => {
    const stray = path.resolve('memory:');
    const existedBefore = existsSync(stray);
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    await handle.close();
    expect(handle.warnings).toEqual([]);
    expect(existsSync(stray)).toBe(existedBefore);
  });

  it('PostgreSQL gives no warning and does not touch dataDir', async () => {
    const dir = path.join(base, 'unused');
    // The pool connects lazily: nothing is contacted here.
    const handle = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', dataDir: dir });
    await handle.close();
    expect(handle.warnings).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });
});
