// ESLint flat config: code rules for every file, and the fences of docs/architecture.md
// ('Fences'): the web's layers, the server's module boundaries and table ownership (ADR 0012),
// no import cycles, no process.env outside the config modules. `npm run lint` runs it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Sub-folders of a folder of the repository (the web's features, the server's modules). */
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

// ---- web: shared layers → features → app (bulletproof-react) -------------------------------
const webShared = ['api', 'components', 'config', 'hooks', 'lib'].map((d) => `./${WEB}/${d}`);
const webFeatures = foldersIn(`${WEB}/features`);
const webZones = [
  // Shared layers import only shared layers: not features, not the app, not test helpers.
  ...webShared.map((target) => ({
    target,
    from: [`./${WEB}/features`, `./${WEB}/app`, `./${WEB}/main.tsx`],
    message: 'Shared layers (api, components, config, hooks, lib) import only shared layers.',
  })),
  // A feature imports shared layers and itself: never another feature, never the app.
  ...webFeatures.map((f) => ({
    target: `./${WEB}/features/${f}`,
    from: [`./${WEB}/features`, `./${WEB}/app`, `./${WEB}/main.tsx`],
    except: [`./${f}`],
    message: 'A feature imports shared layers and its own folder only; move what two features share to src/api, src/lib, src/hooks or src/components.',
  })),
];

// ---- server: modules call each other's public files; lower layers import no module ----------
const serverModules = foldersIn(`${SERVER}/modules`);
/**
 * A module's public face is its `index.ts` (ADR 0012, ADR 0034): other modules and the app
 * import nothing else of it. A few modules also offer one file of read-only queries (or, for
 * auth, the token helpers) to the modules they themselves depend on, which could not import the
 * index without closing an import cycle; such a file imports no module.
 */
const SECOND_FILES = {
  ledger: 'views.ts',
  users: 'views.ts',
  cards: 'views.ts',
  rules: 'views.ts',
  reports: 'views.ts',
  'api-keys': 'views.ts',
  auth: 'tokens.ts',
};
const publicFilesOf = (m) =>
  ['index.ts', SECOND_FILES[m]].filter((f) => f && fs.existsSync(path.join(root, SERVER, 'modules', m, f))).map((f) => `./${m}/${f}`);
const layerZones = [
  ...['db', 'http', 'lib', 'payments'].map((layer) => ({
    target: `./${SERVER}/${layer}`,
    from: `./${SERVER}/modules`,
    message: 'http/, db/, lib/ and payments/ import nothing from modules/: what they need comes in from src/wiring.ts (ADR 0012).',
  })),
  {
    target: `./${SERVER}/lib`,
    from: [`./${SERVER}/http`, `./${SERVER}/payments`, `./${SERVER}/db/client.ts`],
    message: 'lib/ holds pure helpers: no HTTP, no payments, no connection.',
  },
];
const serverZones = [
  ...layerZones,
  ...serverModules.map((m) => ({
    target: `./${SERVER}/modules/${m}`,
    from: `./${SERVER}/modules`,
    except: [`./${m}`, ...serverModules.filter((o) => o !== m).flatMap(publicFilesOf)],
    message: 'Another module is reached through its index.ts only (or the views.ts / tokens.ts it offers to the modules below it; ADR 0012, ADR 0034).',
  })),
  // Use cases know nothing of HTTP (ADR 0029): within a module only its route files
  // (routes.ts, *-routes.ts) import from http/; tests may (they drive the app).
  {
    target: `./${SERVER}/modules/*/**/!(routes|*-routes|*.test).ts`,
    from: `./${SERVER}/http`,
    message:
      'Within a module only route files (routes.ts, *-routes.ts) import from http/: services throw AppError from src/errors.ts and take plain values (src/context.ts), ADR 0029.',
  },
  // A second public file imports no module, so reading it can never close an import cycle (ADR 0012).
  ...Object.entries(SECOND_FILES)
    .filter(([m, f]) => fs.existsSync(path.join(root, SERVER, 'modules', m, f)))
    .map(([m, f]) => ({
      target: `./${SERVER}/modules/${m}/${f}`,
      from: `./${SERVER}/modules`,
      except: [`./${m}/${f}`],
      message: `modules/${m}/${f} imports no module (ADR 0012): only the schema, lib/, the contract and the domain.`,
    })),
];

