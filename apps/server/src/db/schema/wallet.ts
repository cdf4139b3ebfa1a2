import { sql } from 'drizzle-orm';
import { customType, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantId, tstz } from './columns.ts';
import { tenants } from './platform.ts';
import { cards } from './cards.ts';

/**
 * Apple Wallet passes handed out (modules/wallet, docs/product.md 'Wallet passes'): one row per
 * download, so every installed pass has its own random `serialNumber` (not the card number) and
 * its own `authenticationToken`, of which only the SHA-256 (hex) is kept. Apple's web service
 * names a pass by `passTypeIdentifier` and serial alone, with no tenant: the serial is unique
 * across the platform (a directory table before distribution, docs/operations.md).
 * `updatedAt` is the last change of what the pass shows (its `Last-Modified`); `pushedAt` the
 * change its devices were last told of (modules/wallet/push-passes.ts), so a pass is due a push
 * while `updatedAt > pushedAt`; a failed push is tried again at `pushRetryAt`, `pushAttempts`
 * counting the failures in a row.
 */
export const walletPasses = pgTable(
  'wallet_passes',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    id: id(),
    cardId: uuid('card_id').notNull(),
    passTypeIdentifier: text('pass_type_identifier').notNull(),
    serialNumber: text('serial_number').notNull(),
    authenticationTokenHash: text('authentication_token_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    pushedAt: tstz('pushed_at').notNull().defaultNow(),
    pushAttempts: integer('push_attempts').notNull().default(0),
    pushRetryAt: tstz('push_retry_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // The push worker's queue: only passes whose change is not pushed yet.
    index('wallet_passes_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.updatedAt} > ${t.pushedAt}`),
    foreignKey({ name: 'wallet_passes_card_fk', columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete('cascade'),
    uniqueIndex('wallet_passes_serial_uq').on(t.serialNumber),
    index('wallet_passes_card_idx').on(t.tenantId, t.cardId),
  ],
);

/**
 * The development signing identity of Apple passes (modules/wallet/dev-identity.ts): made once
 * per install outside production when no Pass Type ID certificate is configured, so that passes
 * are produced and verifiable everywhere. `caCertPem` stands in for Apple's WWDR certificate;
 * `signerKeySealed` is the signer's private key sealed with a key derived from the QR token
 * secret (lib/secret-box.ts). One row (`name` 'apple').
 */
export const walletDevIdentities = pgTable('wallet_dev_identities', {
  name: text('name').primaryKey(),
  caCertPem: text('ca_cert_pem').notNull(),
  signerCertPem: text('signer_cert_pem').notNull(),
  signerKeySealed: text('signer_key_sealed').notNull(),
  createdAt: createdAt(),
});

/**
 * Devices that registered a pass for updates through Apple's PassKit web service
 * (modules/wallet/web-service.ts): one row per pass and device, with the device's current APNs
 * push token. A device's registrations are read across tenants by `deviceLibraryIdentifier`.
 */
export const walletRegistrations = pgTable(
  'wallet_registrations',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    passId: uuid('pass_id').notNull(),
    deviceLibraryIdentifier: text('device_library_identifier').notNull(),
    pushToken: text('push_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.passId, t.deviceLibraryIdentifier] }),
    foreignKey({ name: 'wallet_registrations_pass_fk', columns: [t.tenantId, t.passId], foreignColumns: [walletPasses.tenantId, walletPasses.id] }).onDelete(
      'cascade',
    ),
    index('wallet_registrations_device_idx').on(t.deviceLibraryIdentifier),
  ],
);

/**
 * Google Wallet loyalty objects handed out (modules/wallet/google-*.ts, ADR 0047): one per card,
 * made when its first 'Save to Google Wallet' link is issued, whether or not the holder saved it.
 * `objectId` and `classId` are Google's ids (`{issuerId}.card-{cardId}`, `{issuerId}.tenant-{tenantId}`),
 * kept as issued so a later issuer does not rename objects already on phones. `updatedAt`
 * moves with what the object shows (the same triggers as Apple passes, migration 0035);
 * the sync worker PATCHes the object while `updatedAt > pushedAt`, retrying at `pushRetryAt`.
 */
export const walletGoogleObjects = pgTable(
  'wallet_google_objects',
  {
    tenantId: tenantId().references(() => tenants.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id').notNull(),
    issuerId: text('issuer_id').notNull(),
    objectId: text('object_id').notNull(),
    classId: text('class_id').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    pushedAt: tstz('pushed_at').notNull().defaultNow(),
    pushAttempts: integer('push_attempts').notNull().default(0),
    pushRetryAt: tstz('push_retry_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.cardId] }),
    foreignKey({ name: 'wallet_google_objects_card_fk', columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete('cascade'),
    // The sync worker's queue: only objects whose change is not sent yet.
    index('wallet_google_objects_due_idx')
      .on(t.updatedAt)
      .where(sql`${t.updatedAt} > ${t.pushedAt}`),
  ],
);

/** PostgreSQL `bytea` as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * How a business's wallet passes look (modules/wallet/branding.ts, docs/product.md 'Wallet
 * passes'): one row once a Store Admin saved the Wallet settings; without it passes use
 * DEFAULT_WALLET_BRANDING. `logoPng` is the uploaded logo rendered by sharp to a PNG that fits
 * 660 × 660 (each wallet's sizes are cut from it), `logoUpdatedAt` versions its public address.
 * `updatedAt` is the last change; Google's class is PATCHed while it is after
 * `googleClassPushedAt` (modules/wallet/google-sync.ts). The `apple*` columns hold the
 * business's own Pass Type ID certificate when it uploaded one (all set or all null).
 */
export const walletBranding = pgTable('wallet_branding', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  programName: text('program_name'),
  backgroundColor: text('background_color').notNull(),
  foregroundColor: text('foreground_color').notNull(),
  labelColor: text('label_color').notNull(),
  terms: text('terms'),
  logoPng: bytea('logo_png'),
  logoUpdatedAt: tstz('logo_updated_at'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  googleClassPushedAt: tstz('google_class_pushed_at').notNull().defaultNow(),
  // The business's own Pass Type ID certificate (modules/wallet/business-identity.ts): the
  // certificate and its issuer in PEM, the key sealed under WALLET_SECRETS_KEY.
  applePassTypeId: text('apple_pass_type_id'),
  appleTeamId: text('apple_team_id'),
  appleCertPem: text('apple_cert_pem'),
  appleWwdrPem: text('apple_wwdr_pem'),
  appleKeySealed: text('apple_key_sealed'),
  appleCertExpiresAt: tstz('apple_cert_expires_at'),
});
