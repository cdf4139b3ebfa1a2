import type { CardResponse, EarnRequest, RedeemRequest } from '@loyalty/contract';

/**
 * The shapes the offline till keeps in the browser's IndexedDB (docs/product.md 'Offline till'):
 * the cards looked up lately, the movements waiting to be sent, and the last answers of the GET
 * calls a signed-in screen needs to start. Money is integer cents throughout.
 */

/** Where a queued movement stands: waiting to be sent, being sent now, or refused by the server. */
export type QueueState = 'waiting' | 'sending' | 'conflict';

/**
 * The movement a queued item sends: an earn, or a redemption the Store Admin allows offline up to
 * the caps (lib/offline/redemptions.ts). Each body carries its `occurredAt`.
 */
export type QueuedBody = { kind: 'earn'; body: EarnRequest } | { kind: 'redeem'; body: RedeemRequest };

/** One movement made at this till and not yet accepted by the server. */
export type QueuedMovement = QueuedBody & {
  /** The `Idempotency-Key` made when the cashier pressed the button; every retry sends it again. */
  key: string;
  /** The tenant slug the movement belongs to (sent to /api/t/{slug}/…). */
  slug: string;
  /** Order of queueing within the slug: the queue is sent in ascending `seq`. */
  seq: number;
  /** When the movement happened at the till (ISO-8601 with offset; the earn's `occurredAt`). */
  occurredAt: string;
  /**
   * True when a first attempt went out online (without `occurredAt`) and got no answer: it may have
   * arrived, so a server that fingerprints the body refuses the same key with `occurredAt` added
   * (409 IDEMPOTENCY_KEY_REUSED), and the sender then repeats the first body to get its answer.
   */
  sentOnline: boolean;
  state: QueueState;
  /** How many times the sender has tried it (0 while never tried). */
  attempts: number;
  /** When the current send started (ms since epoch), while `state` is 'sending'. */
  sendingSince: number | null;
  /** The last failure's text while waiting, or the server's refusal while in conflict. */
  error: string | null;
  /** The HTTP status of a conflict (422, 404, 403…); null otherwise. */
  errorStatus: number | null;
};

/** A card as the POS last looked it up, kept 30 days per tenant slug and card UID. */
export interface CachedCard {
  slug: string;
  cardUid: string;
  card: CardResponse;
  /** When it was looked up (ms since epoch): an entry older than 30 days is dropped. */
  savedAt: number;
}

/** The last answer of a GET a signed-in screen needs to start (the tenant view), per slug and name. */
export interface SavedAnswer {
  slug: string;
  name: string;
  value: unknown;
  savedAt: number;
}

/**
 * How much this till redeemed offline on one card on one local day (queued or already sent, cents):
 * the per-card daily cap is checked against it before a redemption is queued.
 */
export interface OfflineRedeemTally {
  slug: string;
  cardUid: string;
  /** The till's local day, 'YYYY-MM-DD'. */
  day: string;
  cents: number;
}
