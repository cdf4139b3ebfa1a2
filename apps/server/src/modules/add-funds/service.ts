import { POS_GATE_MESSAGE, type AddFundsRequest, type CheckoutUrlResponse } from '@loyalty/contract';
import { canTransact, formatCents } from '@loyalty/domain';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { idempotent, type IdempotentResult } from '../../db/idempotency.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import { writeAudit } from '../audit/index.ts';
import { cardsOfCustomer } from '../cards/index.ts';
import { openCheckout, type CheckoutEffect } from '../checkout/index.ts';
import { CUSTOMER_NOT_FOUND, findCustomerId } from '../customers/index.ts';
import { paymentTenantOf } from '../tenants/index.ts';
import { creditCard } from '../ledger/index.ts';
import { actingUserId, type TenantRequestContext } from '../../context.ts';

/**
 * Add funds to a card (docs/product.md 'Add funds', 'Payments'):
 * opens a hosted checkout for one card of a customer and, when the checkout is paid, credits
 * the card through the ledger (`addFundsEffect`, wired into the checkout module by
 * src/wiring.ts). The module owns no table: customers, cards, checkouts and the ledger are
 * their modules' (ADR 0012).
 */

/** The ledger note of an add-funds credit. */
const ADD_FUNDS_NOTE = 'Added funds online';

/** 404 text when `cardId` is not one of the customer's cards. */
const CARD_NOT_FOUND = 'Card not found';
/** 409 text when the customer holds no ACTIVE card (and no card was chosen). */
const NO_ACTIVE_CARD = 'Customer has no active card';
/** 400 text when the customer holds several ACTIVE cards and no card was chosen (details on body.cardId). */
const CHOOSE_A_CARD = 'Choose a card';
/** 409 text when the chosen card is not ACTIVE. */
const CARD_NOT_ACTIVE = 'Card is not active';

/** What add funds answers: the checkout, and whether it is the stored answer of an earlier request with the same key. */
export type AddFundsResult = IdempotentResult<CheckoutUrlResponse>;

/**
 * POST /api/t/{slug}/customers/{id}/add-funds `{ amountCents, cardId? }` at `now`
 * (docs/product.md 'Add funds', 'Payments'). Opens a hosted checkout of `amountCents` (integer cents, 100 to
 * 100000: checked by the contract, 400 'Amount must be between $1.00 and $1,000.00') for one
 * card of the customer and returns `{ checkoutUrl }` (Demo: `/t/{slug}/checkout/{id}`). No
 * money moves here: the card is credited when the checkout completes (`addFundsEffect`:
 * one ADD_FUNDS ledger row). After payment the browser returns to
 * `/t/{slug}/customers?funds=added&customer={customerId}`, after cancelling to
 * `…?funds=canceled&customer={customerId}`.
 * The card: `cardId` when given, else the customer's only ACTIVE card.
 * Idempotent per `idempotencyKey` (docs/product.md 'Ledger'; db/idempotency.ts `idempotent`, the
 * wrapper of every money route, in the same DB transaction as the checkout row): the same key with the same
 * customer and body returns the first answer (same checkoutUrl, `replayed: true`) and opens no
 * second checkout; with another customer or body it throws 409 IDEMPOTENCY_KEY_REUSED.
 * Errors, in this order, nothing written on any of them:
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required to process transactions' when the
 *   tenant may not transact now (domain canTransact: the POS gate, docs/product.md 'Subscription gates');
 * - 404 'Customer not found' (unknown, malformed or another tenant's id);
 * - 404 'Card not found' when `cardId` is not one of this customer's cards;
 * - 422 CARD_NOT_ACTIVE 'Card is not active' when the chosen card is not ACTIVE (a broken
 *   business rule is 422, ADR 0029);
 * - without `cardId`: 422 BUSINESS_RULE 'Customer has no active card' (none ACTIVE), 400 'Choose a card'
 *   with details `[{ field: 'body.cardId' }]` (several ACTIVE).
 */
export async function addFunds(
  db: Database,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  ctx: TenantRequestContext,
  idempotencyKey: string,
  customerId: string,
  input: AddFundsRequest,
): Promise<AddFundsResult> {
  const { tenant, now } = ctx;
  if (!canTransact(tenant, now)) throw new AppError('SUBSCRIPTION_REQUIRED', POS_GATE_MESSAGE);
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const request = { tenantId: tenant.id, key: idempotencyKey, route: `add-funds ${customerId.toLowerCase()}`, body: input };
  return idempotent(db, request, async (tx): Promise<CheckoutUrlResponse> => {
    const storedId = await findCustomerId(tx, tenant.id, customerId);
    if (!storedId) throw notFound(CUSTOMER_NOT_FOUND);
    const customer = { id: storedId };
    const owned = await cardsOfCustomer(tx, tenant.id, customer.id);
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
      createdBy: actingUserId(ctx),
    });
    return { checkoutUrl: opened.checkoutUrl };
  });
}

/**
 * What a paid ADD_FUNDS checkout does (completeCheckout, ADR 0008), in its transaction: the
 * ledger credits the checkout's amount (cents) to its card (`creditCard`: one ADD_FUNDS row, note
 * 'Added funds online', userId = who opened the checkout; credited even if the card was
 * BLOCKED meanwhile). If the card no longer belongs to the checkout's customer (or is gone),
 * nothing is credited: the checkout stays COMPLETED (the payment happened and must not be
 * applied later to someone else) and an audit_log row `checkout.add_funds_not_credited`
 * records it for a manual refund. No `payments` row: that money is the store's, not platform
 * revenue.
 */
export const addFundsEffect: CheckoutEffect = {
  async apply(tx, checkout) {
    const refused = await creditCard(tx, {
      tenantId: checkout.tenantId,
      cardId: checkout.cardId,
      customerId: checkout.customerId,
      amountCents: checkout.amountCents,
      userId: checkout.createdBy,
      note: ADD_FUNDS_NOTE,
    });
    if (!refused) return;
    await writeAudit(tx, {
      tenantId: checkout.tenantId,
      // As the credit's own row: the checkout's opener acts; the provider's request has no address of theirs.
      userId: checkout.createdBy,
      apiKeyId: null,
      ip: null,
      action: 'checkout.add_funds_not_credited',
      entity: 'checkout',
      entityId: checkout.id,
      before: null,
      after: { reason: refused, cardId: checkout.cardId, customerId: checkout.customerId, amountCents: checkout.amountCents },
    });
  },
};
