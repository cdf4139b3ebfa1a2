import { describe, expect, it } from 'vitest';
import type { OfflineSettings, RedeemResponse } from '@loyalty/contract';
import { cardWith } from '@/test/fixtures';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { readCachedCard, saveCard } from './card-cache';
import { offlineDb } from './db';
import { listQueue } from './queue';
import { localDay, offlineRedeemRefusal, queueOfflineRedemption, type OfflineRedemption } from './redemptions';
import { syncQueue } from './sync';

const REDEEM = '/t/acme/transactions/redeem';
const ALLOWED: OfflineSettings = { redemptions: { enabled: true, maxPerTransactionCents: 2000, maxPerCardPerDayCents: 5000 } };

/** A redemption of `amountCents` on card ACME0001 made now, with key `key`. */
function redemption(key: string, amountCents: number, { sentOnline = false, cardUid = 'ACME0001' } = {}): OfflineRedemption {
  return { slug: 'acme', key, occurredAt: new Date().toISOString(), sentOnline, body: { cardUid, amountCents, storeId: undefined, note: undefined } };
}

describe('offline redemptions: the checks on the till', () => {
  it('refuses when not allowed, over the cap per redemption, over the card’s day, or over the kept balance', () => {
    expect(offlineRedeemRefusal(null, 100, 1000, 0)).toBe('notAllowed');
    expect(offlineRedeemRefusal({ redemptions: { ...ALLOWED.redemptions, enabled: false } }, 100, 1000, 0)).toBe('notAllowed');
    expect(offlineRedeemRefusal(ALLOWED, 2000, 9000, 0)).toBeNull(); // the cap itself is allowed
    expect(offlineRedeemRefusal(ALLOWED, 2001, 9000, 0)).toBe('overTransactionCap');
    expect(offlineRedeemRefusal(ALLOWED, 1000, 9000, 4000)).toBeNull(); // exactly the day's cap
    expect(offlineRedeemRefusal(ALLOWED, 1001, 9000, 4000)).toBe('overCardCap');
    expect(offlineRedeemRefusal(ALLOWED, 1001, 1000, 0)).toBe('insufficientBalance');
  });

  it('names the local day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('offline redemptions: queueing', () => {
  it('queues a redemption with its key and occurredAt, counts it for the card’s day and lowers the kept balance', async () => {
    await saveCard('acme', cardWith({ balanceCents: 6000 }));
    const first = redemption('r-1', 2000);
    expect(await queueOfflineRedemption(ALLOWED, 6000, first)).toBeNull();
    expect(await queueOfflineRedemption(ALLOWED, 6000, first)).toBeNull(); // the same press saved twice
    expect(await listQueue('acme')).toMatchObject([
      {
        key: 'r-1',
        kind: 'redeem',
        state: 'waiting',
        occurredAt: first.occurredAt,
        body: { cardUid: 'ACME0001', amountCents: 2000, occurredAt: first.occurredAt },
      },
    ]);
    expect((await readCachedCard('acme', 'ACME0001'))?.card.balanceCents).toBe(4000);
    const day = localDay(new Date());
    expect((await (await offlineDb()).get('tallies', ['acme', 'ACME0001', day]))?.cents).toBe(2000);

    expect(await queueOfflineRedemption(ALLOWED, 4000, redemption('r-2', 2000))).toBeNull();
    // 4000 redeemed offline today: 1001 more would pass the 5000 a day; another card has its own day.
    expect(await queueOfflineRedemption(ALLOWED, 2000, redemption('r-3', 1001))).toBe('overCardCap');
    expect(await queueOfflineRedemption(ALLOWED, 2000, redemption('r-4', 1000, { cardUid: 'ACME0002' }))).toBeNull();
    expect(await queueOfflineRedemption(ALLOWED, 9000, redemption('r-5', 2001))).toBe('overTransactionCap');
    expect((await listQueue('acme')).map((i) => i.key)).toEqual(['r-1', 'r-2', 'r-4']);
  });

  it('keeps counting a redemption once it synced, and drops the tallies of other days', async () => {
    const db = await offlineDb();
    await db.put('tallies', { slug: 'acme', cardUid: 'ACME0001', day: '2000-01-01', cents: 5000 });
    server.use(http.post(api(REDEEM), () => HttpResponse.json<RedeemResponse>({ transactionId: 't-1', newBalance: 3000, amountRedeemed: 2000 })));
    expect(await queueOfflineRedemption(ALLOWED, 9000, redemption('r-1', 2000))).toBeNull();
    expect(await syncQueue('acme')).toMatchObject({ synced: 1 });
    expect(await queueOfflineRedemption(ALLOWED, 9000, redemption('r-2', 2000))).toBeNull();
    expect(await queueOfflineRedemption(ALLOWED, 9000, redemption('r-3', 1001))).toBe('overCardCap');
    expect(await db.get('tallies', ['acme', 'ACME0001', '2000-01-01'])).toBeUndefined();
  });
});

describe('offline redemptions: sending', () => {
  it('sends a queued redemption to /transactions/redeem with its key and occurredAt, and a refusal becomes a conflict', async () => {
    let calls = 0;
    server.use(
      http.post(api(REDEEM), () =>
        calls++ === 0
          ? HttpResponse.json<RedeemResponse>({ transactionId: 't-1', newBalance: 4000, amountRedeemed: 1000 })
          : HttpResponse.json({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' }, { status: 422 }),
      ),
    );
    const sent = recordRequests();
    await saveCard('acme', cardWith({ balanceCents: 6000 }));
    const [a, b] = [redemption('r-1', 1000), redemption('r-2', 500)];
    await queueOfflineRedemption(ALLOWED, 6000, a);
    await queueOfflineRedemption(ALLOWED, 5000, b);

    expect(await syncQueue('acme')).toEqual({ ran: true, synced: 1, conflicts: 1, stopped: false });
    const posts = sent.to('POST', REDEEM);
    expect(posts.map((r) => r.headers.get('Idempotency-Key'))).toEqual(['r-1', 'r-2']);
    expect(posts[0].body).toEqual({ cardUid: 'ACME0001', amountCents: 1000, occurredAt: a.occurredAt });
    expect((await readCachedCard('acme', 'ACME0001'))?.card.balanceCents).toBe(4000);
    expect(await listQueue('acme')).toMatchObject([{ key: 'r-2', kind: 'redeem', state: 'conflict', error: 'This card is blocked', errorStatus: 422 }]);
  });
});
