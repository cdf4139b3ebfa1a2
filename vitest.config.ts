import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repository (`npm test`). Projects:
 * - `domain`: pure business rules (unit and property tests).
 * - `server`: API tests through `app.inject`, on PGlite by default or on the
 *   PostgreSQL named by `DATABASE_URL` (a fresh database per test file).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
