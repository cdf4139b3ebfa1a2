/**
 * The PostgreSQL error inside `err`, if any: walks the `cause` chain (Drizzle wraps driver
 * errors, node-postgres and PGlite both carry `code` and `constraint`). Returns the SQLSTATE
 * `code` (e.g. '23505' unique violation) and the constraint name, or null when `err` is not a
 * database error. Used to turn constraint violations into the spec's 409 messages.
 */
export function pgError(err: unknown): { code: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return null;
}

/** True when `err` is a unique violation (SQLSTATE 23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** Node socket errors that mean the database server cannot be reached or went away. */
const UNREACHABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a database that is away (PostgreSQL appendix A): class 08 connection
 * exceptions; 57P01 admin_shutdown ('terminating connection due to administrator command', a
 * fast shutdown or pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now (still
 * starting or shutting down); 53300 too_many_connections.
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/**
 * Messages of node-postgres and pg-pool for a connection that was cut or never made: the server
 * closed it, the pool gave up waiting for one (connectionTimeoutMillis), a client already
 * broken was used; and PostgreSQL's refusal of a database closed to connections
 * (ALLOW_CONNECTIONS false, SQLSTATE 55000, which is otherwise not about connections).
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /Client was closed and is not queryable/,
  /is not currently accepting connections/,
];

/**
 * True when `err` (or an error in its `cause` chain: Drizzle wraps driver errors) says the
 * database is unavailable rather than that the statement was wrong: refused or cut
 * connections, a server shutting down or starting, a pool that found no connection within its
 * timeout (docs/operations.md 'When the database is away'). The HTTP error handler answers
 * these 503 DATABASE_UNAVAILABLE; the job queue waits them out; a rejection nobody awaited of
 * this kind is logged, not fatal (main.ts).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && (UNREACHABLE_SOCKET_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableSqlState(e.code)))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  }
  return false;
}
