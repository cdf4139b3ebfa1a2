import { type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import * as RadixTabs from '@radix-ui/react-tabs';
import { cn } from '@/lib/cn';

/** One tab of {@link Tabs}: its value, visible label and optional icon (hidden on phones). */
export interface TabItem<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
}

/** Keys with which Radix's roving focus moves to another tab (horizontal list), and where to. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  PageUp: () => 0,
  End: (_i, n) => n - 1,
  PageDown: (_i, n) => n - 1,
};

/**
 * Accessible tabs on Radix Tabs (ADR 0013; WAI-ARIA tabs pattern: role tablist/tab/tabpanel,
 * roving tab stop, arrow keys, Home/End, selection follows focus). Controlled: the parent owns
 * `value`; only the selected panel is rendered (`children`). The Tab stop is the selected tab
 * itself (classic roving tabindex), not Radix's focusable list that forwards focus: the list
 * never shows as a stop of its own. The panel is not a Tab stop either: every panel here holds
 * fields or buttons.
 */
export function Tabs<V extends string>({
  items,
  value,
  onChange,
  label,
  children,
  className,
}: {
  items: readonly TabItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected panel's content. */
  children: ReactNode;
  className?: string;
}) {
  const index = Math.max(
    0,
    items.findIndex((i) => i.value === value),
  );

  // Select the new tab and render its panel before Radix moves focus onto the tab (it does so in
  // a timeout): a field of the panel that takes focus on mount (autoFocus) then cannot pull the
  // keyboard out of the tab list, which it would if the panel rendered on the tab's focus.
  function onKeyDownCapture(event: KeyboardEvent<HTMLDivElement>) {
    const move = MOVES[event.key];
    if (!move || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    flushSync(() => onChange(items[move(index, items.length)].value));
  }

  return (
    <RadixTabs.Root value={items[index]?.value} onValueChange={(next) => onChange(next as V)} activationMode="automatic" className={className}>
      <RadixTabs.List
        aria-label={label}
        tabIndex={-1}
        onKeyDownCapture={onKeyDownCapture}
        // Phones: one row that scrolls sideways, so six labels never squeeze into each other.
        className="flex gap-1 overflow-x-auto rounded-lg bg-slate-100 p-1 sm:grid sm:auto-cols-fr sm:grid-flow-col"
      >
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            tabIndex={item.value === items[index]?.value ? 0 : -1}
            className={cn(
              'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
              'text-slate-600 data-[state=inactive]:hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-indigo-700 data-[state=active]:shadow-sm',
            )}
          >
            {item.icon && <span className="hidden sm:inline-flex">{item.icon}</span>}
            <span className="whitespace-nowrap">{item.label}</span>
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={items[index]?.value ?? ''} tabIndex={undefined} className="pt-4">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}
