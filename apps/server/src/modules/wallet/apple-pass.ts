import { PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { CardStatus, Tier } from '@loyalty/contract';
import { formatCents } from '@loyalty/domain';
import type { AppleSigningIdentity } from './apple-identity.ts';
import { TIER_NAMES, expiringText } from './pass-text.ts';

/** What an Apple pass shows of a card, read in one go (docs/product.md 'Wallet passes'). Money in cents. */
export interface PassContent {
  businessName: string;
  /** IANA time zone of the business: the expiry date is its calendar day. */
  timezone: string;
  cardUid: string;
  status: CardStatus;
  balanceCents: number;
  /** 'First Last', or null for a card without a holder. */
  holderName: string | null;
  tier: Tier | null;
  storeName: string | null;
  /** The soonest cashback to expire within 30 days: its amount and instant. */
  expiringSoon: { cents: number; expiresAt: Date } | null;
  /** What the card's printed QR encodes: `{PUBLIC_URL}/{slug}/c/{cardUid}?t={token}`. */
  qrUrl: string;
}

/** Where the pass lives: its serial, its web-service token and the web service's URL. */
export interface PassRegistration {
  serialNumber: string;
  authenticationToken: string;
  /** `{PUBLIC_URL}/api/wallet/apple`, the PassKit web service. */
  webServiceURL: string;
}

/** The pass's colours until a business sets its own: white on the app's indigo, labels light. */
const DEFAULT_COLOURS = { backgroundColor: 'rgb(55, 48, 163)', foregroundColor: 'rgb(255, 255, 255)', labelColor: 'rgb(224, 231, 255)' };

/** The default icon and logo: a card on the background colour (no business logo yet). */
const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60"><rect width="60" height="60" rx="12" fill="#3730a3"/><rect x="10" y="17" width="40" height="26" rx="4" fill="#fff"/><rect x="10" y="23" width="40" height="5" fill="#3730a3"/></svg>`;

/** Icon sizes Apple Wallet asks for (points × scale): icon.png 29 px, @2x 58, @3x 87; logo 50 px high. */
const IMAGE_SIZES: Record<string, { width: number; height: number }> = {
  'icon.png': { width: 29, height: 29 },
  'icon@2x.png': { width: 58, height: 58 },
  'icon@3x.png': { width: 87, height: 87 },
  'logo.png': { width: 50, height: 50 },
  'logo@2x.png': { width: 100, height: 100 },
};

let defaultImages: Promise<Record<string, Buffer>> | undefined;

/** The default images as PNG files, rendered once per process with sharp (the same bytes every time). */
function images(): Promise<Record<string, Buffer>> {
  defaultImages ??= Promise.all(
    Object.entries(IMAGE_SIZES).map(async ([name, size]) => [name, await sharp(Buffer.from(ICON_SVG)).resize(size).png().toBuffer()] as const),
  ).then(Object.fromEntries);
  return defaultImages;
}

/**
 * Builds and signs a card's Apple Wallet pass (a `storeCard` `.pkpass`, docs/product.md 'Wallet
 * passes'): header field the balance with the change message 'Balance now %@'; the holder and
 * the tier; 'Expiring soon' when cashback expires within 30 days; a QR of exactly what the printed
 * card's QR encodes, its alternative text the card number; on the back the card number, the
 * store and the card's page. A blocked card's pass is `voided`. A development identity's pass
 * says 'Development pass'. Returns the `.pkpass` bytes (a zip with pass.json, manifest.json, a
 * PKCS #7 detached `signature` and the images). Throws when the identity cannot sign.
 */
export async function buildApplePass(content: PassContent, registration: PassRegistration, identity: AppleSigningIdentity): Promise<Buffer> {
  const pass = new PKPass(
    await images(),
    {
      wwdr: identity.wwdrPem,
      signerCert: identity.signerCertPem,
      signerKey: identity.signerKeyPem,
    },
    {
      formatVersion: 1,
      passTypeIdentifier: identity.passTypeIdentifier,
      teamIdentifier: identity.teamIdentifier,
      serialNumber: registration.serialNumber,
      authenticationToken: registration.authenticationToken,
      webServiceURL: registration.webServiceURL,
      organizationName: content.businessName,
      description: identity.development ? `${content.businessName} card (Development pass)` : `${content.businessName} card`,
      logoText: content.businessName,
      ...DEFAULT_COLOURS,
      ...(content.status === 'BLOCKED' ? { voided: true } : {}),
    },
  );
  pass.type = 'storeCard';
  pass.headerFields.push({ key: 'balance', label: 'Balance', value: formatCents(content.balanceCents), changeMessage: 'Balance now %@' });
  pass.primaryFields.push({ key: 'holder', label: 'Member', value: content.holderName ?? 'Not yet assigned' });
  if (content.tier) pass.secondaryFields.push({ key: 'tier', label: 'Tier', value: TIER_NAMES[content.tier], changeMessage: 'Your tier is now %@' });
  if (content.status === 'BLOCKED') pass.secondaryFields.push({ key: 'status', label: 'Status', value: 'Blocked' });
  if (content.expiringSoon) {
    pass.auxiliaryFields.push({ key: 'expiring', label: 'Expiring soon', value: expiringText(content.expiringSoon, content.timezone) });
  }
  if (identity.development) pass.auxiliaryFields.push({ key: 'development', label: 'Note', value: 'Development pass' });
  pass.backFields.push(
    { key: 'cardNumber', label: 'Card number', value: content.cardUid },
    ...(content.storeName ? [{ key: 'store', label: 'Store', value: content.storeName }] : []),
    { key: 'cardPage', label: 'Card page', value: content.qrUrl, attributedValue: `<a href="${content.qrUrl}">Open your card</a>` },
  );
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: content.qrUrl, messageEncoding: 'iso-8859-1', altText: content.cardUid });
  return pass.getAsBuffer();
}

let googleLogo: Promise<Buffer> | undefined;

/** The default logo as the 660 × 660 PNG Google Wallet asks for as a programme logo, rendered once per process. */
export function defaultProgramLogoPng(): Promise<Buffer> {
  googleLogo ??= sharp(Buffer.from(ICON_SVG)).resize({ width: 660, height: 660 }).png().toBuffer();
  return googleLogo;
}
