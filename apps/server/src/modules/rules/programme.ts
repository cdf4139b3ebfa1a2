import type { Category, Tier } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { firstTenantAuditAfter } from '../audit/index.ts';

/**
 * The tenant's programme at one instant, as the cashback formula reads it (domain
 * computeCashback, docs/product.md 'Cashback'): every cashback rule and tier rule (active or not:
 * the formula skips inactive ones) and the offers running at that instant (the one offer
 * window of domain `isOfferRunning`: startAt ≤ now ≤ endAt). Rates in bps, thresholds in cents.
 */
export interface Programme {
  cashbackRules: { category: Category; baseRateBps: number; isActive: boolean }[];
  tierRules: { tier: Tier; minTotalSpendCents: number; baseRateBps: number; isActive: boolean }[];
  offers: { rateMultiplierBps: number; startAt: Date; endAt: Date; isActive: boolean }[];
}

/** The programme as the ledger's `ledger_earn_open` reads it (migration 0028, ADR 0028): three JSON arrays, offer times as text. */
export interface ProgrammeColumns {
  cashback: Programme['cashbackRules'];
  tiers: Programme['tierRules'];
  offers: { rateMultiplierBps: number; startAt: string; endAt: string; isActive: boolean }[];
}

/** The Programme of `ProgrammeColumns` (offer times parsed to Dates): the earn's reading of what `ledger_earn_open` returned. */
export function toProgramme(row: ProgrammeColumns): Programme {
  return {
    cashbackRules: row.cashback,
    tierRules: row.tiers,
    offers: row.offers.map((o) => ({ ...o, startAt: new Date(o.startAt), endAt: new Date(o.endAt) })),
  };
}

/**
 * The programme columns `current` (read now) as they were at the earlier instant `at`, for an
 * earn made offline (docs/product.md 'Offline till', ADR 0051): the cashback rules and the tier
 * rules are the `before` of their first change after `at` in the audit trail
 * ('rules.cashback.update', 'rules.tiers.update', 'rules.initialize'), or `current` when they
 * have not changed since. Offers are already those running at `at` (the opening reads them so).
 * Two indexed reads of the audit log.
 */
export async function programmeAsOf(db: DbOrTx, tenantId: string, at: Date, current: ProgrammeColumns): Promise<ProgrammeColumns> {
  const [cashback, tiers] = [
    await firstTenantAuditAfter(db, tenantId, ['rules.cashback.update', 'rules.initialize'], at),
    await firstTenantAuditAfter(db, tenantId, ['rules.tiers.update', 'rules.initialize'], at),
  ];
  const pick = <K extends 'cashbackRules' | 'tierRules'>(change: { action: string; before: unknown } | null, key: K, now: Programme[K]): Programme[K] => {
    if (!change?.before) return change ? ([] as Programme[K]) : now;
    const before = change.action === 'rules.initialize' ? (change.before as Record<K, Programme[K]>)[key] : (change.before as Programme[K]);
    return Array.isArray(before) ? before : now;
  };
  return { ...current, cashback: pick(cashback, 'cashbackRules', current.cashback), tiers: pick(tiers, 'tierRules', current.tiers) };
}
