import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashbackRule, Offer, OfferListResponse, TierRule } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from './rules-page';

const OFFERS = '/t/acme/rules/offers';
const DAY = 86_400_000;

const CASHBACK: CashbackRule[] = [{ id: 'r1', category: 'PURCHASE', baseRateBps: 200, isActive: true }];
const TIERS: TierRule[] = [{ id: 't1', tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true }];

function offer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 'o-running',
    name: 'Holiday Bonus',
    description: 'An extra treat for December',
    rateMultiplierBps: 150,
    startAt: new Date(Date.now() - DAY).toISOString(),
    endAt: new Date(Date.now() + 10 * DAY).toISOString(),
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const RUNNING = offer();
const SCHEDULED = offer({
  id: 'o-later',
  name: 'Spring Fling',
  description: null,
  startAt: new Date(Date.now() + 5 * DAY).toISOString(),
  endAt: new Date(Date.now() + 9 * DAY).toISOString(),
});
const ENDED = offer({
  id: 'o-past',
  name: 'Summer Sale',
  description: null,
  startAt: new Date(Date.now() - 9 * DAY).toISOString(),
  endAt: new Date(Date.now() - 2 * DAY).toISOString(),
});
const OFF = offer({ id: 'o-off', name: 'Paused Promo', description: null, isActive: false });

/** The server of the rules page: the stored rules and `offers`. */
function serve(offers: Offer[] = [RUNNING, SCHEDULED, ENDED, OFF]) {
  server.use(
    http.get(api('/t/acme/rules/cashback'), () => HttpResponse.json({ rules: CASHBACK })),
    http.get(api('/t/acme/rules/tiers'), () => HttpResponse.json({ rules: TIERS })),
    http.get(api(OFFERS), () => HttpResponse.json<OfferListResponse>({ offers })),
  );
  return recordRequests();
}

