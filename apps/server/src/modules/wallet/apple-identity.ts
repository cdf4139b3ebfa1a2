import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { devSigningIdentity } from './dev-identity.ts';

/**
 * What signs an Apple pass: the Pass Type ID and Team ID written into pass.json, the Pass Type
 * ID certificate and its key (PEM, not encrypted: config.ts opened it), and
 * the certificate of its issuer (Apple's WWDR, or the development CA). `development` marks the
 * install's own identity, whose passes say 'Development pass' and which phones refuse.
 */
export interface AppleSigningIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCertPem: string;
  signerKeyPem: string;
  wwdrPem: string;
  development: boolean;
}

/**
 * The identity Apple passes are signed with (docs/product.md 'Wallet passes'): the platform's
 * certificate when WALLET_APPLE_* are set (config.ts checked them at start-up), else outside
 * production the install's development identity (made on first use), else null: production
 * without a certificate issues no Apple passes and shows no Apple button.
 */
export async function appleSigningIdentity(db: DbOrTx, config: Config, now: Date): Promise<AppleSigningIdentity | null> {
  const apple = config.wallet.apple;
  if (apple) return { ...apple, development: false };
  if (config.env === 'production') return null;
  return devSigningIdentity(db, config.qrTokenSecret, now);
}

/** Whether Apple passes can be issued (a platform certificate, or anywhere outside production). */
export function appleWalletAvailable(config: Config): boolean {
  return config.wallet.applePasses;
}
