import type { Database } from './db/client.ts';
import type { ApiKeyGuardDeps } from './http/api-key-auth.ts';
import type { SessionStore, TenantContext } from './context.ts';
import type { ProviderCustomerStore } from './payments/port.ts';
import { addFundsEffect } from './modules/add-funds/index.ts';
import type { WelcomeBonus } from './modules/cards/index.ts';
import { creditWelcomeBonus } from './modules/ledger/index.ts';
import { cardOrderEffect } from './modules/card-orders/index.ts';
import type { CheckoutEffects } from './modules/checkout/index.ts';
import { apiKeyAuthenticator } from './modules/api-keys/index.ts';
import { claimProviderCustomerId, tenantContextByIdFinder, tenantContextFinder } from './modules/tenants/index.ts';
import { sessionStore } from './modules/users/index.ts';

/**
 * The composition root's wiring (ADR 0012): the few places where a lower layer needs a higher
 * one and receives it as a function instead of importing it, so that http/ and payments/ import
 * nothing from modules/ and no module depends on a module that depends on it.
 */

/**
 * What a paid checkout does, by kind (the checkout module's `completeCheckout`): ADD_FUNDS
 * credits the card (add-funds module), CARD_ORDER pays the order (card-orders module).
 */
export const CHECKOUT_EFFECTS: CheckoutEffects = { ADD_FUNDS: addFundsEffect, CARD_ORDER: cardOrderEffect };

/** The welcome bonus of a customer's first card, credited by the ledger in the cards module's activation (docs/product.md 'Rewards', ADR 0049). */
export const WELCOME_BONUS: WelcomeBonus = creditWelcomeBonus;

/** The HTTP layer's collaborators on database `db`: the session store and the tenant guard's slug lookup. */
export function httpWiring(db: Database): { sessions: SessionStore; findTenant: (slug: string) => Promise<TenantContext | null> } {
  return { sessions: sessionStore(db), findTenant: tenantContextFinder(db) };
}

/** Where the Stripe adapter remembers a tenant's Stripe customer id (tenants.provider_customer_id). */
export const PROVIDER_CUSTOMERS: ProviderCustomerStore = { claim: claimProviderCustomerId };

/** The API key guard's lookups on database `db`: the api-keys module's bearer-key check and the tenant by id. */
export function apiKeyWiring(db: Database): Omit<ApiKeyGuardDeps, 'now'> {
  return { authenticate: apiKeyAuthenticator(db), findTenantById: tenantContextByIdFinder(db) };
}
