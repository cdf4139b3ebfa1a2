import type { ReactNode } from 'react';
import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/** One choice of a {@link SelectMenu}: its value (never '' — Radix reserves it) and visible label. */
interface SelectMenuOption<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
}

/** Props of {@link SelectMenu}. */
export interface SelectMenuProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  options: readonly SelectMenuOption<V>[];
  /** Accessible name of the trigger (role combobox), e.g. 'Timeframe'. */
  label: string;
  /** Shown while `value` matches no option. */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A styled single-choice list on Radix Select (ADR 0013; WAI-ARIA select-only combobox): the
 * trigger is a combobox named by `label`, the list opens on click, Enter, Space or the arrow
 * keys, typeahead jumps, Escape closes. For standalone filters only: fields of a
 * react-hook-form form keep the native `Select` of select.tsx (register, and the e2e suite's
 * `selectOption`). z-[60] keeps the list above dialogs.
 */
export function SelectMenu<V extends string>({ value, onChange, options, label, placeholder, disabled, className }: SelectMenuProps<V>) {
  return (
    <RadixSelect.Root value={value} onValueChange={(next) => onChange(next as V)} disabled={disabled}>
      <RadixSelect.Trigger
        aria-label={label}
        className={cn(
          'inline-flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-50',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown aria-hidden="true" className="h-4 w-4 text-slate-500" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-[60] max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
        >
          <RadixSelect.Viewport className="p-1">
            {options.map((o) => (
              <RadixSelect.Item
                key={o.value}
                value={o.value}
                disabled={o.disabled}
                className="relative flex cursor-pointer items-center rounded-md py-2 pr-2 pl-8 text-sm text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-900"
              >
                <RadixSelect.ItemIndicator className="absolute left-2 inline-flex">
                  <Check aria-hidden="true" className="h-4 w-4" />
                </RadixSelect.ItemIndicator>
                <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
