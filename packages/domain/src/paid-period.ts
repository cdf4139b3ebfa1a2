/**
 * The subscription status that follows from what the payment provider told us about a
 * tenant's current subscription, whatever order its events arrived in (ADR 0021 'Billing
 * events in any order'). The facts only ever grow (a later paid period, a later unpaid
 * period, the end of the subscription), and the status is a function of the facts, so every
 * order of the same events gives the same state.
 */

/** Days of POS access after a paid period ended without a new payment (7 days; ADR 0021). */
export const GRACE_DAYS = 7;

/**
 * How long after the end of a paid period the renewal's payment may take before the period
 * counts as unpaid, milliseconds: 3 hours. Stripe finalises and charges a renewal invoice
 * about an hour after the period ends, and its webhook may be retried for a while; the
 * grace period itself still counts from the end of the paid period (subscriptionStatusFromFacts).
 */
export const RENEWAL_TOLERANCE_MS = 3 * 3_600_000;

const DAY_MS = 86_400_000;

/** A paid period `[start, end)`. */
export interface PaidPeriod {
  start: Date;
  end: Date;
}

/**
 * True when `incoming` is newer than the stored paid period `current` (null: none stored):
 * it ends later, or ends at the same time and starts later (a plan change's prorated invoice
 * covers the rest of the period that the renewal invoice covered in full, so its price is the
 * newer one). An equal or older period is not newer.
 */
export function isNewerPaidPeriod(current: PaidPeriod | null, incoming: PaidPeriod): boolean {
  if (!current) return true;
  const byEnd = incoming.end.getTime() - current.end.getTime();
  return byEnd > 0 || (byEnd === 0 && incoming.start.getTime() > current.start.getTime());
}

/** The later of two optional dates (null when both are null). */
export function laterDate(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return b.getTime() > a.getTime() ? b : a;
}

/** What is known about the tenant's current provider subscription. */
export interface SubscriptionFacts {
  /** End of the newest paid period (the tenant's currentPeriodEnd), null before the first payment. */
  paidPeriodEnd: Date | null;
  /** When the subscription ended (deleted or canceled at the provider), null while it runs. */
  endedAt: Date | null;
  /** The latest end of a period the provider reported unpaid (a failed invoice, a past_due subscription), null when none. */
  unpaidPeriodEnd: Date | null;
}

/** The status the facts give: CANCELED or ACTIVE without grace, PAST_DUE with its grace end. */
export type StatusFromFacts = { status: 'CANCELED' | 'ACTIVE'; graceEndsAt: null } | { status: 'PAST_DUE'; graceEndsAt: Date };

/**
 * The subscription status that the facts give at `now` (ADR 0021):
 * - an ended subscription is CANCELED (no grace), whatever else arrives about it;
 * - without a paid period the facts say nothing: null (the tenant keeps its status, e.g. a
 *   trial whose first payment failed);
 * - PAST_DUE when a period after the paid one was reported unpaid, or when the paid period
 *   ended more than RENEWAL_TOLERANCE_MS before `now` without a newer payment; its grace ends
 *   GRACE_DAYS after the end of the paid period (the moment the renewal fell due, the same
 *   whichever event or job noticed it first);
 * - ACTIVE otherwise.
 */
export function subscriptionStatusFromFacts(facts: SubscriptionFacts, now: Date): StatusFromFacts | null {
  if (facts.endedAt) return { status: 'CANCELED', graceEndsAt: null };
  const paidEnd = facts.paidPeriodEnd;
  if (!paidEnd) return null;
  const reportedUnpaid = facts.unpaidPeriodEnd !== null && facts.unpaidPeriodEnd.getTime() > paidEnd.getTime();
  const lapsed = now.getTime() > paidEnd.getTime() + RENEWAL_TOLERANCE_MS;
  if (reportedUnpaid || lapsed) return { status: 'PAST_DUE', graceEndsAt: new Date(paidEnd.getTime() + GRACE_DAYS * DAY_MS) };
  return { status: 'ACTIVE', graceEndsAt: null };
}
