import type { AuditEvent } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { Table, type Column } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { actionLabel, actorLabel } from '../lib/describe';
import { useMessages, type Translate } from '@/lib/i18n';
import { activityMessages } from '../messages';

/** The action as a button that opens the event's details (a click anywhere on the row does too). */
function ActionButton({ e, onOpen }: { e: AuditEvent; onOpen: (e: AuditEvent) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(e)}
      className="rounded text-left text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {actionLabel(e.action)}
    </button>
  );
}

/** The table's columns, headed in the catalog's language; 'Tenant' for the operator's list only. */
const columns = (t: Translate<(typeof activityMessages)['en']>, onOpen: (e: AuditEvent) => void, withTenant: boolean): Column<AuditEvent>[] => [
  { id: 'when', header: t('columnWhen'), className: 'text-sm whitespace-nowrap text-slate-600', cell: (e) => formatDateTime(e.createdAt) },
  ...(withTenant
    ? [
        {
          id: 'tenant',
          header: t('columnTenant'),
          className: 'text-sm text-slate-700',
          cell: (e: AuditEvent) => e.tenant?.name ?? <span className="text-slate-500">{t('platform')}</span>,
        },
      ]
    : []),
  {
    id: 'action',
    header: t('columnAction'),
    cell: (e) => (
      <>
        <ActionButton e={e} onOpen={onOpen} />
        <span className="block font-mono text-xs text-slate-500">{e.action}</span>
      </>
    ),
  },
  { id: 'actor', header: t('columnBy'), className: 'text-sm text-slate-800', cell: (e) => actorLabel(e.actor) },
  { id: 'ip', header: t('columnAddress'), className: 'font-mono text-xs text-slate-600', cell: (e) => e.ip ?? '—' },
];

/** One event below the lg breakpoint: action (opens it), who, when and where from. */
function ActivityCard({ e, onOpen }: { e: AuditEvent; onOpen: (e: AuditEvent) => void }) {
  return (
    <article aria-label={actionLabel(e.action)} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <ActionButton e={e} onOpen={onOpen} />
      <p className="mt-1 text-sm text-slate-700">{actorLabel(e.actor)}</p>
      <p className="mt-1 text-xs text-slate-500">
        {formatDateTime(e.createdAt)}
        {e.tenant ? ` · ${e.tenant.name}` : ''}
        {e.ip ? ` · ${e.ip}` : ''}
      </p>
    </article>
  );
}

/**
 * The Activity table (newest first): when, (the operator's) tenant, action, by whom and from
 * which address; a row opens the event's details. Loading and empty states as every list.
 */
export function ActivityTable({
  events,
  onOpen,
  loading,
  withTenant = false,
  empty,
}: {
  events: AuditEvent[];
  onOpen: (e: AuditEvent) => void;
  loading: boolean;
  withTenant?: boolean;
  empty: ReactNode;
}) {
  const t = useMessages(activityMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={columns(t, onOpen, withTenant)}
      rows={events}
      rowKey={(e) => e.id}
      rowProps={(e) => ({ 'data-action': e.action, onClick: () => onOpen(e), className: 'cursor-pointer hover:bg-slate-50' })}
      renderCard={(e) => <ActivityCard e={e} onOpen={onOpen} />}
      listLabel={t('tableCaption')}
      listClassName="space-y-3"
      breakpoint="lg"
      loading={loading}
      loadingLabel={t('tableLoading')}
      empty={empty}
    />
  );
}
