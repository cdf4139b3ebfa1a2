import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REFERRAL_CODE_UNKNOWN } from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { AssignCardDialog } from './assign-card-dialog';

const ACTIVATE = '/api/t/acme/cards/activate';
const unassigned = cardWith({ status: 'UNASSIGNED', customerId: null, customer: null, activatedAt: null });

/** A cashier (new customers only; GET /stores is refused, so their own store is used) assigns a card. */
async function assignToNewCustomer(email: string, referralCode = '') {
  const view = renderWithProviders(<AssignCardDialog slug="acme" card={unassigned} onClose={vi.fn()} />, {
    session: { user: userOf('cashier'), tenant: ACME },
  });
  const dialog = await screen.findByRole('dialog', { name: 'Assign Card' });
  await view.user.type(within(dialog).getByLabelText('First name'), 'Grace');
  await view.user.type(within(dialog).getByLabelText('Last name'), 'Hopper');
  if (email) await view.user.type(within(dialog).getByLabelText('Email (optional)'), email);
  if (referralCode) await view.user.type(within(dialog).getByLabelText('Referral code (optional)'), referralCode);
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

describe('Assign Card: a friend’s referral code', () => {
  const stores = () => stubFetch().on('GET', '/api/t/acme/stores', json(403, { error: 'Forbidden', code: 'FORBIDDEN' }));

  it('sends the code typed at the till, normalised, as referralCode, and no referralCode when the field is left blank', async () => {
    const server = stores().on('POST', ACTIVATE, json(200, cardWith()));
    const first = await assignToNewCustomer('', 'k7m2-qr9x');
    expect(within(first.dialog).getByLabelText('Referral code (optional)')).toHaveAccessibleDescription("A friend's code, if they were referred");
    await vi.waitFor(() => expect(server.requestsTo('POST', ACTIVATE)).toHaveLength(1));
    expect(server.requestsTo('POST', ACTIVATE)[0].body).toMatchObject({ customer: { firstName: 'Grace' }, referralCode: 'K7M2QR9X' });
    first.unmount();

    await assignToNewCustomer('');
    await vi.waitFor(() => expect(server.requestsTo('POST', ACTIVATE)).toHaveLength(2));
    expect(server.requestsTo('POST', ACTIVATE)[1].body).not.toHaveProperty('referralCode');
  });

  it('refuses a code that cannot be one before sending, and puts the server’s refusal of an unknown code under the field', async () => {
    const server = stores().on(
      'POST',
      ACTIVATE,
      json(422, { error: REFERRAL_CODE_UNKNOWN, code: 'BUSINESS_RULE', details: [{ field: 'body.referralCode', message: REFERRAL_CODE_UNKNOWN }] }),
    );
    const { dialog, user } = await assignToNewCustomer('', 'ABC');
    const field = within(dialog).getByLabelText('Referral code (optional)');
    expect(await within(dialog).findByText(REFERRAL_CODE_UNKNOWN)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.requestsTo('POST', ACTIVATE)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'ZZZZZZZZ');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REFERRAL_CODE_UNKNOWN);
    expect(field).toHaveAccessibleDescription(REFERRAL_CODE_UNKNOWN);
    expect(server.requestsTo('POST', ACTIVATE)[0].body).toMatchObject({ referralCode: 'ZZZZZZZZ' });
  });
});
