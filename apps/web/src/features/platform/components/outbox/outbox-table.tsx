import type { OutboxItem } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { OutboxStatusBadge } from '@/components/ui/badge';
import { Table, type Column } from '@/components/ui/table';
import { formatCount, formatDateTime } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { outboxMessages } from '../../messages-outbox';
import { businessName } from './labels';

/** The subject as a button (keyboard users open the message with it; a click anywhere on the row does the same). */
function SubjectButton({ m, onOpen }: { m: OutboxItem; onOpen: (m: OutboxItem) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(m)}
      title={m.subject}
      className="max-w-[16rem] truncate rounded text-left text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {m.subject}
    </button>
  );
}

const columns = (t: Translate<typeof outboxMessages.en>, onOpen: (m: OutboxItem) => void): Column<OutboxItem>[] => [
  { id: 'created', header: t('columnCreated'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (m) => formatDateTime(m.createdAt) },
  // Two lines per cell (recipient over business, subject over kind) keep the table within a laptop's width.
  {
    id: 'to',
    header: t('columnTo'),
    className: 'max-w-[12rem] text-sm',
    cell: (m) => (
      <>
        <span title={m.to} className="block truncate text-slate-800">
          {m.to}
        </span>
        <span className="block truncate text-xs text-slate-500">{businessName(m)}</span>
      </>
    ),
  },
  {
    id: 'subject',
    header: t('columnSubject'),
    cell: (m) => (
      <>
        <SubjectButton m={m} onOpen={onOpen} />
        <span className="block font-mono text-xs text-slate-500">{m.kind}</span>
      </>
    ),
  },
  { id: 'status', header: t('columnStatus'), cell: (m) => <OutboxStatusBadge status={m.status} /> },
  { id: 'attempts', header: t('columnAttempts'), align: 'right', className: 'text-sm text-slate-700 tabular-nums', cell: (m) => formatCount(m.attempts) },
  {
    id: 'error',
    header: t('columnLastError'),
    className: 'max-w-[12rem] truncate text-sm text-red-700',
    cell: (m) => (m.lastError ? <span title={m.lastError}>{m.lastError}</span> : <span className="text-slate-400">—</span>),
  },
];

/** One message below the lg breakpoint: subject (opens it), recipient, status, business and when it was written. */
function OutboxCard({ m, onOpen }: { m: OutboxItem; onOpen: (m: OutboxItem) => void }) {
  const t = useMessages(outboxMessages);
  return (
    <article aria-label={t('cardLabel', { to: m.to })} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <SubjectButton m={m} onOpen={onOpen} />
        <OutboxStatusBadge status={m.status} />
      </div>
      <p className="mt-1 truncate text-sm text-slate-700">{m.to}</p>
      <p className="mt-1 text-xs text-slate-500">
        {t('cardAttempts', { count: m.attempts, date: formatDateTime(m.createdAt), business: businessName(m), n: formatCount(m.attempts) })}
      </p>
      {m.lastError && <p className="mt-2 line-clamp-2 text-xs text-red-700">{m.lastError}</p>}
    </article>
  );
}

/**
 * The outbox list: from the lg breakpoint a table with Created, To, Subject (a
 * button), Kind, Business (tenantName or '—'), Status badge, Attempts and Last error; a click
 * on a row opens the message (`onOpen`). Below it one card per message. `loading` shows
 * placeholder rows, `empty` replaces an empty list, `dimmed` while the next filter or page loads.
 */
export function OutboxTable({
  messages,
  onOpen,
  loading,
  dimmed,
  empty,
}: {
  messages: OutboxItem[];
  onOpen: (m: OutboxItem) => void;
  loading?: boolean;
  dimmed?: boolean;
  empty?: ReactNode;
}) {
  const t = useMessages(outboxMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={columns(t, onOpen)}
      rows={messages}
      rowKey={(m) => m.id}
      rowProps={(m) => ({ 'data-testid': 'outbox-row', 'data-status': m.status, className: 'cursor-pointer', onClick: () => onOpen(m) })}
      renderCard={(m) => <OutboxCard m={m} onOpen={onOpen} />}
      listLabel={t('tableCaption')}
      listClassName="space-y-3"
      breakpoint="lg"
      cellClassName="px-2.5 py-3 first:pl-4 last:pr-4"
      framed
      loading={loading}
      empty={empty}
      busy={dimmed}
    />
  );
}
