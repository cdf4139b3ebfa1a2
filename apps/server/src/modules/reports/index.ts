/**
 * The reports module's public face: the only file of `modules/reports/` that other modules and
 * the app import (besides `views.ts`, the counters for the customers module, which the reports
 * read from; importing this file from there would close an import cycle). The module owns
 * `tenant_counters` (ADR 0006) and builds the tenant's dashboard, the CSV exports and the
 * liability report from the figures their owners give it (`docs/product.md` 'Reports').
 */
export { addSums, liabilityReport, periodOf, sortTenants, withBreakage } from './liability.ts';
export { reportRoutes } from './routes.ts';
export { tenantCardCounts } from './views.ts';
