/**
 * Setup of the `web` Vitest project (vitest.config.ts), run before every web test file:
 * - jest-dom matchers (`toBeDisabled`, `toHaveAccessibleDescription`, …);
 * - the console rule (console.ts): an unexpected console.error or console.warn fails the test;
 * - an empty fetch stub (fetch-stub.ts): a request the test did not plan fails it;
 * - after each test: unmount, forget the session, the stored auth state and the toasts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';
import { startConsoleGuard, stopConsoleGuard } from './console';
import { stubFetch } from './fetch-stub';
import { signOut } from './render';

beforeEach(() => {
  startConsoleGuard();
  stubFetch();
});

afterEach(() => {
  cleanup();
  toast.dismiss();
  signOut();
  localStorage.clear();
  vi.unstubAllGlobals();
  stopConsoleGuard();
});
