import type { Tier } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';

// Texts that Apple passes and Google objects show alike (docs/product.md 'Wallet passes').

/** A tier as the wallets show it. */
export const TIER_NAMES: Record<Tier, string> = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' };

/** '$5.00 on Dec 20, 2026': cashback expiring, its day in the business's calendar (IANA `timezone`). */
export function expiringText(expiring: { cents: number; expiresAt: Date }, timezone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: timezone }).format(expiring.expiresAt);
  return `${formatCents(expiring.cents)} on ${day}`;
}
