import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * One fact of a description list as a bordered tile: an icon and a label (`<dt>`) over a bold
 * value (`<dd>`). Render inside a `<dl>` (its grid is the caller's). Used by the details dialogs.
 */
export function FactTile({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2.5">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        {icon}
        {label}
      </dt>
      <dd className="mt-1 text-base font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * One fact of a description list as a row: the label (`<dt>`) left, the value (`<dd>`, truncated)
 * right. Render inside a `<dl>`; `className` adjusts the row's padding.
 */
export function FactRow({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3 py-1.5', className)}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}
