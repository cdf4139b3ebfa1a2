/**
 * Sample data of the web tests, shaped by the contract: the signed-in users of each role, their
 * tenant, and a card at the POS. Tests spread and override what they need.
 */
import type { CardResponse, Role, SessionTenant, SessionUser } from '@loyalty/contract';

/** The tenant 'acme' of the sample users (a trial account). */
export const ACME: SessionTenant = { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Coffee', slug: 'acme', subscriptionStatus: 'TRIALING' };

/** The store of the sample cashier. */
export const STORE_ID = '22222222-2222-4222-8222-222222222222';

/** A signed-in user of `role` (the cashier works at {@link STORE_ID}). */
export function userOf(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `user-${role}`,
    email: `${role}@example.com`,
    firstName: 'Sam',
    lastName: role === 'platform_admin' ? 'Operator' : 'Acme',
    role,
    storeId: role === 'cashier' ? STORE_ID : null,
    storeName: role === 'cashier' ? 'Main Street' : null,
    ...overrides,
  };
}

/** An active card of 'acme' holding $10.00, assigned to a Silver customer. */
export function cardWith(overrides: Partial<CardResponse> = {}): CardResponse {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    cardUid: 'ACME0001',
    customerId: '44444444-4444-4444-8444-444444444444',
    status: 'ACTIVE',
    balanceCents: 1000,
    storeId: STORE_ID,
    storeName: 'Main Street',
    qrUrl: 'http://localhost/acme/c/ACME0001?t=x',
    createdAt: '2026-01-05T12:00:00.000Z',
    activatedAt: '2026-01-05T12:00:00.000Z',
    customer: {
      id: '44444444-4444-4444-8444-444444444444',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      tier: 'SILVER',
      totalSpendCents: 0,
    },
    ...overrides,
  };
}
