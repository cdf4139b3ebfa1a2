/**
 * The setup module's public face: the first platform admin of an installation, made either from
 * PLATFORM_ADMIN_* at start-up or through the one-time set-up link (GET/POST /api/setup). It
 * owns no table: the link is an auth token, the account a users row.
 */

export { setupRoutes } from './routes.ts';
export { BootstrapError, bootstrapPlatformAdmin } from './service.ts';
