import { createPrivateKey, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { WALLET_CERTIFICATE_TEXT as TEXT, type WalletBrandingResponse, type WalletCertificateRequest } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { TenantRequestContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { walletBranding, walletDevIdentities } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { secretBox, type SecretBox } from '../../lib/secret-box.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { appleSigningIdentity, type AppleSigningIdentity } from './apple-identity.ts';
import { brandingResponseOf, walletLookOf } from './branding.ts';

/** The secret-box purpose of the businesses' certificate keys (lib/secret-box.ts). */
const SEAL_PURPOSE = 'wallet-business-certificate-key';

/** The box business keys are sealed in: WALLET_SECRETS_KEY, or outside production the QR token secret; null in production without it. */
function keyBoxOf(config: Config): SecretBox | null {
  const secret = config.wallet.secretsKey ?? (config.env === 'production' ? undefined : config.qrTokenSecret);
  return secret ? secretBox(secret, SEAL_PURPOSE) : null;
}

/**
 * The business's own signing identity (docs/product.md 'Wallet passes', ADR 0048): its uploaded
 * Pass Type ID certificate, the key opened from its seal and the certificate's issuer. Null
 * when the business has none (the platform's identity signs) or its key cannot be opened here
 * (no secrets key).
 */
async function businessSigningIdentity(db: DbOrTx, config: Config, tenantId: string): Promise<AppleSigningIdentity | null> {
  const [row] = await db.select().from(walletBranding).where(eq(walletBranding.tenantId, tenantId));
  const box = keyBoxOf(config);
  if (!row?.applePassTypeId || !row.appleTeamId || !row.appleCertPem || !row.appleWwdrPem || !row.appleKeySealed || !box) return null;
  return {
    passTypeIdentifier: row.applePassTypeId,
    teamIdentifier: row.appleTeamId,
    signerCertPem: row.appleCertPem,
    signerKeyPem: box.open(row.appleKeySealed),
    wwdrPem: row.appleWwdrPem,
    development: false,
  };
}

/** What a .p12 holds: the certificates (PEM) and the private keys (PKCS #8 PEM). Throws when it does not open with `password`. */
function openP12(p12Base64: string, password: string): { certs: string[]; keys: string[] } {
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.decode64(p12Base64)), password);
  const bagsOf = (bagType: string) => p12.getBags({ bagType })[bagType] ?? [];
  const certs = bagsOf(forge.pki.oids.certBag!).flatMap((b) => (b.cert ? [forge.pki.certificateToPem(b.cert)] : []));
  const keys = [...bagsOf(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(forge.pki.oids.keyBag!)].flatMap((b) =>
    b.key ? [forge.pki.privateKeyInfoToPem(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(b.key)))] : [],
  );
  return { certs, keys };
}

/** The certificates that may have issued a business's certificate: the platform's WWDR, the development CA outside production, and the .p12's own chain. */
async function issuerCandidates(db: DbOrTx, config: Config, chain: string[]): Promise<string[]> {
  const candidates = [...(config.wallet.apple ? [config.wallet.apple.wwdrPem] : []), ...chain];
  if (config.env !== 'production') {
    const [dev] = await db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'apple'));
    if (dev) candidates.push(dev.caCertPem);
  }
  return candidates;
}

/** The uploaded certificate, checked: its signer, key, issuer, Pass Type ID, Team ID and expiry. Throws the WALLET_CERTIFICATE_TEXT refusals. */
async function checkedCertificate(db: DbOrTx, config: Config, input: WalletCertificateRequest, now: Date) {
  let opened: { certs: string[]; keys: string[] };
  try {
    opened = openP12(input.p12Base64, input.password);
  } catch {
    throw badRequest(TEXT.unreadable);
  }
  const keys = opened.keys.map((pem) => createPrivateKey(pem));
  const certs = opened.certs.map((pem) => ({ pem, x509: new X509Certificate(pem) }));
  const signer = certs.find((c) => keys.some((k) => c.x509.checkPrivateKey(k)));
  const key = signer && keys.find((k) => signer.x509.checkPrivateKey(k));
  if (!signer || !key) throw new AppError('BUSINESS_RULE', TEXT.noKey);
  if (new Date(signer.x509.validTo) <= now) throw new AppError('BUSINESS_RULE', TEXT.expired);
  const subject = signer.x509.subject.split('\n');
  const passTypeIdentifier = subject.find((l) => /^UID=pass\./.test(l))?.slice(4);
  const teamIdentifier = subject.find((l) => /^OU=[A-Z0-9]{10}$/.test(l))?.slice(3);
  if (!passTypeIdentifier || !teamIdentifier) throw new AppError('BUSINESS_RULE', TEXT.notPassType);
  const chain = certs.filter((c) => c !== signer).map((c) => c.pem);
  const issuer = (await issuerCandidates(db, config, chain)).find((pem) => {
    const ca = new X509Certificate(pem);
    return signer.x509.checkIssued(ca) && signer.x509.verify(ca.publicKey);
  });
  if (!issuer) throw new AppError('BUSINESS_RULE', TEXT.unknownIssuer);
  return {
    passTypeIdentifier,
    teamIdentifier,
    certPem: signer.pem,
    wwdrPem: issuer,
    keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    expiresAt: new Date(signer.x509.validTo),
  };
}

