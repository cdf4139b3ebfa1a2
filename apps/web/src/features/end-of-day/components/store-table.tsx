import type { EndOfDayFigures, EndOfDayReport } from '@loyalty/contract';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, type Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useMessages, type Translate } from '@/lib/i18n';
import { endOfDayMessages } from '../messages';
import { FIGURE_COLUMNS } from '../report-figures';

type Messages = (typeof endOfDayMessages)['en'];

/** One line of a store table: a staff member (an API key, the system) or, last and bold, the store's total. */
interface Line {
  key: string;
  name: string;
  figures: EndOfDayFigures;
  total: boolean;
}

/** The lines of one store: a line per staff member, then the store total. */
function linesOf(store: EndOfDayReport['stores'][number], totalLabel: string): Line[] {
  return [
    ...store.staff.map((s) => ({ key: `${s.kind}:${s.id ?? ''}`, name: s.name, figures: s.figures, total: false })),
    { key: 'total', name: totalLabel, figures: store.figures, total: true },
  ];
}

function columnsOf(t: Translate<Messages>): Column<Line>[] {
  return [
    { id: 'staff', header: t('columnStaff'), className: 'text-sm whitespace-nowrap text-slate-900', cell: (l) => l.name },
    ...FIGURE_COLUMNS.map((c) => ({
      id: c.id,
      header: t(c.header),
      align: 'right' as const,
      className: 'text-sm whitespace-nowrap text-slate-700 tabular-nums',
      cell: (l: Line) => c.cell(l.figures),
    })),
  ];
}

/** One line on a phone: the staff member (or 'Store total'), then every figure under its column's name. */
function LineCard({ line, t }: { line: Line; t: Translate<Messages> }) {
  return (
    <div className={cn('px-4 py-3', line.total && 'bg-slate-50 font-semibold')}>
      <p className="text-sm text-slate-900">{line.name}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        {FIGURE_COLUMNS.map((c) => (
          <div key={c.id} className="contents">
            <dt className="text-slate-500">{t(c.header)}</dt>
            <dd className="text-right text-slate-800 tabular-nums">{c.cell(line.figures)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * One store's day on the End of day page: a card titled with the store's name and a row per staff
 * member (counts and sums of each kind of movement, the cashback issued and the net balance change),
 * then the store total in bold. A table from md, a card per line on a phone.
 */
export function StoreTable({ store }: { store: EndOfDayReport['stores'][number] }) {
  const t = useMessages(endOfDayMessages);
  const caption = t('tableCaption', { store: store.storeName });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{store.storeName}</CardTitle>
      </CardHeader>
      <Table
        caption={caption}
        columns={columnsOf(t)}
        rows={linesOf(store, t('storeTotal'))}
        rowKey={(l) => l.key}
        rowProps={(l) => ({ className: cn(l.total && 'bg-slate-50 font-semibold'), 'data-total': l.total ? 'true' : undefined })}
        renderCard={(l) => <LineCard line={l} t={t} />}
        listLabel={caption}
        scrollable
      />
    </Card>
  );
}
