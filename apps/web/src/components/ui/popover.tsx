import type { ReactElement, ReactNode } from 'react';
import * as RadixPopover from '@radix-ui/react-popover';
import { cn } from '@/lib/cn';

/** Props of {@link Popover}. */
export interface PopoverProps {
  /** One button (forwarding its ref and props) that opens and closes the panel (aria-expanded, aria-controls). */
  trigger: ReactElement;
  /** The panel's content: anything interactive (a small form, a list of links). */
  children: ReactNode;
  /** Names the panel (it is a dialog for assistive technology). */
  label: string;
  /** Controlled open state; omit both to let the popover manage itself. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * A non-modal floating panel anchored to a button, on Radix Popover (ADR 0013): opens on click,
 * focus moves into it, Escape and a click outside close it and focus returns to the trigger;
 * the page stays usable. For a yes/no question use `ConfirmDialog`, for a list of commands
 * `DropdownMenu`, for a hint `Tooltip`. z-[60] keeps it above dialogs.
 */
export function Popover({ trigger, children, label, open, onOpenChange, side = 'bottom', align = 'start', className }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className={cn('z-[60] w-72 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg outline-none', className)}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
