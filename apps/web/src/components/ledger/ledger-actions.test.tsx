import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TransactionItem } from '@loyalty/contract';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ledgerActionOf } from './action-rules';
import { TransactionAction } from './transaction-actions';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const OTHER_STORE = '33333333-3333-4333-8333-333333333333';

function row(overrides: Partial<TransactionItem> = {}): TransactionItem {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    customerId: null,
    customerName: 'Jane Customer',
    cardUid: 'ABCD2345EFGH',
    type: 'EARN',
    category: 'PURCHASE',
    amountCents: 5000,
    cashbackCents: 100,
    beforeBalanceCents: 0,
    afterBalanceCents: 100,
    storeId: STORE_ID,
    storeName: 'Main Store',
    note: null,
    reversesTransactionId: null,
    reversedAmountCents: 0,
    unrecoveredCents: 0,
    reason: null,
    createdAt: new Date(NOW - 60_000).toISOString(),
    receivedAt: null,
    ...overrides,
  };
}

describe('ledgerActionOf (what a row offers, and why not)', () => {
  const admin = userOf('tenant_admin');
  const cashier = userOf('cashier', { storeId: STORE_ID });
  it('offers Refund on EARN rows until fully refunded, Void on REDEEM rows until voided, nothing on other types', () => {
    expect(ledgerActionOf(row(), admin, NOW)).toEqual({ kind: 'refund', blockedBy: null });
    expect(ledgerActionOf(row({ reversedAmountCents: 5000 }), admin, NOW)).toEqual({ kind: 'refund', blockedBy: 'Already fully refunded' });
    expect(ledgerActionOf(row({ type: 'REDEEM' }), admin, NOW)).toEqual({ kind: 'void', blockedBy: null });
    expect(ledgerActionOf(row({ type: 'REDEEM', reversedAmountCents: 5000 }), admin, NOW)?.blockedBy).toBe('Already voided');
    for (const type of ['ADJUST', 'ADD_FUNDS', 'REFUND', 'VOID', 'EXPIRE'] as const) expect(ledgerActionOf(row({ type }), admin, NOW)).toBeNull();
  });

  it('limits a cashier to their own store and to voids within 15 minutes; an admin has neither limit', () => {
    expect(ledgerActionOf(row({ storeId: OTHER_STORE }), cashier, NOW)?.blockedBy).toBe('Only transactions of your own store');
    const old = row({ type: 'REDEEM', createdAt: new Date(NOW - 16 * 60_000).toISOString() });
    expect(ledgerActionOf(old, cashier, NOW)?.blockedBy).toBe('Cashiers can void only within 15 minutes; ask an admin');
    expect(ledgerActionOf(old, admin, NOW)?.blockedBy).toBeNull();
  });
});

describe('TransactionAction: the refund dialog', () => {
  const REFUND = `/api/t/acme/transactions/${row().id}/refund`;

  it('defaults to what is left, refuses more, sends cents with the reason, and keeps the Idempotency-Key for a retry', async () => {
    const server = stubFetch().on(
      'POST',
      REFUND,
      json(500, { error: 'Internal Server Error' }),
      json(200, {
        transactionId: 't2',
        refundedAmountCents: 2000,
        clawedBackCents: 40,
        unrecoveredCents: 0,
        remainingAmountCents: 1000,
        newBalanceCents: 60,
        tier: 'SILVER',
      }),
    );
    const { user } = renderWithProviders(<TransactionAction slug="acme" tx={row({ reversedAmountCents: 2000 })} />, {
      session: { user: userOf('tenant_admin'), tenant: ACME },
    });
    await user.click(screen.getByRole('button', { name: 'Refund transaction of ABCD2345EFGH' }));
    const amount = screen.getByLabelText('Amount refunded');
    expect(amount).toHaveValue('30.00');
    await user.clear(amount);
    await user.type(amount, '30.01');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refund exceeds the remaining purchase amount')).toBeVisible();
    expect(server.requests).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(screen.getByLabelText('Reason (optional)'), 'Returned');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Server Error');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $20.00; $0.40 cashback clawed back')).toBeVisible();
    const sent = server.requestsTo('POST', REFUND);
    expect(sent.map((r) => r.body)).toEqual([
      { amountCents: 2000, reason: 'Returned' },
      { amountCents: 2000, reason: 'Returned' },
    ]);
    expect(sent[0].headers.get('Idempotency-Key')).toBeTruthy();
    expect(sent[1].headers.get('Idempotency-Key')).toBe(sent[0].headers.get('Idempotency-Key'));
  });

  it('shows a blocked action as disabled with its reason, and opens nothing', async () => {
    stubFetch();
    const { user } = renderWithProviders(<TransactionAction slug="acme" tx={row({ reversedAmountCents: 5000 })} />, {
      session: { user: userOf('tenant_admin'), tenant: ACME },
    });
    const button = screen.getByRole('button', { name: 'Refund transaction of ABCD2345EFGH' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    button.blur();
    await user.tab();
    expect(button).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Already fully refunded');
  });
});
