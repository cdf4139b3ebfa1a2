import { screen, waitFor, within } from '@testing-library/react';
import type { PublicCardResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, server } from '@/test/server';
import { PublicCardPage } from './public-card-page';

const CARD = '/acme/c/ACME0001';

/** A full card (valid security code) of a Silver customer with a phone, joined at Main Street. */
function fullCard(overrides: Partial<PublicCardResponse> = {}): PublicCardResponse {
  return {
    cardUid: 'ACME0001',
    status: 'ACTIVE',
    balanceCents: 500,
    tenantName: 'Acme Coffee',
    full: true,
    holderName: null,
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+1 555 0100', tier: 'SILVER' },
    storeName: 'Main Street',
    activatedAt: '2026-01-05T12:00:00.000Z',
    transactions: [],
    expiringSoon: [],
    ...overrides,
  };
}

function serveCard(card: PublicCardResponse) {
  server.use(http.get(api(CARD), () => HttpResponse.json(card)));
}

function renderPage(address = `${CARD}?t=secret`) {
  return renderWithProviders(<PublicCardPage />, { route: address, path: '/:slug/c/:cardUid' });
}

describe('Public card page: what the holder reads', () => {
  it('shows a skeleton while the card loads', async () => {
    serveCard(fullCard());
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading card' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading card' })).not.toBeInTheDocument();
  });

  it('lists the tier, the e-mail, the phone, the store and the activation day', async () => {
    serveCard(fullCard());
    renderPage();
    const details = await screen.findByRole('region', { name: 'Card details' });
    expect(within(details).getByText('Silver')).toBeVisible();
    expect(within(details).getByText('ada@example.com')).toBeVisible();
    expect(within(details).getByText('+1 555 0100')).toBeVisible();
    expect(within(details).getByText('Main Street')).toBeVisible();
    expect(within(details).getByText('Jan 5, 2026')).toBeVisible();
    const face = screen.getByRole('region', { name: 'Card' });
    expect(within(face).getByText('Card holder')).toBeVisible();
    expect(within(face).getByText('Ada Lovelace')).toBeVisible();
  });

  it('prefers the name printed for the holder, and says what is not known yet', async () => {
    serveCard(fullCard({ holderName: '  Countess of Lovelace ', storeName: null, activatedAt: null }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Countess of Lovelace' })).toBeVisible();
    const details = screen.getByRole('region', { name: 'Card details' });
    expect(within(details).getByText('Not assigned')).toBeVisible();
    expect(within(details).getByText('Not activated yet')).toBeVisible();
  });

  it('invites an active card’s holder back to its store, with the way to start a programme of their own', async () => {
    serveCard(fullCard());
    renderPage();
    const invite = await screen.findByRole('region', { name: 'Ready to Earn More?' });
    expect(invite).toHaveTextContent('Shop at Main Street and show this card at checkout: every purchase adds cashback to your balance.');
    expect(within(invite).getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('complementary', { name: 'Security notice' })).toHaveTextContent(
      'Keep your card safe. Anyone holding it can see its balance; staff will never ask for your password.',
    );
  });

  it('names the business, not a store, in the invitation when only the balance is shown', async () => {
    serveCard({ cardUid: 'ACME0001', status: 'ACTIVE', balanceCents: 500, tenantName: 'Acme Coffee', full: false });
    renderPage(CARD);
    const invite = await screen.findByRole('region', { name: 'Ready to Earn More?' });
    expect(invite).toHaveTextContent('Shop at Acme Coffee and show this card');
    expect(screen.queryByRole('region', { name: 'Card details' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Card' })).queryByText('Card holder')).not.toBeInTheDocument();
  });

  it('does not invite the holder of a blocked card to earn more', async () => {
    serveCard(fullCard({ status: 'BLOCKED' }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Ready to Earn More?' })).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Security notice' })).toBeVisible();
  });

  it('shows at most the five latest transactions', async () => {
    const tx = (i: number) => ({
      id: `t${i}`,
      type: 'EARN' as const,
      category: 'PURCHASE' as const,
      reason: null,
      amountCents: 1000 * i,
      cashbackCents: 50 * i,
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    serveCard(fullCard({ transactions: [1, 2, 3, 4, 5, 6, 7].map(tx) }));
    renderPage();
    const activity = await screen.findByRole('region', { name: 'Recent transactions' });
    expect(within(activity).getAllByTestId('public-card-transaction')).toHaveLength(5);
  });

  it('says the card could not be loaded when the server cannot be reached, and leaves the tab’s title as it was', async () => {
    server.use(http.get(api(CARD), () => HttpResponse.error()));
    document.title = 'Loyalty Cards';
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Card Not Available' })).toBeVisible();
    expect(screen.getByText('Failed to load card information')).toBeVisible();
    expect(document.title).toBe('Loyalty Cards');
  });

  it('titles the tab with the business while the card is open, and restores it afterwards', async () => {
    serveCard(fullCard());
    document.title = 'Loyalty Cards';
    const { unmount } = renderPage();
    await waitFor(() => expect(document.title).toBe('Acme Coffee · Loyalty card'));
    unmount();
    expect(document.title).toBe('Loyalty Cards');
  });
});
