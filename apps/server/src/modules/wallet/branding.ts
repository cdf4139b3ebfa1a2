import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  DEFAULT_WALLET_BRANDING,
  WALLET_LOGO_MAX_BYTES,
  type WalletBrandingRequest,
  type WalletBrandingResponse,
  type WalletLogoRequest,
} from '@loyalty/contract';
import { walletContrastProblems } from '@loyalty/domain';
import type { TenantRequestContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { walletBranding, walletPasses } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../errors.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';

/** A business's wallet look as passes use it: the saved settings or the defaults, and the logo PNG (null: the default logo). */
export interface WalletLook extends WalletBrandingRequest {
  logoPng: Buffer | null;
  logoUpdatedAt: Date | null;
  updatedAt: Date | null;
  /** The business's own Apple certificate (business-identity.ts), null while the platform's signs. */
  certificate: { passTypeIdentifier: string; teamIdentifier: string; expiresAt: Date } | null;
}

/** The largest side of a stored logo, in pixels (Google's programme logo size; Apple's are cut from it). */
const LOGO_SIZE = 660;
/** The smallest side a logo may have, in pixels: smaller ones blur on a phone. */
const LOGO_MIN_SIZE = 64;

/** Message of the 400 for a file sharp cannot read as the declared image type. */
const LOGO_UNREADABLE = 'The logo must be a PNG or SVG image';

/** The wallet look of `tenantId`: its saved row, or DEFAULT_WALLET_BRANDING without a logo. */
export async function walletLookOf(db: DbOrTx, tenantId: string): Promise<WalletLook> {
  const [row] = await db.select().from(walletBranding).where(eq(walletBranding.tenantId, tenantId));
  if (!row) return { ...DEFAULT_WALLET_BRANDING, logoPng: null, logoUpdatedAt: null, updatedAt: null, certificate: null };
  const { programName, backgroundColor, foregroundColor, labelColor, terms, logoPng, logoUpdatedAt, updatedAt } = row;
  const certificate =
    row.applePassTypeId && row.appleTeamId && row.appleCertExpiresAt
      ? { passTypeIdentifier: row.applePassTypeId, teamIdentifier: row.appleTeamId, expiresAt: row.appleCertExpiresAt }
      : null;
  return { programName, backgroundColor, foregroundColor, labelColor, terms, logoPng, logoUpdatedAt, updatedAt, certificate };
}

/** The public address of the tenant's logo (versioned by its upload time), or null while it has none. */
export function walletLogoUrlOf(publicUrl: string, tenantId: string, look: Pick<WalletLook, 'logoUpdatedAt'>): string | null {
  return look.logoUpdatedAt ? `${publicUrl}/api/wallet/logos/${tenantId}?v=${look.logoUpdatedAt.getTime()}` : null;
}

/** The GET/PUT answer of a look: the settings, the logo's address and the last change. */
export function brandingResponseOf(publicUrl: string, tenantId: string, look: WalletLook): WalletBrandingResponse {
  const { programName, backgroundColor, foregroundColor, labelColor, terms } = look;
  return {
    programName,
    backgroundColor,
    foregroundColor,
    labelColor,
    terms,
    logoUrl: walletLogoUrlOf(publicUrl, tenantId, look),
    updatedAt: look.updatedAt?.toISOString() ?? null,
    certificate: look.certificate && { ...look.certificate, expiresAt: look.certificate.expiresAt.toISOString() },
  };
}

/** Every issued Apple pass of the tenant changed (its devices are pushed and fetch it anew); the Google class is due a PATCH by `updated_at`. */
async function markPassesChanged(tx: DbOrTx, tenantId: string): Promise<void> {
  await tx
    .update(walletPasses)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(walletPasses.tenantId, tenantId));
}

/**
 * PUT /rules/wallet (docs/product.md 'Wallet passes'): saves the business's wallet look. The
 * text and label colours must read against the background at WCAG AA (`walletContrastProblems`):
 * otherwise 400 VALIDATION_ERROR with a detail per failing colour, nothing written. In one
 * transaction: the row (the logo kept), every issued pass marked changed (so phones update,
 * ADR 0046, and Google's class is PATCHed, ADR 0047), and the audit row 'rules.wallet.update'
 * (before: the previous look or the defaults). Returns the look saved.
 */
