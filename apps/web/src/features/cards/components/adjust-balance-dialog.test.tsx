import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdjustRequest, AdjustResponse } from '@loyalty/contract';
import { ACME, cardWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { AdjustBalanceDialog } from './adjust-balance-dialog';

const ADJUST = '/t/acme/cards/ACME0001/adjust';

function renderDialog() {
  const sent = recordRequests();
  const onClose = vi.fn();
  const view = renderWithProviders(<AdjustBalanceDialog slug="acme" card={cardWith({ balanceCents: 1000 })} onClose={onClose} />, {
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  const dialog = screen.getByRole('dialog', { name: 'Adjust balance' });
  const field = (label: string) => within(dialog).getByLabelText(new RegExp(`^${label}`));
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Adjust balance' }));
  return { ...view, sent, onClose, dialog, field, submit };
}

describe('Adjust balance dialog', () => {
  it('says what the card holds, and explains a bad amount or reason without asking the server', async () => {
    const { user, sent, dialog, field, submit } = renderDialog();
    expect(dialog).toHaveTextContent('Card ACME0001 holds $10.00.');
    await submit();
    expect(field('Amount')).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 5.00');
    expect(field('Reason')).toHaveAccessibleDescription('Reason must be at least 3 characters');

    await user.type(field('Amount'), '1000.01');
    await user.type(field('Reason'), 'goodwill');
    await submit();
    expect(field('Amount')).toHaveAccessibleDescription('An adjustment can be at most $1,000.00 either way');
    expect(sent.all).toHaveLength(0);
  });

  it('refuses to take off more than the balance', async () => {
    const { user, sent, field, submit } = renderDialog();
    await user.selectOptions(field('Change'), 'Take off balance');
    await user.type(field('Amount'), '10.01');
    await user.type(field('Reason'), 'wrong top-up');
    await submit();
    expect(field('Amount')).toHaveAccessibleDescription('Balance cannot go below zero');
    expect(sent.all).toHaveLength(0);
  });

  it('takes off the amount as negative cents with an Idempotency-Key, confirms the new balance and closes', async () => {
    server.use(http.post(api(ADJUST), () => HttpResponse.json<AdjustResponse>({ transactionId: 't-adj', deltaCents: -250, newBalanceCents: 750 })));
    const { user, sent, onClose, field, submit } = renderDialog();
    await user.selectOptions(field('Change'), 'Take off balance');
    await user.type(field('Amount'), '2.50');
    await user.type(field('Reason'), '  double scan  ');
    await submit();
    expect(await screen.findByText('Balance adjusted. New balance: $7.50')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [request] = sent.to('POST', ADJUST);
    expect(request.body).toEqual({ deltaCents: -250, reason: 'double scan' } satisfies AdjustRequest);
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s refusal in the dialog and retries with the same Idempotency-Key', async () => {
    let calls = 0;
    server.use(
      http.post(api(ADJUST), () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'Card not found', code: 'NOT_FOUND' }, { status: 404 })
          : HttpResponse.json<AdjustResponse>({ transactionId: 't-adj', deltaCents: 500, newBalanceCents: 1500 });
      }),
    );
    const { user, sent, dialog, field, submit } = renderDialog();
    await user.type(field('Amount'), '5');
    await user.type(field('Reason'), 'birthday gift');
    await submit();
    expect(await within(dialog).findByText('Card not found')).toBeInTheDocument();
    await submit();
    expect(await screen.findByText('Balance adjusted. New balance: $15.00')).toBeInTheDocument();
    const [first, retry] = sent.to('POST', ADJUST);
    expect(first.body).toEqual({ deltaCents: 500, reason: 'birthday gift' });
    expect(retry.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
  });
});
