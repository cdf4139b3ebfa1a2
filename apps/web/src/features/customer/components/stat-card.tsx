import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  orange: 'bg-orange-50 text-orange-600',
  sky: 'bg-sky-50 text-sky-600',
} as const;

/** One stat tile of the Customer dashboard: icon, label and a big value (a definition list item); icon above the text on phones. */
export function StatCard({ label, value, icon, tone = 'indigo' }: { label: string; value: string; icon: ReactNode; tone?: keyof typeof tones }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span aria-hidden="true" className={cn('flex h-11 w-11 shrink-0 items-center justify-center rounded-xl', tones[tone])}>
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="truncate text-sm font-medium text-slate-500">{label}</dt>
        <dd className="mt-0.5 truncate text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
      </div>
    </div>
  );
}
