/**
 * Sample data of the web tests, shaped by the contract: the signed-in users of each role, their
 * tenant, and a card at the POS. Tests spread and override what they need.
 */
import type { CardResponse, Role, SessionTenant, SessionUser, TenantResponse, TransactionItem } from '@loyalty/contract';

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

/** GET /t/acme/tenant of the trial tenant {@link ACME}: allowed to transact, 3 of 100 cards used, the demo payment provider. */
export function tenantWith(overrides: Partial<TenantResponse> = {}): TenantResponse {
  return {
    id: ACME.id,
    name: ACME.name,
    slug: ACME.slug,
    subscriptionStatus: 'TRIALING',
    trialEndsAt: '2026-12-31T00:00:00.000Z',
    graceEndsAt: null,
    planId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    freeTrialLimit: 100,
    _count: { cards: 3, users: 2, stores: 1 },
    subscriptionInfo: { isActive: false, planId: null, planName: null, cardLimit: 100, cardsUsed: 3, cardsRemaining: 97 },
    subscriptionCardsUsed: 3,
    subscriptionCardLimit: 100,
    canTransact: true,
    subscriptionRequired: false,
    paymentProvider: 'demo',
    timezone: 'UTC',
    receiptsEnabled: false,
    ...overrides,
  };
}

/** A ledger row of 'acme': a $50.00 purchase at Main Street that earned $1.00 (balance $0.00 → $1.00). */
export function transactionWith(overrides: Partial<TransactionItem> = {}): TransactionItem {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    customerId: '44444444-4444-4444-8444-444444444444',
    customerName: 'Ada Lovelace',
    cardUid: 'ACME0001',
    type: 'EARN',
    category: 'PURCHASE',
    amountCents: 5000,
    cashbackCents: 100,
    beforeBalanceCents: 0,
    afterBalanceCents: 100,
    storeId: STORE_ID,
    storeName: 'Main Street',
    note: null,
    reversesTransactionId: null,
    reversedAmountCents: 0,
    unrecoveredCents: 0,
    reason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    receivedAt: null,
    ...overrides,
  };
}
