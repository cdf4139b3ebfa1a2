import type { ReactNode } from 'react';
import { Checkbox } from './checkbox';

/** Props of {@link ToggleField}. */
export interface ToggleFieldProps {
  /** The checkbox's label ('Active', 'Allow public signups'). */
  label: string;
  checked: boolean;
  /** Called with the new state. */
  onChange: (checked: boolean) => void;
  /** What the setting does, in small text under the label. */
  note: ReactNode;
  /** The checkbox's `name`. */
  name?: string;
  disabled?: boolean;
  /** A validation or server message, in red under the note (role="alert"). */
  error?: string;
}

/**
 * An on/off setting of a form in its own grey box: a labelled checkbox, a note under it saying
 * what it does, and its error if any.
 */
export function ToggleField({ label, checked, onChange, note, name, disabled, error }: ToggleFieldProps) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <Checkbox label={label} name={name} disabled={disabled} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <p className="mt-1 pl-6 text-xs text-slate-500">{note}</p>
      {error && (
        <p role="alert" className="mt-1 pl-6 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
