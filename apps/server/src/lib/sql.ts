import { sql, type SQL } from 'drizzle-orm';

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

/** What an erased value is replaced with wherever it is scrubbed (ADR 0026). */
export const ERASED_TEXT = 'Erased customer';

/**
 * The text expression `text` with every occurrence of each of `values` replaced by ERASED_TEXT
 * (case-sensitive, in order): scrubbing an erased customer's e-mail, phone and names out of
 * free text (ADR 0026). Null stays null.
 */
export function scrubTextSql(text: SQL, values: readonly string[]): SQL {
  let out = text;
  for (const v of values) out = sql`replace(${out}, ${v}::text, ${ERASED_TEXT}::text)`;
  return out;
}

/**
 * The jsonb expression `json` with every occurrence of each of `values` inside its strings
 * replaced by ERASED_TEXT: each value is searched in its JSON-escaped form (what `to_jsonb`
 * writes between the quotes), so the result is valid JSON again. Null stays null.
 */
export function scrubJsonSql(json: SQL, values: readonly string[]): SQL {
  let out: SQL = sql`(${json})::text`;
  for (const v of values) {
    const escaped = JSON.stringify(v).slice(1, -1);
    out = sql`replace(${out}, ${escaped}::text, ${ERASED_TEXT}::text)`;
  }
  return sql`(${out})::jsonb`;
}
