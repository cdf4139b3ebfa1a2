import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import type { CodeOption } from '../lib/texts';

/**
 * A group of checkboxes over contract codes (API key scopes, webhook events): a
 * fieldset named by `legend`, one checkbox per option labelled '{code} — {description}' (the
 * code in monospace), and the group's error under it, linked to the fieldset. `value` holds the
 * ticked codes, in the options' order; `onChange` gets the new list.
 */
export function CodeCheckboxGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  legend: string;
  options: readonly CodeOption<V>[];
  value: readonly V[];
  onChange: (value: V[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const errorId = useId();
  const toggle = (code: V, on: boolean) => onChange(options.map((o) => o.value).filter((v) => (v === code ? on : value.includes(v))));
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{legend}</legend>
      {options.map((o) => (
        <div key={o.value}>
          <Checkbox
            name={o.value}
            wrapperClassName="items-start"
            className="mt-0.5"
            disabled={disabled}
            checked={value.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
            label={
              <span>
                <code className="font-mono text-[13px] font-medium text-slate-900">{o.value}</code>
                <span className="text-slate-600"> — {o.description}</span>
              </span>
            }
          />
        </div>
      ))}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
