import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Open dialogs, innermost last: only the top one reacts to Escape and keeps focus. */
const stack: HTMLElement[] = [];
/** How many dialogs hold the page scroll lock, and the overflow to restore. */
let scrollLocks = 0;
let savedOverflow = '';

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * True while `ref`'s element scrolls and holds nothing focusable: it must then take focus itself,
 * or a keyboard user could not scroll it (WCAG 2.1.1; axe 'scrollable-region-focusable').
 */
function useNeedsScrollFocus(ref: RefObject<HTMLElement | null>): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setNeeded(el.scrollHeight > el.clientHeight && focusables(el).length === 0);
    check();
    const mutations = new MutationObserver(check);
    mutations.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'class', 'style'] });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    resizes?.observe(el);
    return () => {
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [ref]);
  return needed;
}

const sizes = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-3xl' } as const;

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
  size?: keyof typeof sizes;
  /** Element focused on open; default the first focusable field of the body, else the panel. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** False while a request runs: Escape, backdrop and × then do nothing. Default true. */
  dismissible?: boolean;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): role="dialog", aria-modal, labelled by its title;
 * Escape closes; Tab and Shift+Tab cycle inside it (focus trap) and focus that escapes (a click
 * elsewhere) is brought back; focus returns to the element that opened it when it closes; the
 * page behind does not scroll. Rendered in a portal on <body>, below the toasts (z-50 < toastify's
 * 9999) so that messages stay visible above it. Nested dialogs work: only the top one reacts.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, description, children, footer, size = 'md', initialFocusRef, dismissible = true }: DialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const bodyNeedsFocus = useNeedsScrollFocus(bodyRef);
  // The latest callbacks without re-running the open/close effect.
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(panel);
    if (scrollLocks++ === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }

    const first = initialFocusRef?.current ?? (bodyRef.current ? focusables(bodyRef.current)[0] : undefined) ?? panel;
    first.focus({ preventScroll: true });

    const isTop = () => stack[stack.length - 1] === panel;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        event.preventDefault();
        if (dismissibleRef.current) onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      if (event.shiftKey && (active === firstItem || active === panel || !panel.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !panel.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!isTop() || !(event.target instanceof Node) || panel.contains(event.target)) return;
      // Toasts live outside the dialog but must stay clickable: let their buttons take focus.
      if (event.target instanceof Element && event.target.closest('.Toastify')) return;
      (focusables(panel)[0] ?? panel).focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const at = stack.lastIndexOf(panel);
      if (at >= 0) stack.splice(at, 1);
      if (--scrollLocks === 0) document.body.style.overflow = savedOverflow;
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
    // Runs once per opening (initialFocusRef is read once); callbacks are read through refs.
  }, []);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-slate-900/50 backdrop-blur-[1px]"
        onMouseDown={(e) => {
          if (e.target === e.currentTarget && dismissible) onClose();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[92vh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
          sizes[size],
        )}
      >
        <div className="flex items-start gap-3 border-b border-slate-100 px-5 py-4">
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-0.5 text-sm text-slate-500">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={onClose}
            disabled={!dismissible}
            className="-mr-1 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-50"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </button>
        </div>
        <div
          ref={bodyRef}
          tabIndex={bodyNeedsFocus ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto px-5 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
        >
          {children}
        </div>
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 bg-slate-50/60 px-5 py-3 sm:rounded-b-2xl">{footer}</div>}
      </div>
    </div>
  );
}
