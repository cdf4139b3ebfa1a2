/**
 * The browser's connection in the web tests: `goOffline()` makes `navigator.onLine` false and
 * fires the window's `offline` event, as a till losing its connection; `goOnline()` brings it
 * back with the `online` event. The connection is back after every test (onTestFinished), for
 * TanStack Query's onlineManager too: shared by the files of a worker, and no longer listening
 * once the test's QueryClient unmounted, it would otherwise keep every later query paused.
 */
import { onlineManager } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { onTestFinished, vi, type MockInstance } from 'vitest';

let offline: MockInstance | null = null;

/** The browser says it is offline from now on (navigator.onLine false, `offline` fired). */
export function goOffline(): void {
  if (!offline) {
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offline = spy;
    onTestFinished(() => {
      spy.mockRestore();
      if (offline === spy) offline = null;
      onlineManager.setOnline(true);
    });
  }
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

/** The connection is back (navigator.onLine true, `online` fired). */
export function goOnline(): void {
  offline?.mockRestore();
  offline = null;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}
