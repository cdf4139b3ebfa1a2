import type { OutboxItem } from '@loyalty/contract';
import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useMessages } from '@/lib/i18n';
import { useOutboxMessage } from '../../api/outbox';
import { outboxMessages } from '../../messages-outbox';
import { canResend } from './labels';
import { AttemptLog, MessageBodies, MessageFacts } from './message-sections';

/**
 * The message dialog of the outbox, titled by the subject: its facts (recipient,
 * status, kind, business, times, attempts, last error), then, once GET /api/platform/outbox/{id}
 * answered, the plain-text and HTML bodies and the attempt log (a spinner meanwhile, an error
 * with 'Try again' when it failed). Footer: Close and 'Resend' (`onResend`, spinning while
 * `resending`; disabled while a worker is sending the message).
 */
export function OutboxMessageDialog({
  item,
  onClose,
  onResend,
  resending,
}: {
  item: OutboxItem | null;
  onClose: () => void;
  onResend: (id: string) => void;
  resending: boolean;
}) {
  const t = useMessages(outboxMessages);
  const detail = useOutboxMessage(item?.id ?? null);
  const m = detail.data ?? item;
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      size="xl"
      title={m?.subject ?? ''}
      footer={
        m && (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('close')}
            </Button>
            <Button onClick={() => onResend(m.id)} loading={resending} disabled={!canResend(m)} title={canResend(m) ? undefined : t('resendBusy')}>
              {!resending && <RotateCw aria-hidden="true" className="h-4 w-4" />}
              {t('resend')}
            </Button>
          </>
        )
      }
    >
      {m && (
        <div className="space-y-6">
          <MessageFacts m={m} />
          {detail.data && <MessageBodies m={detail.data} />}
          {detail.data && <AttemptLog attempts={detail.data.attemptLog} />}
          {detail.isPending && (
            <div className="flex justify-center py-6 text-indigo-600">
              <Spinner label={t('loadingMessage')} />
            </div>
          )}
          {detail.isError && !detail.data && <LoadError title={t('messageLoadFailed')} query={detail} fallback={t('messageLoadFailedFallback')} compact />}
        </div>
      )}
    </Dialog>
  );
}
