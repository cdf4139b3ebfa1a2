import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Readable, PassThrough } from 'node:stream';
import { sql, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { to as copyTo } from 'pg-copy-streams';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { OwnerOnlyNodeFS, prepareDataDir } from './data-dir.ts';

/** The Drizzle database, the same type over PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A Drizzle transaction handle. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Either the database or a transaction: what repository functions accept. */
export type DbOrTx = Database | Tx;

/** An open database: its kind, its migrations, a ping and close. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  /** Resolves when the database answers `SELECT 1`; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Start-up warnings for the operator to read, one line each: e.g. an
   * existing DATA_DIR open to other users, with the fix. Always [] on PostgreSQL and in memory.
   */
  warnings: string[];
  /**
   * Runs raw SQL outside Drizzle for a library that takes an executor (pg-boss's `db` option,
   * ADR 0015): with `values`, one parameterised statement; without, possibly several statements
   * (the rows of the last). On PostgreSQL it borrows a pool client; on PGlite it shares the one
   * embedded connection.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The committed migrations not yet applied to this database (0 when up to date); /readyz. */
  pendingMigrations(): Promise<number>;
  /** The PostgreSQL pool's connections (total, idle, waiting requests) for /metrics; null on PGlite (one embedded connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * The rows of `query` as a CSV file written by PostgreSQL itself (`COPY (query) TO … WITH
   * (FORMAT csv, HEADER)`: the header is the query's column names, null an empty cell
   * 'CSV export', ADR 0017). On PostgreSQL it streams COPY TO STDOUT from a pool client of its
   * own with backpressure to the reader; the client goes back to the pool at the end, and is
   * closed (which stops the query) when the reader goes away first or anything fails. On PGlite
   * the whole file is made in memory first (COPY TO '/dev/blob'; embedded databases are small).
   * COPY takes no bind parameters, so the query's parameters are written inline as SQL literals
   * (drizzle's `inlineParams`, quotes doubled). Errors arrive as the stream's 'error'.
   */
  copyCsv(query: SQLWrapper): Readable;
  /**
   * Hears every error of a pooled PostgreSQL connection that no query was waiting for: an idle
   * or checked-out connection cut by the server (a restart, failover, pg_terminate_backend). The
   * pool drops that connection and the next query opens a new one, so these are for the log
   * only (main.ts logs them as warnings); before a listener is set they are ignored. Never
   * called on PGlite (one embedded connection).
   */
  onConnectionError(listener: (err: Error) => void): void;
  /**
   * The embedded database's files as one tarball (PGlite `dumpDataDir`), which `openDatabase`'s
   * `loadDataDir` opens again as an in-memory copy: the test suite migrates and seeds once and
   * gives every test file its own copy, as it copies a template database on PostgreSQL.
   * Null on PostgreSQL.
   */
  snapshot: (() => Promise<Blob>) | null;
}

/**
 * Milliseconds a request waits for a pooled PostgreSQL connection (a new one, or a free one of
 * a full pool) before it fails with 'timeout exceeded when trying to connect', which the API
 * answers 503 DATABASE_UNAVAILABLE: while the database is away nothing hangs longer
 * (docs/operations.md 'When the database is away').
 */
const DB_CONNECT_TIMEOUT_MS = 3_000;

/**
 * A node-postgres pool whose connection errors are never fatal (docs/operations.md 'When the
 * database is away'): node-postgres emits 'error' on a client when its connection ends with no
 * query running on it, on the pool while the client is idle, and on the client itself while it
 * is checked out (between a transaction's statements); an 'error' event without a listener
 * ends the process. Every client gets a listener when it connects, and so does the pool; both
 * report to `report`. A broken client is dropped when released (pg-pool checks `_queryable`).
 * Used for the application's pool and the job queue's.
 */
export function resilientPool(options: pg.PoolConfig, report: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS, ...options });
  pool.on('error', (err) => report(err));
  pool.on('connect', (client) => {
    client.on('error', (err) => report(err));
  });
  return pool;
}

/** `COPY (query) TO target WITH (FORMAT csv, HEADER)` as one statement without parameters. */
function copyCsvStatement(query: SQLWrapper, target: string): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(sql`copy (${query}) to ${sql.raw(target)} with (format csv, header true)`.inlineParams());
  if (params.length) throw new Error('copyCsv: a parameter was not inlined');
  return text;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

