import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { CARD_UID_ALPHABET, CARD_UID_LENGTH } from '@loyalty/domain';

/**
 * QR token of a card (docs/product.md 'Cards'): HMAC-SHA256 of the card UID under the server
 * secret, the first 128 bits in base64url (22 characters).
 */
export function signCardToken(secret: string, cardUid: string): string {
  return createHmac('sha256', secret).update(cardUid).digest().subarray(0, 16).toString('base64url');
}

/** Constant-time check of a QR token against a card UID. False for any malformed token. */
export function verifyCardToken(secret: string, cardUid: string, token: string | undefined | null): boolean {
  if (!token || token.length !== 22) return false;
  const expected = Buffer.from(signCardToken(secret, cardUid));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The URL a card's QR code encodes: `{publicUrl}/{slug}/c/{cardUid}?t={token}` (docs/product.md 'Cards'). */
export function cardQrUrl(publicUrl: string, secret: string, slug: string, cardUid: string): string {
  return `${publicUrl}/${slug}/c/${cardUid}?t=${signCardToken(secret, cardUid)}`;
}

/** A new card UID: 12 Crockford base32 characters from a cryptographic source (docs/product.md 'Cards'). */
export function generateCardUid(): string {
  let uid = '';
  for (let i = 0; i < CARD_UID_LENGTH; i++) uid += CARD_UID_ALPHABET[randomInt(CARD_UID_ALPHABET.length)];
  return uid;
}
