import { z } from 'zod';
import { BonusReason, CardStatus, Category, Tier, TransactionType } from './enums.ts';

/**
 * The POS gate's message: what the API answers (403 SUBSCRIPTION_REQUIRED) and the screens show
 * when the tenant's subscription does not allow transactions (domain canTransact: ACTIVE,
 * TRIALING, or PAST_DUE within its grace). The product's text, as written (docs/product.md
 * 'Subscription gates').
 */
export const POS_GATE_MESSAGE = 'Subscription required to process transactions';

/**
 * The own-store rule's refusal (403 FORBIDDEN): a cashier bound to a store booking to, or
 * refunding or voiding a row of, another store (domain mayActForStore).
 */
export const OWN_STORE_MESSAGE = 'You can only process transactions for your own store';

/** Largest single purchase or redemption accepted at the POS: $1,000,000.00 in cents. */
export const MAX_TRANSACTION_CENTS = 100_000_000;

const cents = z.number({ error: 'Amount must be a number' }).int('Amount must be whole cents');

/** POST /api/t/{slug}/transactions/earn. amountCents: purchase, cents > 0. */
export const EarnRequest = z.object({
  cardUid: z.string().trim().min(1, 'Card UID is required').max(200, 'Card UID is too long'),
  amountCents: cents.positive('Amount must be greater than 0').max(MAX_TRANSACTION_CENTS, 'Amount is too large'),
  category: Category.default('PURCHASE'),
  storeId: z.string().uuid('Unknown store').nullish(),
  note: z.string().max(500).nullish(),
  /**
   * When the purchase happened, for an earn made offline and sent later (docs/product.md 'Offline
   * till'): ISO-8601 with an offset, at most 72 hours before the server receives it and never after
   * it. Absent: now. The ledger row keeps it beside the time received, books the day by it and
   * applies the rules in force then.
   */
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO-8601 time' }).max(40).nullish(),
});
export type EarnRequest = z.infer<typeof EarnRequest>;

/** POST /api/t/{slug}/transactions/redeem. amountCents: cents > 0, ≤ balance. */
export const RedeemRequest = z.object({
  cardUid: z.string().trim().min(1, 'Card UID is required').max(200, 'Card UID is too long'),
  amountCents: cents.positive('Amount must be greater than 0').max(MAX_TRANSACTION_CENTS, 'Amount is too large'),
  storeId: z.string().uuid('Unknown store').nullish(),
  note: z.string().max(500).nullish(),
  /**
   * When the redemption happened, for one made offline and sent later (docs/product.md 'Offline
   * till'): as for an earn, at most 72 hours old; allowed only up to the business's offline caps.
   */
  occurredAt: z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO-8601 time' }).max(40).nullish(),
});
export type RedeemRequest = z.infer<typeof RedeemRequest>;

/**
 * Earn answer: balances and cashback in integer cents. `newBalance` and `cashbackEarned` keep the
 * names the web already used; money fields added since end in `Cents`.
 */
export const EarnResponse = z.object({
  transactionId: z.string(),
  /** The card's balance after the earn, integer cents. */
  newBalance: z.number().int(),
  /** The cashback credited by this earn, integer cents. */
  cashbackEarned: z.number().int(),
  rateBps: z.number().int(),
  tier: Tier,
  /**
   * Rewards credited to this card with the purchase (docs/product.md 'Rewards': a referred friend's
   * first purchase, a win-back offer), already in `newBalance`; absent when there were none.
   */
  bonuses: z
    .array(z.object({ reason: BonusReason, amountCents: z.number().int() }))
    .max(4)
    .optional(),
});
export type EarnResponse = z.infer<typeof EarnResponse>;

/** Redeem answer, integer cents; `newBalance` and `amountRedeemed` keep the names the web already used. */
export const RedeemResponse = z.object({
  transactionId: z.string(),
  /** The card's balance after the redeem, integer cents. */
  newBalance: z.number().int(),
  /** The amount taken off the card, integer cents. */
  amountRedeemed: z.number().int(),
});
export type RedeemResponse = z.infer<typeof RedeemResponse>;

/** Nested customer of a card. */
export const CardCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tier: Tier,
  totalSpendCents: z.number().int(),
});

/** GET /api/t/{slug}/cards/{cardUid}: the POS lookup. */
export const CardResponse = z.object({
  id: z.string(),
  cardUid: z.string(),
  customerId: z.string().nullable(),
  status: CardStatus,
  balanceCents: z.number().int(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  qrUrl: z.string(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  customer: CardCustomer.nullable(),
});
export type CardResponse = z.infer<typeof CardResponse>;

/** Query of GET /api/t/{slug}/transactions. Dates are ISO dates or timestamps. */
export const TransactionListQuery = z.object({
  type: TransactionType.optional(),
  category: Category.optional(),
  from: z.string().date('from must be a date (YYYY-MM-DD)').or(z.string().datetime()).optional(),
  to: z.string().date('to must be a date (YYYY-MM-DD)').or(z.string().datetime()).optional(),
  storeFilter: z.string().uuid().optional(),
  customerId: z.string().uuid().optional(),
  /** One card's rows (the POS's last transactions of the loaded card). */
  cardId: z.string().uuid().optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;

/** One ledger row as listed. Money in cents. */
export const TransactionItem = z.object({
  id: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  cardUid: z.string(),
  type: TransactionType,
  category: Category.nullable(),
  amountCents: z.number().int(),
  cashbackCents: z.number().int(),
  beforeBalanceCents: z.number().int(),
  afterBalanceCents: z.number().int(),
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  note: z.string().nullable(),
  /** REFUND and VOID rows: the EARN or REDEEM row they reverse; null otherwise. */
  reversesTransactionId: z.string().nullable(),
  /**
   * EARN: the purchase amount refunded so far; REDEEM: the amount voided (0 or all of it);
   * 0 for other types. Integer cents (what the Refund and Void actions may still do).
   */
  reversedAmountCents: z.number().int(),
  /** REFUND rows: the claw-back the card no longer held (cents, ≥ 0); 0 otherwise. */
  unrecoveredCents: z.number().int(),
  /** BONUS rows: why the bonus was credited; null for every other type. */
  reason: BonusReason.nullable(),
  /** When the movement happened (ISO-8601): for an earn made offline, the till's time. */
  createdAt: z.string(),
  /** An earn made offline and sent later: when the server received it (ISO-8601); null otherwise. */
  receivedAt: z.string().max(40).nullable(),
});
export type TransactionItem = z.infer<typeof TransactionItem>;

/** GET /api/t/{slug}/transactions answer. */
export const TransactionListResponse = z.object({
  transactions: z.array(TransactionItem),
  total: z.number().int(),
  pages: z.number().int(),
});
export type TransactionListResponse = z.infer<typeof TransactionListResponse>;

/** Cashback of one card that expires at `expiresAt` (ISO-8601): '$x.xx expires on DATE'. `cents` integer cents. */
export const ExpiringCashback = z.object({
  cardUid: z.string(),
  cents: z.number().int(),
  expiresAt: z.string(),
});
export type ExpiringCashback = z.infer<typeof ExpiringCashback>;
