/** Small SQL helpers shared by the modules' queries. */

/** Rows of a `db.execute(sql…)` result on either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * `%text%` for LIKE/ILIKE with the wildcard characters of `text` (`\`, `%`, `_`) escaped, so
 * that a search matches the typed text literally wherever it occurs (PostgreSQL's default
 * escape character is the backslash). Case is left alone: use it with ILIKE.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
