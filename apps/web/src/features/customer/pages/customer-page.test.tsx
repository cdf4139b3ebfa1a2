import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MyAccountResponse, MyErasureRequest } from '@loyalty/contract';
import { ACME, transactionWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CustomerPage } from './customer-page';

const ME = '/t/acme/me';
const ERASURE = '/t/acme/me/erasure-request';

const ACCOUNT: MyAccountResponse = {
  customer: {
    id: '44444444-4444-4444-8444-444444444444',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    tier: 'GOLD',
    totalSpendCents: 250_000,
    activeCards: 2,
    referralCode: '7K3M9PQR',
    birthday: { month: 3, day: 14, year: null },
    createdAt: '2026-01-05T12:00:00.000Z',
    cards: [
      { id: 'c1', cardUid: 'ACME0001', balanceCents: 1250, status: 'ACTIVE', storeName: 'Main Street', activatedAt: '2026-01-05T12:00:00.000Z' },
      { id: 'c2', cardUid: 'ACME0002', balanceCents: 300, status: 'ACTIVE', storeName: null, activatedAt: null },
    ],
  },
  stats: { totalBalanceCents: 1550, totalEarnedCents: 4200, totalRedeemedCents: 2650, activeCards: 2 },
  recentTransactions: [transactionWith()],
  expiringSoon: [{ cardUid: 'ACME0002', cents: 150, expiresAt: '2026-12-15T00:00:00.000Z' }],
  referralLink: null,
};

const LINK = 'https://cards.example.com/acme/join?ref=7K3M9PQR';

/** The server: the customer's account, and no erasure asked for (unless `erasure`). */
function serve({ account = ACCOUNT, erasure = { requestedAt: null, dueAt: null } }: { account?: MyAccountResponse; erasure?: MyErasureRequest } = {}) {
  server.use(
    http.get(api(ME), () => HttpResponse.json(account)),
    http.get(api(ERASURE), () => HttpResponse.json(erasure)),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<CustomerPage />, { route: '/t/acme/customer', path: '/t/:slug/customer', session: { user: userOf('customer'), tenant: ACME } });
}

