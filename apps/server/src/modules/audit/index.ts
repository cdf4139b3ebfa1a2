/**
 * The audit module's public face: the only file of `modules/audit/` that other modules and the
 * app import. It owns `audit_log`: every other module records its changes through `writeAudit`
 * (a batch job through `writeAudits`; the earn's database function stores the typed values of
 * `auditRowValues`) in the
 * transaction of the change, so an audit row exists exactly when the change committed; the
 * Activity screen, its CSV export and the operator's recent changes read it back
 * (docs/product.md 'Audit', ADR 0025, ADR 0032).
 */
export { type AuditActor, auditActorOf, auditRowValues, writeAudit, writeAudits } from './write-audit.ts';
export { listAudit, toAuditEvent } from './list-audit.ts';
export { firstTenantAuditAfter, latestPlatformAudit } from './latest-platform-audit.ts';
export { scrubAudit } from './scrub-audit.ts';
export { auditRoutes } from './routes.ts';