/**
 * The tables each module owns (docs/architecture.md 'Modules and the tables they own', ADR
 * 0012). A module's non-test files may import from db/schema only its own tables (plus types
 * and column helpers, which are not listed here).
 */
const TABLE_OWNERS = {
  tenants: ['tenants', 'plans'],
  settings: ['platformSettings'],
  audit: ['auditLog'],
  users: ['users', 'sessions'],
  auth: ['trustedDevices', 'authTokens', 'passwordResetRequests'],
  stores: ['stores'],
  customers: ['customers'],
  cards: ['cards'],
  // The ledger (ADR 0028): ledger rows, lots and every summary of them, card balances' included.
  ledger: [
    'transactions',
    'ledgerDailyTotals',
    'ledgerRollupState',
    'cashbackLots',
    'lotTotals',
    'lotTotalDeltas',
    'cardBalanceTotals',
    'cardBalanceDeltas',
    'winBackOffers',
  ],
  rules: ['cashbackRules', 'tierRules', 'offers', 'expiryRules', 'rewardSettings'],
  risk: ['velocityLimits', 'riskFlags'],
  'offline-till': ['offlineSettings', 'syncConflicts'],
  billing: ['subscriptionEvents', 'payments', 'invoices'],
  checkout: ['checkoutSessions'],
  'card-orders': ['cardOrders'],
  'stripe-events': ['webhookEvents'],
  reports: ['tenantCounters'],
  outbox: ['outbox', 'outboxAttempts'],
  enrolment: ['enrolmentRequests'],
  'api-keys': ['apiKeys'],
  'webhook-endpoints': ['webhookEndpoints', 'webhookDeliveries'],
  'customer-data': ['erasureRequests'],
  'http/': ['rateLimitCounters'],
  'db/idempotency.ts': ['idempotencyKeys'],
  'payments/demo.ts': ['paymentMethods'],
};
const ALL_TABLES = Object.values(TABLE_OWNERS).flat();
/** no-restricted-imports options forbidding every table but `own` from db/schema. */
const schemaFence = (owner, own) => ({
  patterns: [
    {
      group: ['**/db/schema', '**/db/schema/*'],
      importNames: ALL_TABLES.filter((t) => !own.includes(t)),
      message: `${owner} does not own this table: call its owner's index.ts (docs/architecture.md 'Modules and the tables they own', ADR 0012).`,
    },
  ],
});
const tableFences = [
  ...serverModules
    .filter((m) => m !== 'demo-data') // ADR 0012's one exception: the seed writes fixture rows into the owners' tables.
    .map((m) => ({
      files: [`${SERVER}/modules/${m}/**/*.ts`],
      ignores: TESTS, // tests arrange and assert rows directly
      rules: { 'no-restricted-imports': ['error', schemaFence(`The ${m} module`, TABLE_OWNERS[m] ?? [])] },
    })),
  // The money the ledger keeps on other modules' rows (ADR 0028): cards.balance_cents and the
  // holder's purchase totals, written by this one file of the ledger and nowhere else.
  {
    files: [`${SERVER}/modules/ledger/holdings.ts`, `${SERVER}/modules/ledger/reward-state.ts`],
    rules: { 'no-restricted-imports': ['error', schemaFence('ledger/holdings.ts', [...TABLE_OWNERS.ledger, 'cards', 'customers'])] },
  },
  { files: [`${SERVER}/http/**/*.ts`], ignores: TESTS, rules: { 'no-restricted-imports': ['error', schemaFence('http/', TABLE_OWNERS['http/'])] } },
  {
    files: [`${SERVER}/payments/**/*.ts`],
    ignores: TESTS,
    rules: { 'no-restricted-imports': ['error', schemaFence('payments/', TABLE_OWNERS['payments/demo.ts'])] },
  },
];

