import { CASHIER_VOID_WINDOW_MS, type Role } from '@loyalty/contract';

/**
 * Who acts at a store: a role and the store the account (or a store-bound API key, which acts
 * as a cashier) is bound to; null or empty = not bound (all stores).
 */
export interface StoreActor {
  role: Role;
  storeId: string | null;
}

/**
 * The own-store rule, one function for the server and the web: a cashier bound to a store may
 * book a movement to that store only, and refund or void only that store's ledger rows
 * (`storeId` the store booked to or asked for; null = no store). Everyone else (a Store Admin,
 * a cashier bound to no store, the operator) may act for any store of the tenant. The refusal's
 * text is the contract's OWN_STORE_MESSAGE (docs/product.md 'Roles'; ADR 0030).
 */
export function mayActForStore(actor: StoreActor, storeId: string | null): boolean {
  return actor.role !== 'cashier' || !actor.storeId || actor.storeId === storeId;
}

/**
 * The cashier's void window, one function for the server and the web: a cashier may void a
 * redemption only within CASHIER_VOID_WINDOW_MS (15 minutes) of when it was rung up, that
 * instant included; anyone else at any time (docs/product.md 'Refunds and voids'; ADR 0030).
 */
export function mayVoidAt(actor: Pick<StoreActor, 'role'>, rungUpAt: Date, now: Date): boolean {
  return actor.role !== 'cashier' || now.getTime() - rungUpAt.getTime() <= CASHIER_VOID_WINDOW_MS;
}
