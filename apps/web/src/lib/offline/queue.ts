import { offlineDb } from './db';
import type { QueuedBody, QueuedMovement } from './types';

/**
 * The queue of movements made at this till while it had no connection (docs/product.md 'Offline
 * till'), kept in IndexedDB until the server has accepted each one. Every change is announced to
 * this page's listeners ({@link subscribeQueue}) and to the app's other tabs (BroadcastChannel).
 */

/** What happened to the queue: a change of any item, an item accepted, or an item refused. */
export type QueueEvent =
  | { type: 'changed'; slug: string }
  | { type: 'synced'; slug: string; item: QueuedMovement; newBalance: number }
  | { type: 'conflict'; slug: string; item: QueuedMovement };

type Listener = (event: QueueEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

/** The channel that tells the app's other tabs the queue changed (null where there is none). */
function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('loyalty-offline-queue');
    channel?.addEventListener('message', (message: MessageEvent<{ slug?: unknown }>) => {
      if (typeof message.data?.slug === 'string') emit({ type: 'changed', slug: message.data.slug }, false);
    });
  }
  return channel;
}

function emit(event: QueueEvent, toOtherTabs = true): void {
  for (const listener of [...listeners]) listener(event);
  if (toOtherTabs) tabs()?.postMessage({ slug: event.slug });
}

/** Announces `event` here and a change of its slug's queue to the other tabs. */
export function announce(event: QueueEvent): void {
  emit(event);
}

/** Calls `listener` on every change of the queue (this tab's and the other tabs'); returns the unsubscribe. */
export function subscribeQueue(listener: Listener): () => void {
  tabs();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What the till knows of a movement when it queues it; the queue adds its order and state. */
export type NewQueuedMovement = QueuedBody & { key: string; slug: string; occurredAt: string; sentOnline: boolean };

/**
 * Puts a movement at the end of its slug's queue, state 'waiting'. Queueing the same key again
 * changes nothing (a double press, a retried save): the key is the movement's identity.
 * @throws when IndexedDB is not available or refuses the write (the caller tells the cashier).
 */
export async function enqueueMovement(movement: NewQueuedMovement): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('queue', 'readwrite');
  if (!(await tx.store.get(movement.key))) {
    const last = await tx.store.index('order').openCursor(slugRange(movement.slug), 'prev');
    await tx.store.add(newQueued(movement, last?.value.seq ?? 0));
  }
  await tx.done;
  emit({ type: 'changed', slug: movement.slug });
}

/** The key range of `slug`'s items in the queue's 'order' index. */
export const slugRange = (slug: string) => IDBKeyRange.bound([slug, -Infinity], [slug, Infinity]);

/** The stored item of a new `movement` placed after `lastSeq`, state 'waiting', never tried. */
export function newQueued(movement: NewQueuedMovement, lastSeq: number): QueuedMovement {
  const seq = Math.max(Date.now(), lastSeq + 1);
  return { ...movement, seq, state: 'waiting', attempts: 0, sendingSince: null, error: null, errorStatus: null } as QueuedMovement;
}

/** The queue of `slug` in sending order, or every slug's when `slug` is null. [] without IndexedDB. */
export async function listQueue(slug: string | null): Promise<QueuedMovement[]> {
  let db;
  try {
    db = await offlineDb();
  } catch {
    return [];
  }
  if (slug === null) return (await db.getAll('queue')).sort((a, b) => a.seq - b.seq);
  return db.getAllFromIndex('queue', 'order', IDBKeyRange.bound([slug, -Infinity], [slug, Infinity]));
}

/** Changes the stored item `key` with `patch` (nothing when it is gone) and announces it. */
export async function updateQueued(key: string, patch: Partial<Pick<QueuedMovement, 'state' | 'sendingSince' | 'error' | 'errorStatus'>>): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('queue', 'readwrite');
  const item = await tx.store.get(key);
  if (item) await tx.store.put({ ...item, ...patch });
  await tx.done;
  if (item) emit({ type: 'changed', slug: item.slug });
}

/** Removes item `key` from the queue (accepted by the server, or dismissed by the cashier) and announces it. */
export async function removeQueued(key: string): Promise<void> {
  const db = await offlineDb();
  const item = await db.get('queue', key);
  await db.delete('queue', key);
  if (item) emit({ type: 'changed', slug: item.slug });
}

/**
 * The cashier's 'Remove from this till' on a sync conflict, after confirming: the item leaves the
 * queue. Only an item in conflict can be dismissed (a waiting one is money still to be sent).
 * @returns whether it was removed.
 */
export async function dismissConflict(key: string): Promise<boolean> {
  const db = await offlineDb();
  const item = await db.get('queue', key);
  if (item?.state !== 'conflict') return false;
  await removeQueued(key);
  return true;
}
