import type { CardResponse } from '@loyalty/contract';
import { offlineDb } from './db';
import type { CachedCard } from './types';

/**
 * The cards this till looked up lately (docs/product.md 'Offline till'): each lookup keeps the
 * card per tenant slug and card UID in IndexedDB, so the POS can show it with no connection.
 * Entries older than {@link CARD_CACHE_DAYS} days are dropped. Writes are best effort: a browser
 * without IndexedDB keeps nothing and the POS works online as before.
 */

/** How long a looked-up card is kept: 30 days. */
export const CARD_CACHE_DAYS = 30;
const MAX_AGE_MS = CARD_CACHE_DAYS * 86_400_000;

/** Keeps `card` (balance in cents) as looked up at `now` (ms), and drops the entries older than 30 days. */
export async function saveCard(slug: string, card: CardResponse, now = Date.now()): Promise<void> {
  try {
    const db = await offlineDb();
    const tx = db.transaction('cards', 'readwrite');
    await tx.store.put({ slug, cardUid: card.cardUid, card, savedAt: now });
    let old = await tx.store.index('savedAt').openCursor(IDBKeyRange.upperBound(now - MAX_AGE_MS, true));
    while (old) {
      await old.delete();
      old = await old.continue();
    }
    await tx.done;
  } catch {
    /* best effort: no IndexedDB, or storage full */
  }
}

/**
 * The card `cardUid` of `slug` as last looked up here, or null when it was never looked up, is
 * older than 30 days at `now` (the entry is dropped then) or IndexedDB is not available.
 */
export async function readCachedCard(slug: string, cardUid: string, now = Date.now()): Promise<CachedCard | null> {
  try {
    const db = await offlineDb();
    const entry = await db.get('cards', [slug, cardUid]);
    if (!entry) return null;
    if (entry.savedAt > now - MAX_AGE_MS) return entry;
    await db.delete('cards', [slug, cardUid]);
  } catch {
    /* no IndexedDB: nothing kept */
  }
  return null;
}

/** Sets the kept card's balance (cents) after the server accepted a movement; its lookup time stays. */
export async function updateCachedBalance(slug: string, cardUid: string, balanceCents: number): Promise<void> {
  try {
    const db = await offlineDb();
    const tx = db.transaction('cards', 'readwrite');
    const entry = await tx.store.get([slug, cardUid]);
    if (entry) await tx.store.put({ ...entry, card: { ...entry.card, balanceCents } });
    await tx.done;
  } catch {
    /* best effort */
  }
}

/** sessionStorage key of the card open on this tab's POS of `slug`. */
const openCardKey = (slug: string) => `loyalty-pos-card:${slug}`;

/** The card UID open on this tab's POS of `slug` (kept across a reload of the page), or null. */
export function openPosCard(slug: string): string | null {
  try {
    return sessionStorage.getItem(openCardKey(slug));
  } catch {
    return null;
  }
}

/** Remembers (or with null forgets) the card UID open on this tab's POS of `slug`. */
export function rememberPosCard(slug: string, cardUid: string | null): void {
  try {
    if (cardUid) sessionStorage.setItem(openCardKey(slug), cardUid);
    else sessionStorage.removeItem(openCardKey(slug));
  } catch {
    /* storage disabled: a reload starts with no card */
  }
}

/** Forgets every open POS card of this tab (sign-out). */
export function forgetPosCards(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(openCardKey(''))) sessionStorage.removeItem(key);
  } catch {
    /* storage disabled: nothing kept */
  }
}