export async function putWalletBranding(
  db: Database,
  ctx: TenantRequestContext,
  publicUrl: string,
  input: WalletBrandingRequest,
): Promise<WalletBrandingResponse> {
  const problems = walletContrastProblems(input);
  if (problems.length)
    throw badRequest(
      problems[0]!.message,
      problems.map(({ field, message }) => ({ field, message })),
    );
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const before = await walletLookOf(tx, tenantId);
    const now = ctx.now;
    await tx
      .insert(walletBranding)
      .values({ tenantId, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: walletBranding.tenantId, set: { ...input, updatedAt: now } });
    await markPassesChanged(tx, tenantId);
    const { programName, backgroundColor, foregroundColor, labelColor, terms } = before;
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.wallet.update',
      entity: 'wallet_branding',
      entityId: null,
      before: { programName, backgroundColor, foregroundColor, labelColor, terms },
      after: input,
    });
    return brandingResponseOf(publicUrl, tenantId, await walletLookOf(tx, tenantId));
  });
}

/** The uploaded logo rendered to a PNG that fits LOGO_SIZE square; 400 LOGO_UNREADABLE or too small otherwise. */
async function renderLogo(input: WalletLogoRequest): Promise<{ png: Buffer; width: number; height: number }> {
  const bytes = Buffer.from(input.dataBase64, 'base64');
  if (bytes.length === 0 || bytes.length > WALLET_LOGO_MAX_BYTES) throw badRequest(`The logo must be at most ${WALLET_LOGO_MAX_BYTES / 1_000_000} MB`);
  try {
    const image = sharp(bytes, { limitInputPixels: 40_000_000 });
    const meta = await image.metadata();
    const format = input.contentType === 'image/png' ? 'png' : 'svg';
    if (meta.format !== format) throw new Error(`declared ${format}, read ${meta.format}`);
    if (Math.min(meta.width ?? 0, meta.height ?? 0) < LOGO_MIN_SIZE && format === 'png') {
      throw new AppError('VALIDATION_ERROR', `The logo must be at least ${LOGO_MIN_SIZE} × ${LOGO_MIN_SIZE} pixels`);
    }
    const { data, info } = await image.resize({ width: LOGO_SIZE, height: LOGO_SIZE, fit: 'inside' }).png().toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(LOGO_UNREADABLE);
  }
}

/**
 * PUT /rules/wallet/logo (docs/product.md 'Wallet passes'): the business's logo, a PNG or SVG
 * (base64, at most WALLET_LOGO_MAX_BYTES), rendered by sharp to a PNG that fits 660 × 660 and
 * stored; passes cut their icon and logo sizes from it. 400 when the file is empty, too large,
 * not the declared type, unreadable, or a PNG under 64 pixels on a side (nothing written). In
 * one transaction with the passes marked changed and the audit row 'rules.wallet.logo'.
 * `logo` null removes the logo (DELETE), going back to the default. Returns the look saved.
 */
export async function putWalletLogo(
  db: Database,
  ctx: TenantRequestContext,
  publicUrl: string,
  logo: WalletLogoRequest | null,
): Promise<WalletBrandingResponse> {
  const rendered = logo ? await renderLogo(logo) : null;
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const before = await walletLookOf(tx, tenantId);
    const now = ctx.now;
    const { programName, backgroundColor, foregroundColor, labelColor, terms } = before;
    const set = { logoPng: rendered?.png ?? null, logoUpdatedAt: rendered ? now : null, updatedAt: now };
    await tx
      .insert(walletBranding)
      .values({ tenantId, programName, backgroundColor, foregroundColor, labelColor, terms, ...set })
      .onConflictDoUpdate({ target: walletBranding.tenantId, set });
    await markPassesChanged(tx, tenantId);
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'rules.wallet.logo',
      entity: 'wallet_branding',
      entityId: null,
      before: { logo: before.logoPng !== null },
      after: rendered ? { logo: true, width: rendered.width, height: rendered.height } : { logo: false },
    });
    return brandingResponseOf(publicUrl, tenantId, await walletLookOf(tx, tenantId));
  });
}
