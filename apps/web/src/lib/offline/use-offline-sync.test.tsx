import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EarnResponse } from '@loyalty/contract';
import { goOffline, goOnline } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { enqueueMovement, listQueue } from './queue';
import { useOfflineSync } from './use-offline-sync';

const EARN = '/t/acme/transactions/earn';

function Sender({ slug }: { slug: string | null }) {
  useOfflineSync(slug);
  return null;
}

function queueEarn(key: string, amountCents: number) {
  const occurredAt = '2026-03-01T10:15:00.000Z';
  return enqueueMovement({
    kind: 'earn',
    key,
    slug: 'acme',
    occurredAt,
    sentOnline: false,
    body: { cardUid: 'ACME0001', amountCents, category: 'PURCHASE', occurredAt },
  });
}

describe('the offline queue’s sender in the tenant area', () => {
  it('sends the queue at start-up and shows a sync conflict to the cashier at once', async () => {
    let calls = 0;
    server.use(
      http.post(api(EARN), () =>
        calls++ === 0
          ? HttpResponse.json({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' }, { status: 422 })
          : HttpResponse.json<EarnResponse>({ transactionId: 't2', newBalance: 1100, cashbackEarned: 100, rateBps: 200, tier: 'SILVER' }),
      ),
    );
    await queueEarn('k-1', 1250);
    await queueEarn('k-2', 3000);
    renderWithProviders(<Sender slug="acme" />);
    expect(await screen.findByText('Sync conflict: $12.50 purchase on card ACME0001 was refused: This card is blocked')).toBeInTheDocument();
    await waitFor(async () => expect(await listQueue('acme')).toMatchObject([{ key: 'k-1', state: 'conflict' }]));
  });

  it('waits while offline and sends when the window’s online event comes', async () => {
    server.use(
      http.post(api(EARN), () => HttpResponse.json<EarnResponse>({ transactionId: 't1', newBalance: 1100, cashbackEarned: 100, rateBps: 200, tier: 'SILVER' })),
    );
    const sent = recordRequests();
    await queueEarn('k-1', 1250);
    goOffline();
    renderWithProviders(<Sender slug="acme" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.to('POST', EARN)).toHaveLength(0);

    goOnline();
    await waitFor(async () => expect(await listQueue('acme')).toEqual([]));
    expect(sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1']);
  });

  it('sends nothing for a user without a till (no slug)', async () => {
    const sent = recordRequests();
    await queueEarn('k-1', 1250);
    renderWithProviders(<Sender slug={null} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.all).toHaveLength(0);
  });
});
