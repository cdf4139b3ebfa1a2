import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletGoogleObjects } from '../../db/schema/index.ts';
import { loadCardRow } from '../cards/index.ts';
import { tenantContextById } from '../tenants/index.ts';
import { googleAccessToken, patchLoyaltyObject } from './google-api.ts';
import { googleIssuer } from './google-identity.ts';
import { loyaltyObjectFieldsOf } from './google-pass.ts';
import { passContentOf } from './pass-content.ts';
import { PUSH_ATTEMPTS_MAX, PUSH_BATCH, PUSH_RETRY_MS } from './push-passes.ts';

/** What one sync run did: objects due, sent (200, or 404: never saved, nothing to update), to try again. */
export interface GoogleSyncResult {
  objects: number;
  sent: number;
  retrying: number;
}

/** Patches an object; `patchLoyaltyObject` unless a test stands in. */
export type ObjectPatcher = (apiUrl: string, accessToken: string, objectId: string, fields: object) => Promise<number>;

/**
 * One run of the Google Wallet updates (docs/product.md 'Wallet passes', ADR 0047), as the
 * Apple pushes run (push-passes.ts): takes up to PUSH_BATCH objects whose card changed after
 * their last update (`updated_at > pushed_at`, due now), oldest first, and PATCHes each with
 * what it shows now (state, holder, balance, texts, QR) through `config.wallet.googleApiUrl`,
 * after the change committed and outside its transaction. 200 or 404 (the holder never saved
 * the link, so no phone shows it) marks the object sent, `pushed_at` taking the `updated_at`
 * that was read; any other answer, or a failed token exchange, keeps it due and tries again
 * after PUSH_RETRY_MS, giving up after PUSH_ATTEMPTS_MAX failures. Does nothing unless
 * `config.wallet.googleSync`; a card or business gone meanwhile marks its object sent.
 */
export async function syncChangedGoogleObjects(db: DbOrTx, config: Config, now: Date, patch: ObjectPatcher = patchLoyaltyObject): Promise<GoogleSyncResult> {
  const result: GoogleSyncResult = { objects: 0, sent: 0, retrying: 0 };
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
  if (due.length === 0) return result;
  const token = await googleAccessToken(issuer, config.wallet.googleTokenUrl, now).catch(() => null);
  for (const object of due) {
    result.objects++;
    const status = token ? await patchObject(db, config, object, token, now, patch) : 0;
    const done = status === 200 || status === 404;
    const failed = !done && object.attempts + 1 < PUSH_ATTEMPTS_MAX;
    if (done) result.sent++;
    if (failed) result.retrying++;
    const wait = PUSH_RETRY_MS[Math.min(object.attempts, PUSH_RETRY_MS.length - 1)]!;
    await db
      .update(walletGoogleObjects)
      .set(
        failed
          ? { pushAttempts: sql`${walletGoogleObjects.pushAttempts} + 1`, pushRetryAt: new Date(now.getTime() + wait) }
          : { pushedAt: sql`${object.updatedAt}::timestamptz`, pushAttempts: 0, pushRetryAt: null },
      )
      .where(and(eq(walletGoogleObjects.tenantId, object.tenantId), eq(walletGoogleObjects.cardId, object.cardId)));
  }
  return result;
}

/** PATCHes one object with its card as it is now; 404 when the card or its business is gone. */
async function patchObject(
  db: DbOrTx,
  config: Config,
  object: { tenantId: string; cardId: string; objectId: string },
  token: string,
  now: Date,
  patch: ObjectPatcher,
): Promise<number> {
  const tenant = await tenantContextById(db, object.tenantId);
  const row = tenant ? await loadCardRow(db, object.tenantId, object.cardId).catch(() => null) : null;
  if (!tenant || !row) return 404;
  const content = await passContentOf(db, config, tenant, row, now);
  return patch(config.wallet.googleApiUrl, token, object.objectId, loyaltyObjectFieldsOf(content));
}
