import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { cards, customers, stores, transactions } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/lib/sql.ts';

/**
 * Test helpers of the reports and transaction-list tests: back-dated ledger rows written
 * straight to the table (as a seed or an import would), and the figures the API must match,
 * computed by plain SUM/COUNT over the ledger.
 */

/** One ledger row to write; money in cents. */
export interface LedgerRowSpec {
  at: Date;
  cardUid: string;
  type?: 'EARN' | 'REDEEM' | 'ADJUST';
  category?: 'PURCHASE' | 'REPAIR' | 'OTHER' | null;
  amountCents?: number;
  cashbackCents?: number;
  note?: string | null;
  /** Store name of the tenant; the card's store when absent. */
  store?: string;
}

/** Writes `rows` into `tenantId`'s ledger (customer and store from the card unless given); returns their ids. */
export async function addLedgerRows(db: Database, tenantId: string, rows: LedgerRowSpec[]): Promise<string[]> {
  const storeList = await db.select().from(stores).where(eq(stores.tenantId, tenantId));
  const ids: string[] = [];
  for (const r of rows) {
    const [card] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, r.cardUid)));
    if (!card) throw new Error(`no card ${r.cardUid}`);
    const storeId = r.store ? storeList.find((s) => s.name === r.store)!.id : card.storeId;
    const type = r.type ?? 'EARN';
    const [row] = await db
      .insert(transactions)
      .values({
        tenantId,
        cardId: card.id,
        customerId: card.customerId,
        storeId,
        type,
        category: r.category === undefined ? (type === 'EARN' ? 'PURCHASE' : null) : r.category,
        amountCents: r.amountCents ?? 1000,
        cashbackCents: r.cashbackCents ?? (type === 'EARN' ? 20 : 0),
        beforeBalanceCents: 0,
        afterBalanceCents: 0,
        note: r.note ?? null,
        createdAt: r.at,
      })
      .returning({ id: transactions.id });
    ids.push(row.id);
  }
  return ids;
}

/** A customer of `tenantId` with an ACTIVE card `cardUid` at the tenant's first store. */
export async function addCustomerWithCard(
  db: Database,
  tenantId: string,
  c: { firstName: string; lastName: string; cardUid: string; email?: string; phone?: string; createdAt?: Date },
) {
  const [store] = await db.select().from(stores).where(eq(stores.tenantId, tenantId));
  const [customer] = await db
    .insert(customers)
    .values({
      tenantId,
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email ?? null,
      phone: c.phone ?? null,
      ...(c.createdAt ? { createdAt: c.createdAt } : {}),
    })
    .returning();
  const [card] = await db
    .insert(cards)
    .values({ tenantId, cardUid: c.cardUid, customerId: customer.id, storeId: store.id, status: 'ACTIVE', activatedAt: new Date() })
    .returning();
  return { customer, card };
}

/** Direct figures over the ledger of `tenantId` for the rows matching `where` (SQL over `transactions` columns). */
export async function directLedger(db: Database, tenantId: string, where: SQL = sql`true`) {
  const [row] = rowsOf<{ n: string | number; issued: string | number; redeemed: string | number }>(
    await db.execute(sql`select count(*) as n,
        coalesce(sum(cashback_cents) filter (where type = 'EARN'), 0) as issued,
        coalesce(sum(amount_cents) filter (where type = 'REDEEM'), 0) as redeemed
      from ${transactions} where tenant_id = ${tenantId} and (${where})`),
  );
  return { count: Number(row.n), cashbackIssued: Number(row.issued), cashbackRedeemed: Number(row.redeemed) };
}

/** Ids of the tenant's ledger rows matching `where`, newest first (created_at desc, id desc). */
export async function directLedgerIds(db: Database, tenantId: string, where: SQL = sql`true`): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`select id from ${transactions} where tenant_id = ${tenantId} and (${where}) order by created_at desc, id desc`),
  ).map((r) => r.id);
}

/** A UTC instant `days` days and `hours` hours before `from` (default now). */
export function daysAgo(days: number, hours = 0, from = new Date()): Date {
  return new Date(from.getTime() - days * 86_400_000 - hours * 3_600_000);
}
