import { isApiError } from '@/lib/api';
import { forgetPosCards } from './card-cache';
import { offlineDb } from './db';

/**
 * The start of a signed-in screen with no connection (docs/product.md 'Offline till'): the GET
 * calls the tenant area and the POS need before anything shows (the tenant view) are asked from
 * the network first, and when no answer comes (a network failure, status 0) the last answer this
 * browser received for the same slug stands in. The session itself is the auth store's persisted
 * copy (lib/auth-store.ts), which the start-up check keeps on a network failure.
 */

/**
 * `fetch()`'s answer, kept as `name` of `slug`; on a network failure (ApiError status 0) the last
 * kept answer instead. Any other failure (401, 404, 5xx), or a network failure with nothing kept,
 * is thrown as is.
 */
export async function withOfflineFallback<T>(slug: string, name: string, fetch: () => Promise<T>): Promise<T> {
  try {
    const value = await fetch();
    void saveAnswer(slug, name, value);
    return value;
  } catch (error) {
    if (isApiError(error, 0)) {
      const saved = await readAnswer(slug, name);
      if (saved) return saved.value as T;
    }
    throw error;
  }
}

async function saveAnswer(slug: string, name: string, value: unknown): Promise<void> {
  try {
    await (await offlineDb()).put('answers', { slug, name, value, savedAt: Date.now() });
  } catch {
    /* best effort */
  }
}

async function readAnswer(slug: string, name: string) {
  try {
    return (await (await offlineDb()).get('answers', [slug, name])) ?? null;
  } catch {
    return null;
  }
}

/**
 * Forgets what this browser kept for the signed-in user (sign-out, an ended session): the cards
 * looked up, the kept answers and the open POS card. The queue of unsent movements stays: it is
 * money owed to card holders, sent when someone signs in to that business here again (the
 * sign-out asks first when it is not empty).
 */
export async function forgetSignedInData(): Promise<void> {
  forgetPosCards();
  try {
    const db = await offlineDb();
    const tx = db.transaction(['cards', 'answers'], 'readwrite');
    await Promise.all([tx.objectStore('cards').clear(), tx.objectStore('answers').clear(), tx.done]);
  } catch {
    /* no IndexedDB: nothing kept */
  }
}
