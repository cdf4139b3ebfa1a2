import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A checkbox with an optional visible label. `indeterminate` shows the mixed state (a
 * select-all box when only some items are selected; announced as "mixed"). Without `label`,
 * pass `aria-label`.
 */
export function Checkbox({
  label,
  indeterminate = false,
  className,
  wrapperClassName,
  id,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label?: ReactNode; indeterminate?: boolean; wrapperClassName?: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const generated = useId();
  const inputId = id ?? generated;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  const box = (
    <input
      ref={ref}
      id={inputId}
      type="checkbox"
      className={cn(
        'h-4 w-4 shrink-0 cursor-pointer rounded border-slate-300 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed',
        className,
      )}
      {...rest}
    />
  );
  if (!label) return box;
  return (
    <label htmlFor={inputId} className={cn('inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700', wrapperClassName)}>
      {box}
      {label}
    </label>
  );
}
