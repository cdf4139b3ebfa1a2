import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { DbOrTx } from '../../db/client.ts';
import { walletDevIdentities } from '../../db/schema/index.ts';
import { secretBox } from '../../lib/secret-box.ts';
import type { AppleSigningIdentity } from './apple-identity.ts';

/** Pass Type ID and Team ID of development passes: phones refuse them, as they should. */
export const DEV_PASS_TYPE_ID = 'pass.dev.loyalty.local';
/** Team ID of development passes (Apple's are 10 upper-case letters and digits). */
export const DEV_TEAM_ID = 'DEVTEAM000';
/** Years the development CA and signer certificates are valid. */
const DEV_CERT_YEARS = 10;
/** The secret-box purpose of the development signer key (lib/secret-box.ts). */
const SEAL_PURPOSE = 'wallet-dev-signer-key';

interface DevIdentityPems {
  caCertPem: string;
  signerCertPem: string;
  signerKeyPem: string;
}

/** A fresh RSA-2048 key pair from node:crypto (native, milliseconds), as node-forge keys. */
function rsaKeyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey, privateKey: forge.pki.privateKeyFromPem(privateKey) };
}

/** A certificate valid from a day ago (clock skew) for DEV_CERT_YEARS, with a random serial. */
function newCertificate(publicKey: forge.pki.PublicKey, now: Date): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A positive serial: the high bit of the first byte cleared.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + DEV_CERT_YEARS);
  return cert;
}

/**
 * Makes the development signing identity: a self-signed CA ('Loyalty Development Wallet CA',
 * standing in for Apple's WWDR certificate) and a Pass Type ID certificate it issues, with the
 * subject Apple gives one (UID = DEV_PASS_TYPE_ID, CN 'Pass Type ID: …', OU = DEV_TEAM_ID).
 * SHA-256 signatures; PEM out.
 */
export function makeDevIdentity(now: Date): DevIdentityPems {
  const caKeys = rsaKeyPair();
  const ca = newCertificate(caKeys.publicKey, now);
  const caSubject = [
    { name: 'commonName', value: 'Loyalty Development Wallet CA' },
    { name: 'organizationName', value: 'Loyalty development' },
  ];
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const signerKeys = rsaKeyPair();
  const signer = newCertificate(signerKeys.publicKey, now);
  signer.setSubject([
    { type: '0.9.2342.19200300.100.1.1', value: DEV_PASS_TYPE_ID },
    { name: 'commonName', value: `Pass Type ID: ${DEV_PASS_TYPE_ID}` },
    { name: 'organizationalUnitName', value: DEV_TEAM_ID },
    { name: 'organizationName', value: 'Loyalty development' },
  ]);
  signer.setIssuer(caSubject);
  signer.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'extKeyUsage', emailProtection: true },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signer.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    caCertPem: forge.pki.certificateToPem(ca),
    signerCertPem: forge.pki.certificateToPem(signer),
    signerKeyPem: forge.pki.privateKeyToPem(signerKeys.privateKey),
  };
}

/**
 * The install's development signing identity, made and stored on first use (one row in
 * `wallet_dev_identities`; the key sealed under `sealSecret`). Two instances starting at once
 * both insert with ON CONFLICT DO NOTHING and read back the one that won, so every instance
 * signs with the same identity.
 */
export async function devSigningIdentity(db: DbOrTx, sealSecret: string, now: Date): Promise<AppleSigningIdentity> {
  const box = secretBox(sealSecret, SEAL_PURPOSE);
  let [row] = await db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'apple'));
  if (!row) {
    const made = makeDevIdentity(now);
    await db
      .insert(walletDevIdentities)
      .values({ name: 'apple', caCertPem: made.caCertPem, signerCertPem: made.signerCertPem, signerKeySealed: box.seal(made.signerKeyPem) })
      .onConflictDoNothing();
    [row] = await db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'apple'));
  }
  if (!row) throw new Error('the development wallet identity could not be stored');
  return {
    passTypeIdentifier: DEV_PASS_TYPE_ID,
    teamIdentifier: DEV_TEAM_ID,
    signerCertPem: row.signerCertPem,
    signerKeyPem: box.open(row.signerKeySealed),
    wwdrPem: row.caCertPem,
    development: true,
  };
}

/** The issuer ID of development Google Wallet links (Google's are 19 digits); Google refuses them, as it should. */
export const DEV_GOOGLE_ISSUER_ID = '3388000000000000000';
/** The development service account's address: the `iss` of development save links. */
export const DEV_GOOGLE_CLIENT_EMAIL = 'wallet@dev.loyalty.local';
/** The secret-box purpose of the development Google key (lib/secret-box.ts). */
const GOOGLE_SEAL_PURPOSE = 'wallet-dev-google-key';

/** The development stand-in for the platform's Google service account: its key, and the key's self-signed certificate (as Google publishes a service account's keys). */
export interface DevGoogleKey {
  privateKeyPem: string;
  certPem: string;
}

/**
 * The install's development Google Wallet key (ADR 0047), made and stored on first use as the
 * Apple identity is (`wallet_dev_identities` row 'google': the key's self-signed certificate in
 * both certificate columns, the key sealed under `sealSecret`). Save links signed with it verify
 * against the certificate's public key; Google refuses them.
 */
export async function devGoogleKey(db: DbOrTx, sealSecret: string, now: Date): Promise<DevGoogleKey> {
  const box = secretBox(sealSecret, GOOGLE_SEAL_PURPOSE);
  let [row] = await db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'google'));
  if (!row) {
    const keys = rsaKeyPair();
    const cert = newCertificate(keys.publicKey, now);
    const subject = [{ name: 'commonName', value: DEV_GOOGLE_CLIENT_EMAIL }];
    cert.setSubject(subject);
    cert.setIssuer(subject);
    cert.sign(keys.privateKey, forge.md.sha256.create());
    const certPem = forge.pki.certificateToPem(cert);
    const sealed = box.seal(forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(keys.privateKey))));
    await db.insert(walletDevIdentities).values({ name: 'google', caCertPem: certPem, signerCertPem: certPem, signerKeySealed: sealed }).onConflictDoNothing();
    [row] = await db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'google'));
  }
  if (!row) throw new Error('the development Google Wallet key could not be stored');
  return { privateKeyPem: box.open(row.signerKeySealed), certPem: row.signerCertPem };
}
