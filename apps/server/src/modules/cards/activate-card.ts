import { and, eq } from 'drizzle-orm';
import type { CardActivateRequest, CardResponse } from '@loyalty/contract';
import { formatCents, normalizeCardUid, referralLink } from '@loyalty/domain';
import type { Database, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { cards } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { renderWelcome } from '../../emails/welcome.tsx';
import {
  customerContact,
  customerEmailInUse,
  insertCardHolder,
  lockCustomer,
  recordReferrer,
  REFERRAL_TEXT,
  referralRefusal,
  referrerOrRefuse,
  unsubscribeToken,
} from '../customers/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { readRewardSettings } from '../rules/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { requireStoreName } from '../stores/index.ts';
import { assertCanActivateCard, lockTenant } from '../tenants/index.ts';
import { cardQrUrl, signCardToken } from './qr-token.ts';
import { cardCounts } from './views.ts';
import { type QrContext, toCardResponse, loadCardRow } from './card-rows.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Assigning an unassigned card to a customer, with the welcome message. */

/**
 * The welcome bonus of a customer's first card (the ledger's `creditWelcomeBonus`, handed in by
 * the composition root, src/wiring.ts, since the ledger depends on this module): credits it in
 * the activation's transaction and returns the card's balance after it (cents), or null when none
 * was credited.
 */
export type WelcomeBonus = (
  tx: Tx,
  card: {
    tenantId: string;
    customerId: string;
    cardId: string;
    storeId: string | null;
    userId: string | null;
    apiKeyId: string | null;
    ip: string | null;
    at: Date;
  },
) => Promise<number | null>;

/** docs/product.md 'Cards': 409 text for a duplicate customer e-mail within the tenant. */
const DUPLICATE_EMAIL = 'A customer with this email already exists';

/**
 * POST /api/t/{slug}/cards/activate (docs/product.md 'Cards',
 * 'Card quota'). In ONE DB transaction (tenant row locked first, then the
 * card row): the card must exist in this tenant and be UNASSIGNED; the store must be this
 * tenant's; the customer is either an existing customer of this tenant without cards
 * (`customerId`) or a new one (`customer`) created in the same transaction. Sets ACTIVE,
 * customerId, storeId and activatedAt = now: a trial activation.
 * Throws 400 'Select a customer or enter a new one' (neither or both given), 403
 * SUBSCRIPTION_REQUIRED 'Subscription required' (not ACTIVE and the trial is used up or
 * expired before this activation, or the status does not allow card work at all: CANCELED,
 * NONE, PAST_DUE after grace), 404 'Card not found' / 'Store not found' / 'Customer not
 * found', 409 'This customer already has a card' / 'A customer with this email already
 * exists', 422 BUSINESS_RULE 'Card is already assigned'. Nothing is written on failure.
 * A `referralCode` (docs/product.md 'Rewards') records who referred the customer: 422
 * BUSINESS_RULE REFERRAL_TEXT.unknown / .self / .already (on `body.referralCode`). The welcome
 * bonus, while it is on, is credited in the same transaction (`welcome`). Then, when the
 * customer has an e-mail and has not unsubscribed, the welcome message is written to the outbox
 * (docs/product.md 'E-mail'; `enqueueWelcome`), with the balance after the bonus.
 * Returns the activated card (200).
 */
export async function activateCard(
  db: Database,
  ctx: TenantRequestContext,
  qr: QrContext,
  input: CardActivateRequest,
  welcome: WelcomeBonus,
): Promise<CardResponse> {
  const hasExisting = !!input.customerId;
  const hasNew = !!input.customer;
  if (hasExisting === hasNew) {
    throw badRequest('Select a customer or enter a new one', [
      { field: 'body.customerId', message: hasExisting ? 'Choose an existing customer or a new one, not both' : 'Select a customer or enter a new one' },
    ]);
  }
  const tenantId = ctx.tenant.id;
  const cardUid = normalizeCardUid(input.cardUid);
  try {
    return await db.transaction(async (tx) => {
      const tenant = await lockTenant(tx, tenantId);
      const { now } = ctx;
      assertCanActivateCard(tenant, await cardCounts(tx, tenantId), now);
      const [card] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
        .for('update');
      if (!card) throw notFound('Card not found');
      if (card.status !== 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Card is already assigned');
      await requireStoreName(tx, tenantId, input.storeId);
      let customerId: string;
      if (input.customerId) {
        const existing = await lockCustomer(tx, tenantId, input.customerId);
        if (!existing) throw notFound('Customer not found');
        const [held] = await tx
          .select({ id: cards.id })
          .from(cards)
          .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, existing)))
          .limit(1);
        if (held) throw conflict('This customer already has a card');
        customerId = existing;
        if (input.referralCode) {
          const referrerId = await referrerOrRefuse(tx, tenantId, input.referralCode, { id: existing });
          if (!(await recordReferrer(tx, tenantId, existing, referrerId))) throw referralRefusal(REFERRAL_TEXT.already);
        }
      } else {
        const c = input.customer!;
        // The contract lets an empty phone through as ''; the customers module stores "no phone" as null.
        if (c.email && (await customerEmailInUse(tx, tenantId, c.email))) {
          throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
        }
        const referredByCustomerId = input.referralCode ? await referrerOrRefuse(tx, tenantId, input.referralCode, c) : null;
        customerId = await insertCardHolder(tx, tenantId, { ...c, referredByCustomerId }, now);
      }
      await tx
        .update(cards)
        .set({ status: 'ACTIVE', customerId, storeId: input.storeId, activatedAt: now })
        .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'card.activate',
        entity: 'card',
        entityId: card.cardUid,
        before: { status: card.status },
        after: { status: 'ACTIVE', customerId, storeId: input.storeId, newCustomer: !input.customerId },
      });
      const actor = auditActorOf(ctx);
      const balance = await welcome(tx, { tenantId, customerId, cardId: card.id, storeId: input.storeId, ...actor, at: now });
      await enqueueWelcome(tx, tenant, customerId, card.cardUid, balance ?? card.balanceCents, qr, now);
      const activated = toCardResponse(await loadCardRow(tx, tenantId, card.id), qr);
      await enqueueWebhookEvent(tx, tenantId, 'card.activated', activated, now);
      return activated;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) {
      throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
    }
    throw err;
  }
}

