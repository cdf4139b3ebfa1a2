import { z } from 'zod';

/**
 * GET /api/wallet: which phone wallets this install issues passes for, so the screens show only
 * the buttons that work (docs/product.md 'Wallet passes'). `apple` is false in production
 * without a Pass Type ID certificate.
 */
export const WalletAvailability = z.object({ apple: z.boolean() });
export type WalletAvailability = z.infer<typeof WalletAvailability>;
