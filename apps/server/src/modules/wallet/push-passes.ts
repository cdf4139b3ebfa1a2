import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import { appleSigningIdentity } from './apple-identity.ts';
import { sendPassPushes, type PassPush, type PushStatus } from './apns.ts';

/** Passes handled per run; a full batch asks for another run at once. */
export const PUSH_BATCH = 200;
/** Waits before the next try after 1, 2, … failed pushes in a row (milliseconds); the last repeats. */
export const PUSH_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
/** Failed runs in a row after which a pass's change is given up (about three days at the last wait). */
export const PUSH_ATTEMPTS_MAX = 15;

/** What one run did: passes whose change was pushed, devices told, registrations removed (410), passes to try again. */
export interface PushRunResult {
  passes: number;
  pushed: number;
  removed: number;
  retrying: number;
}

/** Sends a batch of pushes; `sendPassPushes` unless a test stands in. */
export type PushSender = (url: string, identity: { signerCertPem: string; signerKeyPem: string }, pushes: PassPush[]) => Promise<PushStatus[]>;

/**
 * One run of the pass-update pushes (docs/product.md 'Wallet passes', ADR 0046): takes up to
 * PUSH_BATCH passes whose content changed after their last push (`updated_at > pushed_at`, due
 * now), oldest change first, and sends one empty push per device registered for each through
 * APNs (`config.wallet.apnsUrl`), after the change committed and outside any transaction of
 * it. A pass whose every push got 200 (or whose device is gone) counts as pushed: `pushed_at`
 * takes the `updated_at` that was read, so a change made during the run is pushed by the next.
 * APNs 410 (the device no longer has the pass) deletes that registration. Any other failure
 * keeps the change due and tries it again after PUSH_RETRY_MS, giving up after
 * PUSH_ATTEMPTS_MAX failures. A pass without registrations is marked pushed without a push.
 * Nothing is sent when this install signs no Apple passes.
 */
export async function pushChangedPasses(db: DbOrTx, config: Config, now: Date, send: PushSender = sendPassPushes): Promise<PushRunResult> {
  const result: PushRunResult = { passes: 0, pushed: 0, removed: 0, retrying: 0 };
  const identity = await appleSigningIdentity(db, config, now);
  if (!identity) return result;
  const due = await db
    .select({
      tenantId: walletPasses.tenantId,
      id: walletPasses.id,
      // As text: the database keeps microseconds, a JS Date would drop them and leave the pass due.
      updatedAt: sql<string>`${walletPasses.updatedAt}::text`,
      attempts: walletPasses.pushAttempts,
    })
    .from(walletPasses)
    .where(
      and(
        gt(walletPasses.updatedAt, walletPasses.pushedAt),
        or(isNull(walletPasses.pushRetryAt), lte(walletPasses.pushRetryAt, now)),
        eq(walletPasses.passTypeIdentifier, identity.passTypeIdentifier),
      ),
    )
    .orderBy(asc(walletPasses.updatedAt))
    .limit(PUSH_BATCH);
  if (due.length === 0) return result;
  const registrations = await db
    .select()
    .from(walletRegistrations)
    .where(
      inArray(
        walletRegistrations.passId,
        due.map((p) => p.id),
      ),
    );
  const statuses = await send(
    config.wallet.apnsUrl,
    identity,
    registrations.map((r) => ({ pushToken: r.pushToken, topic: identity.passTypeIdentifier })),
  );
  const failedPasses = new Set<string>();
  for (const [i, registration] of registrations.entries()) {
    const status = statuses[i] ?? 0;
    if (status === 200) result.pushed++;
    else if (status === 410) {
      await db
        .delete(walletRegistrations)
        .where(
          and(
            eq(walletRegistrations.tenantId, registration.tenantId),
            eq(walletRegistrations.passId, registration.passId),
            eq(walletRegistrations.deviceLibraryIdentifier, registration.deviceLibraryIdentifier),
          ),
        );
      result.removed++;
    } else failedPasses.add(registration.passId);
  }
  for (const pass of due) {
    result.passes++;
    const failed = failedPasses.has(pass.id) && pass.attempts + 1 < PUSH_ATTEMPTS_MAX;
    if (failed) result.retrying++;
    const wait = PUSH_RETRY_MS[Math.min(pass.attempts, PUSH_RETRY_MS.length - 1)]!;
    await db
      .update(walletPasses)
      .set(
        failed
          ? { pushAttempts: sql`${walletPasses.pushAttempts} + 1`, pushRetryAt: new Date(now.getTime() + wait) }
          : { pushedAt: sql`${pass.updatedAt}::timestamptz`, pushAttempts: 0, pushRetryAt: null },
      )
      .where(and(eq(walletPasses.tenantId, pass.tenantId), eq(walletPasses.id, pass.id)));
  }
  return result;
}
