import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

/**
 * `openssl smime -verify` of a pass's detached signature over its manifest.json against the CA
 * `caPem` (Apple's WWDR certificate, or a test CA): true when it verifies. Works in a temporary
 * folder it removes.
 */
export function opensslVerifies(manifest: Buffer, signature: Buffer, caPem: string): boolean {
  const dir = mkdtempSync(path.join(tmpdir(), 'pkpass-verify-'));
  writeFileSync(path.join(dir, 'manifest.json'), manifest);
  writeFileSync(path.join(dir, 'signature'), signature);
  writeFileSync(path.join(dir, 'ca.pem'), caPem);
  try {
    execFileSync(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        'ca.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The Pass Type ID and Team ID of the test business certificate. */
export const TEST_PASS_TYPE = 'pass.com.corner.loyalty';
export const TEST_TEAM = 'CORNER0001';

/** A forge key pair from node:crypto (fast). */
function keyPair() {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
}

/** A certificate of `publicKey` for `subject`, signed by `issuer` (itself when absent), valid from `from` for `days`. */
function certificate(
  publicKey: forge.pki.PublicKey,
  subject: forge.pki.CertificateField[],
  signer: { key: forge.pki.rsa.PrivateKey; subject: forge.pki.CertificateField[] },
  from: Date,
  days: number,
  ca = false,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  cert.validity.notBefore = from;
  cert.validity.notAfter = new Date(from.getTime() + days * 86_400_000);
  cert.setSubject(subject);
  cert.setIssuer(signer.subject);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca, critical: true }]);
  cert.sign(signer.key, forge.md.sha256.create());
  return cert;
}

const CA_SUBJECT = [{ name: 'commonName', value: 'Test WWDR CA' }];
const caKeys = keyPair();
const ca = certificate(caKeys.publicKey, CA_SUBJECT, { key: caKeys.privateKey, subject: CA_SUBJECT }, new Date(Date.now() - 86_400_000), 3650, true);

/** A .p12 (base64) of a Pass Type ID certificate (TEST_PASS_TYPE, TEST_TEAM unless told) issued by the test CA, with the CA in its chain unless `chain` is false; password 'secret' unless told. */
export function testPassP12(opts: { passType?: string | null; team?: string; password?: string; from?: Date; days?: number; chain?: boolean } = {}) {
  const keys = keyPair();
  const subject = [
    ...(opts.passType === null ? [] : [{ type: '0.9.2342.19200300.100.1.1', value: opts.passType ?? TEST_PASS_TYPE }]),
    { name: 'commonName', value: `Pass Type ID: ${opts.passType ?? TEST_PASS_TYPE}` },
    { name: 'organizationalUnitName', value: opts.team ?? TEST_TEAM },
  ];
  const cert = certificate(
    keys.publicKey,
    subject,
    { key: caKeys.privateKey, subject: CA_SUBJECT },
    opts.from ?? new Date(Date.now() - 86_400_000),
    opts.days ?? 365,
  );
  const asn1 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, opts.chain === false ? [cert] : [cert, ca], opts.password ?? 'secret', { algorithm: '3des' });
  return forge.util.encode64(forge.asn1.toDer(asn1).getBytes());
}

/** The test CA standing in for Apple's WWDR certificate: its PEM. */
export const testPassCa = { pem: forge.pki.certificateToPem(ca) };
