import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardListResponse, CardResponse, StoreListResponse, TenantResponse, TrialStatusResponse } from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CardsPage } from '../pages/cards-page';

const LIST = '/t/acme/cards';

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

/** A tenant on the 'Growth' plan with `used` of `limit` cards. */
function subscribed(used: number, limit: number): TenantResponse {
  return tenantWith({
    subscriptionStatus: 'ACTIVE',
    subscriptionInfo: {
      isActive: true,
      planId: 'plan-growth',
      planName: 'Growth',
      cardLimit: limit,
      cardsUsed: used,
      cardsRemaining: Math.max(0, limit - used),
    },
  });
}

/** The server: the tenant (trial, 3 of 100, unless told), its trial status, its stores, and the cards (all, or only BLANK when filtered by status). */
function serve({ tenant = tenantWith(), trial = TRIAL }: { tenant?: TenantResponse; trial?: TrialStatusResponse } = {}) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/trial/status'), () => HttpResponse.json(trial)),
    http.get(api('/t/acme/stores'), () => HttpResponse.json(STORES)),
    http.get(api(LIST), ({ request }) => {
      const cards: CardResponse[] = new URL(request.url).searchParams.get('status') ? [BLANK] : [ACTIVE, BLANK];
      return HttpResponse.json<CardListResponse>({ cards, total: cards.length, pages: 1 });
    }),
  );
  return recordRequests();
}

function renderPage(role: 'tenant_admin' | 'cashier' = 'tenant_admin') {
  return renderWithProviders(<CardsPage />, { route: '/t/acme/cards', path: '/t/:slug/cards', session: { user: userOf(role), tenant: ACME } });
}

describe('Cards page: selecting cards for a QR download', () => {
  it('counts the cards picked, selects the whole page, clears, and downloads only with a selection', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Card ACME0001' });
    const download = screen.getByRole('button', { name: 'Download QR Codes' });
    expect(download).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select card ACME0001' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveProperty('indeterminate', true);
    expect(download).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    await user.click(download);
    const dialog = await screen.findByRole('dialog', { name: 'Download QR Codes' });
    expect(dialog).toHaveTextContent('2 cards selected');
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
    expect(download).toBeDisabled();
  });

  it('keeps the selection when the status filter hides a selected card', async () => {
    const sent = serve();
    const { user } = renderPage();
    await screen.findByRole('article', { name: 'Card ACME0001' });
    await user.click(screen.getByRole('checkbox', { name: 'Select card ACME0001' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Unassigned');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Card ACME0001' })).not.toBeInTheDocument());
    expect(sent.to('GET', LIST).at(-1)?.query.get('status')).toBe('UNASSIGNED');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('opens a card’s details from its tile', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'View card ACME0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Card Details' });
    expect(within(dialog).getByTestId('details-balance')).toHaveTextContent('$10.00');
  });

  it('says the cards cannot be loaded, with the server’s reason', async () => {
    serve();
    server.use(http.get(api(LIST), () => HttpResponse.json({ error: 'Tenant suspended', code: 'FORBIDDEN' }, { status: 403 })));
    renderPage();
    expect((await screen.findAllByText('Failed to load cards')).length).toBeGreaterThan(0);
    expect(screen.getByText('Tenant suspended')).toBeInTheDocument();
  });
});

describe('Cards page: the card allowance banner', () => {
  it('shows a trial’s cards and activations used, and links an admin to printed cards', async () => {
    serve();
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('Free Trial')).toBeInTheDocument();
    expect(banner).toHaveTextContent('3 of 100 cards used in your free trial');
    expect(banner).toHaveTextContent('97 cards remaining');
    expect(await within(banner).findByText('3 of 100 free activations used')).toBeInTheDocument();
    expect(within(banner).getByRole('progressbar', { name: 'Free trial cards used' })).toHaveAttribute('aria-valuetext', '3 of 100 cards used');
    expect(within(banner).getByRole('link', { name: 'Order Printed Cards' })).toHaveAttribute('href', '/t/acme/card-orders');
    expect(banner).toHaveAttribute('data-level', 'ok');
  });

  it('turns red at the plan’s limit and offers an admin the upgrade and more cards', async () => {
    serve({ tenant: subscribed(500, 500) });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('Growth Plan - Active')).toBeInTheDocument();
    expect(banner).toHaveTextContent('500 of 500 cards used');
    expect(banner).toHaveTextContent('No cards remaining on your plan.');
    expect(banner).toHaveAttribute('data-level', 'limit');
    expect(within(banner).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/t/acme/billing');
    expect(within(banner).getByRole('link', { name: 'Order More Cards' })).toHaveAttribute('href', '/t/acme/card-orders');
    expect(within(banner).queryByRole('link', { name: 'Order Printed Cards' })).not.toBeInTheDocument();
  });

  it('tells a cashier at the limit to ask the store admin, with no links', async () => {
    serve({ tenant: subscribed(500, 500) });
    renderPage('cashier');
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('Ask your store admin to upgrade the plan.')).toBeInTheDocument();
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('warns from 80 % used', async () => {
    serve({ tenant: subscribed(450, 500) });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    await waitFor(() => expect(banner).toHaveAttribute('data-level', 'warning'));
    expect(banner).toHaveTextContent('50 cards remaining');
    expect(within(banner).getByRole('link', { name: 'Upgrade Plan' })).toBeInTheDocument();
  });

  it('says the free trial expired when a subscription is required', async () => {
    serve({ trial: { ...TRIAL, subscriptionRequired: true } });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('Free Trial Expired')).toBeInTheDocument();
    expect(banner).toHaveTextContent('All free activations are used or the trial has ended. Upgrade to a monthly plan to keep creating and activating cards.');
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/t/acme/billing');
  });

  it('shows an unlimited plan without a bar', async () => {
    serve({ tenant: subscribed(1234, -1) });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('1234 cards · unlimited plan')).toBeInTheDocument();
    expect(within(banner).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the allowance is unavailable when the tenant cannot be loaded, and still offers a batch', async () => {
    serve();
    server.use(http.get(api('/t/acme/tenant'), () => HttpResponse.json({ error: 'Unavailable' }, { status: 503 })));
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Card allowance' });
    expect(await within(banner).findByText('Card allowance unavailable right now.')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Create Card Batch' })).toBeEnabled();
  });
});
