import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * State of the app shell's mobile menu drawer (side menu below the lg breakpoint), a
 * modal dialog for the keyboard: it closes on navigation (path change) and with Escape; while
 * open, focus moves to its first visible control and Tab / Shift+Tab cycle inside it (focus
 * trap); when it closes, focus returns to the menu button if it had fallen back to <body>.
 * Attach `drawerRef` to the drawer element and `menuButtonRef` to the button that opens it.
 */
export function useDrawer() {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const drawer = drawerRef.current;
    // Visible controls only: from the lg breakpoint the drawer is hidden (and must not hold focus).
    const items = () => [...(drawer?.querySelectorAll<HTMLElement>('a[href], button:not([disabled])') ?? [])].filter((el) => el.getClientRects().length > 0);
    items()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        return;
      }
      if (e.key !== 'Tab' || !drawer) return;
      const list = items();
      if (list.length === 0) return;
      const first = list[0];
      const last = list[list.length - 1];
      const active = document.activeElement;
      if (e.shiftKey && (active === first || !drawer.contains(active))) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && (active === last || !drawer.contains(active))) {
        e.preventDefault();
        first?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    const menuButton = menuButtonRef.current;
    return () => {
      window.removeEventListener('keydown', onKey);
      // The drawer is gone by now: focus was inside it, so it fell back to <body>.
      if (menuButton?.isConnected && (document.activeElement === document.body || document.activeElement === null)) menuButton.focus();
    };
  }, [open]);

  return { open, setOpen, drawerRef, menuButtonRef };
}
