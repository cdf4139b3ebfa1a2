import { describe, expect, it, onTestFinished } from 'vitest';
import type { EarnResponse } from '@loyalty/contract';
import { cardWith } from '@/test/fixtures';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { readCachedCard, saveCard } from './card-cache';
import { offlineDb } from './db';
import { dismissConflict, enqueueMovement, listQueue, subscribeQueue, type QueueEvent } from './queue';
import { retryQueued, SENDING_STALE_MS, syncQueue } from './sync';

const EARN = '/t/acme/transactions/earn';
const AT = '2026-03-01T10:15:00.000Z';

/** Queues an earn of `amountCents` on card ACME0001 with key `key`, as the POS does offline. */
function queueEarn(key: string, amountCents: number, { sentOnline = false, slug = 'acme' } = {}) {
  return enqueueMovement({
    kind: 'earn',
    key,
    slug,
    occurredAt: AT,
    sentOnline,
    body: { cardUid: 'ACME0001', amountCents, category: 'PURCHASE', occurredAt: AT },
  });
}

function earned(newBalance: number): Response {
  return HttpResponse.json<EarnResponse>({ transactionId: `t-${newBalance}`, newBalance, cashbackEarned: 100, rateBps: 200, tier: 'SILVER' });
}

/** The events the queue announces during the test. */
function events(): QueueEvent[] {
  const seen: QueueEvent[] = [];
  onTestFinished(subscribeQueue((event) => seen.push(event)));
  return seen;
}

/** The server answers each earn with `answers` in turn (the last one again once they run out). */
function serveEarns(...answers: Array<() => Response>) {
  let calls = 0;
  server.use(http.post(api(EARN), () => answers[Math.min(calls++, answers.length - 1)]()));
  return recordRequests();
}

describe('offline queue: queueing', () => {
  it('keeps the movements in the order they were made, each once per key', async () => {
    await queueEarn('k-1', 1000);
    await queueEarn('k-2', 2000);
    await queueEarn('k-1', 1000); // the same press saved twice
    await queueEarn('k-other', 500, { slug: 'other' });
    const queue = await listQueue('acme');
    expect(queue.map((i) => [i.key, i.state, i.attempts])).toEqual([
      ['k-1', 'waiting', 0],
      ['k-2', 'waiting', 0],
    ]);
    expect(queue[0].seq).toBeLessThan(queue[1].seq);
    expect(await listQueue(null)).toHaveLength(3);
  });
});

