import { WALLET_EMAIL_TEXT, type WalletEmailResponse } from '@loyalty/contract';
import { normalizeCardUid } from '@loyalty/domain';
import type { TenantRequestContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { renderWalletLinks } from '../../emails/wallet-links.tsx';
import { AppError, notFound } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { cardQrUrl, findCardRow, signCardToken } from '../cards/index.ts';
import { customerContact, unsubscribeToken } from '../customers/index.ts';
import { enqueueEmail } from '../outbox/index.ts';

/** What the links of the message need: the install's public address, the QR token secret, and whether Apple passes are issued. */
interface WalletLinkSettings {
  publicUrl: string;
  secret: string;
  /** config `wallet.applePasses` (`appleWalletAvailable`): without it the message has no Apple Wallet link. */
  applePasses: boolean;
}

/**
 * The public download of a card's Apple Wallet pass with its QR token (docs/product.md 'Wallet
 * passes'): `{publicUrl}/api/{slug}/c/{cardUid}/wallet/apple?t={token}`, the address the welcome
 * message links too.
 */
function publicApplePassUrl(links: Pick<WalletLinkSettings, 'publicUrl' | 'secret'>, slug: string, cardUid: string): string {
  return `${links.publicUrl}/api/${encodeURIComponent(slug)}/c/${cardUid}/wallet/apple?t=${signCardToken(links.secret, cardUid)}`;
}

/**
 * POST /api/t/{slug}/cards/{cardUid}/wallet/email (docs/product.md 'Wallet passes', ADR 0046):
 * staff e-mail the holder of the tenant's card `rawUid` (normalised first) the links that put it
 * in their phone's wallet: 'Add to Apple Wallet' (the public pass download, only when
 * `links.applePasses`) and the card's public page (`cardQrUrl`, which offers the wallet buttons
 * too), with the one-click unsubscribe link and headers every customer message carries.
 * In ONE transaction the message is written to the outbox (kind 'wallet_links', sent by the
 * outbox worker, docs/product.md 'E-mail') and the audit row 'card.wallet_email' (entity the
 * card's UID; after `{ email, applePass }`; the actor from `ctx`).
 * Returns `{ sentTo }`, the holder's stored address.
 * Throws 404 'Card not found' (unknown, or another tenant's card); 422 CARD_NOT_ACTIVE
 * WALLET_EMAIL_TEXT.noHolder (no holder yet) or .notActive (blocked: its pass is voided); 422
 * BUSINESS_RULE WALLET_EMAIL_TEXT.noEmail (the holder has no address) or .optedOut (the holder
 * unsubscribed). Nothing is written on a refusal.
 * Unsubscribed holders: the codebase sends no customer message to a customer who opted out,
 * transactional ones included (the welcome message and the receipts skip them; the unsubscribe
 * page promises to stop the business's messages), so a holder's request at the till does not
 * override it: the staff are told with a 422 rather than a 202 for a message that is never sent.
 */
export async function emailWalletLinks(db: Database, ctx: TenantRequestContext, links: WalletLinkSettings, rawUid: string): Promise<WalletEmailResponse> {
  const { tenant, now } = ctx;
  const row = await findCardRow(db, tenant.id, normalizeCardUid(rawUid));
  if (!row) throw notFound('Card not found');
  const { card } = row;
  if (!card.customerId || card.status === 'UNASSIGNED') throw new AppError('CARD_NOT_ACTIVE', WALLET_EMAIL_TEXT.noHolder);
  if (card.status !== 'ACTIVE') throw new AppError('CARD_NOT_ACTIVE', WALLET_EMAIL_TEXT.notActive);
  const contact = await customerContact(db, tenant.id, card.customerId);
  if (!contact?.email) throw new AppError('BUSINESS_RULE', WALLET_EMAIL_TEXT.noEmail);
  if (contact.optedOut) throw new AppError('BUSINESS_RULE', WALLET_EMAIL_TEXT.optedOut);
  const email = contact.email;
  const token = unsubscribeToken(links.secret, tenant.id, card.customerId);
  const message = await renderWalletLinks({
    businessName: tenant.name,
    firstName: contact.firstName,
    cardUid: card.cardUid,
    cardUrl: cardQrUrl(links.publicUrl, links.secret, tenant.slug, card.cardUid),
    ...(links.applePasses ? { applePassUrl: publicApplePassUrl(links, tenant.slug, card.cardUid) } : {}),
    unsubscribeUrl: `${links.publicUrl}/unsubscribe?token=${token}`,
  });
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      tenantId: tenant.id,
      kind: 'wallet_links',
      to: email,
      ...message,
      headers: unsubscribeHeaders(`${links.publicUrl}/api/unsubscribe?token=${token}`),
      now,
    });
    await writeAudit(tx, {
      tenantId: tenant.id,
      ...auditActorOf(ctx),
      action: 'card.wallet_email',
      entity: 'card',
      entityId: card.cardUid,
      after: { email, applePass: links.applePasses },
    });
  });
  return { sentTo: email };
}
