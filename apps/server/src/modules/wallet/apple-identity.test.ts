import { DEFAULT_WALLET_BRANDING } from '@loyalty/contract';
import { createPrivateKey } from 'node:crypto';
import AdmZip from 'adm-zip';
import { describe, expect, it } from 'vitest';
import { opensslVerifies } from '../../../test/pkpass.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { appleSigningIdentity, appleWalletAvailable } from './apple-identity.ts';
import { buildApplePass, type PassContent } from './apple-pass.ts';
import { DEV_PASS_TYPE_ID, DEV_TEAM_ID, makeDevIdentity } from './dev-identity.ts';

/**
 * WALLET_APPLE_* (config.ts, ADR 0046): the platform's certificate is checked at start-up, and a
 * pass signed with it verifies against the issuer. A made identity stands in for Apple's: its CA
 * plays the WWDR certificate.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://cards.example.com',
  QR_TOKEN_SECRET: 'x'.repeat(40),
  PAYMENT_PROVIDER: 'demo',
} as const;
const made = makeDevIdentity(new Date());
const elsewhere = makeDevIdentity(new Date());
const APPLE = {
  WALLET_APPLE_PASS_TYPE_ID: DEV_PASS_TYPE_ID,
  WALLET_APPLE_TEAM_ID: DEV_TEAM_ID,
  WALLET_APPLE_CERT: made.signerCertPem,
  WALLET_APPLE_KEY: made.signerKeyPem,
  WALLET_APPLE_WWDR_CERT: made.caCertPem,
};

function refusal(env: NodeJS.ProcessEnv, now?: Date): string {
  try {
    loadConfig(env, now);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the environment');
}

const CONTENT: PassContent = {
  businessName: 'Corner Café',
  timezone: 'UTC',
  cardUid: 'ABCD2345EFGH',
  status: 'ACTIVE',
  balanceCents: 1240,
  holderName: 'Ann Buyer',
  tier: 'GOLD',
  storeName: 'High Street',
  expiringSoon: null,
  qrUrl: 'https://cards.example.com/corner/c/ABCD2345EFGH?t=abc',
  look: { ...DEFAULT_WALLET_BRANDING, logoPng: null, logoUrl: null },
};

describe('WALLET_APPLE_*', () => {
  it('production with a sound certificate signs passes with it: no development mark, and openssl verifies them against the issuer', async () => {
    const config = loadConfig({ ...PRODUCTION, ...APPLE });
    expect(appleWalletAvailable(config)).toBe(true);
    // The platform's identity needs no database.
    const identity = (await appleSigningIdentity(undefined as never, config, new Date()))!;
    expect(identity).toMatchObject({ passTypeIdentifier: DEV_PASS_TYPE_ID, teamIdentifier: DEV_TEAM_ID, development: false });
    const zip = new AdmZip(
      await buildApplePass(
        CONTENT,
        { serialNumber: 'a'.repeat(32), authenticationToken: 't'.repeat(32), webServiceURL: 'https://cards.example.com/api/wallet/apple' },
        identity,
      ),
    );
    const pass = JSON.parse(zip.readAsText('pass.json'));
    expect(pass.description).toBe('Corner Café card');
    expect(pass.storeCard.headerFields[0].value).toBe('$12.40');
    expect(JSON.stringify(pass)).not.toContain('Development pass');
    expect(opensslVerifies(zip.readFile('manifest.json')!, zip.readFile('signature')!, made.caCertPem)).toBe(true);
  });

  it('production without one issues no Apple passes; elsewhere the development identity stands in', async () => {
    const production = loadConfig({ ...PRODUCTION });
    expect(production.wallet.apple).toBeUndefined();
    expect(appleWalletAvailable(production)).toBe(false);
    expect(await appleSigningIdentity(undefined as never, production, new Date())).toBeNull();
    expect(appleWalletAvailable(loadConfig({ NODE_ENV: 'development' }))).toBe(true);
  });

  it('takes a PEM written on one line with \\n escapes, and an encrypted key with its passphrase', () => {
    const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
    const encrypted = createPrivateKey(made.signerKeyPem).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'open sesame' }).toString();
    const config = loadConfig({
      ...PRODUCTION,
      ...APPLE,
      WALLET_APPLE_CERT: oneLine(made.signerCertPem),
      WALLET_APPLE_WWDR_CERT: oneLine(made.caCertPem),
      WALLET_APPLE_KEY: oneLine(encrypted),
      WALLET_APPLE_KEY_PASSPHRASE: 'open sesame',
    });
    expect(config.wallet.apple?.signerCertPem).toBe(made.signerCertPem.trim());
    expect(config.wallet.apple?.signerKeyPem).toMatch(/^-----BEGIN RSA PRIVATE KEY-----\n/);
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_KEY: encrypted, WALLET_APPLE_KEY_PASSPHRASE: 'wrong' })).toMatch(
      /^ {2}WALLET_APPLE_KEY: must be the certificate's private key in PEM, with WALLET_APPLE_KEY_PASSPHRASE when it is encrypted$/m,
    );
  });

  it('refuses to start with a part of the set, naming each missing setting', () => {
    const message = refusal({ NODE_ENV: 'development', WALLET_APPLE_PASS_TYPE_ID: DEV_PASS_TYPE_ID, WALLET_APPLE_CERT: made.signerCertPem });
    for (const name of ['WALLET_APPLE_TEAM_ID', 'WALLET_APPLE_KEY', 'WALLET_APPLE_WWDR_CERT']) {
      expect(message).toMatch(
        new RegExp(`^ {2}${name}: required with WALLET_APPLE_PASS_TYPE_ID, WALLET_APPLE_CERT \\(the Apple Wallet settings come together\\)$`, 'm'),
      );
    }
    expect(refusal({ NODE_ENV: 'development', WALLET_APPLE_KEY_PASSPHRASE: 'x' })).toMatch(/^ {2}WALLET_APPLE_KEY_PASSPHRASE: set only with WALLET_APPLE_KEY/m);
  });

  it('refuses a certificate of another Pass Type ID, another issuer, a key not its own, an expired one, and text that is no PEM', () => {
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_PASS_TYPE_ID: 'pass.com.example.other' })).toMatch(
      /^ {2}WALLET_APPLE_CERT: is not the Pass Type ID certificate of pass\.com\.example\.other$/m,
    );
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_WWDR_CERT: elsewhere.caCertPem })).toMatch(
      /^ {2}WALLET_APPLE_WWDR_CERT: did not issue WALLET_APPLE_CERT/m,
    );
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_KEY: elsewhere.signerKeyPem })).toMatch(
      /^ {2}WALLET_APPLE_KEY: is not the key of WALLET_APPLE_CERT$/m,
    );
    const in11Years = new Date(Date.now() + 11 * 365 * 86_400_000);
    expect(refusal({ ...PRODUCTION, ...APPLE }, in11Years)).toMatch(/^ {2}WALLET_APPLE_CERT: expired on \d{4}-\d{2}-\d{2}; renew it/m);
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_CERT: 'not a certificate' })).toMatch(
      /^ {2}WALLET_APPLE_CERT: must be the Pass Type ID certificate in PEM/m,
    );
    expect(refusal({ ...PRODUCTION, ...APPLE, WALLET_APPLE_TEAM_ID: 'abc' })).toMatch(/^ {2}WALLET_APPLE_TEAM_ID: must be an Apple Team ID/m);
  });

  it("APNS_URL: Apple's production host by default; a local http:// stand-in outside production only", () => {
    expect(loadConfig({ NODE_ENV: 'development' }).wallet.apnsUrl).toBe('https://api.push.apple.com');
    expect(loadConfig({ NODE_ENV: 'test', APNS_URL: 'http://127.0.0.1:9999/' }).wallet.apnsUrl).toBe('http://127.0.0.1:9999');
    expect(refusal({ ...PRODUCTION, APNS_URL: 'http://apns.internal' })).toMatch(/^ {2}APNS_URL: must be https:\/\/ in production/m);
    expect(refusal({ NODE_ENV: 'development', APNS_URL: 'https://apns.example.com/3/device' })).toMatch(/^ {2}APNS_URL: must be an origin/m);
  });
});
