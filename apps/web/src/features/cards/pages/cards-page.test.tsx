import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardBatchResponse, CardListResponse, CardResponse, StoreListResponse, TrialStatusResponse } from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CardsPage } from './cards-page';

const LIST = '/t/acme/cards';
const BATCH = '/t/acme/cards/batch';

const ACTIVE = cardWith();
const BLANK = cardWith({
  id: '99999999-9999-4999-8999-999999999999',
  cardUid: 'ACME0002',
  status: 'UNASSIGNED',
  customerId: null,
  customer: null,
  balanceCents: 0,
  activatedAt: null,
});

const STORES: StoreListResponse = {
  stores: [
    {
      id: STORE_ID,
      name: 'Main Street',
      address: null,
      active: true,
      selfEnrolment: false,
      selfEnrolmentDailyCap: 50,
      createdAt: '2026-01-01T00:00:00.000Z',
      _count: { users: 1, cards: 2, transactions: 0 },
    },
  ],
};
const TRIAL: TrialStatusResponse = { activationsUsed: 3, trialLimit: 100, activationsRemaining: 97, subscriptionRequired: false };

/** The server: the tenant on trial (3 of 100 cards), its stores, and `cards` whatever the query. */
function serve(cards: CardResponse[] = [ACTIVE, BLANK]) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api('/t/acme/trial/status'), () => HttpResponse.json(TRIAL)),
    http.get(api('/t/acme/stores'), () => HttpResponse.json(STORES)),
    http.get(api(LIST), () => HttpResponse.json<CardListResponse>({ cards, total: cards.length, pages: cards.length > 0 ? 1 : 0 })),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<CardsPage />, { route: '/t/acme/cards', path: '/t/:slug/cards', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', LIST).at(-1)?.query ?? []);

describe('Cards page: the list', () => {
  it('shows each card with its holder, balance and status, and asks for page 1 of 48', async () => {
    const sent = serve();
    renderPage();
    const active = await screen.findByRole('article', { name: 'Card ACME0001' });
    expect(active).toHaveTextContent('Ada Lovelace');
    expect(active).toHaveTextContent('$10.00');
    expect(active).toHaveTextContent('Active');
    expect(screen.getByRole('article', { name: 'Card ACME0002' })).toHaveTextContent('Unassigned');
    expect(lastQuery(sent)).toMatchObject({ page: '1', limit: '48' });
  });

  it('sends the status chosen and the search typed', async () => {
    const sent = serve();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Card ACME0001' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'BLOCKED');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ status: 'BLOCKED' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'lovelace');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ status: 'BLOCKED', search: 'lovelace' }));
  });

  it('says when there are no cards yet, and when a search matches none', async () => {
    serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No cards created yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search cards' }), 'nobody');
    expect(await screen.findByText('No cards found matching your criteria')).toBeInTheDocument();
  });

  it('blocks an active card from its menu and says so', async () => {
    const sent = serve();
    server.use(http.post(api('/t/acme/cards/ACME0001/block'), () => HttpResponse.json(cardWith({ status: 'BLOCKED' }))));
    const { user } = renderPage();
    const tile = await screen.findByRole('article', { name: 'Card ACME0001' });
    await user.click(within(tile).getByRole('button', { name: 'More actions for card ACME0001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('Card blocked successfully')).toBeInTheDocument();
    expect(sent.to('POST', '/t/acme/cards/ACME0001/block')).toHaveLength(1);
  });

  it('says when the card status could not be changed', async () => {
    serve();
    server.use(http.post(api('/t/acme/cards/ACME0001/block'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { user } = renderPage();
    const tile = await screen.findByRole('article', { name: 'Card ACME0001' });
    await user.click(within(tile).getByRole('button', { name: 'More actions for card ACME0001' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    expect(await screen.findByText('Failed to update card status')).toBeInTheDocument();
  });
});

describe('Cards page: creating a batch', () => {
  async function openBatch() {
    const sent = serve();
    const view = renderPage();
    await screen.findByRole('article', { name: 'Card ACME0001' });
    await view.user.click(screen.getByRole('button', { name: /create card batch/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Card Batch' });
    return { ...view, sent, dialog, quantity: within(dialog).getByLabelText(/^Quantity/) };
  }

  it('holds the quantity to what the trial still allows, and says so', async () => {
    const { user, sent, quantity, dialog } = await openBatch();
    await user.clear(quantity);
    await user.type(quantity, '150');
    expect(within(dialog).getByText('You can only create 97 more cards. You currently have 3/100 cards in your trial.')).toBeInTheDocument();
    expect(quantity).toHaveValue(97);
    expect(sent.to('POST', BATCH)).toHaveLength(0);
  });

  it('creates the cards for the chosen store and says how many', async () => {
    server.use(http.post(api(BATCH), () => HttpResponse.json<CardBatchResponse>({ created: 25, cards: [] }, { status: 201 })));
    const { user, sent, quantity, dialog } = await openBatch();
    await user.clear(quantity);
    await user.type(quantity, '25');
    await user.selectOptions(within(dialog).getByLabelText('Store (optional)'), 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(await screen.findByText('Successfully created 25 cards')).toBeInTheDocument();
    expect(sent.to('POST', BATCH)[0].body).toEqual({ count: 25, storeId: STORE_ID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal when the subscription is required', async () => {
    server.use(http.post(api(BATCH), () => HttpResponse.json({ error: 'Subscription required', code: 'SUBSCRIPTION_REQUIRED' }, { status: 403 })));
    const { user, quantity, dialog } = await openBatch();
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(await screen.findByText('Subscription required')).toBeInTheDocument();
  });
});
