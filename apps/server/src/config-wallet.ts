import { createPrivateKey, X509Certificate } from 'node:crypto';
import { z } from 'zod';

// The wallet settings of loadConfig (config.ts): parsed and checked at start-up, so that a
// certificate or key that cannot sign passes stops the server with a message (ADR 0046, 0047).

/** An origin without a path: `https://host[:port]`, or http:// for a local stand-in outside production. */
const origin = (example: string) =>
  z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, `must be an origin such as ${example}`)
    .optional();

/** The wallet variables of the environment schema (config.ts spreads them in). */
export const WalletEnvShape = {
  WALLET_APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass(\.[A-Za-z0-9-]+)+$/, 'must be a Pass Type ID such as pass.com.example.loyalty')
    .max(200)
    .optional(),
  WALLET_APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be an Apple Team ID (10 upper-case letters and digits)')
    .optional(),
  WALLET_APPLE_CERT: z.string().min(1).optional(),
  WALLET_APPLE_KEY: z.string().min(1).optional(),
  WALLET_APPLE_KEY_PASSPHRASE: z.string().min(1).optional(),
  WALLET_APPLE_WWDR_CERT: z.string().min(1).optional(),
  APNS_URL: origin('https://api.push.apple.com'),
  WALLET_GOOGLE_ISSUER_ID: z
    .string()
    .regex(/^\d{10,25}$/, 'must be the Google Wallet issuer ID (digits, from the Google Pay & Wallet Console)')
    .optional(),
  WALLET_GOOGLE_SERVICE_ACCOUNT: z.string().min(1).optional(),
  WALLET_SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').max(500).optional(),
  GOOGLE_WALLET_API_URL: z
    .string()
    .regex(/^https?:\/\/[^?#]+$/, 'must be a URL such as https://walletobjects.googleapis.com/walletobjects/v1')
    .optional(),
  GOOGLE_OAUTH_TOKEN_URL: z
    .string()
    .regex(/^https?:\/\/[^?#]+$/, 'must be a URL such as https://oauth2.googleapis.com/token')
    .optional(),
};

/** The platform's Google Wallet issuer (WALLET_GOOGLE_*): the issuer ID and the service account that signs save links and calls the API. */
interface GoogleWalletConfig {
  issuerId: string;
  /** The service account's e-mail address: the `iss` of save links and token requests. */
  clientEmail: string;
  /** Its RSA private key (PKCS #8 PEM). */
  privateKeyPem: string;
}

/**
 * The wallet settings (docs/product.md 'Wallet passes', ADR 0046 and 0047). `apple`: the
 * platform's Pass Type ID certificate (undefined: outside production the install's development
 * identity signs, in production no Apple passes); `applePasses` whether Apple passes are issued
 * at all; `apnsUrl` where their updates are pushed. `google`: the platform's Google Wallet
 * issuer (undefined: a development key outside production, none in production); `googlePasses`
 * whether save links are issued; `googleSync` whether changed objects are sent (a service
 * account, or GOOGLE_WALLET_API_URL set on purpose for development links); `googleApiUrl` the Google Wallet REST API's base,
 * `googleTokenUrl` the OAuth token endpoint of the service account (both replaceable by local
 * fakes outside production).
 */
export interface WalletConfig {
  apple: AppleWalletConfig | undefined;
  apnsUrl: string;
  applePasses: boolean;
  google: GoogleWalletConfig | undefined;
  googlePasses: boolean;
  googleSync: boolean;
  googleApiUrl: string;
  googleTokenUrl: string;
  /**
   * WALLET_SECRETS_KEY: the secret the businesses' own certificate keys are sealed under
   * (lib/secret-box.ts). Undefined: outside production the QR token secret stands in; in
   * production businesses cannot upload a certificate.
   */
  secretsKey: string | undefined;
}

/**
 * The platform's Apple Wallet signing identity (WALLET_APPLE_*), PEM texts with real line
 * breaks; `signerKeyPem` is the key already opened with WALLET_APPLE_KEY_PASSPHRASE (PKCS #1).
 */
interface AppleWalletConfig {
  passTypeIdentifier: string;
  teamIdentifier: string;
  signerCertPem: string;
  signerKeyPem: string;
  wwdrPem: string;
}

/** A PEM from an environment variable: `\n` written as two characters (one-line .env files) becomes a line break. */
function pemOf(value: string): string {
  return value.includes('-----BEGIN') && !value.includes('\n') ? value.replaceAll('\\n', '\n') : value;
}

/** The wallet settings as read from the environment (their shape already checked by `WalletEnvShape`). */
export type WalletEnv = { [K in keyof typeof WalletEnvShape]?: string | undefined };

/**
 * WALLET_APPLE_*: all five (the passphrase optional) or none. Appends one line per problem to
 * `problems` and returns the identity when it is whole and sound: each PEM parses, the
 * certificate is valid at `now`, was issued by WALLET_APPLE_WWDR_CERT, names the Pass Type ID as
 * its UID, and WALLET_APPLE_KEY (opened with the passphrase) is its key.
 */
function appleWalletOf(e: WalletEnv, now: Date, problems: string[]): AppleWalletConfig | undefined {
  const names = ['WALLET_APPLE_PASS_TYPE_ID', 'WALLET_APPLE_TEAM_ID', 'WALLET_APPLE_CERT', 'WALLET_APPLE_KEY', 'WALLET_APPLE_WWDR_CERT'] as const;
  const set = names.filter((n) => e[n] !== undefined);
  if (set.length === 0) {
    if (e.WALLET_APPLE_KEY_PASSPHRASE) problems.push('  WALLET_APPLE_KEY_PASSPHRASE: set only with WALLET_APPLE_KEY and the other WALLET_APPLE_* settings');
    return undefined;
  }
  if (set.length < names.length) {
    for (const n of names.filter((x) => e[x] === undefined)) problems.push(`  ${n}: required with ${set.join(', ')} (the Apple Wallet settings come together)`);
    return undefined;
  }
  const passTypeIdentifier = e.WALLET_APPLE_PASS_TYPE_ID!;
  const pems = { cert: pemOf(e.WALLET_APPLE_CERT!), key: pemOf(e.WALLET_APPLE_KEY!), wwdr: pemOf(e.WALLET_APPLE_WWDR_CERT!) };
  let cert: X509Certificate;
  let wwdr: X509Certificate;
  try {
    cert = new X509Certificate(pems.cert);
  } catch {
    problems.push('  WALLET_APPLE_CERT: must be the Pass Type ID certificate in PEM (-----BEGIN CERTIFICATE-----)');
    return undefined;
  }
  try {
    wwdr = new X509Certificate(pems.wwdr);
  } catch {
    problems.push("  WALLET_APPLE_WWDR_CERT: must be Apple's WWDR certificate in PEM (-----BEGIN CERTIFICATE-----)");
    return undefined;
  }
  const before = problems.length;
  if (new Date(cert.validTo) <= now)
    problems.push(`  WALLET_APPLE_CERT: expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}; renew it in Apple's developer account`);
  if (!cert.checkIssued(wwdr) || !cert.verify(wwdr.publicKey))
    problems.push('  WALLET_APPLE_WWDR_CERT: did not issue WALLET_APPLE_CERT (take the WWDR certificate that signed it, G4 today)');
  if (!cert.subject.split('\n').includes(`UID=${passTypeIdentifier}`))
    problems.push(`  WALLET_APPLE_CERT: is not the Pass Type ID certificate of ${passTypeIdentifier}`);
  let signerKeyPem = '';
  try {
    const key = createPrivateKey({ key: pems.key, passphrase: e.WALLET_APPLE_KEY_PASSPHRASE });
    if (key.asymmetricKeyType !== 'rsa') problems.push('  WALLET_APPLE_KEY: must be an RSA key, as Apple issues Pass Type ID certificates for');
    else if (!cert.checkPrivateKey(key)) problems.push('  WALLET_APPLE_KEY: is not the key of WALLET_APPLE_CERT');
    // Opened once here, kept in memory only: the signer never needs the passphrase.
    else signerKeyPem = key.export({ type: 'pkcs1', format: 'pem' }).toString();
  } catch {
    problems.push("  WALLET_APPLE_KEY: must be the certificate's private key in PEM, with WALLET_APPLE_KEY_PASSPHRASE when it is encrypted");
  }
  if (problems.length > before) return undefined;
  return { passTypeIdentifier, teamIdentifier: e.WALLET_APPLE_TEAM_ID!, signerCertPem: pems.cert, signerKeyPem, wwdrPem: pems.wwdr };
}

/**
 * WALLET_GOOGLE_ISSUER_ID and WALLET_GOOGLE_SERVICE_ACCOUNT: both or neither. The service
 * account is the JSON key Google Cloud hands out (`type` "service_account", `client_email`,
 * `private_key` in PEM, RSA). Appends one line per problem; returns the issuer when sound.
 */
function googleWalletOf(e: WalletEnv, problems: string[]): GoogleWalletConfig | undefined {
  const issuerId = e.WALLET_GOOGLE_ISSUER_ID;
  const account = e.WALLET_GOOGLE_SERVICE_ACCOUNT;
  if (!issuerId && !account) return undefined;
  if (!issuerId || !account) {
    problems.push(
      `  ${issuerId ? 'WALLET_GOOGLE_SERVICE_ACCOUNT' : 'WALLET_GOOGLE_ISSUER_ID'}: set WALLET_GOOGLE_ISSUER_ID and WALLET_GOOGLE_SERVICE_ACCOUNT together`,
    );
    return undefined;
  }
  const key = z.object({ type: z.literal('service_account'), client_email: z.string().email(), private_key: z.string().min(1) });
  let parsed: z.infer<typeof key>;
  try {
    parsed = key.parse(JSON.parse(account));
  } catch {
    problems.push('  WALLET_GOOGLE_SERVICE_ACCOUNT: must be the service account\'s JSON key (type "service_account", client_email, private_key)');
    return undefined;
  }
  try {
    const privateKey = createPrivateKey(parsed.private_key);
    if (privateKey.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return { issuerId, clientEmail: parsed.client_email, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
  } catch {
    problems.push('  WALLET_GOOGLE_SERVICE_ACCOUNT: its private_key must be an RSA private key in PEM');
    return undefined;
  }
}

/** An origin or URL setting without its trailing slashes, refused in production unless https://. */
function serviceUrlOf(name: string, value: string | undefined, fallback: string, production: boolean, problems: string[]): string {
  if (production && value?.startsWith('http://')) problems.push(`  ${name}: must be https:// in production`);
  return (value ?? fallback).replace(/\/+$/, '');
}

/**
 * The wallet settings of the environment `e`, checked (ADR 0046, 0047): appends one line per
 * problem to `problems` (loadConfig stops start-up when there is any) and returns what holds.
 */
export function walletConfigOf(e: WalletEnv, production: boolean, now: Date, problems: string[]): WalletConfig {
  const apple = appleWalletOf(e, now, problems);
  const google = googleWalletOf(e, problems);
  return {
    apple,
    apnsUrl: serviceUrlOf('APNS_URL', e.APNS_URL, 'https://api.push.apple.com', production, problems),
    applePasses: !!apple || !production,
    google,
    googlePasses: !!google || !production,
    googleSync: !!google || (!production && !!e.GOOGLE_WALLET_API_URL),
    googleApiUrl: serviceUrlOf('GOOGLE_WALLET_API_URL', e.GOOGLE_WALLET_API_URL, 'https://walletobjects.googleapis.com/walletobjects/v1', production, problems),
    googleTokenUrl: serviceUrlOf('GOOGLE_OAUTH_TOKEN_URL', e.GOOGLE_OAUTH_TOKEN_URL, 'https://oauth2.googleapis.com/token', production, problems),
    secretsKey: e.WALLET_SECRETS_KEY,
  };
}
