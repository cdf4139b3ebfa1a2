import { useEffect, useState, useSyncExternalStore } from 'react';
import { listQueue, subscribeQueue } from './queue';
import type { QueuedMovement } from './types';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is connected (`navigator.onLine`), re-rendering on the `online` and `offline` events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

/** Two lists hold the same items in the same states (a reload that changed nothing keeps the old array). */
function sameItems(a: QueuedMovement[], b: QueuedMovement[]): boolean {
  return a.length === b.length && a.every((item, i) => JSON.stringify(item) === JSON.stringify(b[i]));
}

/**
 * The offline queue of `slug` in sending order (every slug's with null), read from IndexedDB and
 * read again on every change in this tab or another (docs/product.md 'Offline till'). Each item:
 * kind, body (card UID, amount in cents), occurredAt, state 'waiting' | 'sending' | 'conflict'
 * and the server's message of a conflict. [] until read, and where the browser has no IndexedDB.
 */
export function useOfflineQueue(slug: string | null): QueuedMovement[] {
  const [items, setItems] = useState<QueuedMovement[]>([]);
  useEffect(() => {
    let live = true;
    const load = () =>
      void listQueue(slug).then(
        (next) => {
          if (live) setItems((prev) => (sameItems(prev, next) ? prev : next));
        },
        () => undefined, // a failed read keeps what was shown; the next change reads again
      );
    load();
    const stop = subscribeQueue((event) => {
      if (slug === null || event.slug === slug) load();
    });
    return () => {
      live = false;
      stop();
    };
  }, [slug]);
  return items;
}