/**
 * PUT /rules/wallet/certificate (docs/product.md 'Wallet passes', ADR 0048): the business's own
 * Pass Type ID certificate from the .p12 Keychain exports, checked (opens with the password,
 * holds the certificate and its key, not expired, a Pass Type ID certificate with its Team ID,
 * issued by Apple's WWDR certificate: the platform's, or one in the .p12's chain, or outside
 * production the development CA) and stored with the key sealed under WALLET_SECRETS_KEY. A
 * replacement must keep the Pass Type ID and Team ID. Passes issued from then on are signed with
 * it; passes issued before keep the identity they were issued under. Audited
 * ('rules.wallet.certificate'). Throws 400 WALLET_CERTIFICATE_TEXT.unreadable, 422 for each
 * other refusal (nothing written).
 */
export async function putWalletCertificate(
  db: Database,
  ctx: TenantRequestContext,
  config: Config,
  input: WalletCertificateRequest,
): Promise<WalletBrandingResponse> {
  const box = keyBoxOf(config);
  if (!box) throw new AppError('BUSINESS_RULE', TEXT.noSecretsKey);
  const cert = await checkedCertificate(db, config, input, ctx.now);
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const before = await walletLookOf(tx, tenantId);
    const previous = before.certificate;
    if (previous && (previous.passTypeIdentifier !== cert.passTypeIdentifier || previous.teamIdentifier !== cert.teamIdentifier)) {
      throw new AppError('BUSINESS_RULE', TEXT.changedIdentifiers);
    }
    const set = {
      applePassTypeId: cert.passTypeIdentifier,
      appleTeamId: cert.teamIdentifier,
      appleCertPem: cert.certPem,
      appleWwdrPem: cert.wwdrPem,
      appleKeySealed: box.seal(cert.keyPem),
      appleCertExpiresAt: cert.expiresAt,
    };
    const { programName, backgroundColor, foregroundColor, labelColor, terms } = before;
    await tx
      .insert(walletBranding)
      .values({ tenantId, programName, backgroundColor, foregroundColor, labelColor, terms, updatedAt: ctx.now, ...set })
      .onConflictDoUpdate({ target: walletBranding.tenantId, set });
    const view = (c: typeof previous) =>
      c && { passTypeIdentifier: c.passTypeIdentifier, teamIdentifier: c.teamIdentifier, expiresAt: c.expiresAt.toISOString() };
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.wallet.certificate',
      entity: 'wallet_branding',
      entityId: null,
      before: view(previous),
      after: view({ passTypeIdentifier: cert.passTypeIdentifier, teamIdentifier: cert.teamIdentifier, expiresAt: cert.expiresAt })!,
    });
    return brandingResponseOf(config.publicUrl, tenantId, await walletLookOf(tx, tenantId));
  });
}

/**
 * The identity that signs a tenant's passes (ADR 0048): its own certificate, else the platform's
 * (or the development identity, `appleSigningIdentity`). With `passTypeIdentifier` (an issued
 * pass, re-signed or pushed), only an identity of that Pass Type ID: a pass keeps the identity it
 * was issued under. Null when none fits.
 */
export async function tenantSigningIdentity(
  db: DbOrTx,
  config: Config,
  now: Date,
  tenantId: string,
  passTypeIdentifier?: string,
): Promise<AppleSigningIdentity | null> {
  const fits = (identity: AppleSigningIdentity | null) => identity && (passTypeIdentifier === undefined || identity.passTypeIdentifier === passTypeIdentifier);
  const own = await businessSigningIdentity(db, config, tenantId);
  if (fits(own)) return own;
  const platform = await appleSigningIdentity(db, config, now);
  return fits(platform) ? platform : null;
}
