import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { liabilityMessages } from '../messages';

/** One row of a ShareTable: a label and its amount in cents. */
export interface ShareRow {
  key: string;
  label: string;
  cents: number;
}

/**
 * A card with a small table of amounts (cents), each row with a bar of its share of the total:
 * the liability page's 'By age' and 'By store'. `caption` names the table for screen readers;
 * `empty` is shown instead of the table when there are no rows.
 */
export function ShareTable({
  title,
  caption,
  labelHeading,
  rows,
  empty,
}: {
  title: string;
  caption: string;
  labelHeading: string;
  rows: ShareRow[];
  empty?: string;
}) {
  const t = useMessages(liabilityMessages);
  const total = rows.reduce((n, r) => n + r.cents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">{empty}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">{labelHeading}</th>
                <th scope="col">{t('shareHeading')}</th>
                <th scope="col">{t('amountHeading')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const pct = total > 0 ? Math.round((r.cents * 100) / total) : 0;
                return (
                  <tr key={r.key}>
                    <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap text-slate-600">
                      {r.label}
                    </th>
                    <td className="w-full py-1.5 pr-3">
                      <div className="h-2 rounded-full bg-slate-100" title={`${pct}%`}>
                        <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${pct}%` }} />
                      </div>
                    </td>
                    <td className="py-1.5 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatCents(r.cents)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
