import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicCardResponse } from '@loyalty/contract';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PublicCardPage } from './public-card-page';

const CARD = '/acme/c/ACME0001';

/** What the card holder sees with a valid security code: the full card. */
function fullCard(overrides: Partial<PublicCardResponse> = {}): PublicCardResponse {
  return {
    cardUid: 'ACME0001',
    status: 'ACTIVE',
    balanceCents: 12_345,
    tenantName: 'Acme Coffee',
    full: true,
    holderName: null,
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: null, tier: 'GOLD' },
    storeName: 'Main Street',
    activatedAt: '2026-01-05T12:00:00.000Z',
    transactions: [
      { id: 't1', type: 'EARN', category: 'PURCHASE', reason: null, amountCents: 5000, cashbackCents: 250, createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 't2', type: 'REDEEM', category: null, reason: null, amountCents: 700, cashbackCents: 0, createdAt: '2026-11-21T10:00:00.000Z' },
    ],
    expiringSoon: [{ cardUid: 'ACME0001', cents: 150, expiresAt: '2026-12-15T00:00:00.000Z' }],
    ...overrides,
  };
}

/** The balance-only card (no or a wrong security code). */
const BALANCE_ONLY: PublicCardResponse = { cardUid: 'ACME0001', status: 'ACTIVE', balanceCents: 12_345, tenantName: 'Acme Coffee', full: false };

function renderPage(address = `${CARD}?t=secret`) {
  return renderWithProviders(<PublicCardPage />, { route: address, path: '/:slug/c/:cardUid' });
}

describe('Public card page (the QR code’s page)', () => {
  it('shows the holder, the balance, the details, the cashback expiring soon and the recent activity with a valid code', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json(fullCard())));
    const sent = recordRequests();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByTestId('public-card-balance')).toHaveTextContent('$123.45');
    expect(screen.getByLabelText('Card number ACME0001')).toBeInTheDocument();
    const details = screen.getByRole('region', { name: /card details/i });
    expect(details).toHaveTextContent('Gold');
    expect(details).toHaveTextContent('ada@example.com');
    expect(details).toHaveTextContent('Main Street');
    expect(screen.getByText(/\$1\.50 expires on/)).toBeInTheDocument();
    const activity = screen.getByRole('region', { name: 'Recent transactions' });
    expect(within(activity).getAllByTestId('public-card-transaction')).toHaveLength(2);
    await waitFor(() => expect(document.title).toBe('Acme Coffee · Loyalty card'));
    expect(sent.to('GET', CARD)[0].query.get('t')).toBe('secret');
  });

  it("offers 'Add to Apple Wallet' and 'Save to Google Wallet' with the card's security code where the install issues them, and never without a verified code", async () => {
    server.use(
      http.get(api('/wallet'), () => HttpResponse.json({ apple: true, google: true })),
      http.get(api(`${CARD}/wallet/google`), ({ request }) =>
        new URL(request.url).searchParams.get('t') === 'secret'
          ? HttpResponse.json({ saveUrl: 'https://pay.google.com/gp/v/save/eyJ.test.sig' })
          : HttpResponse.json({ error: 'Card not found' }, { status: 404 }),
      ),
      http.get(api(CARD), ({ request }) => HttpResponse.json(new URL(request.url).searchParams.get('t') === 'secret' ? fullCard() : BALANCE_ONLY)),
    );
    const view = renderPage();
    expect(await screen.findByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/acme/c/ACME0001/wallet/apple?t=secret');
    expect(await screen.findByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute('href', 'https://pay.google.com/gp/v/save/eyJ.test.sig');
    view.unmount();
    renderPage(`${CARD}?t=forged`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loyalty card' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });

  it('shows only the balance when the security code cannot be verified, and says why', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json(BALANCE_ONLY)));
    renderPage(`${CARD}?t=forged`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loyalty card' })).toBeInTheDocument();
    expect(screen.getByTestId('public-card-balance')).toHaveTextContent('$123.45');
    expect(screen.getByText(/This link's security code could not be verified, so only the balance is shown\./)).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent transactions' })).not.toBeInTheDocument();
  });

  it('asks for no code in the address when the link has none, and says the details need the QR code', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json(BALANCE_ONLY)));
    const sent = recordRequests();
    renderPage(CARD);
    expect(await screen.findByText("The holder's details and recent activity are shown when the card's QR code is scanned.")).toBeInTheDocument();
    expect(sent.to('GET', CARD)[0].query.has('t')).toBe(false);
  });

  it('warns that a blocked card cannot earn or redeem', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json(fullCard({ status: 'BLOCKED' }))));
    renderPage();
    expect(await screen.findByText('This card is blocked: it cannot earn or redeem cashback. Please contact Acme Coffee for help.')).toBeInTheDocument();
  });

  it('asks to activate an unassigned card at the counter', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json(fullCard({ status: 'UNASSIGNED', customer: null, transactions: [], expiringSoon: [] }))));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Unassigned Card' })).toBeInTheDocument();
    expect(screen.getByText(/This card has not been activated yet\./)).toBeInTheDocument();
    expect(screen.getByText('No transactions yet.')).toBeInTheDocument();
  });

  it('says an unknown card is invalid', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.json({ error: 'Card not found' }, { status: 404 })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Invalid Card' })).toBeInTheDocument();
    expect(screen.getByText('This card could not be found in our system.')).toBeInTheDocument();
  });

  it('shows the server’s reason when the card is not available, and loads it on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(CARD), () =>
        fail ? HttpResponse.json({ error: 'This business is not accepting cards right now' }, { status: 403 }) : HttpResponse.json(fullCard()),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Card Not Available' })).toBeInTheDocument();
    expect(screen.getByText('This business is not accepting cards right now')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
