import { and, asc, eq, exists, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletBranding, walletGoogleObjects } from '../../db/schema/index.ts';
import { loadCardRow } from '../cards/index.ts';
import { tenantContextById } from '../tenants/index.ts';
import { walletLookOf, walletLogoUrlOf } from './branding.ts';
import { googleAccessToken, patchLoyaltyResource, type LoyaltyResource } from './google-api.ts';
import { googleIssuer, type GoogleIssuer } from './google-identity.ts';
import { googleClassIdOf, loyaltyClassFieldsOf, loyaltyObjectFieldsOf } from './google-pass.ts';
import { programLogoUrlOf } from './issue-google-pass.ts';
import { passContentOf } from './pass-content.ts';
import { PUSH_ATTEMPTS_MAX, PUSH_BATCH, retryAtAfter } from './push-passes.ts';

/** What one sync run did: classes updated; objects due, sent (200, or 404: never saved, nothing to update), to try again. */
export interface GoogleSyncResult {
  classes: number;
  objects: number;
  sent: number;
  retrying: number;
}

/** Patches an object or class; `patchLoyaltyResource` unless a test stands in. */
type Patcher = (apiUrl: string, accessToken: string, resource: LoyaltyResource, id: string, fields: object) => Promise<number>;

/**
 * One run of the Google Wallet updates (docs/product.md 'Wallet passes', ADR 0047), as the
 * Apple pushes run (push-passes.ts): takes up to PUSH_BATCH objects whose card changed after
 * their last update (`updated_at > pushed_at`, due now), oldest first, and PATCHes each with
 * what it shows now (state, holder, balance, texts, QR) through `config.wallet.googleApiUrl`,
 * after the change committed and outside its transaction. 200 or 404 (the holder never saved
 * the link, so no phone shows it) marks the object sent, `pushed_at` taking the `updated_at`
 * that was read; any other answer, or a failed token exchange, keeps it due and tries again
 * after PUSH_RETRY_MS, giving up after PUSH_ATTEMPTS_MAX failures. Does nothing unless
 * `config.wallet.googleSync`; a card or business gone meanwhile marks its object sent. First,
 * the class of every business whose wallet look changed is PATCHed (Rules & Settings → Wallet).
 */
export async function syncChangedGoogleObjects(db: DbOrTx, config: Config, now: Date, patch: Patcher = patchLoyaltyResource): Promise<GoogleSyncResult> {
  const result: GoogleSyncResult = { classes: 0, objects: 0, sent: 0, retrying: 0 };
  if (!config.wallet.googleSync) return result;
  const issuer = await googleIssuer(db, config, now);
  if (!issuer) return result;
  const due = await db
    .select({
      tenantId: walletGoogleObjects.tenantId,
      cardId: walletGoogleObjects.cardId,
      objectId: walletGoogleObjects.objectId,
      classId: walletGoogleObjects.classId,
      // As text: a JS Date would drop the microseconds and leave the object due (ADR 0046).
      updatedAt: sql<string>`${walletGoogleObjects.updatedAt}::text`,
      attempts: walletGoogleObjects.pushAttempts,
    })
    .from(walletGoogleObjects)
    .where(
      and(
        gt(walletGoogleObjects.updatedAt, walletGoogleObjects.pushedAt),
        or(isNull(walletGoogleObjects.pushRetryAt), lte(walletGoogleObjects.pushRetryAt, now)),
        eq(walletGoogleObjects.issuerId, issuer.issuerId),
      ),
    )
    .orderBy(asc(walletGoogleObjects.updatedAt))
    .limit(PUSH_BATCH);
  const classes = await changedClasses(db, issuer);
  if (due.length === 0 && classes.length === 0) return result;
  const token = await googleAccessToken(issuer, config.wallet.googleTokenUrl, now).catch(() => null);
  // One read per business in a run, however many of its cards changed.
  const tenants = new Map<string, ReturnType<typeof tenantContextById>>();
  const tenantsOf = (id: string) => tenants.get(id) ?? tenants.set(id, tenantContextById(db, id)).get(id)!;
  if (token) result.classes = await patchClasses(db, config, issuer, classes, token, patch);
  for (const object of due) {
    result.objects++;
    const status = token ? await patchObject(db, config, object, token, now, patch, tenantsOf) : 0;
    const done = status === 200 || status === 404;
    const failed = !done && object.attempts + 1 < PUSH_ATTEMPTS_MAX;
    if (done) result.sent++;
    if (failed) result.retrying++;
    await db
      .update(walletGoogleObjects)
      .set(
        failed
          ? { pushAttempts: sql`${walletGoogleObjects.pushAttempts} + 1`, pushRetryAt: retryAtAfter(object.attempts, now) }
          : { pushedAt: sql`${object.updatedAt}::timestamptz`, pushAttempts: 0, pushRetryAt: null },
      )
      .where(and(eq(walletGoogleObjects.tenantId, object.tenantId), eq(walletGoogleObjects.cardId, object.cardId)));
  }
  return result;
}

