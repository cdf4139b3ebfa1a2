import { cva } from 'class-variance-authority';
import { cn } from '@/lib/cn';

/** Bar colours of {@link ProgressBar}. */
export type ProgressTone = 'indigo' | 'blue' | 'green' | 'yellow' | 'red';

/** The fill's classes by tone (cva). */
const fillVariants = cva('h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none', {
  variants: {
    tone: {
      indigo: 'bg-indigo-600',
      blue: 'bg-blue-600',
      green: 'bg-green-600',
      yellow: 'bg-amber-500',
      red: 'bg-red-600',
    } satisfies Record<ProgressTone, string>,
  },
});

/**
 * A horizontal progress bar (role="progressbar"). The fill is capped at 100 %; `valueText` is what
 * assistive technology reads (e.g. '32 of 40 cards used'). A `max` of 0 or less draws an empty bar.
 */
export function ProgressBar({
  value,
  max,
  label,
  valueText,
  tone = 'indigo',
  className,
}: {
  value: number;
  max: number;
  /** Accessible name of the bar. */
  label: string;
  valueText?: string;
  tone?: ProgressTone;
  className?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max > 0 ? max : 100}
      aria-valuenow={max > 0 ? Math.min(value, max) : 0}
      aria-valuetext={valueText}
      data-tone={tone}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className={fillVariants({ tone })} style={{ width: `${percent}%` }} />
    </div>
  );
}
