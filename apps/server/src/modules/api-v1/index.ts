/**
 * The api-v1 module's public face: the versioned REST API for point-of-sale systems under
 * `/api/v1` (ADR 0020), authenticated by a tenant's API key, and its own OpenAPI document. It
 * owns no table: its routes call the cards, customers, ledger and reports modules with the key
 * as the actor.
 */
export { v1Specification } from './openapi.ts';
export { apiV1Routes } from './routes.ts';
