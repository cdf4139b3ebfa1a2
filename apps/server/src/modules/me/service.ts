import type { MyAccountResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { getCustomerDetail } from '../customers/index.ts';
import { customerLedgerSums, expiringOfCards, recentLedgerOfCustomer } from '../ledger/index.ts';
import { readRewardSettings } from '../rules/index.ts';
import { referralLink } from '@loyalty/domain';

/** Rows of the customer dashboard's Recent Transactions on the customer's page. */
const MY_RECENT_TRANSACTIONS = 10;

/** docs/product.md 'Roles': the message when the signed-in user has no customer record. */
export const PROFILE_NOT_FOUND = 'Customer profile not found';

/**
 * GET /api/t/{slug}/me (docs/product.md 'Roles'): the
 * account of the session's own customer (`customerId` comes from the session, never from the
 * client), within the request's tenant:
 * - `customer`: CustomerDetail with the customer's cards (balance in cents, status, store).
 * - `stats`: totalBalanceCents (sum of the cards' balances), totalEarnedCents (sum of
 *   `cashbackCents` of the customer's EARN rows), totalRedeemedCents (sum of `amountCents` of
 *   the REDEEM rows), activeCards (cards with status ACTIVE). All cents.
 * - `recentTransactions`: the customer's 10 newest ledger rows (TransactionItem, newest first).
 * - `expiringSoon`: cashback of their cards expiring within 30 days of `now`, soonest first.
 * - `referralLink`: `{publicUrl}/{slug}/join?ref={code}` while the business runs referrals
 *   (docs/product.md 'Rewards'), else null.
 * Throws 404 NOT_FOUND 'Customer profile not found' when `customerId` is null or names no
 * customer of this tenant.
 */
export async function getMyAccount(
  db: DbOrTx,
  tenant: { id: string; slug: string; publicUrl: string },
  customerId: string | null,
  now: Date,
): Promise<MyAccountResponse> {
  const tenantId = tenant.id;
  if (!customerId) throw notFound(PROFILE_NOT_FOUND);
  let customer;
  try {
    customer = await getCustomerDetail(db, tenantId, customerId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound(PROFILE_NOT_FOUND);
    throw err;
  }
  const sums = await customerLedgerSums(db, tenantId, customerId);
  const recentTransactions = await recentLedgerOfCustomer(db, tenantId, customerId, MY_RECENT_TRANSACTIONS);
  const uidOf = new Map(customer.cards.map((c) => [c.id, c.cardUid]));
  const expiring = await expiringOfCards(db, tenantId, [...uidOf.keys()], now);
  const { referral } = await readRewardSettings(db, tenantId);
  return {
    customer,
    stats: {
      totalBalanceCents: customer.cards.reduce((sum, c) => sum + c.balanceCents, 0),
      totalEarnedCents: sums.earnedCents,
      totalRedeemedCents: sums.redeemedCents,
      activeCards: customer.activeCards,
    },
    recentTransactions,
    expiringSoon: expiring.map((l) => ({ cardUid: uidOf.get(l.cardId)!, cents: l.cents, expiresAt: l.expiresAt.toISOString() })),
    referralLink: referral.enabled ? referralLink(tenant.publicUrl, tenant.slug, customer.referralCode) : null,
  };
}
