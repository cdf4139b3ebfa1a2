/**
 * The offer window: when an offer's bonus applies. One rule for every reader: the till's
 * cashback (computeCashback), the dashboard's 'Active Offers', the offers list's badges and
 * the rules preview. Where SQL applies it for speed, the rules module builds the SQL
 * expression of the same rule (`offerRunningSql`) and the ledger's database function
 * `ledger_earn_open` spells it for the till; a property test checks both against
 * `isOfferRunning` (docs/decisions/0030-one-rule-one-place.md).
 *
 * The window is closed at both ends: an active offer runs at every instant t with
 * startAt ≤ t ≤ endAt, so an offer whose end is exactly now still counts (docs/product.md
 * 'Offers'; ADR 0030 says why).
 */

/** An offer's window: two instants, startAt ≤ endAt (the API refuses an end before the start). */
export interface OfferWindow {
  startAt: Date;
  endAt: Date;
}

/** An offer as the cashback formula reads it: bonus bps, its window and its on/off switch. */
export interface OfferInput extends OfferWindow {
  rateMultiplierBps: number;
  isActive: boolean;
}

/** Where `now` falls against a window: before its start, inside it (ends included), after its end. */
export type OfferPhase = 'scheduled' | 'running' | 'ended';

/**
 * The phase of `window` at `now`: 'scheduled' when now < startAt, 'ended' when now > endAt,
 * else 'running' (both ends included). Millisecond precision, as the API's timestamps.
 */
export function offerPhase(window: OfferWindow, now: Date): OfferPhase {
  const t = now.getTime();
  if (t < window.startAt.getTime()) return 'scheduled';
  if (t > window.endAt.getTime()) return 'ended';
  return 'running';
}

/** Whether an offer's bonus applies at `now`: switched on and its window running (startAt ≤ now ≤ endAt). */
export function isOfferRunning(offer: OfferWindow & { isActive: boolean }, now: Date): boolean {
  return offer.isActive && offerPhase(offer, now) === 'running';
}
