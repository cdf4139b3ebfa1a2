import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { tenantKeys } from '@/api/keys';
import { formatCents } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { offlineMessages } from './messages';
import { subscribeQueue } from './queue';
import { syncQueue } from './sync';
import type { QueuedMovement } from './types';

/** How often the sender runs while the tenant area is open: every 30 s (docs/product.md 'Offline till'). */
const SYNC_INTERVAL_MS = 30_000;

/** The toast of a sync conflict: the movement and the server's message. */
function conflictText(item: QueuedMovement): string {
  const values = { amount: formatCents(item.body.amountCents), cardUid: item.body.cardUid, message: item.error ?? '' };
  return translate(offlineMessages, item.kind === 'earn' ? 'conflictToast' : 'conflictToastRedeem', values);
}

/**
 * Runs the offline queue's sender for `slug` while the tenant area is open (null: not at all, e.g.
 * a customer): once at start-up, on the window's `online` event and every 30 s, skipped while the
 * browser says it is offline. A sync conflict is shown to the cashier at once (a toast that stays
 * until closed); an accepted movement marks the card, the ledger lists and the dashboard stale.
 */
export function useOfflineSync(slug: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!slug) return;
    const run = () => {
      if (navigator.onLine) void syncQueue(slug).catch(() => undefined);
    };
    const stop = subscribeQueue((event) => {
      if (event.slug !== slug) return;
      if (event.type === 'conflict') toast.error(conflictText(event.item), { autoClose: false, toastId: `sync-conflict-${event.item.key}` });
      if (event.type === 'synced') {
        for (const key of [tenantKeys.cards(slug), tenantKeys.transactions(slug), tenantKeys.dashboard(slug)])
          void queryClient.invalidateQueries({ queryKey: key });
      }
    });
    run();
    const timer = window.setInterval(run, SYNC_INTERVAL_MS);
    window.addEventListener('online', run);
    return () => {
      stop();
      window.clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, [slug, queryClient]);
}