async function renderOffersTab() {
  const view = renderWithProviders(<RulesPage />, { route: '/t/acme/rules', path: '/t/:slug/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('form', { name: 'Cashback rules' });
  await view.user.click(screen.getByRole('tab', { name: 'Special Offers' }));
  return view;
}

/** The list row of the offer named `name`. */
const rowOf = (name: string) => screen.getAllByTestId('offer-row').find((row) => within(row).queryByRole('heading', { name })) as HTMLElement;

/** A `datetime-local` value `days` from now, this minute, in the browser's zone. */
function localIn(days: number): string {
  const d = new Date(Date.now() + days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

describe('Rules page: the offers list', () => {
  it('shows each offer with its bonus and the state it is in now', async () => {
    serve();
    await renderOffersTab();
    const list = screen.getByRole('list', { name: 'Offers' });
    expect(within(list).getAllByTestId('offer-row')).toHaveLength(4);
    expect(rowOf('Holiday Bonus')).toHaveTextContent('Active');
    expect(rowOf('Holiday Bonus')).toHaveTextContent('An extra treat for December');
    expect(rowOf('Holiday Bonus')).toHaveTextContent('+1.5% bonus');
    expect(rowOf('Spring Fling')).toHaveTextContent('Scheduled');
    expect(rowOf('Summer Sale')).toHaveTextContent('Ended');
    expect(rowOf('Paused Promo')).toHaveTextContent('Inactive');
  });

  it('invites to create the first offer when there is none', async () => {
    serve([]);
    await renderOffersTab();
    expect(screen.getByText('No offers yet')).toBeInTheDocument();
    expect(screen.getByText('Create a time-limited bonus, such as an extra 1% for the holidays.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Offers' })).not.toBeInTheDocument();
  });
});

describe('Rules page: creating an offer', () => {
  async function openCreate(offers: Offer[] = []) {
    const sent = serve(offers);
    const view = await renderOffersTab();
    await view.user.click(screen.getByRole('button', { name: 'Create New Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Offer' });
    const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Create Offer' }));
    return { ...view, sent, dialog, submit };
  }

  it('starts from a 1% offer running from now for 30 days', async () => {
    const { dialog } = await openCreate();
    expect(within(dialog).getByLabelText('Offer name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Bonus rate (%)')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Start date')).toHaveValue(localIn(0));
    expect(within(dialog).getByLabelText('End date')).toHaveValue(localIn(30));
    expect(within(dialog).getByText('An inactive offer never applies, even between its dates.')).toBeInTheDocument();
  });

  it('explains a missing name, a missing rate and an end before the start, and sends nothing', async () => {
    const { user, sent, dialog, submit } = await openCreate();
    await user.clear(within(dialog).getByLabelText('Bonus rate (%)'));
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: localIn(-1) } });
    await submit();

    expect(within(dialog).getByLabelText('Offer name')).toHaveAccessibleDescription('Offer name is required');
    expect(within(dialog).getByLabelText('Bonus rate (%)')).toHaveAccessibleDescription(/Bonus rate is required/);
    expect(within(dialog).getByLabelText('End date')).toHaveAccessibleDescription('End date must be after the start date');
    expect(sent.to('POST', OFFERS)).toHaveLength(0);
  });

  it('refuses a bonus above 100%', async () => {
    const { user, sent, dialog, submit } = await openCreate();
    await user.type(within(dialog).getByLabelText('Offer name'), 'Too generous');
    await user.clear(within(dialog).getByLabelText('Bonus rate (%)'));
    await user.type(within(dialog).getByLabelText('Bonus rate (%)'), '120');
    await submit();
    expect(within(dialog).getByLabelText('Bonus rate (%)')).toHaveAccessibleDescription(/Rate must be between 0 and 100%/);
    expect(sent.to('POST', OFFERS)).toHaveLength(0);
  });

  it('sends the offer (bonus in bps, full ISO times, no description as null), confirms it and lists it first', async () => {
    const start = localIn(1);
    const end = localIn(8);
    const created = offer({
      id: 'o-new',
      name: 'Weekend Double',
      description: null,
      rateMultiplierBps: 250,
      startAt: new Date(start).toISOString(),
      endAt: new Date(end).toISOString(),
    });
    server.use(http.post(api(OFFERS), () => HttpResponse.json(created, { status: 201 })));
    const { user, sent, dialog, submit } = await openCreate([ENDED]);
    await user.type(within(dialog).getByLabelText('Offer name'), '  Weekend Double ');
    await user.clear(within(dialog).getByLabelText('Bonus rate (%)'));
    await user.type(within(dialog).getByLabelText('Bonus rate (%)'), '2.5');
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: start } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: end } });
    await submit();

    expect(await screen.findByText('Offer created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', OFFERS)[0].body).toEqual({
      name: 'Weekend Double',
      description: null,
      rateMultiplierBps: 250,
      startAt: new Date(start).toISOString(),
      endAt: new Date(end).toISOString(),
      isActive: true,
    });
    const rows = screen.getAllByTestId('offer-row');
    expect(within(rows[0]).getByRole('heading', { name: 'Weekend Double' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent('Summer Sale');
  });

  it('puts the server’s field message on its field, says so and keeps the dialog open', async () => {
    server.use(
      http.post(api(OFFERS), () =>
        HttpResponse.json(
          { error: 'Offer name is already used', code: 'VALIDATION_ERROR', details: [{ field: 'body.name', message: 'Offer name is already used' }] },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, submit } = await openCreate();
    await user.type(within(dialog).getByLabelText('Offer name'), 'Holiday Bonus');
    await submit();
    await waitFor(() => expect(within(dialog).getByLabelText('Offer name')).toHaveAccessibleDescription('Offer name is already used'));
    expect(screen.getByRole('dialog', { name: 'Create New Offer' })).toBeInTheDocument();
  });

  it('says to try again when the server fails for another reason', async () => {
    server.use(http.post(api(OFFERS), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { user, dialog, submit } = await openCreate();
    await user.type(within(dialog).getByLabelText('Offer name'), 'Holiday Bonus');
    await submit();
    expect(await screen.findByText('Failed to save offer. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create New Offer' })).toBeInTheDocument();
  });

  it('closes on Cancel and sends nothing', async () => {
    const { user, sent, dialog } = await openCreate();
    await user.type(within(dialog).getByLabelText('Offer name'), 'Never mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', OFFERS)).toHaveLength(0);
  });
});

describe('Rules page: editing an offer', () => {
  it('opens with the offer’s values, sends the change with PUT and updates the row in place', async () => {
    const PUT = `${OFFERS}/${RUNNING.id}`;
    const updated: Offer = { ...RUNNING, rateMultiplierBps: 300, isActive: false };
    server.use(http.put(api(PUT), () => HttpResponse.json(updated)));
    const sent = serve([SCHEDULED, RUNNING]);
    const { user } = await renderOffersTab();
    await user.click(screen.getByRole('button', { name: 'Edit Holiday Bonus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Offer' });
    expect(within(dialog).getByLabelText('Offer name')).toHaveValue('Holiday Bonus');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('An extra treat for December');
    expect(within(dialog).getByLabelText('Bonus rate (%)')).toHaveValue(1.5);

    await user.clear(within(dialog).getByLabelText('Bonus rate (%)'));
    await user.type(within(dialog).getByLabelText('Bonus rate (%)'), '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Offer updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('PUT', PUT)[0].body).toMatchObject({
      name: 'Holiday Bonus',
      description: 'An extra treat for December',
      rateMultiplierBps: 300,
      isActive: false,
    });
    expect(sent.to('POST', OFFERS)).toHaveLength(0);
    const rows = screen.getAllByTestId('offer-row');
    expect(rows[1]).toHaveTextContent('Holiday Bonus');
    expect(rows[1]).toHaveTextContent('Inactive');
    expect(rows[1]).toHaveTextContent('+3.0% bonus');
  });
});
