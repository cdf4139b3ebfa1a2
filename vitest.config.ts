import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Tests run the workspace packages from their TypeScript sources: this plugin puts the
 * `@loyalty/source` export condition of packages/contract and packages/domain (ADR 0011; plain
 * node loads their dist/) first in every Vite environment of a project: client, ssr and
 * Vitest's own (which loads globalSetup files). Vitest passes the ssr conditions on to its
 * workers as `--conditions`.
 */
function sourceCondition(): Plugin {
  return {
    name: 'loyalty:source-condition',
    configEnvironment(name, options) {
      const client = name === 'client' || options.consumer === 'client';
      const conditions = options.resolve?.conditions ?? (client ? defaultClientConditions : defaultServerConditions);
      options.resolve = { ...options.resolve, conditions: ['@loyalty/source', ...conditions.filter((c) => c !== '@loyalty/source')] };
    },
  };
}

/**
 * One Vitest run for the whole repository (`npm test`). Projects:
 * - `domain`: pure business rules (unit and property tests).
 * - `server`: API tests through `app.inject`, on PGlite by default or on the
 *   PostgreSQL named by `DATABASE_URL` (a fresh database per test file).
 * - `web`: the web app's unit and component tests (Testing Library on happy-dom), beside the
 *   code in `apps/web/src/**\/*.test.{ts,tsx}`. The setup file fails a test on any unexpected
 *   `console.error` or `console.warn`; `@` is apps/web/src, as in apps/web/vite.config.ts.
 */
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core to itself, which halves a two-core
    // machine; the main process mostly waits on the workers).
    maxWorkers: availableParallelism(),
    projects: [
      { plugins: [sourceCondition()], test: { name: 'domain', include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'] } },
      {
        plugins: [sourceCondition()],
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // After every test: every card's balance equals the sum of its ledger deltas (docs/product.md 'Ledger').
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files share one module registry per worker: the server's modules, Fastify and PGlite
          // load once per worker instead of once per file (about 10 s a file). Safe because each
          // file builds its own app and database (test/helpers.ts) and no module keeps state
          // between apps; setup.ts checks the ledger of every context a file opened.
          isolate: false,
        },
      },
      {
        plugins: [react(), sourceCondition()],
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Files share one module registry per worker (about 3× faster: React, the router and
          // happy-dom load once). Safe because setup.ts resets after every test what outlives it:
          // the DOM, the auth store and localStorage, the toasts, the fetch stub, console spies.
          isolate: false,
        },
      },
    ],
  },
});
