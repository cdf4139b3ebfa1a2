import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { rowsOf } from '../lib/sql.ts';
import type { DbOrTx } from './client.ts';

/** A half-open instant range `[from, to)`. */
export type InstantRange = readonly [from: Date, to: Date];

/**
 * How many of one tenant's rows of `table` were created in each of `ranges`, in the order given
 * (counts, not cents). One statement with one index-bounded count per range, so an index on
 * (tenant, created-at) answers each; an empty list answers [] without a query. The owning module
 * wraps it for its table: a FILTER over the union of the ranges evaluated every row's instant
 * twice and took twice as long at 30,000 rows a month.
 */
export async function countCreatedInRanges(
  db: DbOrTx,
  table: PgTable,
  columns: { tenantId: PgColumn; createdAt: PgColumn },
  tenantId: string,
  ranges: readonly InstantRange[],
): Promise<number[]> {
  if (!ranges.length) return [];
  const counts = ranges.map(
    ([from, to], i) =>
      sql`(${db
        .select({ n: sql`count(*)` })
        .from(table)
        .where(and(eq(columns.tenantId, tenantId), gte(columns.createdAt, from), lt(columns.createdAt, to)))})::int as ${sql.identifier(`n${i}`)}`,
  );
  const [row] = rowsOf<Record<string, number | string>>(await db.execute(sql`select ${sql.join(counts, sql`, `)}`));
  return ranges.map((_, i) => Number(row?.[`n${i}`] ?? 0));
}
