import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The cells of the CSV files (docs/product.md 'Reports'), each in two twins: a
 * JavaScript function for files written by csv-stringify (the liability CSV) and the same rule
 * as SQL for files PostgreSQL writes itself with COPY (the ledger and customer exports
 * 'CSV export'; ADR 0017). The export tests check that the twins agree value for value.
 */

/**
 * A text cell made safe for spreadsheets (OWASP 'CSV Injection'): a value starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with a single quote so that it
 * is shown as text, never run as a formula. Null becomes ''.
 */
export function safeCell(value: string | null | undefined): string {
  if (value == null) return '';
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Integer cents as dollars with 2 decimals ('-12.05'), exact for any safe integer. */
export function centsToDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * SQL twin of safeCell over a text expression. '' and null become SQL null, which COPY's CSV
 * format writes as an empty unquoted cell (an empty string would be written as `""`).
 */
export function safeCellSql(text: SQLWrapper): SQL {
  return sql`case when left(${text}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || ${text} else nullif(${text}, '') end`;
}

/** SQL twin of centsToDollars over an integer (cents) expression: text like '-12.05'. */
export function dollarsSql(cents: SQLWrapper): SQL {
  return sql`case when ${cents} < 0 then '-' else '' end || (abs(${cents}) / 100)::text || '.' || lpad((abs(${cents}) % 100)::text, 2, '0')`;
}

/**
 * A timestamptz as `Date.prototype.toISOString` writes it ('2026-11-24T10:03:46.295Z': UTC,
 * milliseconds truncated like node-postgres's parsing into a Date).
 */
export function isoUtcSql(at: SQLWrapper): SQL {
  return sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
