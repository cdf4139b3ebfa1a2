/**
 * The customer-data module's public face: the only file of `modules/customer-data/` that other
 * modules and the app import. The module owns `erasure_requests`: a customer's data export and
 * erasure, the erasure requests and the job that carries them out after 30 days (ADR 0026;
 * docs/product.md 'Customer data'). It owns no customer data itself: the export reads, and the
 * erasure changes, each owner's rows through that owner's module.
 */
export { customerDataRoutes } from './routes.ts';
export { carryOutDueErasures } from './service.ts';
