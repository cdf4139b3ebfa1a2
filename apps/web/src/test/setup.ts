/**
 * Setup of the `web` Vitest project (vitest.config.ts), run before every web test file:
 * - jest-dom matchers (`toBeDisabled`, `toHaveAccessibleDescription`, …);
 * - the console rule (console.ts): an unexpected console.error or console.warn fails the test;
 * - the pretend API (server.ts, Mock Service Worker): a request no handler answers fails the
 *   test; a test's handlers and request listeners are removed after it. Tests that replace
 *   `fetch` with fetch-stub.ts's `stubFetch()` bypass it for that test;
 * - after each test: unmount, forget the session, the stored auth state and the toasts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { startConsoleGuard, stopConsoleGuard } from './console';
import { signOut } from './render';
import { server } from './server';

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  startConsoleGuard();
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
  server.resetHandlers();
  server.events.removeAllListeners();
  stopConsoleGuard();
});

afterAll(() => {
  server.close();
});
