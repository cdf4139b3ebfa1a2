import type { Role } from '@loyalty/contract';

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
 * text is the contract's OWN_STORE_MESSAGE (ADR 0030).
 */
export function mayActForStore(actor: StoreActor, storeId: string | null): boolean {
  return actor.role !== 'cashier' || !actor.storeId || actor.storeId === storeId;
}
