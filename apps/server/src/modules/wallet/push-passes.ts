import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { walletPasses, walletRegistrations } from '../../db/schema/index.ts';
import type { AppleSigningIdentity } from './apple-identity.ts';
import { tenantSigningIdentity } from './business-identity.ts';
import { sendPassPushes, type PassPush, type PushStatus } from './apns.ts';

/** Passes handled per run; a full batch asks for another run at once. */
export const PUSH_BATCH = 200;
/** Waits before the next try after 1, 2, … failed pushes in a row (milliseconds); the last repeats. */
export const PUSH_RETRY_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 21_600_000];
/** When a change that failed `attempts` times in a row before this failure is tried again. */
export function retryAtAfter(attempts: number, now: Date): Date {
  return new Date(now.getTime() + PUSH_RETRY_MS[Math.min(attempts, PUSH_RETRY_MS.length - 1)]!);
}

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
 * it, one connection per signing identity (each pass is pushed with the identity it was issued
 * under, the business's own or the platform's; ADR 0048). A pass whose every push got 200 (or
 * whose device is gone) counts as pushed: `pushed_at` takes the `updated_at` that was read, so
 * a change made during the run is pushed by the next. APNs 410 (the device no longer has the
 * pass) deletes that registration. Any other failure keeps the change due and tries it again
 * after PUSH_RETRY_MS, giving up after PUSH_ATTEMPTS_MAX failures. A pass without
 * registrations, or that no identity signs any more, is marked pushed without a push.
 */
export async function pushChangedPasses(db: DbOrTx, config: Config, now: Date, send: PushSender = sendPassPushes): Promise<PushRunResult> {
  const result: PushRunResult = { passes: 0, pushed: 0, removed: 0, retrying: 0 };
  const due = await db
    .select({
      tenantId: walletPasses.tenantId,
      id: walletPasses.id,
      passTypeIdentifier: walletPasses.passTypeIdentifier,
      // As text: the database keeps microseconds, a JS Date would drop them and leave the pass due.
      updatedAt: sql<string>`${walletPasses.updatedAt}::text`,
      attempts: walletPasses.pushAttempts,
    })
    .from(walletPasses)
    .where(and(gt(walletPasses.updatedAt, walletPasses.pushedAt), or(isNull(walletPasses.pushRetryAt), lte(walletPasses.pushRetryAt, now))))
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
  const statusOf = await sendByIdentity(db, config, now, due, registrations, send);
  const failedPasses = new Set<string>();
  for (const registration of registrations) {
    // No identity signs this pass any more: nothing can reach its devices.
    if (!statusOf.has(registration)) continue;
    const status = statusOf.get(registration)!;
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
    await db
      .update(walletPasses)
      .set(
        failed
          ? { pushAttempts: sql`${walletPasses.pushAttempts} + 1`, pushRetryAt: retryAtAfter(pass.attempts, now) }
          : { pushedAt: sql`${pass.updatedAt}::timestamptz`, pushAttempts: 0, pushRetryAt: null },
      )
      .where(and(eq(walletPasses.tenantId, pass.tenantId), eq(walletPasses.id, pass.id)));
  }
  return result;
}

/**
 * Sends the pushes of `registrations` grouped by the identity that signs their pass (the
 * business's own certificate or the platform's, `tenantSigningIdentity`), one APNs connection
 * per identity, the pass's Pass Type ID as topic. A registration whose pass no identity signs any
 * more gets no push and counts as gone (status 410 is not sent, nothing can reach it): it is
 * left out of the answer, so its pass is marked pushed.
 */
async function sendByIdentity(
  db: DbOrTx,
  config: Config,
  now: Date,
  due: Array<{ id: string; tenantId: string; passTypeIdentifier: string }>,
  registrations: Array<typeof walletRegistrations.$inferSelect>,
  send: PushSender,
): Promise<Map<(typeof registrations)[number], PushStatus>> {
  const passById = new Map(due.map((p) => [p.id, p]));
  const identities = new Map<string, Promise<AppleSigningIdentity | null>>();
  const groups = new Map<AppleSigningIdentity, typeof registrations>();
  for (const registration of registrations) {
    const pass = passById.get(registration.passId)!;
    const key = `${pass.tenantId} ${pass.passTypeIdentifier}`;
    if (!identities.has(key)) identities.set(key, tenantSigningIdentity(db, config, now, pass.tenantId, pass.passTypeIdentifier));
    const identity = await identities.get(key)!;
    if (!identity) continue;
    groups.set(identity, [...(groups.get(identity) ?? []), registration]);
  }
  const statusOf = new Map<(typeof registrations)[number], PushStatus>();
  for (const [identity, group] of groups) {
    const statuses = await send(
      config.wallet.apnsUrl,
      identity,
      group.map((r) => ({ pushToken: r.pushToken, topic: identity.passTypeIdentifier })),
    );
    group.forEach((r, i) => statusOf.set(r, statuses[i] ?? 0));
  }
  return statusOf;
}
