/**
 * The me module's public face: the customer's own account (GET /api/t/{slug}/me), built from
 * the session's customer id, never from input (docs/product.md 'Roles'). It owns no table: the
 * customer, cards and ledger figures come from their owners.
 */

export { meRoutes } from './routes.ts';
export { PROFILE_NOT_FOUND } from './service.ts';
