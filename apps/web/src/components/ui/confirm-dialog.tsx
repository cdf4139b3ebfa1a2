import { useRef, type ReactNode } from 'react';
import * as RadixAlertDialog from '@radix-ui/react-alert-dialog';
import { AlertTriangle } from 'lucide-react';
import { Button } from './button';
import { FOOTER_CLASS, OVERLAY_CLASS, panelVariants } from './dialog-classes';
import { useNeedsScrollFocus, useReturnFocus } from './dialog-focus';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** Whether the confirmation is shown; while closed nothing is rendered. */
  open: boolean;
  /** Called by Cancel and Escape (never while `pending`). Not by a press outside: an alert dialog needs an answer. */
  onClose: () => void;
  /** The question; it names the dialog ('Delete Customer', 'Cancel this order?'). */
  title: ReactNode;
  /** Optional short line under the title (aria-describedby). */
  description?: ReactNode;
  /** What happens, the details and any error (an `Alert`) under the title. */
  children?: ReactNode;
  /** Text of the confirm button, e.g. 'Delete Customer'; may hold an icon. */
  confirmLabel: ReactNode;
  /** Text of the cancel button; default 'Cancel'. */
  cancelLabel?: ReactNode;
  /** A destroying or irreversible action: red confirm button and a warning sign beside the body. */
  destructive?: boolean;
  /** True while the request runs: the confirm button spins, nothing can close the dialog. */
  pending?: boolean;
  /** Keeps the confirm button disabled (e.g. until the tenant's slug is typed). */
  confirmDisabled?: boolean;
  /** Runs the action. The dialog stays open: the caller closes it on success (`onClose` or `open`). */
  onConfirm: () => void;
  /** Panel width from `sm` up: sm 28rem (default), md 32rem. */
  size?: 'sm' | 'md';
}

/**
 * The confirmation before a destroying or irreversible action, on Radix AlertDialog (ADR 0013;
 * WAI-ARIA alertdialog pattern): role="alertdialog", named by `title`; focus starts on Cancel
 * (the safe answer), Tab stays inside, Escape cancels, a press outside does nothing; focus
 * returns to the opener on close. Looks like `Dialog` (dialog.tsx): title, body, Cancel and the confirm
 * button at the bottom right.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, onClose, pending = false } = props;
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <RadixAlertDialog.Portal>
        <ConfirmPanel {...props} />
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}

/** The open confirmation: title, scrolling body, Cancel and confirm. */
function ConfirmPanel({
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  pending = false,
  confirmDisabled = false,
  onConfirm,
  size = 'sm',
}: ConfirmDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyNeedsFocus = useNeedsScrollFocus(bodyRef);
  const returnFocus = useReturnFocus(contentRef);
  return (
    <RadixAlertDialog.Overlay className={OVERLAY_CLASS}>
      <RadixAlertDialog.Content
        ref={contentRef}
        aria-modal="true"
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={panelVariants({ size })}
        onCloseAutoFocus={returnFocus}
        onEscapeKeyDown={(event) => pending && event.preventDefault()}
      >
        <div className="border-b border-slate-100 px-5 py-4">
          <RadixAlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixAlertDialog.Title>
          {description && (
            <RadixAlertDialog.Description asChild>
              <div className="mt-0.5 text-sm text-slate-500">{description}</div>
            </RadixAlertDialog.Description>
          )}
        </div>
        <div
          ref={bodyRef}
          tabIndex={bodyNeedsFocus ? 0 : undefined}
          className="flex min-h-0 flex-1 gap-3 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {destructive && (
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
              <AlertTriangle className="h-5 w-5" />
            </span>
          )}
          <div className="min-w-0 flex-1 text-sm text-slate-700">{children}</div>
        </div>
        <div className={FOOTER_CLASS}>
          <RadixAlertDialog.Cancel asChild>
            <Button variant="outline" disabled={pending}>
              {cancelLabel}
            </Button>
          </RadixAlertDialog.Cancel>
          <Button variant={destructive ? 'danger' : 'primary'} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </RadixAlertDialog.Content>
    </RadixAlertDialog.Overlay>
  );
}
