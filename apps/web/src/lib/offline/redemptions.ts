import { OFFLINE_REDEMPTION_TEXT, type OfflineSettings, type RedeemRequest } from '@loyalty/contract';
import { offlineDb } from './db';
import { announce, newQueued, slugRange } from './queue';

/**
 * Offline redemptions (docs/product.md 'Offline till'): refused unless the Store Admin allows
 * them, and then only up to the cap per redemption and the cap per card a day. The till checks
 * the caps before it queues one, counting what it redeemed offline on the card that local day
 * (queued or already sent: the tally store); the server checks them again when it arrives. Money
 * is integer cents.
 */

/** Why the till refuses an offline redemption: a key of OFFLINE_REDEMPTION_TEXT, or the card's kept balance. */
export type OfflineRedeemRefusal = keyof typeof OFFLINE_REDEMPTION_TEXT | 'insufficientBalance';

/** The till's local day of `date`, 'YYYY-MM-DD' (the business day of the per-card cap). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The local checks of an offline redemption of `amountCents` on a card holding `balanceCents`
 * (its kept copy) that this till already redeemed `redeemedTodayCents` from offline today:
 * 'notAllowed' without settings or when the Store Admin has not allowed them, 'overTransactionCap'
 * above `maxPerTransactionCents`, 'overCardCap' when the day's total would pass
 * `maxPerCardPerDayCents`, 'insufficientBalance' above the balance; null when it may be queued.
 */
export function offlineRedeemRefusal(
  settings: OfflineSettings | null,
  amountCents: number,
  balanceCents: number,
  redeemedTodayCents: number,
): OfflineRedeemRefusal | null {
  const caps = settings?.redemptions;
  if (!caps?.enabled) return 'notAllowed';
  if (amountCents > caps.maxPerTransactionCents) return 'overTransactionCap';
  if (redeemedTodayCents + amountCents > caps.maxPerCardPerDayCents) return 'overCardCap';
  if (amountCents > balanceCents) return 'insufficientBalance';
  return null;
}

/** An offline redemption as the redeem form hands it over: its body, key and the time it was made. */
export interface OfflineRedemption {
  slug: string;
  key: string;
  body: RedeemRequest;
  /** ISO-8601 time the cashier pressed the button (sent as `occurredAt`). */
  occurredAt: string;
  /** True when an online attempt went out without an answer (see QueuedMovement.sentOnline). */
  sentOnline: boolean;
}

/**
 * Checks the caps ({@link offlineRedeemRefusal}) against the card's tally of the redemption's local
 * day and, when they allow it, in the same IndexedDB transaction: queues the redemption (kind
 * 'redeem', its own key, `occurredAt` in the body), adds its amount to the tally, lowers the kept
 * card's balance by it and drops the tallies of other days. The same key again changes nothing.
 * @returns the refusal, or null once queued.
 * @throws when IndexedDB is not available or refuses the write (the caller tells the cashier).
 */
export async function queueOfflineRedemption(
  settings: OfflineSettings | null,
  balanceCents: number,
  { slug, key, body, occurredAt, sentOnline }: OfflineRedemption,
): Promise<OfflineRedeemRefusal | null> {
  const day = localDay(new Date(occurredAt));
  const tx = (await offlineDb()).transaction(['queue', 'tallies', 'cards'], 'readwrite');
  const [queue, tallies, cards] = [tx.objectStore('queue'), tx.objectStore('tallies'), tx.objectStore('cards')];
  let refusal: OfflineRedeemRefusal | null = null;
  if (!(await queue.get(key))) {
    const tally = (await tallies.get([slug, body.cardUid, day]))?.cents ?? 0;
    refusal = offlineRedeemRefusal(settings, body.amountCents, balanceCents, tally);
    if (!refusal) {
      const last = await queue.index('order').openCursor(slugRange(slug), 'prev');
      await queue.add(newQueued({ kind: 'redeem', body: { ...body, occurredAt }, key, slug, occurredAt, sentOnline }, last?.value.seq ?? 0));
      await tallies.put({ slug, cardUid: body.cardUid, day, cents: tally + body.amountCents });
      const kept = await cards.get([slug, body.cardUid]);
      if (kept) await cards.put({ ...kept, card: { ...kept.card, balanceCents: Math.max(0, kept.card.balanceCents - body.amountCents) } });
      for (let old = await tallies.index('day').openCursor(); old; old = await old.continue()) if (old.value.day !== day) await old.delete();
    }
  }
  await tx.done;
  if (!refusal) announce({ type: 'changed', slug });
  return refusal;
}
