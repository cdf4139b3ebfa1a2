import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { CONTROL_CLASS, controlTone, FieldShell, useFieldIds, type FieldProps } from './field-shell';

/** A labelled <textarea>. */
export function Textarea({
  label,
  error,
  hint,
  wrapperClassName,
  hideLabel,
  className,
  id,
  ref,
  ...rest
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldShell {...ids} label={label} error={error} hint={hint} hideLabel={hideLabel} wrapperClassName={wrapperClassName}>
      <textarea
        ref={ref}
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn(CONTROL_CLASS, 'py-2', controlTone(error), className)}
        {...rest}
      />
    </FieldShell>
  );
}