describe('Customer’s own account page', () => {
  it("offers each active card's Apple Wallet pass and Google Wallet link where the install issues them, and none for a blocked card", async () => {
    server.use(
      http.get(api('/wallet'), () => HttpResponse.json({ apple: true, google: true })),
      http.get(api('/t/acme/me/cards/:cardUid/wallet/google'), ({ params }) =>
        HttpResponse.json({ saveUrl: `https://pay.google.com/gp/v/save/eyJ.test.sig-${String(params.cardUid)}` }),
      ),
    );
    const [first, second] = ACCOUNT.customer.cards;
    serve({ account: { ...ACCOUNT, customer: { ...ACCOUNT.customer, cards: [first!, { ...second!, status: 'BLOCKED' }] } } });
    renderPage();
    const cards = await screen.findAllByTestId('my-card');
    expect(await within(cards[0]!).findByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/t/acme/me/cards/ACME0001/wallet/apple');
    expect(await within(cards[0]!).findByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute(
      'href',
      'https://pay.google.com/gp/v/save/eyJ.test.sig-ACME0001',
    );
    expect(within(cards[1]!).queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
    expect(within(cards[1]!).queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
  });

  it('shows no Apple Wallet button where the install issues no passes', async () => {
    const sent = serve();
    renderPage();
    await screen.findAllByTestId('my-card');
    await waitFor(() => expect(sent.to('GET', '/wallet')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Add to Apple Wallet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Save to Google Wallet' })).not.toBeInTheDocument();
    expect(sent.to('GET', '/t/acme/me/cards/ACME0001/wallet/google')).toHaveLength(0);
  });

  it('greets the customer and shows the balance, earned and redeemed totals in dollars', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada!' })).toBeInTheDocument();
    expect(screen.getByText('Your loyalty account at Acme Coffee')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Balance' })).toHaveTextContent('$15.50');
    expect(screen.getByRole('group', { name: 'Total Earned' })).toHaveTextContent('$42.00');
    expect(screen.getByRole('group', { name: 'Total Redeemed' })).toHaveTextContent('$26.50');
    expect(screen.getByRole('group', { name: 'Active Cards' })).toHaveTextContent('2');
  });

  it('lists each card with its balance, the cashback expiring soon (with its card) and the recent transactions', async () => {
    serve();
    renderPage();
    const cards = await screen.findByRole('list', { name: 'Your loyalty cards' });
    const [first, second] = within(cards).getAllByTestId('my-card');
    expect(within(first).getByTestId('my-card-uid')).toHaveTextContent('ACME0001');
    expect(within(first).getByTestId('my-card-balance')).toHaveTextContent('$12.50');
    expect(within(second).getByTestId('my-card-balance')).toHaveTextContent('$3.00');
    expect(second).toHaveTextContent('No store');
    expect(screen.getByText(/\$1\.50 expires on/)).toHaveTextContent('card ACME0002');
    expect(screen.getAllByTestId('my-transaction')).toHaveLength(1);
  });

  it('says when the customer has no cards and no transactions yet', async () => {
    serve({
      account: { ...ACCOUNT, customer: { ...ACCOUNT.customer, cards: [], activeCards: 0 }, recentTransactions: [], expiringSoon: [] },
    });
    renderPage();
    expect(await screen.findByText('No loyalty cards yet')).toBeInTheDocument();
    expect(screen.getByText('No transactions yet.')).toBeInTheDocument();
    expect(screen.queryByText(/expires on/)).not.toBeInTheDocument();
  });

  it('says when the login is not linked to a customer', async () => {
    server.use(http.get(api(ME), () => HttpResponse.json({ error: 'Customer not found' }, { status: 404 })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Customer profile not found' })).toBeInTheDocument();
  });

  it('asks before sending an erasure request, then says by when it will be done', async () => {
    const sent = serve();
    let asked = false;
    server.use(
      http.get(api(ERASURE), () =>
        HttpResponse.json<MyErasureRequest>(
          asked ? { requestedAt: '2026-11-28T00:00:00.000Z', dueAt: '2026-12-28T00:00:00.000Z' } : { requestedAt: null, dueAt: null },
        ),
      ),
      http.post(api(ERASURE), () => {
        asked = true;
        return HttpResponse.json<MyErasureRequest>({ requestedAt: '2026-11-28T00:00:00.000Z', dueAt: '2026-12-28T00:00:00.000Z' });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ask to erase my data' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('any remaining balance given up');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', ERASURE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ask to erase my data' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ask to erase my data' }));
    expect(await screen.findByText('Your request was sent')).toBeInTheDocument();
    expect(sent.to('POST', ERASURE)[0].body).toEqual({ confirm: true });
    expect(await screen.findByText(/You asked to erase your data\. It will be erased by .+ at the latest\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask to erase my data' })).not.toBeInTheDocument();
  });

  it('offers the referral code and link with Copy while the business runs referrals', async () => {
    serve({ account: { ...ACCOUNT, referralLink: LINK } });
    const { user } = renderPage();
    const invite = await screen.findByTestId('invite-card');
    expect(within(invite).getByRole('heading', { name: 'Invite a friend' })).toBeInTheDocument();
    expect(invite).toHaveTextContent('When a friend joins with your link and makes their first purchase, you both get a bonus.');
    expect(within(invite).getByTestId('referral-code')).toHaveTextContent('7K3M9PQR');
    expect(within(invite).getByLabelText('Your invitation link')).toHaveValue(LINK);

    await user.click(within(invite).getByRole('button', { name: 'Copy' }));
    expect(await within(invite).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(within(invite).getByRole('status')).toHaveTextContent('Your invitation link was copied to the clipboard');
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('asks to copy the link by hand when the browser refuses the clipboard', async () => {
    serve({ account: { ...ACCOUNT, referralLink: LINK } });
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Your browser did not allow copying. Select the link and copy it yourself.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Copied' })).not.toBeInTheDocument();
    refuse.mockRestore();
  });

  it('shows no invitation while the business runs no referrals, and the stored birthday in its card', async () => {
    serve();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Your birthday' });
    expect(screen.queryByRole('heading', { name: 'Invite a friend' })).not.toBeInTheDocument();
    expect(screen.queryByText('7K3M9PQR')).not.toBeInTheDocument();
    expect(within(form).getByLabelText('Month')).toHaveValue('3');
    expect(within(form).getByLabelText('Day')).toHaveValue('14');
    expect(within(form).getByLabelText('Year (optional)')).toHaveValue(null);
    expect(within(form).getByRole('button', { name: 'Remove birthday' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding with the invitation and a birthday refusal shown', async () => {
    serve({ account: { ...ACCOUNT, referralLink: LINK } });
    server.use(
      http.put(api('/t/acme/me/birthday'), () =>
        HttpResponse.json(
          { error: 'Enter a real date', code: 'VALIDATION_ERROR', details: [{ field: 'body.birthday.day', message: 'Enter a real date' }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Your birthday' });
    await user.click(within(form).getByRole('button', { name: 'Save birthday' }));
    await waitFor(() => expect(within(form).getByLabelText('Day')).toHaveAttribute('aria-invalid', 'true'));
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('keeps a refused erasure request’s reason in the dialog', async () => {
    serve();
    server.use(http.post(api(ERASURE), () => HttpResponse.json({ error: 'An erasure request is already open' }, { status: 409 })));
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Ask to erase my data' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ask to erase my data' }));
    expect(await within(dialog).findByText('An erasure request is already open')).toBeInTheDocument();
  });
});
