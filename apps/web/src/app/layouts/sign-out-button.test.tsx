import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { saveCard, readCachedCard } from '@/lib/offline/card-cache';
import { enqueueMovement, listQueue } from '@/lib/offline/queue';
import { ACME, cardWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { SignOutButton } from './sign-out-button';

function queueEarn(key: string) {
  const occurredAt = '2026-03-01T10:15:00.000Z';
  return enqueueMovement({
    kind: 'earn',
    key,
    slug: 'acme',
    occurredAt,
    sentOnline: false,
    body: { cardUid: 'ACME0001', amountCents: 1000, category: 'PURCHASE', occurredAt },
  });
}

function renderButton() {
  server.use(http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })));
  const sent = recordRequests();
  const view = renderRoutes(
    [
      { path: '/t/acme/pos', element: <SignOutButton /> },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    '/t/acme/pos',
    { session: { user: userOf('cashier'), tenant: ACME } },
  );
  return { ...view, sent };
}

describe('Sign out with unsynced sales', () => {
  it('signs out at once when the till has nothing waiting, and forgets the cards it kept', async () => {
    await saveCard('acme', cardWith());
    const { user, sent } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(sent.to('POST', '/auth/logout')).toHaveLength(1);
    await expect.poll(() => readCachedCard('acme', 'ACME0001')).toBeNull();
  });

  it('asks first, naming the count; Stay signed in keeps the session', async () => {
    await queueEarn('k-1');
    await queueEarn('k-2');
    const { user, sent } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out with 2 unsynced movements?' });
    expect(dialog).toHaveTextContent('2 movements made on this till (purchases or redemptions) have not reached the server yet. They stay on this till');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent.to('POST', '/auth/logout')).toHaveLength(0);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('signs out when the cashier confirms, and the sales stay on the till', async () => {
    await queueEarn('k-1');
    const { user, sent } = renderButton();
    await user.click(screen.getByRole('button', { name: 'Sign out' })); // at once: the queue is read at the press
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out with 1 unsynced movement?' });
    expect(dialog).toHaveTextContent('1 movement made on this till (a purchase or a redemption) has not reached the server yet. It stays on this till');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out anyway' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(sent.to('POST', '/auth/logout')).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(await listQueue('acme')).toHaveLength(1);
  });
});
