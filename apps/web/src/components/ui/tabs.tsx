import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { cn } from '@/lib/cn';

/** One tab of {@link Tabs}: its value, visible label and optional icon. */
export interface TabItem<V extends string> {
  value: V;
  label: string;
  icon?: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern: role tablist/tab/tabpanel, arrow keys, Home/End).
 * Controlled: the parent owns `value`. Only the selected panel is rendered.
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
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(0, items.findIndex((i) => i.value === value));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    if (next < 0) return;
    event.preventDefault();
    // Render the new panel first, then focus the tab: a field of the panel that takes focus on
    // mount (autoFocus) must not pull the keyboard out of the tab list.
    flushSync(() => onChange(items[next].value));
    refs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
        {items.map((item, i) => {
          const selected = i === index;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${base}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.value)}
              className={cn(
                'inline-flex h-10 items-center justify-center gap-2 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
                selected ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {item.icon && <span className="hidden sm:inline-flex">{item.icon}</span>}
              <span className="whitespace-nowrap">{item.label}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${items[index]?.value}`} aria-labelledby={`${base}-tab-${items[index]?.value}`} className="pt-4">
        {children}
      </div>
    </div>
  );
}
