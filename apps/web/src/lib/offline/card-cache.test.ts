import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { cardWith } from '@/test/fixtures';
import { forgetSignedInData, withOfflineFallback } from './answers';
import { CARD_CACHE_DAYS, openPosCard, readCachedCard, rememberPosCard, saveCard, updateCachedBalance } from './card-cache';
import { enqueueMovement, listQueue } from './queue';

const DAY = 86_400_000;
const NOW = Date.parse('2026-03-01T10:00:00Z');

describe('offline card cache', () => {
  it('keeps a looked-up card per slug and UID, with its balance updated after a sync', async () => {
    await saveCard('acme', cardWith(), NOW);
    expect(await readCachedCard('other', 'ACME0001', NOW)).toBeNull();
    await updateCachedBalance('acme', 'ACME0001', 4200);
    expect(await readCachedCard('acme', 'ACME0001', NOW)).toMatchObject({ savedAt: NOW, card: { cardUid: 'ACME0001', balanceCents: 4200 } });
  });

  it(`drops a card looked up more than ${CARD_CACHE_DAYS} days ago, on reading it and on the next save`, async () => {
    await saveCard('acme', cardWith(), NOW);
    await saveCard('acme', cardWith({ cardUid: 'ACME0002' }), NOW);
    expect(await readCachedCard('acme', 'ACME0001', NOW + 30 * DAY - 1)).not.toBeNull();
    expect(await readCachedCard('acme', 'ACME0001', NOW + 30 * DAY)).toBeNull();
    expect(await readCachedCard('acme', 'ACME0001', NOW)).toBeNull(); // gone for good

    await saveCard('acme', cardWith({ cardUid: 'ACME0003' }), NOW + 31 * DAY);
    expect(await readCachedCard('acme', 'ACME0002', NOW)).toBeNull();
    expect(await readCachedCard('acme', 'ACME0003', NOW + 31 * DAY)).not.toBeNull();
  });

  it('answers from the last kept answer on a network failure only, and forgets cards and answers on sign-out but not the queue', async () => {
    const fetched = await withOfflineFallback('acme', 'tenant', async () => ({ name: 'Acme Coffee' }));
    expect(fetched).toEqual({ name: 'Acme Coffee' });
    await saveCard('acme', cardWith());
    rememberPosCard('acme', 'ACME0001');
    await enqueueMovement({
      kind: 'earn',
      key: 'k-1',
      slug: 'acme',
      occurredAt: new Date(NOW).toISOString(),
      sentOnline: false,
      body: { cardUid: 'ACME0001', amountCents: 100, category: 'PURCHASE' },
    });

    const offline = () => Promise.reject(new ApiError(0, 'Network error. Please check your connection.', 'NETWORK_ERROR'));
    await expect(withOfflineFallback('acme', 'tenant', offline)).resolves.toEqual({ name: 'Acme Coffee' });
    await expect(withOfflineFallback('acme', 'tenant', () => Promise.reject(new ApiError(404, 'Tenant not found')))).rejects.toThrow('Tenant not found');
    await expect(withOfflineFallback('other', 'tenant', offline)).rejects.toThrow('Network error');

    await forgetSignedInData();
    await expect(withOfflineFallback('acme', 'tenant', offline)).rejects.toThrow('Network error');
    expect(await readCachedCard('acme', 'ACME0001')).toBeNull();
    expect(openPosCard('acme')).toBeNull();
    expect(await listQueue('acme')).toHaveLength(1);
  });
});
