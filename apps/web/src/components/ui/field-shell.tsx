import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** Classes of every labelled control's box; `controlTone` adds the border and focus ring. */
export const CONTROL_CLASS =
  'block w-full rounded-lg border bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';
const ok = 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-500/30';
const bad = 'border-red-400 focus:border-red-500 focus:ring-red-500/30';

/** Border and focus-ring classes of a control: red while it shows a validation error. */
export function controlTone(error: string | undefined): string {
  return error ? bad : ok;
}

/** Props shared by the labelled form controls. */
export interface FieldProps {
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

/** The ids linking a control to its label, error and hint (aria-describedby). */
export function useFieldIds(id: string | undefined, error?: string, hint?: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = error ? `${controlId}-error` : undefined;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return { controlId, errorId, hintId, describedBy };
}

/** Label, control, then the hint or the validation error: the frame of every labelled control. */
export function FieldShell({
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
