import { createPrivateKey, X509Certificate } from 'node:crypto';

// The Apple Wallet settings of loadConfig (config.ts): parsed and checked at start-up, so that a
// certificate that cannot sign passes stops the server with a message (ADR 0046).

/**
 * The platform's Apple Wallet signing identity (WALLET_APPLE_*), PEM texts with real line
 * breaks; `signerKeyPem` is the key already opened with WALLET_APPLE_KEY_PASSPHRASE (PKCS #1).
 */
export interface AppleWalletConfig {
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

/** The WALLET_APPLE_* settings as read from the environment (their shape already checked by config.ts's schema). */
export interface AppleWalletEnv {
  WALLET_APPLE_PASS_TYPE_ID?: string | undefined;
  WALLET_APPLE_TEAM_ID?: string | undefined;
  WALLET_APPLE_CERT?: string | undefined;
  WALLET_APPLE_KEY?: string | undefined;
  WALLET_APPLE_KEY_PASSPHRASE?: string | undefined;
  WALLET_APPLE_WWDR_CERT?: string | undefined;
}

/**
 * WALLET_APPLE_*: all five (the passphrase optional) or none. Appends one line per problem to
 * `problems` and returns the identity when it is whole and sound: each PEM parses, the
 * certificate is valid at `now`, was issued by WALLET_APPLE_WWDR_CERT, names the Pass Type ID as
 * its UID, and WALLET_APPLE_KEY (opened with the passphrase) is its key.
 */
export function appleWalletOf(e: AppleWalletEnv, now: Date, problems: string[]): AppleWalletConfig | undefined {
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
