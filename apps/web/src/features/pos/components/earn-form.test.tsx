import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EarnResponse } from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, userOf } from '@/test/fixtures';
import { deferred, json, networkError, stubFetch, text } from '@/test/fetch-stub';
import { closeOfflineDb } from '@/lib/offline/db';
import { listQueue } from '@/lib/offline/queue';
import { goOffline } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { EarnForm } from './earn-form';

const EARN = '/api/t/acme/transactions/earn';

function earned(overrides: Partial<EarnResponse> = {}): EarnResponse {
  return { transactionId: 't1', newBalance: 1025, cashbackEarned: 25, rateBps: 200, tier: 'SILVER', ...overrides };
}

function renderEarn({ canTransact = true, storeId = STORE_ID as string | null } = {}) {
  const onDone = vi.fn();
  const view = renderWithProviders(<EarnForm slug="acme" card={cardWith()} storeId={storeId} canTransact={canTransact} onDone={onDone} />, {
    session: { user: userOf('cashier'), tenant: ACME },
  });
  const amount = screen.getByLabelText('Purchase amount');
  const submit = screen.getByRole('button', { name: /process earn/i });
  return { ...view, onDone, amount, submit };
}

describe('POS earn form: what the cashier is told', () => {
  it('explains a bad amount under the field when Process Earn is pressed (the button stays enabled), and sends nothing', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderEarn();
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(screen.getByText('Enter an amount in dollars, e.g. 12.50')).toBeVisible();
    expect(amount).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 12.50');
    expect(amount).toHaveFocus(); // the cashier can type the amount at once

    for (const [typed, message] of [
      ['0', 'Amount must be greater than 0'],
      ['0.004', 'Amount must be greater than 0'],
      ['-5', 'Amount must be greater than 0'],
      ['12..5', 'Enter an amount in dollars, e.g. 12.50'],
      ['abc', 'Enter an amount in dollars, e.g. 12.50'],
    ]) {
      await user.clear(amount);
      await user.type(amount, `${typed}{Enter}`);
      expect(screen.getByText(message)).toBeVisible();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
      expect(submit).toBeEnabled();
    }
    expect(server.requests).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '0.005'); // rounds to 1 cent: the message goes as the amount becomes valid
    expect(amount).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Amount must be|Enter an amount/)).not.toBeInTheDocument();
  });

  it('explains a bad amount when the cashier leaves the field', async () => {
    stubFetch();
    const { user, amount } = renderEarn();
    await user.type(amount, '12,5');
    expect(screen.queryByText('Enter an amount in dollars, e.g. 12.50')).not.toBeInTheDocument(); // not while typing
    await user.tab();
    expect(screen.getByText('Enter an amount in dollars, e.g. 12.50')).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('accepts an amount written like a receipt ($ and thousands separators) and sends it as cents', async () => {
    const server = stubFetch().on('POST', EARN, json(200, earned()));
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '$1,234.56');
    await user.click(submit);
    await screen.findByText(/Cashback earned/);
    expect(server.requests[0].body).toMatchObject({ amountCents: 123456, category: 'PURCHASE' });
  });

  it('puts the server’s field message under the amount and its reason above the button', async () => {
    const refusal = { error: 'Invalid request', code: 'VALIDATION_ERROR', details: [{ field: 'body.amountCents', message: 'Amount is too large' }] };
    stubFetch().on('POST', EARN, json(400, refusal));
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '10');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid request');
    expect(amount).toHaveAccessibleDescription('Amount is too large');
  });

  it('refuses more than $1,000,000.00 with a message under the amount, and sends nothing', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '1000000.01');
    await user.click(submit);
    expect(screen.getByText('Amount is too large')).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Amount is too large');
    expect(server.requests).toHaveLength(0);

    await user.type(amount, '{Backspace}');
    expect(screen.queryByText('Amount is too large')).not.toBeInTheDocument();
    expect(amount).not.toHaveAttribute('aria-invalid');
  });

  it('sends the dollars as cents (rounded), the category, the store and the note, then confirms the cashback', async () => {
    const server = stubFetch().on('POST', EARN, json(200, earned({ cashbackEarned: 37, newBalance: 1037 })));
    const { user, amount, submit, onDone } = renderEarn();

    await user.type(amount, '12.345');
    await user.selectOptions(screen.getByLabelText('Category'), 'Repair');
    await user.type(screen.getByLabelText('Note (optional)'), '  screen fix  ');
    await user.click(submit);

    expect(await screen.findByText('Cashback earned: $0.37. New balance: $10.37')).toBeInTheDocument();
    expect(server.requestsTo('POST', EARN)).toHaveLength(1);
    expect(server.requests[0].body).toEqual({ cardUid: 'ACME0001', amountCents: 1235, category: 'REPAIR', storeId: STORE_ID, note: 'screen fix' });
    expect(onDone).toHaveBeenCalledWith('Last transaction: +$0.37 cashback on a $12.35 purchase');
    // The form is ready for the next customer.
    expect(amount).toHaveValue('');
    expect(amount).toHaveFocus();
    expect(screen.getByLabelText('Category')).toHaveValue('PURCHASE');
  });

  it('names the bonuses credited with the purchase under the cashback line, and in the last result', async () => {
    const bonuses: EarnResponse['bonuses'] = [{ reason: 'REFERRAL', amountCents: 500 }];
    stubFetch().on('POST', EARN, json(200, earned({ cashbackEarned: 50, newBalance: 1550, bonuses })));
    const { user, amount, submit, onDone } = renderEarn();
    await user.type(amount, '25');
    await user.click(submit);

    const cashback = await screen.findByText('Cashback earned: $0.50. New balance: $15.50');
    const bonusLine = screen.getByText('Referral bonus +$5.00');
    expect(bonusLine.parentElement).toBe(cashback.parentElement); // its own line, in the same toast
    expect(onDone).toHaveBeenCalledWith('Last transaction: +$0.50 cashback on a $25.00 purchase · Referral bonus +$5.00');
  });

  it('shows the server’s reason when the earn is refused', async () => {
    stubFetch().on('POST', EARN, json(422, { error: 'Card is blocked', code: 'CARD_NOT_ACTIVE' }));
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '10');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Card is blocked');
    expect(amount).toHaveValue('10');
    expect(submit).toBeEnabled(); // the cashier may retry
  });

  it('cannot be submitted when the subscription does not allow transactions', async () => {
    const server = stubFetch();
    const { user, amount, submit } = renderEarn({ canTransact: false });
    await user.type(amount, '10{Enter}');
    expect(submit).toBeDisabled();
    expect(server.requests).toHaveLength(0);
  });
});

