import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

/**
 * One figure of an analytics screen: an icon, its label and the value (a `data-testid` of
 * `tile-{label}` lets tests read it), with an optional line under it.
 */
export function StatTile({ label, value, icon, hint, tone = 'indigo' }: { label: string; value: ReactNode; icon: ReactNode; hint?: ReactNode; tone?: 'indigo' | 'green' | 'blue' | 'amber' }) {
  const tones = {
    indigo: 'bg-indigo-50 text-indigo-600',
    green: 'bg-green-50 text-green-600',
    blue: 'bg-blue-50 text-blue-600',
    amber: 'bg-amber-50 text-amber-600',
  };
  return (
    <Card>
      <CardContent className="flex items-start gap-3">
        <span className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-lg', tones[tone])} aria-hidden>
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-slate-500">{label}</p>
          <p className="truncate text-xl font-semibold text-slate-900" data-testid={`tile-${label}`}>
            {value}
          </p>
          {hint && <div className="mt-0.5 text-xs text-slate-500">{hint}</div>}
        </div>
      </CardContent>
    </Card>
  );
}
