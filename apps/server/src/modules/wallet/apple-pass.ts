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
  /** The business's wallet look (Rules & Settings → Wallet, or the defaults): colours `#rrggbb`, the logo PNG or null for the default. */
  look: PassLook;
}

/** The part of a business's wallet look a pass shows. */
interface PassLook {
  programName: string | null;
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  terms: string | null;
  logoPng: Buffer | null;
  /** The logo's public address (Google fetches it), null for the default logo. */
  logoUrl: string | null;
}

/** Where the pass lives: its serial, its web-service token and the web service's URL. */
export interface PassRegistration {
  serialNumber: string;
  authenticationToken: string;
  /** `{PUBLIC_URL}/api/wallet/apple`, the PassKit web service. */
  webServiceURL: string;
}

/** `#rrggbb` as pass.json writes colours: `rgb(r, g, b)`. */
function rgbOf(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

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

/** The pass images cut from `source` (an SVG or PNG), each fitted into its size on a transparent ground. */
function imagesOf(source: Buffer): Promise<Record<string, Buffer>> {
  return Promise.all(
    Object.entries(IMAGE_SIZES).map(
      async ([name, size]) =>
        [
          name,
          await sharp(source)
            .resize({ ...size, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
            .png()
            .toBuffer(),
        ] as const,
    ),
  ).then(Object.fromEntries);
}

/** The business's logo cut to the pass sizes, or the default images (rendered once per process with sharp). */
function images(logoPng: Buffer | null): Promise<Record<string, Buffer>> {
  if (logoPng) return imagesOf(logoPng);
  defaultImages ??= imagesOf(Buffer.from(ICON_SVG));
  return defaultImages;
}

/**
 * Builds and signs a card's Apple Wallet pass (a `storeCard` `.pkpass`, docs/product.md 'Wallet
 * passes'): header field the balance with the change message 'Balance now %@'; the holder and
 * the tier; 'Expiring soon' when cashback expires within 30 days; a QR of exactly what the printed
 * card's QR encodes, its alternative text the card number; on the back the card number, the
 * store, the card's page and the business's terms. The business's look (programme name,
 * colours, logo) or the defaults. A blocked card's pass is `voided`. A development identity's pass
 * says 'Development pass'. Returns the `.pkpass` bytes (a zip with pass.json, manifest.json, a
 * PKCS #7 detached `signature` and the images). Throws when the identity cannot sign.
 */
export async function buildApplePass(content: PassContent, registration: PassRegistration, identity: AppleSigningIdentity): Promise<Buffer> {
  const programName = content.look.programName ?? content.businessName;
  const pass = new PKPass(
    await images(content.look.logoPng),
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
      description: identity.development ? `${programName} card (Development pass)` : `${programName} card`,
      logoText: programName,
      backgroundColor: rgbOf(content.look.backgroundColor),
      foregroundColor: rgbOf(content.look.foregroundColor),
      labelColor: rgbOf(content.look.labelColor),
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
    ...(content.look.terms ? [{ key: 'terms', label: 'Terms', value: content.look.terms }] : []),
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
