import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray } from 'drizzle-orm';
import type { EndOfDayFigures, EndOfDayQuery, EndOfDayReport, EndOfDayStaff } from '@loyalty/contract';
import { mayActForStore } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { forbidden, notFound } from '../../errors.ts';
import { centsToDollars } from '../../lib/csv-cells.ts';
import { apiKeyNames } from '../api-keys/index.ts';
import { dayMovements, type DayMovementGroup } from '../ledger/index.ts';
import { storeNameMap } from '../stores/index.ts';
import { userNames } from '../users/index.ts';
import { localToday } from './liability.ts';

/**
 * The end-of-day report (docs/product.md 'Reports'): one local day's ledger movements per store
 * and per staff member for the cash-up, composed from the ledger's day groups and the names of
 * stores, staff and API keys (ADR 0012). Money in integer cents.
 */

/** Name of the rows booked to no store, and of movements nobody made (jobs, paid checkouts). */
const NO_STORE = 'No store';
const SYSTEM = 'System';

/** Every figure at zero. */
function zeroFigures(): EndOfDayFigures {
  const zero = { count: 0, amountCents: 0 };
  return {
    purchases: { ...zero, cashbackCents: 0 },
    redemptions: { ...zero },
    refunds: { ...zero, clawbackCents: 0 },
    voids: { ...zero },
    adjustments: { ...zero },
    addFunds: { ...zero },
    bonuses: { ...zero },
    expiries: { ...zero },
    netCents: 0,
  };
}

/** Adds day group `g` into figures `f` (purchases by amount and cashback, refunds by amount and claw-back taken, adjustments signed). */
function addGroup(f: EndOfDayFigures, g: DayMovementGroup): void {
  f.netCents += g.deltaCents;
  const add = (into: { count: number; amountCents: number }, amount: number) => {
    into.count += g.count;
    into.amountCents += amount;
  };
  if (g.type === 'EARN') {
    add(f.purchases, g.amountCents);
    f.purchases.cashbackCents += g.cashbackCents;
  } else if (g.type === 'REDEEM') add(f.redemptions, g.amountCents);
  else if (g.type === 'REFUND') {
    add(f.refunds, g.amountCents);
    f.refunds.clawbackCents += g.cashbackCents - g.unrecoveredCents;
  } else if (g.type === 'VOID') add(f.voids, g.amountCents);
  else if (g.type === 'ADJUST') add(f.adjustments, g.deltaCents);
  else if (g.type === 'ADD_FUNDS') add(f.addFunds, g.amountCents);
  else if (g.type === 'BONUS') add(f.bonuses, g.amountCents);
  else if (g.type === 'EXPIRE') add(f.expiries, g.amountCents);
}

/** Who acted, as a staff line's key and kind. */
function actorOf(g: DayMovementGroup): { kind: EndOfDayStaff['kind']; id: string | null } {
  if (g.userId) return { kind: 'user', id: g.userId };
  if (g.apiKeyId) return { kind: 'apiKey', id: g.apiKeyId };
  return { kind: 'system', id: null };
}

/** The names of the users and API keys of `groups` (ids → 'First Last' / 'API key: name'). */
async function actorNames(db: Database, tenantId: string, groups: DayMovementGroup[]): Promise<Map<string, string>> {
  const userIds = [...new Set(groups.map((g) => g.userId).filter((id): id is string => !!id))];
  const keyIds = [...new Set(groups.map((g) => g.apiKeyId).filter((id): id is string => !!id))];
  const names = new Map<string, string>();
  if (userIds.length) {
    const u = userNames(db);
    for (const r of await db.select().from(u).where(inArray(u.id, userIds))) names.set(r.id, r.name);
  }
  if (keyIds.length) {
    const k = apiKeyNames(db);
    for (const r of await db
      .select()
      .from(k)
      .where(and(eq(k.tenantId, tenantId), inArray(k.id, keyIds))))
      names.set(r.id, `API key: ${r.name}`);
  }
  return names;
}

/**
 * GET /reports/end-of-day: local day `q.date` (default today at `now` in `timezone`), of store
 * `q.storeId` or every store. A cashier bound to a store sees only that store (the own-store
 * rule; without `storeId` it is theirs, another store is 403). Per store (by name; 'No store'
 * last) and within it per staff member (by name; API keys and 'System' after them), the
 * movements' counts and sums, and the day's totals, which equal the ledger's for the day.
 * Throws 404 'Store not found' (unknown or another tenant's store), 403 OWN_STORE_MESSAGE.
 */
