import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/lib/cn';
import { CONTROL_CLASS, controlTone, FieldShell, useFieldIds, type FieldProps } from './field-shell';

/**
 * A labelled text input. Extra props go to the <input>; `ref` reaches the <input> too.
 * `leading` / `trailing` render inside the box (an icon, a '$', a show-password button).
 */
export function Input({
  label,
  error,
  hint,
  wrapperClassName,
  hideLabel,
  className,
  id,
  ref,
  leading,
  trailing,
  ...rest
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; leading?: ReactNode; trailing?: ReactNode }) {
  const ids = useFieldIds(id, error, hint);
  const input = (
    <input
      ref={ref}
      id={ids.controlId}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy}
      className={cn(CONTROL_CLASS, 'h-10', controlTone(error), leading ? 'pl-8' : undefined, trailing ? 'pr-11' : undefined, className)}
      {...rest}
    />
  );
  return (
    <FieldShell {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} wrapperClassName={wrapperClassName}>
      {leading || trailing ? (
        <div className="relative">
          {leading && <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-500">{leading}</span>}
          {input}
          {trailing && <span className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</span>}
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}
