import type { SyncConflictItem } from '@loyalty/contract';
import { CloudCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column } from '@/components/ui/table';
import { useMessages, type Translate } from '@/lib/i18n';
import { conflictMessages } from '../messages-conflicts';
import { ConflictActions, MovementCell, ReasonCell, TillCell } from './conflict-cells';

/** What the table needs besides the conflicts: the tenant (for the card links) and the action on an open conflict. */
interface ConflictsTableActions {
  slug: string;
  onResolve: (conflict: SyncConflictItem) => void;
}

function columnsOf(t: Translate<(typeof conflictMessages)['en']>, a: ConflictsTableActions): Column<SyncConflictItem>[] {
  return [
    { id: 'movement', header: t('columnMovement'), cell: (c) => <MovementCell conflict={c} slug={a.slug} /> },
    { id: 'till', header: t('columnTill'), headerClassName: 'whitespace-nowrap', cell: (c) => <TillCell conflict={c} /> },
    { id: 'reason', header: t('columnReason'), cell: (c) => <ReasonCell conflict={c} /> },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columnActions')}</span>,
      align: 'right',
      cell: (c) => <ConflictActions conflict={c} onResolve={a.onResolve} />,
    },
  ];
}

/** One conflict on a phone: the movement, card and status, who made it and when, the reason with what to do, the action. */
function ConflictCard({ conflict, actions }: { conflict: SyncConflictItem; actions: ConflictsTableActions }) {
  return (
    <div className="space-y-3 px-4 py-4">
      <MovementCell conflict={conflict} slug={actions.slug} />
      <TillCell conflict={conflict} />
      <ReasonCell conflict={conflict} />
      <ConflictActions conflict={conflict} onResolve={actions.onResolve} />
    </div>
  );
}

/**
 * The sync conflicts of the Review page (docs/product.md 'Offline till'), newest first: per conflict
 * the movement (Earn or Redemption, its amount), the card (linking to the Cards page) and the status;
 * the staff member and store, when it happened and arrived; why it was refused with what to do; and
 * Mark resolved on an open one (who resolved it on a resolved one). A table from lg, a card per
 * conflict below; loading rows; 'No sync conflicts' when there is none.
 */
export function ConflictsTable({
  conflicts,
  loading,
  busy,
  ...actions
}: ConflictsTableActions & { conflicts: readonly SyncConflictItem[]; loading: boolean; busy: boolean }) {
  const t = useMessages(conflictMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={columnsOf(t, actions)}
      rows={conflicts}
      rowKey={(c) => c.id}
      rowProps={(c) => ({ 'data-status': c.status })}
      renderCard={(c) => <ConflictCard conflict={c} actions={actions} />}
      listLabel={t('tableCaption')}
      breakpoint="lg"
      loading={loading}
      loadingLabel={t('loading')}
      busy={busy}
      cellClassName="px-4 py-3 align-top"
      empty={
        <EmptyState framed={false} icon={<CloudCheck aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
      }
    />
  );
}
