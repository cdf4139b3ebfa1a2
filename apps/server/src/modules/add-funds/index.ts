/**
 * The add-funds module's public face: a customer's card topped up online (docs/product.md 'Add
 * funds'). POST /customers/{id}/add-funds opens a hosted checkout; `addFundsEffect`, wired into
 * the checkout module by wiring.ts, credits the card through the ledger once it is paid. The
 * module owns no table.
 */
export { addFundsRoutes } from './routes.ts';
export { addFundsEffect } from './service.ts';
