import type { ReactElement, ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';

/** Props of {@link Tooltip}. */
export interface TooltipProps {
  /** The hint shown on hover and keyboard focus (short text). */
  content: ReactNode;
  /** One focusable element (a button) that forwards its ref and props; it becomes the trigger. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Milliseconds of hover before it shows; default 300. Keyboard focus shows it at once. */
  delayMs?: number;
}

/**
 * A hint for a control on Radix Tooltip (ADR 0013): shown on hover and on keyboard focus, hidden
 * on Escape, linked to the control with aria-describedby while open. It is a description, never
 * the name: an icon-only button still needs its own `aria-label`. Carries its own Provider, so
 * no app-level wrapper is needed; z-[60] keeps it above dialogs (z-50).
 */
export function Tooltip({ content, children, side = 'top', delayMs = 300 }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-[60] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg"
          >
            {content}
            <RadixTooltip.Arrow className="fill-slate-900" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
