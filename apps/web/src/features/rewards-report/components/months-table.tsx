import type { RewardsMonth } from '@loyalty/contract';
import { Card } from '@/components/ui/card';
import { Table, type Column } from '@/components/ui/table';
import { formatCents, formatCount } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { BONUS_REASON_LABELS } from '@/lib/labels';
import { rewardsReportMessages } from '../messages';
import { bonusOf, bonusTotals, monthLabel, REASONS, type MonthFigures } from '../report-figures';

type Messages = (typeof rewardsReportMessages)['en'];

/** A column's header: its name and, smaller under it, what its figures are. */
function Heading({ name, parts }: { name: string; parts: string }) {
  return (
    <>
      {name}
      <span className="block font-normal tracking-normal normal-case">{parts}</span>
    </>
  );
}

/** The texts of one month's cells, by column id (the table's cells and the phone card read the same). */
function cellsOf(m: MonthFigures): Record<string, string> {
  const cells: Record<string, string> = {};
  for (const reason of REASONS) {
    const b = bonusOf(m, reason);
    cells[reason] = `${formatCount(b.count)} · ${formatCents(b.amountCents)}`;
  }
  cells.spent = formatCents(bonusTotals(m).redeemedCents);
  cells.referrals = [m.referrals.invited, m.referrals.joined, m.referrals.converted].map(formatCount).join(' / ');
  cells.winBack = [m.winBack.sent, m.winBack.cameBack].map(formatCount).join(' / ');
  return cells;
}

/** The figure columns after Month: the four reasons (their ledger labels), Spent, Referrals and Win-back offers. */
function figureColumns(t: Translate<Messages>): { id: string; header: string; parts?: string }[] {
  return [
    ...REASONS.map((reason) => ({ id: reason, header: BONUS_REASON_LABELS[reason] })),
    { id: 'spent', header: t('columnSpent') },
    { id: 'referrals', header: t('columnReferrals'), parts: t('columnReferralsParts') },
    { id: 'winBack', header: t('columnWinBack'), parts: t('columnWinBackParts') },
  ];
}

function columnsOf(t: Translate<Messages>): Column<RewardsMonth>[] {
  return [
    { id: 'month', header: t('columnMonth'), className: 'text-sm font-medium whitespace-nowrap text-slate-900', cell: (m) => monthLabel(m.month) },
    ...figureColumns(t).map((c) => ({
      id: c.id,
      header: c.parts ? <Heading name={c.header} parts={c.parts} /> : c.header,
      align: 'right' as const,
      className: 'text-sm whitespace-nowrap text-slate-700 tabular-nums',
      cell: (m: RewardsMonth) => cellsOf(m)[c.id],
    })),
  ];
}

/** One month on a phone: its name, then every figure under its column's name. */
function MonthCard({ month, t }: { month: RewardsMonth; t: Translate<Messages> }) {
  const cells = cellsOf(month);
  return (
    <div className="px-4 py-3">
      <p className="text-sm font-semibold text-slate-900">{monthLabel(month.month)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
        {figureColumns(t).map((c) => (
          <div key={c.id} className="contents">
            <dt className="text-slate-500">{c.parts ? `${c.header} (${c.parts})` : c.header}</dt>
            <dd className="text-right text-slate-800 tabular-nums">{cells[c.id]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The Rewards page's months, oldest first: per month each reason's bonuses ('count · $amount'),
 * what of them was spent, referrals (invited / joined / converted) and win-back offers (sent /
 * back). A table from md, a card per month on a phone; `loading` draws placeholder rows.
 */
export function MonthsTable({ months, loading }: { months: RewardsMonth[]; loading: boolean }) {
  const t = useMessages(rewardsReportMessages);
  return (
    <Card>
      <Table
        caption={t('tableCaption')}
        columns={columnsOf(t)}
        rows={months}
        rowKey={(m) => m.month}
        renderCard={(m) => <MonthCard month={m} t={t} />}
        listLabel={t('tableCaption')}
        loading={loading}
        loadingLabel={t('loadingMonths')}
      />
    </Card>
  );
}