let committed: number | undefined;
/** Number of committed migrations (the drizzle-kit journal's entries), read from disk once per process. */
function committedMigrations(): number {
  committed ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return committed;
}

/** Committed migrations minus those recorded in drizzle's migrations table (all of them pending before the first migration). */
async function pendingOf(db: Database): Promise<number> {
  const [exists] = rowsOfResult<{ t: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`));
  if (!exists?.t) return committedMigrations();
  const [row] = rowsOfResult<{ n: string | number }>(await db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`));
  return Math.max(0, committedMigrations() - Number(row?.n ?? 0));
}

/** The rows of a raw `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
function rowsOfResult<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Opens PostgreSQL when `databaseUrl` is set (node-postgres pool of `poolSize`), else the
 * embedded PGlite in `dataDir` ('memory://' for an in-memory one).
 * On disk, `dataDir` is created 0700 and everything PGlite writes in it is private to this
 * user (0600 files, 0700 folders); an existing folder open to others is left as it is and
 * reported in `warnings` (data-dir.ts). `loadDataDir` (in memory only): starts from a copy of
 * another embedded database's `snapshot()`. Throws when the folder cannot be created or the
 * database cannot be opened.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; poolSize?: number; loadDataDir?: Blob }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const listeners: ((err: Error) => void)[] = [];
    // A client dropped by the server (restart, failover, DROP DATABASE … FORCE) is replaced by
    // the pool; the next query reports a real outage (503 DATABASE_UNAVAILABLE).
    const pool = resilientPool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 20 }, (err) => {
      for (const listener of listeners) listener(err);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      // Instances starting together on one database take turns: a session-level
      // advisory lock on a connection of their own, held while drizzle migrates; the next one
      // then finds every migration applied. Without it two would create the same tables at once.
      migrate: async () => {
        const lock = await pool.connect();
        try {
          await lock.query(`select pg_advisory_lock(hashtextextended('loyalty:migrations', 0))`);
          await migratePg(db as never, { migrationsFolder });
        } finally {
          await lock.query(`select pg_advisory_unlock(hashtextextended('loyalty:migrations', 0))`).catch(() => {});
          lock.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      warnings: [],
      executeSql: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        return { rows: last?.rows ?? [] };
      },
      pendingMigrations: () => pendingOf(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      snapshot: null,
      copyCsv: (query) => {
        const out = new PassThrough();
        let text: string;
        try {
          text = copyCsvStatement(query, 'stdout');
        } catch (err) {
          process.nextTick(() => out.destroy(err as Error));
          return out;
        }
        pool.connect().then(
          (client) => {
            let released = false;
            // A client released with an error is closed, not reused: that also ends a COPY
            // still running on the server when the reader went away.
            const release = (err?: Error) => {
              if (released) return;
              released = true;
              client.release(err);
            };
            const copy = client.query(copyTo(text));
            copy.on('error', (err) => {
              release(err);
              out.destroy(err);
            });
            copy.on('end', () => release());
            out.on('close', () => release(new Error('CSV reader went away before the end')));
            copy.pipe(out);
          },
          (err: Error) => out.destroy(err),
        );
        return out;
      },
      onConnectionError: (listener) => {
        listeners.push(listener);
      },
    };
  }
  const onDisk = opts.dataDir !== 'memory://';
  const warnings = onDisk ? prepareDataDir(opts.dataDir) : [];
  const client = onDisk
    ? await PGlite.create({ fs: new OwnerOnlyNodeFS(opts.dataDir) })
    : await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    warnings,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results[results.length - 1]?.rows ?? [] };
    },
    pendingMigrations: () => pendingOf(db),
    poolStats: () => null,
    snapshot: () => client.dumpDataDir('none'),
    copyCsv: (query) =>
      Readable.from(
        (async function* () {
          const result = await client.query(copyCsvStatement(query, `'/dev/blob'`));
          if (result.blob) yield Buffer.from(await result.blob.arrayBuffer());
        })(),
      ),
    onConnectionError: () => {},
  };
}
