/**
 * The platform module's public face: the operator's API under /api/platform and /api/admin,
 * platform_admin only (stats, activity, tenants with create, edit and delete, plans,
 * analytics, liability, settings, card-order fulfilment). It owns no table: every figure and
 * write goes through the owning module (ADR 0012).
 */

export { adminAnalyticsRoutes, platformRoutes, requirePlatformAdmin } from './routes.ts';
