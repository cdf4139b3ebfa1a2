import { SignJWT } from 'jose';
import { createPrivateKey } from 'node:crypto';
import type { PassContent } from './apple-pass.ts';
import { TIER_NAMES, expiringText } from './pass-text.ts';
import type { GoogleIssuer } from './google-identity.ts';

/** Google's ids of a card's object and its business's class: `{issuerId}.card-{cardId}`, `{issuerId}.tenant-{tenantId}`. */
export interface GoogleObjectIds {
  classId: string;
  objectId: string;
}

/** The currency every business books in today (docs/product.md 'Money'): the balance is sent as money in it. */
const CURRENCY = 'USD';
/** The start of every save link; the signed JWT follows. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** Google's localized string of one English text. */
const english = (value: string) => ({ defaultValue: { language: 'en-US', value } });

/** The id of `tenantId`'s class under `issuerId`. */
export function googleClassIdOf(issuerId: string, tenantId: string): string {
  return `${issuerId}.tenant-${tenantId}`;
}

/** The ids of `cardId`'s object and `tenantId`'s class under `issuerId`. */
export function googleObjectIdsOf(issuerId: string, tenantId: string, cardId: string): GoogleObjectIds {
  return { classId: googleClassIdOf(issuerId, tenantId), objectId: `${issuerId}.card-${cardId}` };
}

/**
 * The business's loyalty class (Google Wallet REST API `LoyaltyClass`): the business as issuer,
 * its programme name (Rules & Settings → Wallet, else the business's name), its logo's public
 * address (Google fetches it; `defaultLogoUrl` without one), its background colour. A
 * development issuer's programme says 'Development pass'.
 */
export function loyaltyClassOf(content: Pick<PassContent, 'businessName' | 'look'>, ids: GoogleObjectIds, defaultLogoUrl: string, development: boolean) {
  return { id: ids.classId, ...loyaltyClassFieldsOf(content, defaultLogoUrl, development) };
}

/** `loyaltyClassOf` without its id: what a PATCH of the class sends when the business's look changes. */
export function loyaltyClassFieldsOf(content: Pick<PassContent, 'businessName' | 'look'>, defaultLogoUrl: string, development: boolean) {
  const programName = content.look.programName ?? content.businessName;
  return {
    issuerName: content.businessName,
    programName: development ? `${programName} card (Development pass)` : `${programName} card`,
    programLogo: { sourceUri: { uri: content.look.logoUrl ?? defaultLogoUrl }, contentDescription: english(programName) },
    hexBackgroundColor: content.look.backgroundColor,
    reviewStatus: 'UNDER_REVIEW',
  };
}

/**
 * What the card's loyalty object shows (`LoyaltyObject` without its ids; docs/product.md
 * 'Wallet passes'): the balance as money (micros of the currency, as a string: an int64), the
 * holder as account name, the card number as account id, the tier and cashback expiring within
 * 30 days as text modules, a QR of exactly what the printed card's QR encodes (its alternative
 * text the card number), and a link to the card's page. A blocked card's object is INACTIVE.
 * What a PATCH sends when the card changes.
 */
export function loyaltyObjectFieldsOf(content: PassContent) {
  const modules = [
    ...(content.tier ? [{ id: 'tier', header: 'Tier', body: TIER_NAMES[content.tier] }] : []),
    ...(content.expiringSoon ? [{ id: 'expiring', header: 'Expiring soon', body: expiringText(content.expiringSoon, content.timezone) }] : []),
    ...(content.storeName ? [{ id: 'store', header: 'Store', body: content.storeName }] : []),
    ...(content.status === 'BLOCKED' ? [{ id: 'status', header: 'Status', body: 'Blocked' }] : []),
  ];
  return {
    state: content.status === 'BLOCKED' ? 'INACTIVE' : 'ACTIVE',
    accountId: content.cardUid,
    accountName: content.holderName ?? 'Not yet assigned',
    loyaltyPoints: { label: 'Balance', balance: { money: { micros: String(BigInt(content.balanceCents) * 10_000n), currencyCode: CURRENCY } } },
    barcode: { type: 'QR_CODE', value: content.qrUrl, alternateText: content.cardUid },
    textModulesData: modules,
    linksModuleData: { uris: [{ id: 'cardPage', uri: content.qrUrl, description: 'Open your card' }] },
  };
}

/** The card's whole loyalty object: its ids and `loyaltyObjectFieldsOf`. */
export function loyaltyObjectOf(content: PassContent, ids: GoogleObjectIds) {
  return { id: ids.objectId, classId: ids.classId, ...loyaltyObjectFieldsOf(content) };
}

/**
 * A 'Save to Google Wallet' link (`https://pay.google.com/gp/v/save/{jwt}`, ADR 0047): an RS256
 * JWT signed with the issuer's service-account key, `iss` its address, `aud` "google", `typ`
 * "savetowallet", `origins` [`origin`] and the class and object in its payload, so the link
 * issues the pass without any call to Google. Throws when the key cannot sign.
 */
export async function googleSaveUrl(issuer: GoogleIssuer, origin: string, loyaltyClass: object, loyaltyObject: object, now: Date): Promise<string> {
  const jwt = await new SignJWT({ origins: [origin], typ: 'savetowallet', payload: { loyaltyClasses: [loyaltyClass], loyaltyObjects: [loyaltyObject] } })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(issuer.clientEmail)
    .setAudience('google')
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .sign(createPrivateKey(issuer.privateKeyPem));
  return GOOGLE_SAVE_URL + jwt;
}
