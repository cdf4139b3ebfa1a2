import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { cards } from '../../db/schema/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { assertCanActivateCard, assertCardBatchAllowed, assertTillReserveKept, type TenantAccount } from '../tenants/index.ts';
import { cardQrUrl } from './qr-token.ts';
import { cardCounts } from './views.ts';
import { type QrContext, toCardResponse, loadCardRow } from './card-rows.ts';
import { insertUnassignedCards } from './create-card-batch.ts';
import { enqueueWelcome, type WelcomeBonus } from './activate-card.ts';

/** The digital card a self-enrolment issues, and its public page. */

/** A digital card as the self-enrolment page shows it (docs/product.md 'Online sign-up'): its UID, its public page (which its QR encodes) and its balance in cents. */
export interface DigitalCard {
  cardUid: string;
  qrUrl: string;
  balanceCents: number;
}

/**
 * Whether tenant `tenant` has room for one more card made by an online sign-up (ADR 0019;
 * ADR 0027): a card made and activated (tenants `assertCardBatchAllowed` for one card,
 * `assertCanActivateCard`) that leaves the till's reserve, the last 10 % of the quota, untouched
 * (`assertTillReserveKept`). Binding only under the tenant-row lock (ADR 0005, as in
 * `issueDigitalCard`); the join page also asks without it, to refuse before any e-mail is sent.
 * Throws what those checks throw (403 FORBIDDEN, 403 SUBSCRIPTION_REQUIRED, 400 'Card limit
 * exceeded', 422 BUSINESS_RULE TILL_RESERVE_TEXT).
 */
export async function assertOnlineCardRoom(db: DbOrTx, tenant: TenantAccount, now: Date): Promise<void> {
  const counts = await cardCounts(db, tenant.id);
  await assertCardBatchAllowed(db, tenant, counts, 1, now);
  assertCanActivateCard(tenant, counts, now);
  await assertTillReserveKept(db, tenant, counts);
}

/**
 * Issues a digital card to a customer who joined online (docs/product.md 'Online sign-up'),
 * in the caller's transaction `tx` with the tenant row `tenant` locked by the caller
 * (tenants `lockTenant`): the card counts in the quota like any activation, so both
 * checks of a card made and activated and the till's reserve run first
 * (`assertOnlineCardRoom`), then one card is drawn (a fresh UID,
 * `insertUnassignedCards`) and set ACTIVE with the customer, the store and activatedAt = now;
 * the welcome bonus, while it is on, is credited (`welcome`: the ledger's, docs/product.md
 * 'Rewards') and the welcome message goes to the outbox (`enqueueWelcome`). Throws what those checks throw
 * (403 FORBIDDEN 'Card creation blocked' / 'Insufficient subscription allowance', 403
 * SUBSCRIPTION_REQUIRED, 400 'Card limit exceeded', 422 BUSINESS_RULE TILL_RESERVE_TEXT); the caller's transaction then rolls back.
 * Returns the new card's id and its DigitalCard view.
 */
export async function issueDigitalCard(
  tx: Tx,
  tenant: TenantAccount,
  input: { customerId: string; storeId: string },
  qr: QrContext,
  now: Date,
  welcome: WelcomeBonus,
): Promise<{ id: string; card: DigitalCard }> {
  await assertOnlineCardRoom(tx, tenant, now);
  const [card] = await insertUnassignedCards(tx, tenant.id, 1, { storeId: input.storeId });
  await tx
    .update(cards)
    .set({ status: 'ACTIVE', customerId: input.customerId, activatedAt: now })
    .where(and(eq(cards.tenantId, tenant.id), eq(cards.id, card.id)));
  // The holder confirms their own sign-up: no user or key acts.
  const bonus = await welcome(tx, {
    tenantId: tenant.id,
    customerId: input.customerId,
    cardId: card.id,
    storeId: input.storeId,
    userId: null,
    apiKeyId: null,
    ip: null,
    at: now,
  });
  const balanceCents = bonus ?? card.balanceCents;
  await enqueueWelcome(tx, tenant, input.customerId, card.cardUid, balanceCents, qr, now);
  await enqueueWebhookEvent(tx, tenant.id, 'card.activated', toCardResponse(await loadCardRow(tx, tenant.id, card.id), qr), now);
  return { id: card.id, card: { cardUid: card.cardUid, qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid), balanceCents } };
}

/** The card `cardId` of the tenant as a DigitalCard (its current balance), or null when it is gone. */
export async function digitalCardView(db: DbOrTx, tenantId: string, cardId: string, qr: QrContext): Promise<DigitalCard | null> {
  const [card] = await db
    .select({ cardUid: cards.cardUid, balanceCents: cards.balanceCents })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  return card ? { ...card, qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid) } : null;
}

/** The public page (with token) of customer `customerId`'s ACTIVE card, the oldest if several, or null (the 'already a member' e-mail). */
export async function activeCardUrlOfCustomer(db: DbOrTx, tenantId: string, customerId: string, qr: QrContext): Promise<string | null> {
  const [card] = await db
    .select({ cardUid: cards.cardUid })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId), eq(cards.status, 'ACTIVE')))
    .orderBy(asc(cards.createdAt))
    .limit(1);
  return card ? cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid) : null;
}