/** Businesses whose look changed after their class was last PATCHed and which have objects under `issuer` (PUSH_BATCH at most). */
function changedClasses(db: DbOrTx, issuer: GoogleIssuer) {
  return db
    .select({ tenantId: walletBranding.tenantId, updatedAt: sql<string>`${walletBranding.updatedAt}::text` })
    .from(walletBranding)
    .where(
      and(
        gt(walletBranding.updatedAt, walletBranding.googleClassPushedAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(walletGoogleObjects)
            .where(and(eq(walletGoogleObjects.tenantId, walletBranding.tenantId), eq(walletGoogleObjects.issuerId, issuer.issuerId))),
        ),
      ),
    )
    .limit(PUSH_BATCH);
}

/**
 * PATCHes each changed business's class with its look now; 200 or 404 (no holder saved a link
 * yet) records it as sent, anything else leaves it for the next run. Returns the classes sent.
 */
async function patchClasses(
  db: DbOrTx,
  config: Config,
  issuer: GoogleIssuer,
  classes: Array<{ tenantId: string; updatedAt: string }>,
  token: string,
  patch: Patcher,
): Promise<number> {
  let sent = 0;
  for (const changed of classes) {
    const tenant = await tenantContextById(db, changed.tenantId);
    const look = await walletLookOf(db, changed.tenantId);
    const content = { businessName: tenant?.name ?? '', look: { ...look, logoUrl: walletLogoUrlOf(config.publicUrl, changed.tenantId, look) } };
    const fields = loyaltyClassFieldsOf(content, programLogoUrlOf(config), issuer.development);
    const status = tenant ? await patch(config.wallet.googleApiUrl, token, 'loyaltyClass', googleClassIdOf(issuer.issuerId, changed.tenantId), fields) : 404;
    if (status !== 200 && status !== 404) continue;
    sent++;
    await db
      .update(walletBranding)
      .set({ googleClassPushedAt: sql`${changed.updatedAt}::timestamptz` })
      .where(eq(walletBranding.tenantId, changed.tenantId));
  }
  return sent;
}

/** PATCHes one object with its card as it is now; 404 when the card or its business is gone. */
async function patchObject(
  db: DbOrTx,
  config: Config,
  object: { tenantId: string; cardId: string; objectId: string },
  token: string,
  now: Date,
  patch: Patcher,
  tenantOf: (id: string) => ReturnType<typeof tenantContextById>,
): Promise<number> {
  const tenant = await tenantOf(object.tenantId);
  const row = tenant ? await loadCardRow(db, object.tenantId, object.cardId).catch(() => null) : null;
  if (!tenant || !row) return 404;
  const content = await passContentOf(db, config, tenant, row, now);
  return patch(config.wallet.googleApiUrl, token, 'loyaltyObject', object.objectId, loyaltyObjectFieldsOf(content));
}
