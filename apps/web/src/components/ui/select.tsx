import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { CONTROL_CLASS, controlTone, FieldShell, useFieldIds, type FieldProps } from './field-shell';

/** A labelled <select>. Pass <option> children. */
export function Select({
  label,
  error,
  hint,
  wrapperClassName,
  hideLabel,
  className,
  id,
  ref,
  children,
  ...rest
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} wrapperClassName={wrapperClassName}>
      <select
        ref={ref}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(CONTROL_CLASS, 'h-10 pr-8', controlTone(error), className)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}
