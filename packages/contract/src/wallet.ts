import { z } from 'zod';

/**
 * GET /api/wallet: which phone wallets this install issues passes for, so the screens show only
 * the buttons that work (docs/product.md 'Wallet passes'). `apple` is false in production
 * without a Pass Type ID certificate, `google` without a Google Wallet service account.
 */
export const WalletAvailability = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletAvailability = z.infer<typeof WalletAvailability>;

/** A card's 'Save to Google Wallet' link: `https://pay.google.com/gp/v/save/{jwt}` (docs/product.md 'Wallet passes'). */
export const GoogleSaveLink = z.object({ saveUrl: z.string().max(20_000) });
export type GoogleSaveLink = z.infer<typeof GoogleSaveLink>;

/**
 * POST /api/t/{slug}/cards/{cardUid}/wallet/email → 202: the card's wallet links were written to
 * the outbox for its holder (docs/product.md 'Wallet passes'). `sentTo`: the holder's e-mail
 * address as stored (lower-case, at most 200 characters as customers' e-mails are), for the
 * staff's confirmation 'Wallet links sent to {email}'.
 */
export const WalletEmailResponse = z.object({ sentTo: z.string().max(200) });
export type WalletEmailResponse = z.infer<typeof WalletEmailResponse>;

/**
 * The 422 refusals of POST /api/t/{slug}/cards/{cardUid}/wallet/email (docs/product.md 'Wallet
 * passes'): a card without a holder, a card that is not ACTIVE (blocked: its pass is voided), a
 * holder without an e-mail address, a holder who unsubscribed from the business's e-mail.
 */
export const WALLET_EMAIL_TEXT = {
  noHolder: 'This card has no holder yet',
  notActive: 'This card is blocked',
  noEmail: 'The holder has no e-mail address',
  optedOut: 'The holder has unsubscribed from e-mail',
} as const;

/** A colour of the wallet passes: `#rrggbb`. */
const HexColour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #3730a3')
  .transform((c) => c.toLowerCase());

/** The wallet branding until a business sets its own: white text and light-indigo labels on the app's indigo. */
export const DEFAULT_WALLET_BRANDING = {
  programName: null,
  backgroundColor: '#3730a3',
  foregroundColor: '#ffffff',
  labelColor: '#e0e7ff',
  terms: null,
} as const;

/**
 * PUT /api/t/{slug}/rules/wallet: how the business's wallet passes look (docs/product.md
 * 'Wallet passes'). `programName` is the name on the pass (null: the business's name, at most
 * 60 characters); the three colours must each read against the background at WCAG AA (4.5:1,
 * checked by the server, `walletContrastProblems` of @loyalty/domain); `terms` go on the pass's
 * back (null: none; at most 2000 characters).
 */
export const WalletBrandingRequest = z.object({
  programName: z.string().trim().min(1).max(60).nullable(),
  backgroundColor: HexColour,
  foregroundColor: HexColour,
  labelColor: HexColour,
  terms: z.string().trim().min(1).max(2000).nullable(),
});
export type WalletBrandingRequest = z.infer<typeof WalletBrandingRequest>;

/**
 * The business's own Apple Pass Type ID certificate, as the Wallet settings show it: its Pass
 * Type ID and Team ID (passes issued with it belong to them) and when it expires (ISO 8601).
 */
export const WalletCertificateView = z.object({
  passTypeIdentifier: z.string().max(200),
  teamIdentifier: z.string().max(20),
  expiresAt: z.string().max(40),
});
export type WalletCertificateView = z.infer<typeof WalletCertificateView>;

/**
 * GET/PUT /api/t/{slug}/rules/wallet: the branding in force, and the logo's public address
 * (`logoUrl`, null while the business has none and passes show the default) with its
 * `updatedAt` (ISO 8601, null until first saved); `certificate` the business's own Apple
 * certificate, null while the platform's signs its passes.
 */
export const WalletBrandingResponse = z.object({
  programName: z.string().max(60).nullable(),
  backgroundColor: z.string().max(7),
  foregroundColor: z.string().max(7),
  labelColor: z.string().max(7),
  terms: z.string().max(2000).nullable(),
  logoUrl: z.string().max(2000).nullable(),
  updatedAt: z.string().max(40).nullable(),
  certificate: WalletCertificateView.nullable(),
});
export type WalletBrandingResponse = z.infer<typeof WalletBrandingResponse>;

/** The largest logo file accepted (bytes, before base64). */
export const WALLET_LOGO_MAX_BYTES = 1_000_000;

/**
 * PUT /api/t/{slug}/rules/wallet/logo: a PNG or SVG logo, base64-encoded, at most
 * WALLET_LOGO_MAX_BYTES. The server renders it (sharp) to the sizes each wallet wants.
 */
export const WalletLogoRequest = z.object({
  contentType: z.enum(['image/png', 'image/svg+xml']),
  dataBase64: z
    .string()
    .max(Math.ceil(WALLET_LOGO_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64'),
});
export type WalletLogoRequest = z.infer<typeof WalletLogoRequest>;

/** The largest .p12 file accepted (bytes, before base64): a certificate, its key and a chain. */
export const WALLET_P12_MAX_BYTES = 100_000;

/**
 * PUT /api/t/{slug}/rules/wallet/certificate: the business's own Apple Pass Type ID certificate
 * as the .p12 file Keychain exports (base64, at most WALLET_P12_MAX_BYTES) and its password.
 * Checked on upload: it opens with the password, holds a certificate and its private key, is not
 * expired, is a Pass Type ID certificate (UID `pass.…`, its Team ID as OU) issued by Apple's WWDR
 * certificate; a replacement keeps the Pass Type ID and Team ID of the one it replaces.
 */
export const WalletCertificateRequest = z.object({
  p12Base64: z
    .string()
    .min(1)
    .max(Math.ceil(WALLET_P12_MAX_BYTES / 3) * 4)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Must be base64'),
  password: z.string().max(200),
});
export type WalletCertificateRequest = z.infer<typeof WalletCertificateRequest>;

/** The refusals of PUT /api/t/{slug}/rules/wallet/certificate (docs/product.md 'Wallet passes'). */
export const WALLET_CERTIFICATE_TEXT = {
  unreadable: 'The certificate could not be opened: check the .p12 file and its password',
  noKey: 'The .p12 file must hold the certificate and its private key',
  expired: 'This certificate has expired; renew it in your Apple developer account',
  notPassType: 'This is not a Pass Type ID certificate',
  unknownIssuer: "This certificate was not issued by Apple's WWDR certificate",
  changedIdentifiers: 'A replacement must keep the Pass Type ID and Team ID of the certificate in use, since issued passes belong to them',
  noSecretsKey: 'Business certificates need WALLET_SECRETS_KEY set on the server',
} as const;
