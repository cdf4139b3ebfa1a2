import { useState } from 'react';
import { ListChecks, RefreshCw, WifiOff } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMessages } from '@/lib/i18n';
import { useOfflineQueue, useOnline } from '@/lib/offline/use-offline';
import { posMessages } from '../messages';
import { QueueDialog } from './queue-dialog';

/**
 * The POS's offline indicator (docs/product.md 'Offline till'): 'Offline: 2 waiting to sync' while
 * the browser is offline ('2 waiting to sync' online while the sender works through them), the
 * number of sync conflicts in red, and 'Sync queue', which opens the queue dialog. Nothing shows
 * online with an empty queue.
 */
export function OfflineStatus({ slug }: { slug: string }) {
  const t = useMessages(posMessages);
  const online = useOnline();
  const items = useOfflineQueue(slug);
  const [open, setOpen] = useState(false);
  const conflicts = items.filter((item) => item.state === 'conflict').length;
  const waiting = items.length - conflicts;
  const status = !online
    ? waiting > 0
      ? t('offlineWaiting', { count: waiting })
      : t('offlineNothingWaiting')
    : waiting > 0
      ? t('syncWaiting', { count: waiting })
      : null;
  const StatusIcon = online ? RefreshCw : WifiOff;

  return (
    <>
      {(status || items.length > 0) && (
        <div className="flex flex-wrap items-center gap-2">
          <span role="status" className="contents">
            {status && (
              <Badge color="orange" className="px-3 py-1 text-sm">
                <StatusIcon aria-hidden="true" className="h-4 w-4" />
                {status}
              </Badge>
            )}
            {conflicts > 0 && (
              <Badge color="red" className="px-3 py-1 text-sm">
                {t('syncConflicts', { count: conflicts })}
              </Badge>
            )}
          </span>
          {items.length > 0 && (
            <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
              <ListChecks aria-hidden="true" className="h-4 w-4" />
              {t('queueOpen')}
            </Button>
          )}
        </div>
      )}
      <QueueDialog slug={slug} items={items} online={online} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
