/**
 * The api-keys module's public face: tenant API keys (ADR 0020). It owns `api_keys`: a key is
 * shown once on creation, the table keeps its SHA-256 and its visible prefix; the routes under
 * /api/t/{slug}/api-keys list, create and revoke keys, and `apiKeyAuthenticator` is the bearer
 * lookup of `/api/v1` (wired into http/api-key-auth.ts by wiring.ts). `views.ts` stays apart:
 * the audit module, which this one writes to, reads key names from it.
 */
export { apiKeyRoutes } from './routes.ts';
export { apiKeyAuthenticator } from './service.ts';
export { apiKeyNames } from './views.ts';
