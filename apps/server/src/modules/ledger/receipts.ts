import { formatCents } from '@loyalty/domain';
import type { Tx } from '../../db/client.ts';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { renderReceipt, type ReceiptKind } from '../../emails/receipt.tsx';
import type { TenantContext } from '../../context.ts';
import { cardQrUrl, cardUidAndHolder } from '../cards/index.ts';
import { customerContact, unsubscribeToken } from '../customers/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { requireStoreName } from '../stores/index.ts';

/** Where customer messages link to: PUBLIC_URL and the QR token secret (the card page's token, the unsubscribe token). */
export interface MessageLinks {
  publicUrl: string;
  secret: string;
}

/** One ledger movement a receipt tells of; money in cents (`cashbackCents`: earned, or taken back by a refund; 0 for a payment). */
export interface ReceiptMovement {
  transactionId: string;
  kind: ReceiptKind;
  cardId: string;
  storeId: string | null;
  amountCents: number;
  cashbackCents: number;
  /** The card's balance after the movement. */
  balanceCents: number;
  at: Date;
}

/**
 * Whether the tenant's movements get a receipt at all (`tenant.receiptsEnabled`, and the links a
 * receipt needs are configured): the till's redeem skips its transaction when not
 * (docs/product.md 'E-mail'). Whether a given holder gets one also depends on their e-mail.
 */
export function wantsReceipt(tenant: TenantContext, links: MessageLinks | undefined): links is MessageLinks {
  return tenant.receiptsEnabled && links !== undefined;
}

/**
 * Writes the receipt of `movement` to the outbox in `tx`, the movement's own transaction
 * (docs/product.md 'E-mail'), when the tenant turned receipts on (`tenant.receiptsEnabled`) and the
 * card's holder has an e-mail and has not unsubscribed; otherwise nothing (and, with receipts
 * off, not one query: the till's hot path is unchanged). The message: the amount, the cashback,
 * the balance after, the card, the store, the date and time in the business's time zone, the
 * card's page and the one-click unsubscribe (link and RFC 8058 headers). Dedupe key
 * `receipt:{transactionId}`: one receipt per ledger row. Returns whether a message was written.
 */
export async function enqueueReceipt(tx: Tx, tenant: TenantContext, links: MessageLinks | undefined, movement: ReceiptMovement): Promise<boolean> {
  if (!wantsReceipt(tenant, links)) return false;
  const card = await cardUidAndHolder(tx, tenant.id, movement.cardId);
  const contact = card?.customerId ? await customerContact(tx, tenant.id, card.customerId) : null;
  if (!card?.customerId || !contact?.email || contact.optedOut) return false;
  const token = unsubscribeToken(links.secret, tenant.id, card.customerId);
  const message = await renderReceipt({
    businessName: tenant.name,
    firstName: contact.firstName,
    kind: movement.kind,
    amount: formatCents(movement.amountCents),
    cashback: movement.kind === 'REDEEM' ? undefined : formatCents(movement.cashbackCents),
    balance: formatCents(movement.balanceCents),
    cardUid: card.cardUid,
    storeName: movement.storeId ? await requireStoreName(tx, tenant.id, movement.storeId) : null,
    at: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: tenant.timezone }).format(movement.at),
    cardUrl: cardQrUrl(links.publicUrl, links.secret, tenant.slug, card.cardUid),
    unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
  });
  const id = await enqueueEmail(tx, {
    tenantId: tenant.id,
    kind: 'receipt',
    to: contact.email,
    ...message,
    headers: unsubscribeHeaders(`${links.publicUrl}/api/unsubscribe?token=${token}`),
    dedupeKey: `receipt:${movement.transactionId}`,
    now: movement.at,
  });
  return id !== null;
}
