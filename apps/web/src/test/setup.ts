/**
 * Setup of the `web` Vitest project (vitest.config.ts), run before every web test file:
 * - jest-dom matchers (`toBeDisabled`, `toHaveAccessibleDescription`, …);
 * - the console rule (console.ts): an unexpected console.error or console.warn fails the test;
 * - the pretend API (server.ts, Mock Service Worker): a request no handler answers fails the
 *   test; a test's handlers and request listeners are removed after it. Tests that replace
 *   `fetch` with fetch-stub.ts's `stubFetch()` bypass it for that test;
 * - `saveBlob` (lib/save-blob.ts) mocked for every file, its calls cleared before each test: a
 *   test reads what the app saved from `vi.mocked(saveBlob).mock.calls`. Mocked here and not in
 *   the files, because the files of a worker share one module registry (vitest.config.ts): a
 *   second file's own `vi.mock` would not reach the components already loaded;
 * - IndexedDB (fake-indexeddb, as the offline till uses it: src/lib/offline), a fresh empty one
 *   for every test;
 * - after each test: unmount, forget the session, the stored auth state (local and session
 *   storage), the toasts and the offline till's database.
 */
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { closeOfflineDb } from '@/lib/offline/db';
import { saveBlob } from '@/lib/save-blob';
import { startConsoleGuard, stopConsoleGuard } from './console';
import { signOut } from './render';
import { server } from './server';

// One mock for the whole worker: this file runs again before each test file, and a new mock
// function per file would leave the components loaded by an earlier file calling the old one.
vi.mock('@/lib/save-blob', () => {
  const shared = globalThis as { saveBlobMock?: ReturnType<typeof vi.fn> };
  shared.saveBlobMock ??= vi.fn();
  return { saveBlob: shared.saveBlobMock };
});

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

beforeEach(() => {
  vi.mocked(saveBlob).mockClear();
  startConsoleGuard();
});

afterEach(async () => {
  cleanup();
  toast.dismiss();
  signOut();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  server.resetHandlers();
  server.events.removeAllListeners();
  stopConsoleGuard();
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
});

afterAll(() => {
  server.close();
});
