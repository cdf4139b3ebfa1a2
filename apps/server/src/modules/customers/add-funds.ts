import { and, eq } from 'drizzle-orm';
import type { AddFundsRequest, CheckoutUrlResponse } from '@loyalty/contract';
import { canTransact, formatCents } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { cards, customers } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant-context.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { openCheckout, paymentTenantOf } from '../checkout/service.ts';
import { CUSTOMER_NOT_FOUND } from './service.ts';

/** 404 text when `cardId` is not one of the customer's cards. */
export const CARD_NOT_FOUND = 'Card not found';
/** 409 text when the customer holds no ACTIVE card (and no card was chosen). */
export const NO_ACTIVE_CARD = 'Customer has no active card';
/** 400 text when the customer holds several ACTIVE cards and no card was chosen (details on body.cardId). */
export const CHOOSE_A_CARD = 'Choose a card';
/** 409 text when the chosen card is not ACTIVE. */
export const CARD_NOT_ACTIVE = 'Card is not active';
/** 403 text of the POS subscription gate (spec §5 'POS'; the transactions service's text). */
export const SUBSCRIPTION_REQUIRED_TO_TRANSACT = 'Subscription required to process transactions';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who asks: the request's tenant and the signed-in user's id. */
export interface AddFundsActor {
  tenant: TenantContext;
  userId: string;
}

/**
 * POST /api/t/{slug}/customers/{id}/add-funds `{ amountCents, cardId? }` (spec §2 Customers
 * 'Add Funds to Card', §3 'Add funds response: checkoutUrl', §5 'Add Funds', §7;
 * decisions.md 'Payments'). Opens a hosted checkout of `amountCents` (integer cents, 100 to
 * 100000: checked by the contract, 400 'Amount must be between $1.00 and $1,000.00') for one
 * card of the customer and returns `{ checkoutUrl }` (Demo: `/t/{slug}/checkout/{id}`). No
 * money moves here: the card is credited when the checkout completes (checkout service:
 * one ADJUST ledger row). After payment the browser returns to
 * `/t/{slug}/customers?funds=added&customer={customerId}`, after cancelling to
 * `…?funds=canceled&customer={customerId}`.
 * The card: `cardId` when given, else the customer's only ACTIVE card.
 * Errors, in this order, nothing written on any of them:
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required to process transactions' when the
 *   tenant may not transact now (domain canTransact: the POS gate, spec §5);
 * - 404 'Customer not found' (unknown, malformed or another tenant's id);
 * - 404 'Card not found' when `cardId` is not one of this customer's cards;
 * - 422 CARD_NOT_ACTIVE 'Card is not active' when the chosen card is not ACTIVE (decisions.md
 *   'API shape': a business rule is 422);
 * - without `cardId`: 422 BUSINESS_RULE 'Customer has no active card' (none ACTIVE), 400 'Choose a card'
 *   with details `[{ field: 'body.cardId' }]` (several ACTIVE).
 */
export async function addFunds(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  actor: AddFundsActor,
  customerId: string,
  input: AddFundsRequest,
  now = new Date(),
): Promise<CheckoutUrlResponse> {
  const { tenant } = actor;
  if (!canTransact(tenant, now)) throw new AppError('SUBSCRIPTION_REQUIRED', SUBSCRIPTION_REQUIRED_TO_TRANSACT);
  if (!UUID_RE.test(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.tenantId, tenant.id), eq(customers.id, customerId)));
    if (!customer) throw notFound(CUSTOMER_NOT_FOUND);
    const owned = await tx
      .select({ id: cards.id, cardUid: cards.cardUid, status: cards.status })
      .from(cards)
      .where(and(eq(cards.tenantId, tenant.id), eq(cards.customerId, customer.id)));
    let card: (typeof owned)[number];
    if (input.cardId) {
      const chosen = owned.find((c) => c.id === input.cardId);
      if (!chosen) throw notFound(CARD_NOT_FOUND);
      if (chosen.status !== 'ACTIVE') throw new AppError('CARD_NOT_ACTIVE', CARD_NOT_ACTIVE);
      card = chosen;
    } else {
      const active = owned.filter((c) => c.status === 'ACTIVE');
      if (active.length === 0) throw new AppError('BUSINESS_RULE', NO_ACTIVE_CARD);
      if (active.length > 1) throw badRequest(CHOOSE_A_CARD, [{ field: 'body.cardId', message: CHOOSE_A_CARD }]);
      card = active[0]!;
    }
    const query = `customer=${encodeURIComponent(customer.id)}`;
    const opened = await openCheckout(tx, provider, config, await paymentTenantOf(tx, tenant.id), {
      kind: 'ADD_FUNDS',
      amountCents: input.amountCents,
      description: `Add ${formatCents(input.amountCents)} to loyalty card ${card.cardUid}`,
      customerId: customer.id,
      cardId: card.id,
      returnPath: `/t/${tenant.slug}/customers?funds=added&${query}`,
      cancelPath: `/t/${tenant.slug}/customers?funds=canceled&${query}`,
      createdBy: actor.userId,
    });
    return { checkoutUrl: opened.checkoutUrl };
  });
}
