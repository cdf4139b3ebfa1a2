import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CardBatchResponse, StoreItem, StoreListResponse, TenantResponse } from '@loyalty/contract';
import { ACME, STORE_ID, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CreateBatchDialog } from './create-batch-dialog';

const BATCH = '/t/acme/cards/batch';

function store(overrides: Partial<StoreItem> = {}): StoreItem {
  return {
    id: STORE_ID,
    name: 'Main Street',
    address: null,
    active: true,
    selfEnrolment: false,
    selfEnrolmentDailyCap: 50,
    createdAt: '2026-01-01T00:00:00.000Z',
    _count: { users: 1, cards: 2, transactions: 0 },
    ...overrides,
  };
}

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

/** The server: the tenant (trial, 3 of 100 cards, unless told) and its stores (one inactive). */
function serve(tenant: TenantResponse = tenantWith()) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/stores'), () =>
      HttpResponse.json<StoreListResponse>({ stores: [store(), store({ id: 'store-closed', name: 'Old Town', active: false })] }),
    ),
  );
  return recordRequests();
}

/** The dialog, open, for the admin of 'acme'; `onClose` is a spy. */
async function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<CreateBatchDialog slug="acme" open onClose={onClose} />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
  const dialog = await screen.findByRole('dialog', { name: 'Create Card Batch' });
  const quantity = within(dialog).getByLabelText(/^Quantity/);
  return { ...view, onClose, dialog, quantity };
}

describe('Create Card Batch', () => {
  it('starts at 10 cards with no store, says what the trial still allows, and offers active stores only', async () => {
    serve();
    const { dialog, quantity } = await renderDialog();
    expect(dialog).toHaveTextContent('New cards start unassigned; assign them to customers when you hand them out.');
    expect(quantity).toHaveValue(10);
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('From 1 to 97. You can create 97 more cards in your trial.'));
    const storeField = within(dialog).getByLabelText('Store (optional)');
    expect(storeField).toHaveDisplayValue('No store (choose when assigning)');
    await within(dialog).findByRole('option', { name: 'Main Street' });
    expect(within(dialog).queryByRole('option', { name: 'Old Town' })).not.toBeInTheDocument();
  });

  it('sends 10 cards without a store when nothing is changed, then closes', async () => {
    const sent = serve();
    server.use(http.post(api(BATCH), () => HttpResponse.json<CardBatchResponse>({ created: 10, cards: [] }, { status: 201 })));
    const { user, dialog, onClose } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(await screen.findByText('Successfully created 10 cards')).toBeInTheDocument();
    expect(sent.to('POST', BATCH)[0].body).toEqual({ count: 10 });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks for a quantity when the field is emptied, and sends nothing', async () => {
    const sent = serve();
    const { user, dialog, quantity } = await renderDialog();
    await waitFor(() => expect(quantity).toHaveAccessibleDescription(/97 more cards/));
    await user.clear(quantity);
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(quantity).toHaveAccessibleDescription(/Enter a quantity from 1 to 97/);
    expect(sent.to('POST', BATCH)).toHaveLength(0);
  });

  it('holds a subscription’s batch to what the plan still allows, naming the plan', async () => {
    serve(subscribed(480, 500));
    const { user, dialog, quantity } = await renderDialog();
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('From 1 to 20. You can create 20 more cards on your plan.'));
    await user.clear(quantity);
    await user.type(quantity, '50');
    expect(
      within(dialog).getByText('You can only create 20 more cards from your Growth plan subscription. You currently have 480/500 cards used.'),
    ).toBeInTheDocument();
    expect(quantity).toHaveValue(20);
  });

  it('caps a batch at 1000 cards when the plan allows more', async () => {
    serve(subscribed(0, -1));
    const { user, dialog, quantity } = await renderDialog();
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('From 1 to 1000 cards at once.'));
    await user.clear(quantity);
    await user.type(quantity, '1500');
    expect(within(dialog).getByText('Maximum 1000 cards can be created at once. Please reduce the quantity.')).toBeInTheDocument();
    expect(quantity).toHaveValue(1000);
  });

  it('blocks the form when no card is left in the allowance', async () => {
    const sent = serve(subscribed(500, 500));
    const { dialog, quantity } = await renderDialog();
    expect(
      await within(dialog).findByText('You can only create 0 more cards from your Growth plan subscription. You currently have 500/500 cards used.'),
    ).toBeInTheDocument();
    expect(quantity).toBeDisabled();
    expect(within(dialog).getByLabelText('Store (optional)')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Create Cards' })).toBeDisabled();
    expect(sent.to('POST', BATCH)).toHaveLength(0);
  });

  it('warns with the plan’s numbers when the server finds the allowance short, and refreshes the tenant', async () => {
    const sent = serve(subscribed(100, 500));
    server.use(
      http.post(api(BATCH), () =>
        HttpResponse.json(
          { error: 'Insufficient subscription allowance', code: 'FORBIDDEN', details: { remaining: 5, used: 495, limit: 500, planName: 'Growth' } },
          { status: 403 },
        ),
      ),
    );
    const { user, dialog, onClose } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(
      await screen.findByText(
        'Insufficient subscription allowance. You can only create 5 more cards from your Growth plan subscription. You currently have 495/500 cards used.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(sent.to('GET', '/t/acme/tenant').length).toBeGreaterThan(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('explains a batch the server finds too large, and falls back when it gives no reason', async () => {
    serve();
    let answer = HttpResponse.json({ error: 'Batch size too large', code: 'VALIDATION' }, { status: 400 });
    server.use(http.post(api(BATCH), () => answer));
    const { user, dialog } = await renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(await screen.findByText('Maximum 1000 cards can be created at once.')).toBeInTheDocument();

    answer = HttpResponse.json({ error: 'Internal error' }, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Create Cards' }));
    expect(await screen.findByText('Failed to create card batch. Please try again.')).toBeInTheDocument();
  });
});
