import { useRef, type ReactNode, type RefObject } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { FOOTER_CLASS, OVERLAY_CLASS, panelVariants, type PanelSize } from './dialog-classes';
import { focusables, outsidePress, useNeedsScrollFocus, useReturnFocus } from './dialog-focus';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** Props of {@link Dialog}. */
export interface DialogProps {
  /** Whether the dialog is shown. While closed nothing is rendered (children unmount, so their state resets). */
  open: boolean;
  /** Called on Escape, the close button and a click on the backdrop (unless `dismissible` is false). */
  onClose: () => void;
  /** The visible heading; it names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Optional line under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** The body (scrolls when taller than the screen). */
  children: ReactNode;
  /** Buttons at the bottom, right-aligned (stay visible while the body scrolls). */
  footer?: ReactNode;
  /** Panel width from `sm` up: sm 28rem, md 32rem (default), lg 42rem, xl 48rem, 2xl 64rem. Full width on phones. */
  size?: PanelSize;
  /** Element focused on open; default the first focusable field of the body, else the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False while a request runs: Escape, backdrop and × then do nothing. Default true. */
  dismissible?: boolean;
}

/**
 * A modal dialog on Radix Dialog (ADR 0013; WAI-ARIA dialog pattern): role="dialog", labelled by
 * its title, described by `description`; Escape and a press on the backdrop close it; Tab and
 * Shift+Tab cycle inside it (focus trap); the page behind is inert for pointer and screen reader
 * and does not scroll; focus returns to the element that opened it when it closes. Rendered in a
 * portal on <body>, below the toasts (z-50 < toastify's 9999), which stay readable (aria-live),
 * clickable, and whose press does not close the dialog. Nested dialogs work: only the top one reacts.
 */
export function Dialog(props: DialogProps) {
  const { open, onClose } = props;
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <DialogPanel {...props} />
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The open dialog: backdrop, panel, header, scrolling body and footer. */
function DialogPanel({ onClose, title, description, children, footer, size = 'md', initialFocusRef, dismissible = true }: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const bodyNeedsFocus = useNeedsScrollFocus(bodyRef);
  const returnFocus = useReturnFocus(contentRef);
  return (
    <RadixDialog.Overlay className={OVERLAY_CLASS}>
      <RadixDialog.Content
        ref={contentRef}
        aria-modal="true"
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={panelVariants({ size })}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const first = initialFocusRef?.current ?? (bodyRef.current ? focusables(bodyRef.current)[0] : undefined) ?? contentRef.current;
          first?.focus({ preventScroll: true });
        }}
        onCloseAutoFocus={returnFocus}
        onEscapeKeyDown={(event) => !dismissible && event.preventDefault()}
        onPointerDownOutside={outsidePress(dismissible)}
      >
        <DialogHeader title={title} description={description} onClose={onClose} dismissible={dismissible} />
        <div
          ref={bodyRef}
          tabIndex={bodyNeedsFocus ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {children}
        </div>
        {footer && <div className={FOOTER_CLASS}>{footer}</div>}
      </RadixDialog.Content>
    </RadixDialog.Overlay>
  );
}

/** Title, optional description and the × button (accessible name 'Close'; disabled while not dismissible). */
function DialogHeader({ title, description, onClose, dismissible }: Pick<DialogProps, 'title' | 'description' | 'onClose'> & { dismissible: boolean }) {
  const t = useMessages(componentsMessages);
  return (
    <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
      <div className="min-w-0 flex-1">
        <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
        {description && (
          <RadixDialog.Description asChild>
            <div className="mt-0.5 text-sm text-slate-500">{description}</div>
          </RadixDialog.Description>
        )}
      </div>
      <button
        type="button"
        aria-label={t('close')}
        onClick={onClose}
        disabled={!dismissible}
        className="-mr-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </div>
  );
}
