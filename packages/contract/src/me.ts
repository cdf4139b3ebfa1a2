import { z } from 'zod';
import { CustomerDetail } from './customers.ts';
import { ExpiringCashback, TransactionItem } from './pos.ts';

/**
 * The signed-in customer's own account. One call scoped on the server to the session's customer:
 * another customer's data is never in it, whatever the client sends. Money in cents.
 */
export const MyAccountResponse = z.object({
  customer: CustomerDetail,
  stats: z.object({
    /** Sum of the balances of the customer's cards. */
    totalBalanceCents: z.number().int(),
    /** Sum of cashback of the customer's EARN rows. */
    totalEarnedCents: z.number().int(),
    /** Sum of the amounts of the customer's REDEEM rows. */
    totalRedeemedCents: z.number().int(),
    activeCards: z.number().int(),
  }),
  /** The customer's 10 newest ledger rows. */
  recentTransactions: z.array(TransactionItem),
  /** Cashback of the customer's cards expiring in the next 30 days, soonest first. */
  expiringSoon: z.array(ExpiringCashback),
  /** The customer's referral link, `{PUBLIC_URL}/{slug}/join?ref={code}`, while the business runs referrals; else null. */
  referralLink: z.string().nullable(),
});
export type MyAccountResponse = z.infer<typeof MyAccountResponse>;
