import type { LiabilityReport } from '@loyalty/contract';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents } from '@/lib/format';

/** Headings of the age buckets (days since the cashback was credited). */
const BUCKET_LABELS: Record<LiabilityReport['byAge'][number]['bucket'], string> = {
  '0-30': '0–30 days',
  '31-90': '31–90 days',
  '91-180': '91–180 days',
  '181-365': '181–365 days',
  '>365': 'Over a year',
};

/**
 * The outstanding cashback by age (open lots by days since credited): a small table, each row
 * with a bar of its share of the total.
 */
export function AgeBuckets({ byAge }: { byAge: LiabilityReport['byAge'] }) {
  const total = byAge.reduce((n, b) => n + b.cents, 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>By age</CardTitle>
      </CardHeader>
      <CardContent>
        <table className="w-full text-sm">
          <caption className="sr-only">Outstanding cashback by age</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Age</th>
              <th scope="col">Share</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {byAge.map((b) => {
              const pct = total > 0 ? Math.round((b.cents * 100) / total) : 0;
              return (
                <tr key={b.bucket}>
                  <th scope="row" className="py-1.5 pr-3 text-left font-normal whitespace-nowrap text-slate-600">
                    {BUCKET_LABELS[b.bucket]}
                  </th>
                  <td className="w-full py-1.5 pr-3">
                    <div className="h-2 rounded-full bg-slate-100" title={`${pct}%`}>
                      <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${pct}%` }} />
                    </div>
                  </td>
                  <td className="py-1.5 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">{formatCents(b.cents)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
