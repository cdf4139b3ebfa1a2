import { Badge, type BadgeColor } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCents, formatDateTime } from '@/lib/format';
import { useMessages, type MessageKey } from '@/lib/i18n';
import type { QueuedMovement, QueueState } from '@/lib/offline/types';
import { posMessages } from '../messages';

const STATE_LABELS: Record<QueueState, MessageKey<typeof posMessages.en>> = {
  waiting: 'queueStateWaiting',
  sending: 'queueStateSending',
  conflict: 'queueStateConflict',
};
const STATE_COLORS: Record<QueueState, BadgeColor> = { waiting: 'orange', sending: 'indigo', conflict: 'red' };

/**
 * One movement of the sync queue: amount (cents, formatted), kind, card UID, when it happened,
 * its state badge, the server's message of a conflict (or the last failure of a waiting item), and
 * its actions: 'Retry' (not while sending; off when `canRetry` is false) and, on a conflict,
 * 'Remove from this till'.
 */
export function QueueRow({ item, canRetry, onRetry, onRemove }: { item: QueuedMovement; canRetry: boolean; onRetry: () => void; onRemove: () => void }) {
  const t = useMessages(posMessages);
  const what = { amount: formatCents(item.body.amountCents), cardUid: item.body.cardUid };
  const conflict = item.state === 'conflict';
  return (
    <li className="flex flex-wrap items-start gap-3 py-3" data-testid="queue-item">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          <span className="tabular-nums">{what.amount}</span> · {t(item.kind === 'earn' ? 'queueKindEarn' : 'queueKindRedeem')} ·{' '}
          <span className="font-mono">{item.body.cardUid}</span>
        </p>
        <p className="text-xs text-slate-600">{formatDateTime(item.occurredAt)}</p>
        {item.error && (
          <p className={conflict ? 'mt-1 text-sm text-red-700' : 'mt-1 text-xs text-slate-600'}>
            {conflict ? item.error : t('queueLastError', { message: item.error })}
          </p>
        )}
      </div>
      <Badge color={STATE_COLORS[item.state]}>{t(STATE_LABELS[item.state])}</Badge>
      <div className="flex gap-2">
        {item.state !== 'sending' && (
          <Button size="sm" variant="outline" aria-label={t('queueRetryItem', what)} disabled={!canRetry} onClick={onRetry}>
            {t('queueRetry')}
          </Button>
        )}
        {conflict && (
          <Button size="sm" variant="danger" aria-label={t('queueRemoveItem', what)} onClick={onRemove}>
            {t('queueRemove')}
          </Button>
        )}
      </div>
    </li>
  );
}
