import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const tones = {
  indigo: 'bg-indigo-50 text-indigo-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  orange: 'bg-orange-50 text-orange-600',
  sky: 'bg-sky-50 text-sky-600',
} as const;

/**
 * One stat tile of the Customer dashboard: icon, label and a big value; icon above the text on
 * phones, on the left from sm. A definition list group (a `<div>` of the page's `<dl>` holding
 * the `<dt>` and `<dd>` directly, as HTML requires); the decorative icon sits inside the `<dt>`.
 */
export function StatCard({ label, value, icon, tone = 'indigo' }: { label: string; value: string; icon: ReactNode; tone?: keyof typeof tones }) {
  return (
    <div className="relative flex min-w-0 flex-col justify-center rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 sm:pl-20">
      <dt className="min-w-0">
        <span aria-hidden="true" className={cn('mb-3 flex h-11 w-11 shrink-0 items-center justify-center rounded-xl sm:absolute sm:top-1/2 sm:left-5 sm:mb-0 sm:-translate-y-1/2', tones[tone])}>
          {icon}
        </span>
        <span className="block truncate text-sm font-medium text-slate-500">{label}</span>
      </dt>
      <dd className="mt-0.5 truncate text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}
