/**
 * Query keys and API paths shared by every tenant screen (the shared query layer: features
 * may import it, it imports no feature). Everything of one tenant sits under the root
 * `['tenants', slug]`, so a change can mark stale exactly the screens it moves, and deleting a
 * tenant drops its whole cached area. Features build their own keys under these roots
 * (e.g. `[...tenantKeys.cards(slug), 'list', params]`).
 */
export const tenantKeys = {
  /** Everything cached for one tenant. */
  all: (slug: string) => ['tenants', slug] as const,
  /** The tenant view (GET /t/{slug}/tenant): status, quota, POS gate. */
  tenant: (slug: string) => ['tenants', slug, 'tenant'] as const,
  /** Card lists and the POS's single-card lookups. */
  cards: (slug: string) => ['tenants', slug, 'cards'] as const,
  /** The store list (pickers on several screens and the Stores page share it). */
  stores: (slug: string) => ['tenants', slug, 'stores'] as const,
  /** The free-trial activation counts. */
  trialStatus: (slug: string) => ['tenants', slug, 'trial-status'] as const,
  /** Every customer query (lists, details, the Assign Card modal's available customers). */
  customers: (slug: string) => ['tenants', slug, 'customers'] as const,
  /** The dashboard report (tiles, trends, recent transactions). */
  dashboard: (slug: string) => ['tenants', slug, 'dashboard'] as const,
  /** The ledger lists of the Transactions screen. */
  transactions: (slug: string) => ['tenants', slug, 'transactions'] as const,
  /**
   * The end-of-day report (GET /t/{slug}/reports/end-of-day). Under `transactions`: every ledger
   * movement that marks the Transactions lists stale marks the day's figures stale too.
   */
  endOfDay: (slug: string) => ['tenants', slug, 'transactions', 'end-of-day'] as const,
  /** Every query of the Billing page (plans, usage, payment methods, invoices). */
  billing: (slug: string) => ['tenants', slug, 'billing'] as const,
  /** The liability report (GET /t/{slug}/reports/liability; moves with every ledger row). */
  liability: (slug: string) => ['tenants', slug, 'liability'] as const,
  /** The Rewards report (GET /t/{slug}/reports/rewards; moves with every bonus, its spending and every referral). */
  rewardsReport: (slug: string) => ['tenants', slug, 'rewards-report'] as const,
};

/** `/t/{slug}` prefix of the tenant's API paths (the slug URL-encoded). */
export function tenantApi(slug: string): string {
  return `/t/${encodeURIComponent(slug)}`;
}

/** Query keys of what the install itself answers, outside any tenant. */
export const installKeys = {
  /** Which phone wallets passes are issued for (GET /api/wallet). */
  walletAvailability: () => ['install', 'wallet-availability'] as const,
  /** A card's 'Save to Google Wallet' link, by who reads it (staff, the customer, the QR's holder). */
  googleSaveLink: (source: { kind: string; slug: string; cardUid: string }) =>
    ['install', 'google-save-link', source.kind, source.slug, source.cardUid] as const,
};