/**
 * Writes the welcome message of a card just activated (docs/product.md 'E-mail') to the outbox in
 * `tx`, when its customer has an e-mail and has not unsubscribed: the card's UID, its balance,
 * the link to its public page (with its QR token), where Apple Wallet passes are issued the link
 * to its pass (docs/product.md 'Wallet passes'), while the business runs referrals the holder's
 * referral link (docs/product.md 'Rewards'), and the one-click unsubscribe link and headers
 * (RFC 8058). Nothing when there is no address or the customer opted out.
 */
export async function enqueueWelcome(
  tx: Tx,
  tenant: { id: string; name: string },
  customerId: string,
  cardUid: string,
  balanceCents: number,
  qr: QrContext,
  now: Date,
): Promise<void> {
  const contact = await customerContact(tx, tenant.id, customerId);
  if (!contact?.email || contact.optedOut) return;
  const token = unsubscribeToken(qr.secret, tenant.id, customerId);
  const { referral } = await readRewardSettings(tx, tenant.id);
  const message = await renderWelcome({
    businessName: tenant.name,
    firstName: contact.firstName,
    cardUid,
    balance: formatCents(balanceCents),
    cardUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, cardUid),
    ...(qr.applePasses
      ? { applePassUrl: `${qr.publicUrl}/api/${encodeURIComponent(qr.slug)}/c/${cardUid}/wallet/apple?t=${signCardToken(qr.secret, cardUid)}` }
      : {}),
    ...(referral.enabled
      ? {
          referral: {
            link: referralLink(qr.publicUrl, qr.slug, contact.referralCode),
            friendBonus: formatCents(referral.friendCents),
            referrerBonus: formatCents(referral.referrerCents),
          },
        }
      : {}),
    unsubscribeUrl: `${qr.publicUrl}/unsubscribe?token=${token}`,
  });
  await enqueueEmail(tx, {
    tenantId: tenant.id,
    kind: 'welcome',
    to: contact.email,
    ...message,
    headers: unsubscribeHeaders(`${qr.publicUrl}/api/unsubscribe?token=${token}`),
    now,
  });
}
