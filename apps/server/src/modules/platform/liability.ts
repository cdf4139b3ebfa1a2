import type { PlatformLiabilityQuery, PlatformLiabilityReport } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { addSums, periodOf, sortTenants, withBreakage } from '../reports/index.ts';
import { tenantLabels } from '../tenants/index.ts';
import { outstandingByTenant, ensureRollups, ledgerPeriodByTenant, ZERO_SUMS } from '../ledger/index.ts';

/**
 * GET /api/platform/reports/liability: every tenant's outstanding (Σ card
 * balances now) and its period's movements over [from, to] in UTC days (default the last 30
 * days up to today, UTC), sorted as asked, with the platform's totals. Each figure from its
 * owner (ADR 0012): tenant rows (tenants), balances (cards' summary, ADR 0016), ledger sums
 * (transactions: each tenant's daily rollup, brought up to date first, plus a live tail).
 */
export async function platformLiability(db: Database, q: PlatformLiabilityQuery, now: Date): Promise<PlatformLiabilityReport> {
  const { from, to } = periodOf(q, now, 'UTC');
  const tenants = await db.select().from(tenantLabels(db));
  const ids = tenants.map((t) => t.id);
  await ensureRollups(db, ids, now);
  const [outstanding, periods] = await Promise.all([outstandingByTenant(db), ledgerPeriodByTenant(db, ids, from, to)]);
  const rows = tenants.map((t) => {
    const sums = periods.get(t.id) ?? ZERO_SUMS;
    return { tenantId: t.id, tenantName: t.name, slug: t.slug, outstandingCents: outstanding.get(t.id) ?? 0, sums };
  });
  const total = rows.reduce((acc, r) => addSums(acc, r.sums), ZERO_SUMS);
  return {
    from,
    to,
    tenants: sortTenants(
      rows.map(({ sums, ...r }) => ({ ...r, period: withBreakage(sums) })),
      q,
    ),
    totalOutstandingCents: rows.reduce((n, r) => n + r.outstandingCents, 0),
    totalPeriod: withBreakage(total),
  };
}