export async function endOfDayReport(
  db: Database,
  tenant: { id: string; timezone: string },
  actor: { role: string; storeId: string | null },
  q: EndOfDayQuery,
  now: Date,
): Promise<EndOfDayReport> {
  const date = q.date ?? localToday(now, tenant.timezone);
  const stores = await storeNameMap(db, tenant.id);
  if (q.storeId && !stores.has(q.storeId)) throw notFound('Store not found');
  const storeId = q.storeId ?? (actor.role === 'cashier' ? actor.storeId : null);
  if (!mayActForStore({ role: actor.role as never, storeId: actor.storeId }, storeId)) throw forbidden('You can only see your own store');
  const groups = await dayMovements(db, tenant.id, date, tenant.timezone, storeId);
  const names = await actorNames(db, tenant.id, groups);
  const totals = zeroFigures();
  const byStore = new Map<string | null, { figures: EndOfDayFigures; staff: Map<string, EndOfDayStaff> }>();
  for (const g of groups) {
    addGroup(totals, g);
    const store = byStore.get(g.storeId) ?? { figures: zeroFigures(), staff: new Map() };
    byStore.set(g.storeId, store);
    addGroup(store.figures, g);
    const who = actorOf(g);
    const key = `${who.kind}:${who.id}`;
    const line = store.staff.get(key) ?? { ...who, name: who.id ? (names.get(who.id) ?? who.kind) : SYSTEM, figures: zeroFigures() };
    store.staff.set(key, line);
    addGroup(line.figures, g);
  }
  const order: Record<EndOfDayStaff['kind'], number> = { user: 0, apiKey: 1, system: 2 };
  const storeRows = [...byStore.entries()]
    .map(([id, s]) => ({
      storeId: id,
      storeName: id ? (stores.get(id) ?? NO_STORE) : NO_STORE,
      figures: s.figures,
      staff: [...s.staff.values()].sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name)),
    }))
    .sort((a, b) => Number(a.storeId === null) - Number(b.storeId === null) || a.storeName.localeCompare(b.storeName));
  return { date, timezone: tenant.timezone, storeId, stores: storeRows, totals };
}

/** The figures of one line as CSV cells (counts, then dollars), in END_OF_DAY_CSV order. */
function figureCells(f: EndOfDayFigures): string[] {
  const $ = centsToDollars;
  return [
    String(f.purchases.count),
    $(f.purchases.amountCents),
    $(f.purchases.cashbackCents),
    String(f.redemptions.count),
    $(f.redemptions.amountCents),
    String(f.refunds.count),
    $(f.refunds.amountCents),
    $(f.refunds.clawbackCents),
    String(f.voids.count),
    $(f.voids.amountCents),
    String(f.adjustments.count),
    $(f.adjustments.amountCents),
    String(f.addFunds.count),
    $(f.addFunds.amountCents),
    String(f.bonuses.count),
    $(f.bonuses.amountCents),
    String(f.expiries.count),
    $(f.expiries.amountCents),
    $(f.netCents),
  ];
}

/** The header of end-of-day-{date}.csv. */
const END_OF_DAY_CSV = [
  'Store',
  'Staff',
  'Purchases',
  'Purchase amount',
  'Cashback issued',
  'Redemptions',
  'Redeemed',
  'Refunds',
  'Refunded',
  'Cashback taken back',
  'Voids',
  'Voided',
  'Adjustments',
  'Adjusted',
  'Add funds',
  'Funds added',
  'Bonuses',
  'Bonus amount',
  'Expiries',
  'Expired',
  'Net balance change',
];

/** The report as end-of-day-{date}.csv: a line per staff member of each store, the store's line ('All staff'), then the totals ('All stores'). */
export function endOfDayCsv(r: EndOfDayReport): string {
  const lines: string[][] = [END_OF_DAY_CSV];
  for (const s of r.stores) {
    for (const who of s.staff) lines.push([s.storeName, who.name, ...figureCells(who.figures)]);
    lines.push([s.storeName, 'All staff', ...figureCells(s.figures)]);
  }
  lines.push(['All stores', 'All staff', ...figureCells(r.totals)]);
  return stringify(lines);
}
