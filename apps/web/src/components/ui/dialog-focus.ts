import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** What a keyboard user can Tab to (the same list the a11y e2e counts). */
const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The visible focusable elements inside `root`, in document order. */
export function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * True while `ref`'s element scrolls and holds nothing focusable: it must then take focus itself
 * (tabIndex 0), or a keyboard user could not scroll it (WCAG 2.1.1; axe 'scrollable-region-focusable').
 * Re-checked on every DOM change and resize inside the element.
 */
export function useNeedsScrollFocus(ref: RefObject<HTMLElement | null>): boolean {
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

/** The opener of every open dialog panel, by panel element (read when a panel was replaced, below). */
const openers = new WeakMap<Element, HTMLElement | null>();
/** The opener of the panel that closed last, for a panel that replaces it in the same update. */
let replacedOpener: HTMLElement | null = null;

/**
 * Focus return for a Radix dialog opened without a Radix Trigger (our dialogs are controlled by
 * `open`): remembers the element focused when the panel first renders (the opener) and returns
 * the `onCloseAutoFocus` handler that gives focus back to it. Radix's own handler would focus
 * its (absent) Trigger, i.e. nothing. A dialog that replaces another in one update (a
 * 'Preparing…' dialog swapped for the form) inherits that one's opener: focus was on <body>
 * or inside the closing panel when it rendered. `panelRef` is the Radix Content element.
 */
export function useReturnFocus(panelRef: RefObject<HTMLElement | null>): (event: Event) => void {
  const [opener] = useState(() => {
    const active = document.activeElement;
    return active instanceof HTMLElement && active !== document.body ? active : replacedOpener;
  });
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (panel) openers.set(panel, opener);
    return () => {
      replacedOpener = opener;
      setTimeout(() => {
        if (replacedOpener === opener) replacedOpener = null;
      }, 0);
    };
  }, [panelRef, opener]);
  return (event: Event) => {
    event.preventDefault();
    let target = opener;
    // An opener inside a dialog that has closed since: that dialog's opener, and so on up.
    while (target && !target.isConnected) {
      const host = target.closest('[role="dialog"],[role="alertdialog"]');
      target = host ? (openers.get(host) ?? null) : null;
    }
    target?.focus({ preventScroll: true });
  };
}

/**
 * `onPointerDownOutside` / `onInteractOutside` handler of our modal dialogs: a press on a toast
 * (react-toastify, outside the dialog, above it) must not close the dialog. With `dismissible`
 * false no outside press closes it.
 */
export function outsidePress(dismissible: boolean) {
  return (event: Event) => {
    const target = event.target;
    if (!dismissible || (target instanceof Element && target.closest('.Toastify'))) event.preventDefault();
  };
}
