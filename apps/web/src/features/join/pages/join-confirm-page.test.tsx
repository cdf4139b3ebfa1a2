import { screen } from '@testing-library/react';
import type { JoinConfirmResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { JoinConfirmPage } from './join-confirm-page';

const CONFIRM = '/join/acme/confirm';
const HELP = 'Ask a member of staff at the till if you need help.';

/** The new card as the server answers the confirmation (joined online, at no store). */
function confirmed(overrides: Partial<JoinConfirmResponse> = {}): JoinConfirmResponse {
  return {
    businessName: 'Acme Coffee',
    firstName: 'Jo',
    storeName: null,
    card: { cardUid: 'ABCD2345EFGH', qrUrl: 'http://localhost/acme/c/ABCD2345EFGH?t=sig', balanceCents: 250 },
    ...overrides,
  };
}

function renderConfirm(address = '/acme/join/confirm?token=tok') {
  return renderWithProviders(<JoinConfirmPage />, { route: address, path: '/:slug/join/confirm' });
}

describe('Join confirmation page: the states around the card', () => {
  it("offers the new card's Apple Wallet pass and Google Wallet link, with the card's code, where the install issues them", async () => {
    server.use(
      http.get(api('/wallet'), () => HttpResponse.json({ apple: true, google: true })),
      http.get(api('/acme/c/ABCD2345EFGH/wallet/google'), ({ request }) =>
        HttpResponse.json({ saveUrl: `https://pay.google.com/gp/v/save/eyJ.test.sig?t=${new URL(request.url).searchParams.get('t')}` }),
      ),
      http.post(api(CONFIRM), () => HttpResponse.json(confirmed())),
    );
    renderConfirm();
    expect(await screen.findByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/acme/c/ABCD2345EFGH/wallet/apple?t=sig');
    expect(await screen.findByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute('href', 'https://pay.google.com/gp/v/save/eyJ.test.sig?t=sig');
  });

  it('says “Creating your card” while the link is confirmed, then welcomes the new member', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post(api(CONFIRM), async () => {
        await answered;
        return HttpResponse.json(confirmed());
      }),
    );
    renderConfirm();
    expect(screen.getByRole('status')).toHaveTextContent('Creating your card');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Jo!' })).toBeVisible();
    expect(screen.getByText('Your Acme Coffee rewards card is ready.')).toBeVisible();
    expect(screen.getByText('Show this code at the till: the cashier scans it and your cashback starts now.')).toBeVisible();
    expect(screen.getByText('$2.50')).toBeVisible();
    expect(screen.getByText('We have also e-mailed you the link to your card. Save it, or add this page to your home screen.')).toBeVisible();
  });

  it('names the store the member joined at', async () => {
    server.use(http.post(api(CONFIRM), () => HttpResponse.json(confirmed({ storeName: 'Harbour Street' }))));
    renderConfirm();
    expect(await screen.findByText('Your Acme Coffee rewards card is ready (joined at Harbour Street).')).toBeVisible();
  });

  it('says the link is not valid at once when it carries no token, asking nothing of the server', () => {
    const sent = recordRequests();
    renderConfirm('/acme/join/confirm');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not valid. Please sign up again.');
    expect(sent.all).toHaveLength(0);
  });

  it('shows the server’s reason for an existing member, with where to get help, and does not try again', async () => {
    const sent = recordRequests();
    server.use(http.post(api(CONFIRM), () => HttpResponse.json({ error: 'You are already a member of Acme Coffee.', code: 'CONFLICT' }, { status: 409 })));
    renderConfirm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are already a member of Acme Coffee.');
    expect(alert).toHaveTextContent(HELP);
    expect(sent.to('POST', CONFIRM)).toHaveLength(1);
  });

  it('asks to open the link again when the server cannot be reached', async () => {
    server.use(http.post(api(CONFIRM), () => HttpResponse.error()));
    renderConfirm();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not create your card. Please check your connection and open the link again.');
    expect(alert).toHaveTextContent(HELP);
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});
