import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EarnResponse } from '@loyalty/contract';
import { enqueueMovement, listQueue } from '@/lib/offline/queue';
import { syncQueue } from '@/lib/offline/sync';
import { goOffline, goOnline } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { OfflineStatus } from './offline-status';

const EARN = '/t/acme/transactions/earn';

function queueEarn(key: string, amountCents: number, cardUid = 'ACME0001') {
  return enqueueMovement({
    kind: 'earn',
    key,
    slug: 'acme',
    occurredAt: '2026-03-01T10:15:00.000Z',
    sentOnline: false,
    body: { cardUid, amountCents, category: 'PURCHASE', occurredAt: '2026-03-01T10:15:00.000Z' },
  });
}

describe('POS offline indicator', () => {
  it('shows nothing online with an empty queue', async () => {
    renderWithProviders(<OfflineStatus slug="acme" />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync queue' })).not.toBeInTheDocument();
  });

  it('counts the waiting movements while offline, in the singular and the plural, and follows the queue', async () => {
    goOffline();
    renderWithProviders(<OfflineStatus slug="acme" />);
    expect(await screen.findByText('Offline: nothing waiting to sync')).toBeInTheDocument();
    await queueEarn('k-1', 1250);
    expect(await screen.findByText('Offline: 1 waiting to sync')).toBeInTheDocument();
    await queueEarn('k-2', 3000);
    expect(await screen.findByText('Offline: 2 waiting to sync')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Offline: 2 waiting to sync');

    goOnline();
    expect(await screen.findByText('2 waiting to sync')).toBeInTheDocument();
  });

  it('opens the queue: each movement’s card, amount, time and state, a conflict with the server’s message, Retry and a confirmed removal', async () => {
    server.use(http.post(api(EARN), () => HttpResponse.json({ error: 'This card is blocked', code: 'CARD_NOT_ACTIVE' }, { status: 422 })));
    await queueEarn('k-1', 1250, 'ACME0001');
    await syncQueue('acme');
    await queueEarn('k-2', 3000, 'ACME0002');
    goOffline();
    const { user } = renderWithProviders(<OfflineStatus slug="acme" />);
    expect(await screen.findByText('Offline: 1 waiting to sync')).toBeInTheDocument();
    expect(screen.getByText('1 sync conflict')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sync queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sync queue' });
    const [conflict, waiting] = within(dialog).getAllByTestId('queue-item');
    expect(conflict).toHaveTextContent('$12.50 · Earn · ACME0001');
    expect(conflict).toHaveTextContent('Conflict');
    expect(conflict).toHaveTextContent('This card is blocked');
    expect(waiting).toHaveTextContent('$30.00 · Earn · ACME0002');
    expect(waiting).toHaveTextContent('Waiting');
    expect(within(waiting).getByText(/2026/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Retry all' })).toBeDisabled();
    expect(within(dialog).getByText('Retrying needs a connection.')).toBeInTheDocument();

    await user.click(within(conflict).getByRole('button', { name: 'Remove from this till: $12.50 on card ACME0001' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove this sale from the till?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await listQueue('acme')).toHaveLength(2);
    await user.click(within(conflict).getByRole('button', { name: 'Remove from this till: $12.50 on card ACME0001' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove from this till' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('queue-item')).toHaveLength(1));
    expect(await listQueue('acme')).toMatchObject([{ key: 'k-2' }]);
  });

  it('retries one movement with its own key once the connection is back', async () => {
    server.use(
      http.post(api(EARN), () => HttpResponse.json<EarnResponse>({ transactionId: 't1', newBalance: 1100, cashbackEarned: 100, rateBps: 200, tier: 'SILVER' })),
    );
    const sent = recordRequests();
    await queueEarn('k-1', 1250);
    const { user } = renderWithProviders(<OfflineStatus slug="acme" />);
    await user.click(await screen.findByRole('button', { name: 'Sync queue' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry $12.50 on card ACME0001' }));
    expect(await within(screen.getByRole('dialog')).findByText('Nothing waiting to sync')).toBeInTheDocument();
    expect(sent.to('POST', EARN).map((r) => r.headers.get('Idempotency-Key'))).toEqual(['k-1']);
  });
});
