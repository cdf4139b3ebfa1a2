import { screen, waitFor, within } from '@testing-library/react';
import type { Role, TransactionItem, TransactionListResponse, VoidResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, cardWith, transactionWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CardLedger } from './card-ledger';

const CARD_ID = cardWith().id;
const LEDGER = '/t/acme/transactions';
const REDEEM_ID = '66666666-6666-4666-8666-666666666666';
const VOID = `/t/acme/transactions/${REDEEM_ID}/void`;

/** A $7.00 redemption at the cashier's store, a minute ago (still inside the cashier's void window). */
function redemption(overrides: Partial<TransactionItem> = {}): TransactionItem {
  return transactionWith({
    id: REDEEM_ID,
    type: 'REDEEM',
    category: null,
    amountCents: 700,
    cashbackCents: 0,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  });
}

/** The card's ledger as the server answers it (or a failure). */
function serveLedger(answer: () => Response) {
  server.use(http.get(api(LEDGER), answer));
  return recordRequests();
}
const rowsOf = (transactions: TransactionItem[]) => () => HttpResponse.json<TransactionListResponse>({ transactions, total: transactions.length, pages: 1 });

function renderLedger(role: Role = 'cashier') {
  return renderWithProviders(<CardLedger slug="acme" cardId={CARD_ID} />, { session: { user: userOf(role), tenant: ACME } });
}

const panel = () => screen.getByRole('region', { name: 'Last transactions' });

describe('Last transactions of the card at the till', () => {
  it('asks for the card’s five newest rows with a spinner meanwhile, then lists them with their actions', async () => {
    const sent = serveLedger(rowsOf([redemption(), transactionWith()]));
    renderLedger();
    expect(within(panel()).getByRole('status')).toHaveTextContent('Loading transactions');

    expect(await within(panel()).findByText('−$7.00')).toBeVisible();
    expect(within(panel()).getByText('$50.00')).toBeVisible();
    expect(within(panel()).getByRole('button', { name: 'Void transaction of ACME0001' })).toBeEnabled();
    expect(within(panel()).getByRole('button', { name: 'Refund transaction of ACME0001' })).toBeEnabled();
    const query = sent.to('GET', LEDGER)[0].query;
    expect(query.get('cardId')).toBe(CARD_ID);
    expect(query.get('limit')).toBe('5');
  });

  it('names a bonus by its reason, with what it credited and no action', async () => {
    const bonus = transactionWith({ type: 'BONUS', category: null, reason: 'WELCOME', amountCents: 500, cashbackCents: 0 });
    serveLedger(rowsOf([bonus]));
    renderLedger();
    const row = (await within(panel()).findByText('Bonus')).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('+$5.00 · Welcome bonus');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the card has no transactions yet', async () => {
    serveLedger(rowsOf([]));
    renderLedger();
    expect(await within(panel()).findByText('No transactions yet')).toBeVisible();
  });

  it('says in one line when the rows cannot be loaded', async () => {
    serveLedger(() => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 }));
    renderLedger();
    expect(await within(panel()).findByText('Could not load this card’s transactions.')).toBeVisible();
  });

  it('keeps a voided redemption’s button disabled', async () => {
    serveLedger(rowsOf([redemption({ reversedAmountCents: 700 })]));
    const { user } = renderLedger();
    const button = await within(panel()).findByRole('button', { name: 'Void transaction of ACME0001' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a cashier from voiding after 15 minutes, but not an admin', async () => {
    serveLedger(rowsOf([redemption({ createdAt: new Date(Date.now() - 20 * 60_000).toISOString() })]));
    const first = renderLedger('cashier');
    expect(await within(panel()).findByRole('button', { name: 'Void transaction of ACME0001' })).toHaveAttribute('aria-disabled', 'true');
    first.unmount();

    renderLedger('tenant_admin');
    expect(await within(panel()).findByRole('button', { name: 'Void transaction of ACME0001' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('Voiding a redemption from the till', () => {
  async function openVoid() {
    const view = renderLedger();
    await view.user.click(await within(panel()).findByRole('button', { name: 'Void transaction of ACME0001' }));
    return { ...view, dialog: await screen.findByRole('dialog', { name: 'Void redemption' }) };
  }

  it('asks why, sending nothing without a reason', async () => {
    const sent = serveLedger(rowsOf([redemption()]));
    const { user, dialog } = await openVoid();
    expect(dialog).toHaveAccessibleDescription('$7.00 goes back to card ACME0001.');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    expect(await within(dialog).findByText('Reason must be at least 3 characters')).toBeVisible();
    expect(sent.to('POST', VOID)).toHaveLength(0);
  });

  it('voids with the reason and an Idempotency-Key, toasts the amount back and reloads the rows', async () => {
    let voided = false;
    const sent = serveLedger(() => rowsOf([redemption({ reversedAmountCents: voided ? 700 : 0 })])());
    server.use(
      http.post(api(VOID), () => {
        voided = true;
        return HttpResponse.json<VoidResponse>({ transactionId: 'v1', restoredCents: 700, newBalanceCents: 1700 });
      }),
    );
    const { user, dialog } = await openVoid();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong card scanned');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));

    expect(await screen.findByText('Redemption voided: $7.00 back on the card')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const request = sent.to('POST', VOID)[0];
    expect(request.body).toEqual({ reason: 'Wrong card scanned' });
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(panel()).getByRole('button', { name: 'Void transaction of ACME0001' })).toHaveAttribute('aria-disabled', 'true'));
    expect(sent.to('GET', LEDGER).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s refusal in the dialog and retries with the same key', async () => {
    const sent = serveLedger(rowsOf([redemption()]));
    server.use(http.post(api(VOID), () => HttpResponse.json({ error: 'Transaction already voided', code: 'CONFLICT' }, { status: 409 })));
    const { user, dialog } = await openVoid();
    await user.type(within(dialog).getByLabelText('Reason'), 'Wrong card scanned');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Transaction already voided');

    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    await waitFor(() => expect(sent.to('POST', VOID)).toHaveLength(2));
    const [first, second] = sent.to('POST', VOID);
    expect(second.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });
});
