import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CachedCard, OfflineRedeemTally, QueuedMovement, SavedAnswer } from './types';

/** The IndexedDB database of the offline till (docs/product.md 'Offline till'). */
const DB_NAME = 'loyalty-offline';
const DB_VERSION = 2;

/**
 * The stores: cards by [slug, cardUid], the queue by its Idempotency-Key, answers by [slug, name],
 * and (version 2) the offline redemptions' tally by [slug, cardUid, day].
 */
interface OfflineSchema extends DBSchema {
  cards: { key: [string, string]; value: CachedCard; indexes: { savedAt: number } };
  queue: { key: string; value: QueuedMovement; indexes: { order: [string, number] } };
  answers: { key: [string, string]; value: SavedAnswer };
  tallies: { key: [string, string, string]; value: OfflineRedeemTally; indexes: { day: string } };
}

/** An open connection to the offline database, typed by its stores. */
type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

/**
 * The offline database, opened once per page (and again after another tab upgraded it or the
 * browser closed it). Rejects where the browser has no IndexedDB (a private window of an old
 * browser, the unit tests that do not install one).
 */
export function offlineDb(): Promise<OfflineDb> {
  if (typeof indexedDB === 'undefined') return Promise.reject(new Error('IndexedDB is not available'));
  opening ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('cards', { keyPath: ['slug', 'cardUid'] }).createIndex('savedAt', 'savedAt');
        db.createObjectStore('queue', { keyPath: 'key' }).createIndex('order', ['slug', 'seq']);
        db.createObjectStore('answers', { keyPath: ['slug', 'name'] });
      }
      if (oldVersion < 2) db.createObjectStore('tallies', { keyPath: ['slug', 'cardUid', 'day'] }).createIndex('day', 'day');
    },
    blocking() {
      void closeOfflineDb();
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Closes the connection; the next call opens it again (another tab's upgrade, the tests' fresh database). */
export async function closeOfflineDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
