import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { DEV_GOOGLE_CLIENT_EMAIL, DEV_GOOGLE_ISSUER_ID, devGoogleKey } from './dev-identity.ts';

/**
 * Who issues Google Wallet objects: the issuer ID (prefix of every class and object id), the
 * service account's address and its RSA key (PKCS #8 PEM) that signs save links and token
 * requests. `development` marks the install's own key, whose links Google refuses: its objects
 * are synced only to a GOOGLE_WALLET_API_URL set on purpose (a local fake), never to Google.
 */
export interface GoogleIssuer {
  issuerId: string;
  clientEmail: string;
  privateKeyPem: string;
  development: boolean;
}

/**
 * The Google Wallet issuer (docs/product.md 'Wallet passes', ADR 0047): the platform's service
 * account when WALLET_GOOGLE_* are set (config.ts checked them at start-up), else outside
 * production the install's development key (made on first use), else null: production without
 * a service account issues no Google links and shows no Google button.
 */
export async function googleIssuer(db: DbOrTx, config: Config, now: Date): Promise<GoogleIssuer | null> {
  const google = config.wallet.google;
  if (google) return { ...google, development: false };
  if (config.env === 'production') return null;
  const key = await devGoogleKey(db, config.qrTokenSecret, now);
  return { issuerId: DEV_GOOGLE_ISSUER_ID, clientEmail: DEV_GOOGLE_CLIENT_EMAIL, privateKeyPem: key.privateKeyPem, development: true };
}
