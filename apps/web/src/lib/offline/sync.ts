import { answer, client } from '@/api/client';
import { ApiError } from '@/lib/api';
import { updateCachedBalance } from './card-cache';
import { offlineDb } from './db';
import { announce, removeQueued, updateQueued } from './queue';
import type { QueuedMovement } from './types';

/**
 * Sends the offline queue (docs/product.md 'Offline till'): in order, one item at a time, each
 * with the Idempotency-Key made when the cashier pressed the button, so the server applies it
 * exactly once however often it is retried, the page reloaded or the lost first request had in
 * fact arrived. One sender per slug at a time: a Web Lock across the tabs where the browser has
 * them, and the item's persisted 'sending' state (taken in one IndexedDB transaction) elsewhere.
 */

/** A 'sending' item older than this (ms) was left by a closed tab and may be taken again (no Web Locks). */
export const SENDING_STALE_MS = 60_000;

/** What a send's failure means for the item: try again later, or a refusal the cashier must see. */
type FailureVerdict = 'retry' | 'conflict';

/**
 * The verdict of a failed send: no HTTP answer (status 0), 5xx, 429 and 408 wait and are retried;
 * so do 401 (the session ended: it waits for the next sign-in) and 409 CONFLICT (the first
 * request with this key is still running). Every other 4xx (422 'This card is blocked', 404, 403,
 * 400) is a sync conflict.
 */
function verdictOf(error: unknown): FailureVerdict {
  if (!(error instanceof ApiError)) return 'retry';
  const { status, code } = error;
  if (status === 0 || status >= 500 || status === 429 || status === 408 || status === 401) return 'retry';
  if (status === 409 && code === 'CONFLICT') return 'retry';
  return status >= 400 ? 'conflict' : 'retry';
}

/** The body of `item` to send: with its `occurredAt`, or for `first` the first online attempt's body (without it). */
function bodyOf<B extends { occurredAt?: string | null }>(body: B, occurredAt: string, first: boolean) {
  const { occurredAt: at, ...online } = body;
  return first ? online : { ...online, occurredAt: at ?? occurredAt };
}

/**
 * POSTs the item with its key, an earn to /transactions/earn and a redeem to /transactions/redeem;
 * `first` repeats the body of a first online attempt (no occurredAt). Answers the new balance, cents.
 */
async function post(item: QueuedMovement, first = false): Promise<number> {
  const params = { path: { slug: item.slug }, header: { 'idempotency-key': item.key } };
  if (item.kind === 'redeem') {
    const body = bodyOf(item.body, item.occurredAt, first);
    return (await answer(client.POST('/api/t/{slug}/transactions/redeem', { params, body }))).newBalance;
  }
  const body = bodyOf(item.body, item.occurredAt, first);
  return (await answer(client.POST('/api/t/{slug}/transactions/earn', { params, body }))).newBalance;
}

/**
 * Sends one item. Our server leaves `occurredAt` out of the key's fingerprint (ADR 0051), so the
 * queued copy of a request that had in fact arrived replays its first answer. Should a server
 * count it and refuse that retry (409 IDEMPOTENCY_KEY_REUSED, e.g. one deployed before that
 * change), the first body is sent again and replays (earns and redemptions alike).
 */
async function send(item: QueuedMovement): Promise<number> {
  try {
    return await post(item);
  } catch (error) {
    if (item.sentOnline && error instanceof ApiError && error.status === 409 && error.code === 'IDEMPOTENCY_KEY_REUSED') return post(item, true);
    throw error;
  }
}

/**
 * Takes the first item of `slug` that is not in conflict and marks it 'sending', in one
 * transaction. 'busy' when another sender holds it (a fresh 'sending' item while `owned` is false).
 */
async function claimNext(slug: string, now: number, owned: boolean): Promise<QueuedMovement | 'busy' | null> {
  const tx = (await offlineDb()).transaction('queue', 'readwrite');
  let cursor = await tx.store.index('order').openCursor(IDBKeyRange.bound([slug, -Infinity], [slug, Infinity]));
  let found: QueuedMovement | 'busy' | null = null;
  while (cursor && !found) {
    const item = cursor.value;
    if (item.state === 'sending' && !owned && now - (item.sendingSince ?? 0) < SENDING_STALE_MS) found = 'busy';
    else if (item.state !== 'conflict') {
      found = { ...item, state: 'sending', sendingSince: now, attempts: item.attempts + 1 };
      await cursor.update(found);
    } else cursor = await cursor.continue();
  }
  await tx.done;
  return found;
}

/** What one run of the sender did. `ran` is false when another sender was at work. */
export interface SyncReport {
  ran: boolean;
  synced: number;
  conflicts: number;
  /** True when an item stays waiting (no answer, 5xx…): the run stopped there, to keep the order. */
  stopped: boolean;
}

/** Sends the queue of `slug` until it is empty, an item must wait, or another sender holds an item. */
async function drain(slug: string, owned: boolean): Promise<SyncReport> {
  const report: SyncReport = { ran: true, synced: 0, conflicts: 0, stopped: false };
  for (;;) {
    const item = await claimNext(slug, Date.now(), owned);
    if (item === 'busy') return { ...report, ran: report.synced + report.conflicts > 0 };
    if (!item) return report;
    announce({ type: 'changed', slug });
    try {
      const newBalance = await send(item);
      await removeQueued(item.key);
      await updateCachedBalance(slug, item.body.cardUid, newBalance);
      report.synced += 1;
      announce({ type: 'synced', slug, item, newBalance });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (verdictOf(error) === 'retry') {
        await updateQueued(item.key, { state: 'waiting', sendingSince: null, error: message });
        return { ...report, stopped: true };
      }
      const status = error instanceof ApiError ? error.status : null;
      await updateQueued(item.key, { state: 'conflict', sendingSince: null, error: message, errorStatus: status });
      report.conflicts += 1;
      announce({ type: 'conflict', slug, item: { ...item, state: 'conflict', error: message, errorStatus: status } });
    }
  }
}

/** Slugs this page is sending now (one sender per slug and page). */
const running = new Set<string>();

/**
 * Sends the waiting movements of `slug` in order, one at a time (see the file's header). Returns
 * at once with `ran: false` when this page or another tab is already sending them. Items answered
 * 2xx leave the queue (and the kept card takes the new balance); no answer, 5xx, 429 stop the run
 * with the item waiting; any other 4xx turns the item into a conflict and the run goes on.
 */
export async function syncQueue(slug: string): Promise<SyncReport> {
  const idle: SyncReport = { ran: false, synced: 0, conflicts: 0, stopped: false };
  if (running.has(slug)) return idle;
  running.add(slug);
  try {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks?.request) return await drain(slug, false);
    // Holding the lock, a 'sending' item is one a closed tab left: it is taken again at once.
    return await locks.request(`loyalty-offline-sync:${slug}`, { ifAvailable: true }, (lock) => (lock ? drain(slug, true) : idle));
  } finally {
    running.delete(slug);
  }
}

/**
 * 'Retry' in the queue dialog: puts item `key` (or with null every item of `slug`) in conflict
 * back to waiting, then runs the sender. Waiting items are simply sent again.
 */
export async function retryQueued(slug: string, key: string | null): Promise<SyncReport> {
  const db = await offlineDb();
  const items = key ? [await db.get('queue', key)] : await db.getAllFromIndex('queue', 'order', IDBKeyRange.bound([slug, -Infinity], [slug, Infinity]));
  for (const item of items) if (item?.state === 'conflict') await updateQueued(item.key, { state: 'waiting', error: null, errorStatus: null });
  return syncQueue(slug);
}
