/**
 * Refunds of a purchase (docs/product.md 'Refunds and voids'): how much of the cashback a purchase
 * earned comes back out when part or all of it is refunded. Pure; every amount integer cents.
 */

/** A purchase as the ledger recorded it: its amount and the cashback it earned (cents). */
export interface RefundablePurchase {
  amountCents: number;
  cashbackCents: number;
}

/**
 * The cashback (cents) to claw back when `refundedCents` more of `purchase` is refunded,
 * after earlier refunds totalling `prior` (their purchase amounts and claw-backs). In
 * proportion, rounded down: `floor(cashback × refunded / amount)`; the refund that completes
 * the purchase takes the exact remainder (`cashback − prior claw-backs`), so refunding a
 * purchase in parts claws back exactly what it earned (Square's prorated refunds).
 * Throws RangeError when `refundedCents` is not a positive integer or exceeds what is left.
 */
export function clawbackCents(purchase: RefundablePurchase, prior: RefundablePurchase, refundedCents: number): number {
  const remaining = purchase.amountCents - prior.amountCents;
  if (!Number.isInteger(refundedCents) || refundedCents <= 0 || refundedCents > remaining) {
    throw new RangeError(`refund of ${refundedCents} cents outside 1..${remaining}`);
  }
  if (refundedCents === remaining) return purchase.cashbackCents - prior.cashbackCents;
  return Math.floor((purchase.cashbackCents * refundedCents) / purchase.amountCents);
}