const noProcessEnv = {
  'no-restricted-properties': [
    'error',
    { object: 'process', property: 'env', message: 'Read the environment in src/config.ts only (parsed and validated there).' },
  ],
};

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/.dist-tmp/**',
      '**/.dist-old/**',
      '**/node_modules/**',
      'playwright-report/**',
      'test-results/**',
      'data/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
      // Generated from the server's OpenAPI document by scripts/api-client.mjs (checked in CI).
      'apps/web/src/api/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // `catch {}` is how best-effort clean-up (kill a stopped process, poll a starting server) reads.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `_`-prefixed names mark a deliberately unused parameter or destructured rest.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts'],
    // Playwright reads fixtures from the first parameter's destructuring: `async ({}, testInfo)`.
    rules: { 'no-empty-pattern': 'off' },
  },
  // ---- import fences and cycles over the TypeScript sources ---------------------------------
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'apps/server/test/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Never parse dependencies' files: the cycle check walks our own sources only (speed).
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/resolver': {
        typescript: {
          project: ['apps/server/tsconfig.json', 'packages/*/tsconfig.json'],
          conditionNames: ['@loyalty/source', 'types', 'import', 'node', 'default'],
        },
      },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
    },
  },
  // Exception for tests only: a lower layer's integration tests may set up data through a
  // module (db/data-dir.test.ts seeds the base data with demo-data's seedBase).
  {
    files: [`${SERVER}/{db,http,lib,payments}/**/*.test.ts`],
    rules: { 'import/no-restricted-paths': ['error', { zones: serverZones.filter((z) => !layerZones.includes(z)) }] },
  },
  // The web resolves `@/` through its own tsconfig (a separate resolver keeps lookups short).
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    settings: { 'import/resolver': { typescript: { project: ['apps/web/tsconfig.json'], conditionNames: ['@loyalty/source', 'types', 'import', 'default'] } } },
  },
  // Every text a person reads comes from a catalog (src/lib/i18n.tsx, ADR 0042): no literal
  // text in JSX, nor in the attributes people read or hear.
  {
    files: [`${WEB}/**/*.tsx`],
    ignores: [...TESTS, `${WEB}/test/**`],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['^(aria-label|aria-description|title|placeholder|alt|label|description|hint|emptyText)$'] },
          // Form field names, class names and other identifiers passed to calls inside JSX.
          callees: {
            exclude: [
              '^t$',
              '^translate$',
              'register$',
              'trigger$',
              'watch$',
              'setValue$',
              'getValues$',
              '^cn$',
              '^clsx$',
              '^Number\\.',
              'replaceAll$',
              'toLocaleString$',
            ],
          },
          // Dashes, separators and symbols are not words.
          words: { exclude: ['^[\\s\\d—–·•…|/:,.()+−%$#×*-]*$'] },
        },
      ],
    },
  },
  // Test helpers (src/test) serve test files only.
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    ignores: [...TESTS, `${WEB}/test/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/test/*', '**/test/*'], message: 'src/test holds test helpers: import them from *.test.ts(x) only.' }] },
      ],
    },
  },
  ...tableFences,
  // A use case's instant comes from its caller: the request's context (request.ctx.now, the
  // app's clock, which tests move) or the job run's `now` (ADR 0034). The clock itself lives in
  // app.ts, main.ts and the HTTP layer, outside modules/.
  {
    files: [`${SERVER}/modules/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Take the instant from the caller (request.ctx.now or the job run's now), not new Date() (ADR 0034).",
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: "Take the instant from the caller (request.ctx.now or the job run's now), not Date.now() (ADR 0034).",
        },
      ],
    },
  },
  // One file per use case keeps files short enough to read in one sitting (ADR 0034).
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: TESTS,
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  // process.env only in the config modules; tests and tooling outside src/ may read it.
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: [
      `${SERVER}/config.ts`,
      // Tests that set variables for the app they build or skip without a database.
      `${SERVER}/modules/auth/throttle.test.ts`,
      `${SERVER}/modules/rules/earn-follows-rules.test.ts`,
    ],
    rules: noProcessEnv,
  },
);
