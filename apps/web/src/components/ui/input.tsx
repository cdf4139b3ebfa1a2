import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const control =
  'block w-full rounded-lg border bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';
const ok = 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30';
const bad = 'border-red-400 focus:border-red-500 focus:ring-red-500/30';

/** Props shared by the labelled form controls. */
interface FieldProps {
  /** Visible label, linked to the control (getByLabel finds the control by it). */
  label: ReactNode;
  /** Validation message shown under the control in red (and linked with aria-describedby). */
  error?: string;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Classes of the wrapper. */
  wrapperClassName?: string;
  /** Hides the label visually but keeps it for assistive technology. */
  hideLabel?: boolean;
}

function useFieldIds(id: string | undefined, error?: string, hint?: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = error ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describedBy };
}

function FieldShell({
  controlId,
  label,
  error,
  errorId,
  hint,
  hintId,
  hideLabel,
  wrapperClassName,
  children,
}: FieldProps & { controlId: string; errorId?: string; hintId?: string; children: ReactNode }) {
  return (
    <div className={cn('space-y-1.5', wrapperClassName)}>
      <label htmlFor={controlId} className={cn('block text-sm font-medium text-slate-700', hideLabel && 'sr-only')}>
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

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
      className={cn(control, 'h-10', error ? bad : ok, leading ? 'pl-8' : undefined, trailing ? 'pr-11' : undefined, className)}
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
        className={cn(control, 'h-10 pr-8', error ? bad : ok, className)}
        {...rest}
      >
        {children}
      </select>
    </FieldShell>
  );
}

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
        className={cn(control, 'py-2', error ? bad : ok, className)}
        {...rest}
      />
    </FieldShell>
  );
}
