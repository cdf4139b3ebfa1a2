/**
 * Card UIDs: 12 characters of Crockford base32 (no I, L, O, U), docs/product.md 'Cards'.
 * Generation needs a cryptographic random source and lives in the server.
 */

/** Crockford base32 alphabet used for card UIDs. */
export const CARD_UID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Length of a card UID in characters. */
export const CARD_UID_LENGTH = 12;

/**
 * Normalises what a cashier typed or a scanner read into a card UID (docs/product.md 'Cards'):
 * a URL yields the segment after `/c/`; then trimmed, upper-cased, spaces and dashes removed.
 * Idempotent: normalizeCardUid(normalizeCardUid(x)) === normalizeCardUid(x).
 */
export function normalizeCardUid(input: string): string {
  let text = input.trim();
  const fromUrl = /\/c\/([^/?#]+)/.exec(text);
  if (fromUrl) text = safeDecode(fromUrl[1]);
  return text.toUpperCase().replace(/[\s-]+/g, '');
}

/** decodeURIComponent that keeps the raw text when its %-escapes are malformed (no URIError). */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a normalised string has the shape of a card UID. */
export function isCardUid(uid: string): boolean {
  return uid.length === CARD_UID_LENGTH && [...uid].every((c) => CARD_UID_ALPHABET.includes(c));
}
