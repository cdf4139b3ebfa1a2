import type { OutboxAttempt, OutboxItem, OutboxMessage } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { Badge, OutboxStatusBadge } from '@/components/ui/badge';
import { FactRow } from '@/components/ui/facts';
import { Table, type Column } from '@/components/ui/table';
import { formatCount, formatDateTime } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { outboxMessages } from '../../messages-outbox';
import { businessName } from './labels';

/** Recipient, status, kind, business, the times and the attempt count of a message; its last error in a red box. */
export function MessageFacts({ m }: { m: OutboxItem }) {
  const t = useMessages(outboxMessages);
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-6 sm:grid-cols-2">
        <FactRow label={t('factTo')}>{m.to}</FactRow>
        <FactRow label={t('factStatus')}>
          <OutboxStatusBadge status={m.status} />
        </FactRow>
        <FactRow label={t('factKind')}>{m.kind}</FactRow>
        <FactRow label={t('factBusiness')}>{businessName(m)}</FactRow>
        <FactRow label={t('factCreated')}>{formatDateTime(m.createdAt)}</FactRow>
        <FactRow label={t('factSent')}>{formatDateTime(m.sentAt)}</FactRow>
        <FactRow label={t('factAttempts')}>{formatCount(m.attempts)}</FactRow>
        {m.nextAttemptAt && <FactRow label={t('factNextAttempt')}>{formatDateTime(m.nextAttemptAt)}</FactRow>}
      </dl>
      {m.lastError && (
        <Alert tone="error" title={t('lastError')}>
          {m.lastError}
        </Alert>
      )}
    </div>
  );
}

/**
 * The rendered message: the plain-text body (pre-wrapped) and the HTML body in a sandboxed
 * iframe (`sandbox=""`: no scripts, no forms, no navigation, its own origin), titled for screen readers.
 */
export function MessageBodies({ m }: { m: OutboxMessage }) {
  const t = useMessages(outboxMessages);
  return (
    <>
      <section aria-labelledby="outbox-text-heading">
        <h3 id="outbox-text-heading" className="text-sm font-semibold text-slate-900">
          {t('plainText')}
        </h3>
        <pre className="mt-2 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap break-words text-slate-800">
          {m.text}
        </pre>
      </section>
      <section aria-labelledby="outbox-html-heading">
        <h3 id="outbox-html-heading" className="text-sm font-semibold text-slate-900">
          {t('html')}
        </h3>
        <iframe
          title={t('htmlTitle', { subject: m.subject })}
          sandbox=""
          srcDoc={m.html}
          className="mt-2 h-96 w-full rounded-lg border border-slate-200 bg-white"
        />
      </section>
    </>
  );
}

type Attempt = OutboxAttempt & { n: number };

const attemptColumns = (t: Translate<typeof outboxMessages.en>): Column<Attempt>[] => [
  { id: 'n', header: '#', className: 'text-sm text-slate-500 tabular-nums', cell: (a) => a.n },
  { id: 'at', header: t('attemptTime'), className: 'text-sm whitespace-nowrap text-slate-700', cell: (a) => formatDateTime(a.at) },
  {
    id: 'result',
    header: t('attemptResult'),
    className: 'text-sm',
    cell: (a) => (a.ok ? <Badge color="green">{t('attemptAccepted')}</Badge> : <span className="text-red-700">{a.error ?? t('attemptError')}</span>),
  },
  {
    id: 'duration',
    header: t('attemptDuration'),
    align: 'right',
    className: 'text-sm whitespace-nowrap text-slate-700 tabular-nums',
    cell: (a) => t('attemptMs', { n: formatCount(a.durationMs) }),
  },
];

/** Every attempt to hand the message to the SMTP server: time, accepted or the error, duration in ms. */
export function AttemptLog({ attempts }: { attempts: OutboxAttempt[] }) {
  const t = useMessages(outboxMessages);
  return (
    <section aria-labelledby="outbox-attempts-heading">
      <h3 id="outbox-attempts-heading" className="text-sm font-semibold text-slate-900">
        {t('attemptLog')}
      </h3>
      <div className="mt-2">
        <Table
          caption={t('attemptLog')}
          columns={attemptColumns(t)}
          rows={attempts.map((a, i) => ({ ...a, n: i + 1 }))}
          rowKey={(a) => String(a.n)}
          cellClassName="px-3 py-2"
          framed
          empty={<p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">{t('noAttempts')}</p>}
        />
      </div>
    </section>
  );
}
