import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACME, cardWith, STORE_ID, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { AssignCardDialog } from './assign-card-dialog';

const ACTIVATE = '/api/t/acme/cards/activate';
const unassigned = cardWith({ status: 'UNASSIGNED', customerId: null, customer: null, activatedAt: null });

/** A cashier (new customers only; GET /stores is refused, so their own store is used) assigns a card. */
async function assignToNewCustomer(email: string) {
  const view = renderWithProviders(<AssignCardDialog slug="acme" card={unassigned} onClose={vi.fn()} />, {
    session: { user: userOf('cashier'), tenant: ACME },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Assign Card' });
  await view.user.type(within(dialog).getByLabelText('First name'), 'Grace');
  await view.user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
  if (email) await view.user.type(within(dialog).getByLabelText('Email (optional)'), email);
  await view.user.click(within(dialog).getByRole('button', { name: 'Assign Card' }));
  return { ...view, dialog };
}

describe('Assign Card: what the server refuses is shown in the dialog', () => {
  it('puts a duplicate e-mail under the e-mail field and the reason at the top, and keeps the dialog open', async () => {
    const message = 'A customer with this email already exists';
    const server = stubFetch()
      .on('GET', '/api/t/acme/stores', json(403, { error: 'Forbidden', code: 'FORBIDDEN' }))
      .on('POST', ACTIVATE, json(409, { error: message, code: 'CONFLICT', details: [{ field: 'body.customer.email', message }] }));
    const { dialog } = await assignToNewCustomer('grace@example.com');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Email (optional)')).toHaveAccessibleDescription(message);
    expect(server.requestsTo('POST', ACTIVATE)[0].body).toMatchObject({
      cardUid: 'ACME0001',
      storeId: STORE_ID,
      customer: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' },
    });
  });

  it('says why when the refusal names no field', async () => {
    stubFetch()
      .on('GET', '/api/t/acme/stores', json(403, { error: 'Forbidden', code: 'FORBIDDEN' }))
      .on('POST', ACTIVATE, json(422, { error: 'Card is not unassigned', code: 'CARD_NOT_UNASSIGNED' }));
    const { dialog } = await assignToNewCustomer('');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Card is not unassigned');
    expect(within(dialog).getByLabelText('Email (optional)')).not.toHaveAttribute('aria-invalid');
  });
});
