/**
 * The PostgreSQL error inside `err`, if any: walks the `cause` chain (Drizzle wraps driver
 * errors, node-postgres and PGlite both carry `code` and `constraint`). Returns the SQLSTATE
 * `code` (e.g. '23505' unique violation) and the constraint name, or null when `err` is not a
 * database error. Used to turn constraint violations into the spec's 409 messages.
 */
export function pgError(err: unknown): { code: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
  }
  return null;
}

/** True when `err` is a unique violation (SQLSTATE 23505), of `constraint` when given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgError(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}
