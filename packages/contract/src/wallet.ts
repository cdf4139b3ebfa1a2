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
