import { createContext, useContext, useRef, type ReactElement, type ReactNode } from 'react';
import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { cn } from '@/lib/cn';

/** Props of {@link DropdownMenu}. */
export interface DropdownMenuProps {
  /** One button (forwarding its ref and props) that opens the menu; give it an accessible name ('More actions for card X'). */
  trigger: ReactElement;
  /** The {@link DropdownMenuItem}s (and optional {@link DropdownMenuSeparator}s). */
  children: ReactNode;
  align?: 'start' | 'center' | 'end';
}

/** Hands an item's command to its menu, which runs it once the menu has closed. */
const RunAfterClose = createContext<((command: () => void) => void) | null>(null);

/**
 * A menu of commands behind a button, on Radix DropdownMenu (ADR 0013; WAI-ARIA menu button):
 * role menu/menuitem, arrow keys and typeahead move, Enter/Space run an item, Escape closes and
 * focus returns to the trigger. For a row's or tile's overflow actions. z-[60] keeps it above dialogs.
 * An item's command runs after the menu has closed and focus is back on the trigger, so a dialog
 * it opens remembers the trigger as its opener and gives focus back to it when it closes.
 */
export function DropdownMenu({ trigger, children, align = 'end' }: DropdownMenuProps) {
  const pending = useRef<(() => void) | null>(null);
  const runPending = () => {
    const command = pending.current;
    pending.current = null;
    // Radix focuses the trigger right after this handler; the command runs after that.
    if (command) queueMicrotask(command);
  };
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          onCloseAutoFocus={runPending}
          className="z-[60] min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg outline-none"
        >
          <RunAfterClose.Provider value={(command) => (pending.current = command)}>{children}</RunAfterClose.Provider>
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

/**
 * One command of a {@link DropdownMenu}: `onSelect` runs it (the menu then closes); `danger`
 * paints it red (Block, Delete); `disabled` skips it in keyboard navigation.
 */
export function DropdownMenuItem({
  children,
  onSelect,
  danger = false,
  disabled = false,
}: {
  children: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  disabled?: boolean;
}) {
  const runAfterClose = useContext(RunAfterClose);
  return (
    <RadixMenu.Item
      onSelect={() => (runAfterClose ? runAfterClose(onSelect) : onSelect())}
      disabled={disabled}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50',
        danger ? 'text-red-700 data-[highlighted]:bg-red-50' : 'text-slate-700 data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900',
      )}
    >
      {children}
    </RadixMenu.Item>
  );
}

/** A thin line between groups of {@link DropdownMenuItem}s. */
export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-slate-100" />;
}
