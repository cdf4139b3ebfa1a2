import { useState } from 'react';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { dismissConflict } from '@/lib/offline/queue';
import { retryQueued } from '@/lib/offline/sync';
import type { QueuedMovement } from '@/lib/offline/types';
import { posMessages } from '../messages';
import { QueueRow } from './queue-row';

/**
 * The till's sync queue (docs/product.md 'Offline till'): every movement not yet accepted by the
 * server, in sending order, with its card, amount, time and state (Waiting, Sending, Conflict with
 * the server's message); 'Retry' per item and 'Retry all' (off while offline), and 'Remove from
 * this till' on a conflict, after a confirmation.
 */
export function QueueDialog({
  slug,
  items,
  online,
  open,
  onClose,
}: {
  slug: string;
  items: QueuedMovement[];
  online: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const t = useMessages(posMessages);
  const [removing, setRemoving] = useState<QueuedMovement | null>(null);
  const retry = (key: string | null) => void retryQueued(slug, key).catch(() => undefined);
  const footer = (
    <Button onClick={() => retry(null)} disabled={!online || items.length === 0}>
      <RotateCw aria-hidden="true" className="h-4 w-4" />
      {t('queueRetryAll')}
    </Button>
  );
  return (
    <Dialog open={open} onClose={onClose} title={t('queueTitle')} description={t('queueDescription')} size="lg" footer={footer}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('queueEmpty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <QueueRow key={item.key} item={item} canRetry={online} onRetry={() => retry(item.key)} onRemove={() => setRemoving(item)} />
          ))}
        </ul>
      )}
      {!online && items.length > 0 && <p className="mt-3 text-xs text-slate-600">{t('queueRetryOffline')}</p>}
      <RemoveConflict item={removing} onClose={() => setRemoving(null)} />
    </Dialog>
  );
}

/** 'Remove this sale from the till?': the confirmation before a conflict leaves the queue for good. */
function RemoveConflict({ item, onClose }: { item: QueuedMovement | null; onClose: () => void }) {
  const t = useMessages(posMessages);
  const [pending, setPending] = useState(false);
  const confirm = () => {
    if (!item) return;
    setPending(true);
    void dismissConflict(item.key)
      .catch(() => false)
      .finally(() => {
        setPending(false);
        onClose();
      });
  };
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      title={t('queueRemoveTitle')}
      confirmLabel={t('queueRemove')}
      destructive
      pending={pending}
      onConfirm={confirm}
    >
      {item && (
        <p>
          {t(item.kind === 'earn' ? 'queueRemoveBody' : 'queueRemoveBodyRedeem', { amount: formatCents(item.body.amountCents), cardUid: item.body.cardUid })}
        </p>
      )}
    </ConfirmDialog>
  );
}
