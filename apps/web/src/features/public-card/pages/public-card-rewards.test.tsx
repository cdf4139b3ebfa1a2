import { screen, within } from '@testing-library/react';
import type { PublicCardResponse } from '@loyalty/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, server } from '@/test/server';
import { PublicCardPage } from './public-card-page';

const CARD = '/acme/c/ACME0001';
const LINK = 'http://localhost/acme/join?ref=K7M2QR9X';

/** A full card (valid security code) of a business that runs referrals. */
function fullCard(overrides: Partial<PublicCardResponse> = {}): PublicCardResponse {
  return {
    cardUid: 'ACME0001',
    status: 'ACTIVE',
    balanceCents: 750,
    tenantName: 'Acme Coffee',
    full: true,
    holderName: null,
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: null, phone: null, tier: 'SILVER' },
    storeName: 'Main Street',
    activatedAt: '2026-01-05T12:00:00.000Z',
    transactions: [],
    expiringSoon: [],
    referralLink: LINK,
    ...overrides,
  };
}

function renderCard(card: PublicCardResponse) {
  server.use(http.get(api(CARD), () => HttpResponse.json(card)));
  return renderWithProviders(<PublicCardPage />, { route: `${CARD}?t=secret`, path: '/:slug/c/:cardUid' });
}

describe('Public card page: rewards', () => {
  it('names a bonus by its reason, credited to the card, with no cashback line', async () => {
    const bonus = { id: 'b1', type: 'BONUS' as const, category: null, reason: 'REFERRAL' as const, amountCents: 500, cashbackCents: 0 };
    renderCard(fullCard({ transactions: [{ ...bonus, createdAt: '2026-11-21T10:00:00.000Z' }] }));
    const row = within(await screen.findByRole('region', { name: 'Recent transactions' })).getByTestId('public-card-transaction');
    expect(row).toHaveTextContent('Referral bonus');
    expect(row).toHaveTextContent('+$5.00');
    expect(row).not.toHaveTextContent(/cashback/i);
  });

  it('offers the referral link to copy, and says when it was copied', async () => {
    const { user } = renderCard(fullCard());
    const invite = await screen.findByRole('region', { name: 'Invite a friend' });
    const field = within(invite).getByLabelText('Your referral link');
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('readonly');
    await user.click(within(invite).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(within(invite).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(within(invite).getByRole('status')).toHaveTextContent('Referral link copied to the clipboard');
  });

  it('asks to copy by hand when the browser refuses the clipboard', async () => {
    const { user } = renderCard(fullCard());
    const invite = await screen.findByRole('region', { name: 'Invite a friend' });
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(invite).getByRole('button', { name: 'Copy' }));
    expect(await within(invite).findByText('Your browser did not allow copying. Select the link and copy it by hand.')).toBeVisible();
    expect(refuse).toHaveBeenCalledWith(LINK);
    refuse.mockRestore();
  });

  it('shows no invitation while the business runs no referrals', async () => {
    renderCard(fullCard({ referralLink: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Invite a friend' })).not.toBeInTheDocument();
  });
});
