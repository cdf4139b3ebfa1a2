import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.ts';
import { isDatabaseUnavailable } from './pg-error.ts';

/**
 * Which database errors mean 'the database is away' (answered 503 DATABASE_UNAVAILABLE,
 * docs/operations.md 'When the database is away') and which are the statement's own fault
 * (still a 500 or the route's own answer).
 */

/** A node-postgres server error with `code`, as the driver builds it. */
const serverError = (message: string, code: string) => Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code });

describe('isDatabaseUnavailable', () => {
  it('is true for a refused connection and for a pool that found none in time', async () => {
    const port = await freePort();
    const refused = await new pg.Client({ host: '127.0.0.1', port, user: 'x', database: 'x' }).connect().catch((e: unknown) => e);
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);

    // A server that accepts the connection and never answers: the pool gives up after its timeout.
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const pool = new pg.Pool({ host: '127.0.0.1', port: (silent.address() as { port: number }).port, user: 'x', database: 'x', connectionTimeoutMillis: 200 });
    const timedOut = await pool.query('select 1').catch((e: unknown) => e);
    await pool.end().catch(() => {});
    silent.close();
    expect(isDatabaseUnavailable(timedOut)).toBe(true);
  });

  it('is true for a shutdown, a start-up, a cut connection and a database closed to connections, also wrapped', () => {
    const cases = [
      serverError('terminating connection due to administrator command', '57P01'),
      serverError('the database system is starting up', '57P03'),
      serverError('connection failure', '08006'),
      serverError('sorry, too many clients already', '53300'),
      serverError('database "x" is not currently accepting connections', '55000'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
    ];
    for (const err of cases) {
      expect(isDatabaseUnavailable(err), err.message).toBe(true);
      // Drizzle wraps a driver error: 'Failed query: …' with the driver's error as its cause.
      expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: err })), `wrapped ${err.message}`).toBe(true);
    }
  });

  it('is false for errors of the statement itself and for anything else', () => {
    expect(isDatabaseUnavailable(serverError('duplicate key value violates unique constraint "x"', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('relation "nope" does not exist', '42P01'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('could not serialize access', '40001'))).toBe(false);
    expect(isDatabaseUnavailable(serverError('object is in use', '55006'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
