import { z } from 'zod';
import { Tier } from './enums.ts';
import { MAX_TRANSACTION_CENTS, TransactionItem } from './pos.ts';

/**
 * The money lifecycle beyond earn and redeem (docs/product.md 'Refunds and voids'): refunds of a
 * purchase, voids of a redemption and an owner's balance adjustments. Every request is a money
 * route (an `Idempotency-Key` header is required); every amount is integer cents.
 */

/** How long a cashier may void a redemption after it was rung up: 15 minutes, in ms. */
export const CASHIER_VOID_WINDOW_MS = 15 * 60 * 1000;

/** Largest adjustment an owner may make in one go: $1,000.00 either way. */
export const MAX_ADJUST_CENTS = 100_000;

const reasonText = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(3, 'Reason must be at least 3 characters')
  .max(200, 'Reason must be at most 200 characters');

/**
 * POST /api/t/{slug}/transactions/{id}/refund: `amountCents` is the part of the purchase
 * refunded (cents > 0; absent: what is left of it); `reason` optional (≤ 200 characters).
 */
export const RefundRequest = z.object({
  amountCents: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be whole cents')
    .positive('Amount must be greater than 0')
    .max(MAX_TRANSACTION_CENTS, 'Amount is too large')
    .optional(),
  reason: z.string().trim().max(200, 'Reason must be at most 200 characters').optional(),
});
export type RefundRequest = z.infer<typeof RefundRequest>;

/** Refund answer: the REFUND row, the purchase amount refunded, the cashback clawed back and what the card could not give back (cents). */
export const RefundResponse = z.object({
  transactionId: z.string(),
  refundedAmountCents: z.number().int(),
  /** Cashback taken back from the card (≤ the claw-back due; the rest is `unrecoveredCents`). */
  clawedBackCents: z.number().int(),
  unrecoveredCents: z.number().int(),
  /** What of the purchase may still be refunded. */
  remainingAmountCents: z.number().int(),
  newBalanceCents: z.number().int(),
  /** The customer's tier after the refund left their total spend (applies from the next purchase); null without a customer. */
  tier: Tier.nullable(),
});
export type RefundResponse = z.infer<typeof RefundResponse>;

/** POST /api/t/{slug}/transactions/{id}/void: why the redemption is voided (3–200 characters). */
export const VoidRequest = z.object({ reason: reasonText });
export type VoidRequest = z.infer<typeof VoidRequest>;

/** Void answer: the VOID row and the amount given back to the card (cents). */
export const VoidResponse = z.object({
  transactionId: z.string(),
  restoredCents: z.number().int(),
  newBalanceCents: z.number().int(),
});
export type VoidResponse = z.infer<typeof VoidResponse>;

/** POST /api/t/{slug}/cards/{cardUid}/adjust: a non-zero change of at most $1,000.00 either way, with a reason. */
export const AdjustRequest = z.object({
  deltaCents: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be whole cents')
    .refine((d) => d !== 0, 'Amount must not be zero')
    .refine((d) => Math.abs(d) <= MAX_ADJUST_CENTS, 'An adjustment can be at most $1,000.00 either way'),
  reason: reasonText,
});
export type AdjustRequest = z.infer<typeof AdjustRequest>;

/** Adjust answer: the ADJUST row and the card's new balance (cents). */
export const AdjustResponse = z.object({
  transactionId: z.string(),
  deltaCents: z.number().int(),
  newBalanceCents: z.number().int(),
});
export type AdjustResponse = z.infer<typeof AdjustResponse>;

/** GET /api/t/{slug}/transactions/{id}: the row and the rows reversing it, oldest first. */
export const TransactionDetail = TransactionItem.extend({ reversals: z.array(TransactionItem) });
export type TransactionDetail = z.infer<typeof TransactionDetail>;
