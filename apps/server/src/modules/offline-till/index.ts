/**
 * The offline till's public face (docs/product.md 'Offline till', ADR 0051): what a business lets
 * its tills do offline (`offline_settings`: offline redemptions and their caps) and the sync
 * conflicts (`sync_conflicts`), movements made offline that the server refused when they arrived.
 * The ledger reads the caps and reports the refusals; this module writes no ledger row.
 */
export { recordSyncConflict } from './conflicts.ts';
export { offlineTillRoutes } from './routes.ts';
export { readOfflineSettings } from './settings.ts';