describe('POS earn form: Idempotency-Key', () => {
  const keysSent = (server: ReturnType<typeof stubFetch>) => server.requestsTo('POST', EARN).map((r) => r.headers.get('Idempotency-Key'));

  it('queues a purchase lost to a network error on this till with its key, and gives the next purchase a new key', async () => {
    const server = stubFetch().on('POST', EARN, networkError(), json(200, earned({ newBalance: 1050 })));
    const { user, amount, submit, onDone } = renderEarn();

    await user.type(amount, '12.50');
    await user.click(submit);
    expect(await screen.findByText('Saved on this till: the $12.50 purchase is sent when the connection is back')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith('Last transaction: $12.50 purchase waiting to sync');
    await waitFor(() => expect(amount).toHaveValue(''));
    const [queued] = await listQueue('acme');
    expect(queued).toMatchObject({ kind: 'earn', state: 'waiting', sentOnline: true, body: { cardUid: 'ACME0001', amountCents: 1250 } });

    await user.type(amount, '12.50'); // the next customer buys the same
    await user.click(submit);
    expect(await screen.findByText('Cashback earned: $0.25. New balance: $10.50')).toBeInTheDocument();

    const [first, next] = keysSent(server);
    expect(queued.key).toBe(first);
    expect(next).not.toBe(first);
    // The online request carried no occurredAt; the queued copy has the time the button was pressed.
    expect(server.requestsTo('POST', EARN)[0].body).not.toHaveProperty('occurredAt');
    expect(Date.parse(queued.occurredAt)).not.toBeNaN();
    expect(queued.body).toMatchObject({ occurredAt: queued.occurredAt });
  });

  it('queues a purchase without sending it while the browser is offline', async () => {
    const server = stubFetch();
    goOffline();
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '8');
    await user.click(submit);
    expect(await screen.findByText('Saved on this till: the $8.00 purchase is sent when the connection is back')).toBeInTheDocument();
    expect(server.requestsTo('POST', EARN)).toHaveLength(0);
    expect(await listQueue('acme')).toMatchObject([{ sentOnline: false, body: { amountCents: 800 } }]);
  });

  it('says so when the till cannot keep the purchase, and retries it with the same key', async () => {
    const server = stubFetch().on('POST', EARN, networkError(), json(200, earned()));
    await closeOfflineDb();
    vi.stubGlobal('indexedDB', undefined);
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '12.50');
    await user.click(submit);
    expect(await screen.findByText('The purchase could not be saved on this till. Try again.')).toBeInTheDocument();
    await user.click(submit);
    await screen.findByText(/Cashback earned/);
    const [first, retry] = keysSent(server);
    expect(retry).toBe(first);
  });

  it('sends the same key again after a 5xx answer', async () => {
    const server = stubFetch().on('POST', EARN, text(503, 'upstream down'), json(200, earned()));
    const { user, amount, submit } = renderEarn();

    await user.type(amount, '12.50');
    await user.click(submit);
    expect(await screen.findByText('HTTP 503: Service Unavailable')).toBeInTheDocument();
    await user.click(submit);
    await screen.findByText(/Cashback earned/);

    const [first, retry] = keysSent(server);
    expect(retry).toBe(first);
  });

  it('sends a new key when the cashier corrects the amount after a failure (a new submission)', async () => {
    const server = stubFetch().on('POST', EARN, text(502, 'bad gateway'), json(200, earned()));
    const { user, amount, submit } = renderEarn();

    await user.type(amount, '12.50');
    await user.click(submit);
    await screen.findByText('HTTP 502: Bad Gateway');
    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(submit);
    await screen.findByText(/Cashback earned/);

    const [first, corrected] = server.requestsTo('POST', EARN);
    expect(corrected.body).toMatchObject({ amountCents: 1500 });
    expect(corrected.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
  });

  it('sends one request only while the first is in flight (Enter pressed again)', async () => {
    const answer = deferred();
    const server = stubFetch().on('POST', EARN, answer.reply);
    const { user, amount, submit } = renderEarn();
    await user.type(amount, '12.50{Enter}');
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    await user.type(amount, '{Enter}');

    answer.resolve(json(200, earned()));
    await screen.findByText(/Cashback earned/);
    expect(server.requestsTo('POST', EARN)).toHaveLength(1);
  });
});
