import type { Category, Tier } from '@loyalty/contract';

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
