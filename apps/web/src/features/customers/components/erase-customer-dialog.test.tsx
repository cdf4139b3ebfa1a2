import { screen, waitFor, within } from '@testing-library/react';
import type { CustomerListItem } from '@loyalty/contract';
import { describe, expect, it, vi } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { EraseCustomerDialog } from './erase-customer-dialog';

const ANN: CustomerListItem = {
  id: '11111111-1111-4111-8111-111111111111',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: null,
  tier: 'SILVER',
  totalSpendCents: 0,
  activeCards: 1,
  referralCode: 'A1B2C3D4',
  birthday: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ERASE = `/api/t/acme/customers/${ANN.id}/erase`;

function renderDialog(onErased = vi.fn()) {
  const { user } = renderWithProviders(<EraseCustomerDialog slug="acme" customer={ANN} onClose={() => {}} onErased={onErased} />, {
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  return { user, dialog: screen.getByRole('alertdialog', { name: 'Erase customer' }) };
}

describe('Erase customer dialog (ADR 0026)', () => {
  it('warns that it cannot be undone and keeps Erase disabled until the full name is typed', async () => {
    const server = stubFetch().on(
      'POST',
      ERASE,
      json(200, { customerId: ANN.id, erasedAt: '2026-02-01T00:00:00.000Z', blockedCards: 1, writtenOffCents: 250 }),
    );
    const onErased = vi.fn();
    const { user, dialog } = renderDialog(onErased);
    expect(within(dialog).getByText('This cannot be undone')).toBeInTheDocument();
    const erase = within(dialog).getByRole('button', { name: 'Erase customer' });
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Type the customer's full name/), 'Ann Le');
    expect(erase).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Type the customer's full name/), 'e');
    expect(erase).toBeEnabled();
    expect(server.requestsTo('POST', ERASE)).toHaveLength(0);
    await user.click(erase);
    await waitFor(() => expect(onErased).toHaveBeenCalled());
    expect(server.requestsTo('POST', ERASE)[0].body).toEqual({ confirm: 'Ann Lee' });
  });

  it("shows the server's refusal in the dialog", async () => {
    stubFetch().on('POST', ERASE, json(409, { error: 'This customer has already been erased', code: 'CONFLICT' }));
    const { user, dialog } = renderDialog();
    await user.type(within(dialog).getByLabelText(/Type the customer's full name/), 'ann lee');
    await user.click(within(dialog).getByRole('button', { name: 'Erase customer' }));
    expect(await within(dialog).findByText('This customer has already been erased')).toBeInTheDocument();
  });
});
