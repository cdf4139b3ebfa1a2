import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';
import { seedBase, seedDemo } from '../src/modules/demo-data/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Name of the migrated and seeded template database on PostgreSQL ('' on PGlite). */
    templateDb: string;
  }
}

/**
 * On PostgreSQL (DATABASE_URL set): creates a fresh template database for this run,
 * migrates and seeds it once; each test file then gets its own copy with
 * CREATE DATABASE … TEMPLATE (a template database copied per file). Dropped at the end.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('templateDb', '');
    return;
  }
  const name = `loyalty_tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: u.toString(), dataDir: 'memory://', poolSize: 2 });
  await handle.migrate();
  await seedBase(handle.db);
  await seedDemo(handle.db, new Date());
  await handle.close();
  project.provide('templateDb', name);
  return async () => {
    const rows = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}%`]);
    for (const r of rows.rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    await admin.end();
  };
}
