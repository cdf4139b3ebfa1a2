import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Alert } from './alert';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

/** Props of {@link ActionConfirmDialog}. */
export interface ActionConfirmDialogProps extends Omit<ConfirmDialogProps, 'confirmLabel' | 'destructive'> {
  /** Text of the confirm button ('Delete Customer', 'Cancel order'). */
  confirmLabel: string;
  /** Optional icon before the confirm label (aria-hidden, 16 px). */
  icon?: LucideIcon;
  /** Red confirm button and warning sign; default true (most confirmations destroy something). */
  destructive?: boolean;
  /** The failure of the last attempt, shown in an error `Alert` under the body; nothing when empty. */
  error?: ReactNode;
}

/**
 * The confirmation of one action (delete, cancel, replace) on {@link ConfirmDialog}: the body
 * (`children`) stacked with the last failure (`error`) under it, and the confirm button made of
 * an optional icon and `confirmLabel`. Every delete/cancel dialog of the app uses it, so their
 * layout, spacing and error display stay the same.
 */
export function ActionConfirmDialog({ confirmLabel, icon: Icon, destructive = true, error, children, ...rest }: ActionConfirmDialogProps) {
  return (
    <ConfirmDialog
      {...rest}
      destructive={destructive}
      confirmLabel={
        <>
          {Icon && <Icon aria-hidden="true" className="h-4 w-4" />}
          {confirmLabel}
        </>
      }
    >
      <div className="space-y-4">
        {children}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </ConfirmDialog>
  );
}
