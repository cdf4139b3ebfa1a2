/**
 * The business-profile module's public face: a business's own profile as its members see and
 * set it under /api/t/{slug} (GET /tenant, GET /trial/status, PUT /tenant/timezone, PUT
 * /tenant/receipts), the same view for the operator's tenant list, the slug rules, and
 * onboarding a new business (`createTenant`: the tenants row, default rules, a first store).
 * It owns no table: the tenant row is the tenants module's, the figures come from cards,
 * users and stores, the default programme from rules (ADR 0012).
 */

export { tenantRoutes } from './routes.ts';
export { buildTenantView, createTenant } from './service.ts';
export { isValidSlug } from './slug.ts';