describe('offline queue: sending', () => {
  it('sends the waiting earns in order, one at a time, each with its own key and occurredAt, and empties the queue', async () => {
    const sent = serveEarns(
      () => earned(1100),
      () => earned(1200),
    );
    await saveCard('acme', cardWith());
    await queueEarn('k-1', 1000);
    await queueEarn('k-2', 2000);
    const seen = events();

    expect(await syncQueue('acme')).toEqual({ ran: true, synced: 2, conflicts: 0, stopped: false });
    const posts = sent.to('POST', EARN);
    expect(posts.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1', 'k-2']);
    expect(posts.map((r) => r.body)).toEqual([
      { cardUid: 'ACME0001', amountCents: 1000, category: 'PURCHASE', occurredAt: AT },
      { cardUid: 'ACME0001', amountCents: 2000, category: 'PURCHASE', occurredAt: AT },
    ]);
    expect(await listQueue('acme')).toEqual([]);
    expect((await readCachedCard('acme', 'ACME0001'))?.card.balanceCents).toBe(1200);
    expect(seen.filter((e) => e.type === 'synced').map((e) => e.type === 'synced' && [e.item.key, e.newBalance])).toEqual([
      ['k-1', 1100],
      ['k-2', 1200],
    ]);
  });

  it('keeps an item waiting on no answer, a 5xx or a 429, stops there to keep the order, and resends it with the same key', async () => {
    const sent = serveEarns(
      () => HttpResponse.error(),
      () => HttpResponse.json({ error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' }, { status: 503 }),
      () => HttpResponse.json({ error: 'Too many requests', code: 'RATE_LIMITED' }, { status: 429 }),
      () => earned(1100),
    );
    await queueEarn('k-1', 1000);
    await queueEarn('k-2', 2000);

    for (const message of ['Network error. Please check your connection.', 'Database unavailable', 'Too many requests']) {
      expect(await syncQueue('acme')).toMatchObject({ synced: 0, stopped: true });
      expect(await listQueue('acme')).toMatchObject([
        { key: 'k-1', state: 'waiting', error: message },
        { key: 'k-2', state: 'waiting', attempts: 0 },
      ]);
    }
    expect(await syncQueue('acme')).toMatchObject({ synced: 2, stopped: false });
    const keys = sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toEqual(['k-1', 'k-1', 'k-1', 'k-1', 'k-2']);
    expect(await listQueue('acme')).toEqual([]);
  });

  it('turns a 4xx refusal into a conflict with the server’s message, announces it, and goes on with the next item', async () => {
    const sent = serveEarns(
      () => HttpResponse.json({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' }, { status: 422 }),
      () => earned(1200),
    );
    await queueEarn('k-1', 1000);
    await queueEarn('k-2', 2000);
    const seen = events();

    expect(await syncQueue('acme')).toEqual({ ran: true, synced: 1, conflicts: 1, stopped: false });
    expect(await listQueue('acme')).toMatchObject([{ key: 'k-1', state: 'conflict', error: 'This card is blocked', errorStatus: 422 }]);
    expect(seen.find((e) => e.type === 'conflict')).toMatchObject({ item: { key: 'k-1', error: 'This card is blocked' } });

    // A conflict is never sent again by itself…
    await syncQueue('acme');
    expect(sent.to('POST', EARN)).toHaveLength(2);
    // …until the cashier retries it, with the same key.
    server.use(http.post(api(EARN), () => earned(1300)));
    expect(await retryQueued('acme', 'k-1')).toMatchObject({ synced: 1 });
    expect(sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1', 'k-2', 'k-1']);
    expect(await listQueue('acme')).toEqual([]);
  });

  it('lets the cashier remove a conflict, never a waiting item', async () => {
    serveEarns(() => HttpResponse.json({ error: 'Card not found', code: 'NOT_FOUND' }, { status: 404 }));
    await queueEarn('k-1', 1000);
    expect(await dismissConflict('k-1')).toBe(false);
    await syncQueue('acme');
    expect(await dismissConflict('k-1')).toBe(true);
    expect(await listQueue('acme')).toEqual([]);
  });

  it('repeats the first body when a request that went out online had in fact arrived without occurredAt', async () => {
    const sent = serveEarns(
      () => HttpResponse.json({ error: 'This Idempotency-Key was already used with a different request', code: 'IDEMPOTENCY_KEY_REUSED' }, { status: 409 }),
      () => earned(1100),
    );
    await queueEarn('k-1', 1000, { sentOnline: true });
    expect(await syncQueue('acme')).toMatchObject({ synced: 1, conflicts: 0 });
    const [withTime, first] = sent.to('POST', EARN);
    expect(withTime.body).toMatchObject({ occurredAt: AT });
    expect(first.body).toEqual({ cardUid: 'ACME0001', amountCents: 1000, category: 'PURCHASE' });
    expect(first.headers.get('Idempotency-Key')).toBe('k-1');
  });
});

describe('offline queue: one sender at a time', () => {
  it('sends each item once when two runs start together (two timers, an online event)', async () => {
    const sent = serveEarns(() => earned(1100));
    await queueEarn('k-1', 1000);
    await queueEarn('k-2', 2000);
    const [a, b] = await Promise.all([syncQueue('acme'), syncQueue('acme')]);
    expect([a.ran, b.ran].sort()).toEqual([false, true]);
    expect(sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1', 'k-2']);
  });

  it('leaves an item another tab is sending, and takes one a closed tab left sending long ago', async () => {
    const sent = serveEarns(() => earned(1100));
    await queueEarn('k-1', 1000);
    const db = await offlineDb();
    const item = (await db.get('queue', 'k-1'))!;
    await db.put('queue', { ...item, state: 'sending', sendingSince: Date.now() });
    expect(await syncQueue('acme')).toMatchObject({ ran: false, synced: 0 });
    expect(sent.to('POST', EARN)).toHaveLength(0);

    await db.put('queue', { ...item, state: 'sending', sendingSince: Date.now() - SENDING_STALE_MS - 1 });
    expect(await syncQueue('acme')).toMatchObject({ synced: 1 });
    expect(sent.to('POST', EARN)).toHaveLength(1);
  });

  it('with Web Locks, runs only while it holds the lock, and then takes a sending item as its own', async () => {
    const sent = serveEarns(() => earned(1100));
    const held = new Set<string>();
    const locks = {
      request: async (name: string, _options: { ifAvailable: boolean }, work: (lock: object | null) => Promise<unknown>) => {
        if (held.has(name)) return work(null);
        held.add(name);
        try {
          return await work({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    onTestFinished(() => {
      delete (navigator as { locks?: unknown }).locks;
    });
    await queueEarn('k-1', 1000);
    const db = await offlineDb();
    await db.put('queue', { ...(await db.get('queue', 'k-1'))!, state: 'sending', sendingSince: Date.now() });

    held.add('loyalty-offline-sync:acme'); // another tab sends
    expect(await syncQueue('acme')).toMatchObject({ ran: false });
    held.delete('loyalty-offline-sync:acme'); // that tab was closed mid-send
    expect(await syncQueue('acme')).toMatchObject({ ran: true, synced: 1 });
    expect(sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1']);
  });
});
