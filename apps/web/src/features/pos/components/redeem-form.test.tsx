import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RedeemResponse } from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, userOf } from '@/test/fixtures';
import { json, networkError, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { RedeemForm } from './redeem-form';

const REDEEM = '/api/t/acme/transactions/redeem';

function redeemed(overrides: Partial<RedeemResponse> = {}): RedeemResponse {
  return { transactionId: 't1', newBalance: 500, amountRedeemed: 500, ...overrides };
}

function renderRedeem({ balanceCents = 1000, canTransact = true } = {}) {
  const onDone = vi.fn();
  const view = renderWithProviders(<RedeemForm slug="acme" card={cardWith({ balanceCents })} storeId={STORE_ID} canTransact={canTransact} onDone={onDone} />, {
    session: { user: userOf('cashier'), tenant: ACME },
  });
  const amount = screen.getByLabelText('Redeem amount');
  const submit = screen.getByRole('button', { name: /process redeem/i });
  return { ...view, onDone, amount, submit };
}

describe('POS redeem form: what the cashier is told', () => {
  it('shows the available balance and refuses an amount above it', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderRedeem({ balanceCents: 1000 });
    expect(screen.getByText('Available: $10.00')).toBeVisible();

    await user.type(amount, '10.01');
    expect(screen.getByText('Amount exceeds the available balance of $10.00')).toBeVisible();
    expect(amount).toHaveAccessibleDescription('Amount exceeds the available balance of $10.00');
    expect(submit).toBeDisabled();
    await user.type(amount, '{Enter}');
    expect(server.requests).toHaveLength(0);

    await user.type(amount, '{Backspace}'); // 10.0
    expect(screen.queryByText(/exceeds the available balance/)).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it('explains an empty or zero amount when Process Redeem is pressed, and sends nothing', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderRedeem();
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(screen.getByText('Enter an amount in dollars, e.g. 5.00')).toBeVisible();
    await user.type(amount, '0{Enter}');
    expect(screen.getByText('Amount must be greater than 0')).toBeVisible();
    expect(amount).toHaveAccessibleDescription('Amount must be greater than 0');
    expect(server.requests).toHaveLength(0);
  });

  it('takes $ and thousands separators, checked against the balance', async () => {
    const server = stubFetch().on('POST', REDEEM, json(200, redeemed({ amountRedeemed: 123456, newBalance: 0 })));
    const { user, amount, submit } = renderRedeem({ balanceCents: 123456 });
    await user.type(amount, '$1,234.57');
    expect(screen.getByText('Amount exceeds the available balance of $1,234.56')).toBeVisible();
    await user.type(amount, '{Backspace}6');
    await user.click(submit);
    await screen.findByText('Redeemed $1,234.56. New balance: $0.00');
    expect(server.requests[0].body).toMatchObject({ amountCents: 123456 });
  });

  it('fills the whole balance with Use full balance, which is off for an empty card', async () => {
    stubFetch();
    const { user, amount, submit } = renderRedeem({ balanceCents: 1234 });
    await user.click(screen.getByRole('button', { name: 'Use full balance' }));
    expect(amount).toHaveValue('12.34');
    expect(submit).toBeEnabled();
  });

  it('offers nothing to redeem on a card holding $0.00', () => {
    stubFetch();
    renderRedeem({ balanceCents: 0 });
    expect(screen.getByText('Available: $0.00')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Use full balance' })).toBeDisabled();
  });

  it('sends cents with the store, then confirms the new balance and clears the form', async () => {
    const server = stubFetch().on('POST', REDEEM, json(200, redeemed({ amountRedeemed: 550, newBalance: 450 })));
    const { user, amount, submit, onDone } = renderRedeem();
    await user.type(amount, '5.5');
    await user.click(submit);

    expect(await screen.findByText('Redeemed $5.50. New balance: $4.50')).toBeInTheDocument();
    expect(server.requests[0].body).toEqual({ cardUid: 'ACME0001', amountCents: 550, storeId: STORE_ID });
    expect(onDone).toHaveBeenCalledWith('Last transaction: $5.50 redeemed');
    expect(amount).toHaveValue('');
    expect(amount).toHaveFocus();
  });

  it('shows the server’s reason when the redeem is refused (another till spent the balance)', async () => {
    stubFetch().on('POST', REDEEM, json(422, { error: 'Insufficient balance', code: 'INSUFFICIENT_BALANCE' }));
    const { user, amount, submit } = renderRedeem();
    await user.type(amount, '5');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient balance');
  });

  it('cannot be submitted when the subscription does not allow transactions', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderRedeem({ canTransact: false });
    await user.type(amount, '5{Enter}');
    expect(submit).toBeDisabled();
    expect(server.requests).toHaveLength(0);
  });
});

describe('POS redeem form: Idempotency-Key', () => {
  it('sends the same key again when the cashier retries after a failure, and a new key after a success', async () => {
    const server = stubFetch().on(
      'POST',
      REDEEM,
      networkError(),
      json(500, { error: 'Internal Server Error' }),
      json(200, redeemed()),
      json(200, redeemed({ newBalance: 0 })),
    );
    const { user, amount, submit } = renderRedeem();

    await user.type(amount, '5');
    await user.click(submit);
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    await user.click(submit); // retry: the server fails (5xx)
    expect(await screen.findByText('Internal Server Error')).toBeInTheDocument();
    await user.click(submit); // retry again: done
    expect(await screen.findByText('Redeemed $5.00. New balance: $5.00')).toBeInTheDocument();

    await user.type(amount, '5'); // a second redeem of the same amount
    await user.click(submit);
    expect(await screen.findByText('Redeemed $5.00. New balance: $0.00')).toBeInTheDocument();

    const keys = server.requestsTo('POST', REDEEM).map((r) => r.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});
