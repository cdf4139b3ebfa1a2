import type { RiskFlagItem } from '@loyalty/contract';
import { ShieldCheck } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column } from '@/components/ui/table';
import { useMessages, type Translate } from '@/lib/i18n';
import { reviewMessages } from '../messages';
import { CardCell, FlagActions, LimitCell, MovementsList, StaffCell, StatusCell } from './flag-cells';

/** What the table needs besides the flags: the tenant (for the card links) and the actions on an open flag. */
interface FlagsTableActions {
  slug: string;
  /** The id of the flag being dismissed, if any. */
  dismissing?: string;
  onDismiss: (flag: RiskFlagItem) => void;
  onBlock: (flag: RiskFlagItem) => void;
}

function columnsOf(t: Translate<(typeof reviewMessages)['en']>, a: FlagsTableActions): Column<RiskFlagItem>[] {
  return [
    { id: 'limit', header: t('columnLimit'), cell: (f) => <LimitCell flag={f} /> },
    { id: 'card', header: t('columnCard'), cell: (f) => <CardCell flag={f} slug={a.slug} /> },
    { id: 'staff', header: t('columnStaff'), headerClassName: 'whitespace-nowrap', cell: (f) => <StaffCell item={f} /> },
    { id: 'movements', header: t('columnMovements'), cell: (f) => <MovementsList flag={f} /> },
    { id: 'status', header: t('columnStatus'), cell: (f) => <StatusCell flag={f} /> },
    {
      id: 'actions',
      header: <span className="sr-only">{t('columnActions')}</span>,
      align: 'right',
      cell: (f) => <FlagActions flag={f} dismissing={a.dismissing === f.id} onDismiss={a.onDismiss} onBlock={a.onBlock} />,
    },
  ];
}

/** One flag on a phone: the limit and day, the card and holder, staff and store, the movements, the status, the actions. */
function FlagCard({ flag, actions }: { flag: RiskFlagItem; actions: FlagsTableActions }) {
  return (
    <div className="space-y-3 px-4 py-4">
      <div className="flex items-start justify-between gap-3">
        <LimitCell flag={flag} />
        <StatusCell flag={flag} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <CardCell flag={flag} slug={actions.slug} />
        <StaffCell item={flag} />
      </div>
      <MovementsList flag={flag} />
      <FlagActions flag={flag} dismissing={actions.dismissing === flag.id} onDismiss={actions.onDismiss} onBlock={actions.onBlock} />
    </div>
  );
}

/**
 * The flags of the Review page (docs/product.md 'Velocity limits'), newest first: per flag the
 * limit in words and the day, the card (linking to the Cards page) and holder, the staff member and
 * store, the movements, the status, and Dismiss / Block card on an open one. A table from lg, a
 * card per flag below; loading rows; 'Nothing to review' when there is no flag.
 */
export function FlagsTable({ flags, loading, busy, ...actions }: FlagsTableActions & { flags: readonly RiskFlagItem[]; loading: boolean; busy: boolean }) {
  const t = useMessages(reviewMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={columnsOf(t, actions)}
      rows={flags}
      rowKey={(f) => f.id}
      rowProps={(f) => ({ 'data-status': f.status })}
      renderCard={(f) => <FlagCard flag={f} actions={actions} />}
      listLabel={t('tableCaption')}
      breakpoint="lg"
      loading={loading}
      loadingLabel={t('loading')}
      busy={busy}
      cellClassName="px-4 py-3 align-top"
      empty={
        <EmptyState framed={false} icon={<ShieldCheck aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
      }
    />
  );
}
