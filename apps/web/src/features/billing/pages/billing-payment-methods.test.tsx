import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DemoCardInput, PaymentMethod, PaymentMethodListResponse, SetupIntentResponse } from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { BillingPage } from './billing-page';

const METHODS = '/t/acme/billing/payment-methods';
const SETUP_INTENT = '/t/acme/billing/setup-intent';

const VISA: PaymentMethod = { id: 'pm-visa', is_default: true, card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 } };
const MASTERCARD: PaymentMethod = { id: 'pm-mc', is_default: false, card: { brand: 'mastercard', last4: '5454', exp_month: 12, exp_year: 2029 } };

/** The billing server of 'acme' on the demo provider, with `cards` saved. */
function serve(cards: PaymentMethod[] = [VISA, MASTERCARD]) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api(METHODS), () => HttpResponse.json<PaymentMethodListResponse>({ paymentMethods: cards })),
  );
  return recordRequests();
}

function renderTab() {
  return renderWithProviders(<BillingPage />, {
    route: '/t/acme/billing?tab=payment-methods',
    path: '/t/:slug/billing',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
}

describe('Billing page: payment methods', () => {
  it('lists the saved cards, the default one marked', async () => {
    serve();
    renderTab();
    const list = await screen.findByRole('list');
    expect(list).toHaveTextContent('VISA •••• 4242');
    expect(list).toHaveTextContent('Expires 04/2030');
    expect(list).toHaveTextContent('MASTERCARD •••• 5454');
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]).getByText('Default')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button', { name: 'Set Default' })).not.toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'Set Default' })).toBeInTheDocument();
  });

  it('makes another card the default and says so', async () => {
    const sent = serve();
    server.use(
      http.post(api(`${METHODS}/pm-mc/set-default`), () =>
        HttpResponse.json<PaymentMethodListResponse>({
          paymentMethods: [
            { ...MASTERCARD, is_default: true },
            { ...VISA, is_default: false },
          ],
        }),
      ),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Set Default' }));
    expect(await screen.findByText('Default payment method updated successfully!')).toBeInTheDocument();
    expect(sent.to('POST', `${METHODS}/pm-mc/set-default`)).toHaveLength(1);
  });

  it('removes a card only after the confirmation', async () => {
    const sent = serve();
    server.use(http.delete(api(`${METHODS}/pm-mc`), () => new HttpResponse(null, { status: 204 })));
    // happy-dom has no window.confirm; setup.ts removes the stub after the test.
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user } = renderTab();
    const remove = await screen.findByRole('button', { name: 'Remove MASTERCARD ending 5454' });
    await user.click(remove);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to remove this payment method?');
    expect(sent.to('DELETE', `${METHODS}/pm-mc`)).toHaveLength(0);
    await user.click(remove);
    expect(await screen.findByText('Payment method removed successfully!')).toBeInTheDocument();
    expect(sent.to('DELETE', `${METHODS}/pm-mc`)).toHaveLength(1);
  });

  it('offers to add the first card when there is none', async () => {
    serve([]);
    renderTab();
    expect(await screen.findByText('No payment methods')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Your First Card' })).toBeInTheDocument();
  });
});

describe('Billing page: adding a card with the demo provider', () => {
  async function openDemoForm() {
    const sent = serve();
    server.use(http.post(api(SETUP_INTENT), () => HttpResponse.json<SetupIntentResponse>({ demo: true })));
    const view = renderTab();
    await view.user.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Card' });
    await within(dialog).findByText('Demo mode: enter any card details; no payment is processed.');
    return { ...view, sent, dialog };
  }

  it('sends the brand, last 4 digits and expiry (no card number) and says the card was added', async () => {
    const { user, sent, dialog } = await openDemoForm();
    server.use(http.post(api(METHODS), () => HttpResponse.json<PaymentMethod>({ ...MASTERCARD, id: 'pm-new' }, { status: 201 })));
    await user.selectOptions(within(dialog).getByLabelText('Card brand'), 'MASTERCARD');
    const last4 = within(dialog).getByLabelText(/^Last 4 digits/);
    await user.clear(last4);
    await user.type(last4, '55-54');
    expect(last4).toHaveValue('5554');
    await user.clear(within(dialog).getByLabelText(/^Expiry month/));
    await user.type(within(dialog).getByLabelText(/^Expiry month/), '12');
    await user.clear(within(dialog).getByLabelText(/^Expiry year/));
    await user.type(within(dialog).getByLabelText(/^Expiry year/), '2031');
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));

    expect(await screen.findByText('Payment method added successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', METHODS)[0].body).toEqual({ brand: 'mastercard', last4: '5554', exp_month: 12, exp_year: 2031 } satisfies DemoCardInput);
  });

  it('refuses a short card ending without asking the server', async () => {
    const { user, sent, dialog } = await openDemoForm();
    const last4 = within(dialog).getByLabelText(/^Last 4 digits/);
    await user.clear(last4);
    await user.type(last4, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));
    expect(within(dialog).getByText('Last 4 digits must be 4 digits')).toBeInTheDocument();
    expect(sent.to('POST', METHODS)).toHaveLength(0);
  });

  it('keeps the provider’s refusal in the dialog', async () => {
    const { user, dialog } = await openDemoForm();
    server.use(http.post(api(METHODS), () => HttpResponse.json({ error: 'Card has expired' }, { status: 400 })));
    await user.click(within(dialog).getByRole('button', { name: 'Add Card' }));
    expect(await within(dialog).findByText('Card has expired')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Card' })).toBeInTheDocument();
  });

  it('says when the card form cannot be prepared, and tries again', async () => {
    serve();
    let fail = true;
    server.use(http.post(api(SETUP_INTENT), () => (fail ? HttpResponse.error() : HttpResponse.json<SetupIntentResponse>({ demo: true }))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Add Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Card' });
    expect(await within(dialog).findByText('Unable to connect to payment processor. Please check your internet connection.')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Demo mode: enter any card details; no payment is processed.')).toBeInTheDocument();
  });
});
