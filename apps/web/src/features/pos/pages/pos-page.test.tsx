import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_OFFLINE_SETTINGS,
  type CardResponse,
  type EarnRequest,
  type EarnResponse,
  type OfflineSettings,
  type RedeemRequest,
  type RedeemResponse,
  type TransactionListResponse,
} from '@loyalty/contract';
import { ACME, cardWith, STORE_ID, tenantWith, transactionWith, userOf } from '@/test/fixtures';
import { readCachedCard } from '@/lib/offline/card-cache';
import { listQueue } from '@/lib/offline/queue';
import { syncQueue } from '@/lib/offline/sync';
import { goOffline } from '@/test/network';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PosPage } from './pos-page';

const CARD = '/t/acme/cards/ACME0001';
const EARN = '/t/acme/transactions/earn';
const REDEEM = '/t/acme/transactions/redeem';

/** The server of a till: the tenant, what it may do offline, card ACME0001 (as given), its last transactions. */
function serve({
  card = cardWith(),
  canTransact = true,
  offline = DEFAULT_OFFLINE_SETTINGS,
}: { card?: CardResponse; canTransact?: boolean; offline?: OfflineSettings } = {}) {
  const ledger: TransactionListResponse = { transactions: [transactionWith()], total: 1, pages: 1 };
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith({ canTransact, subscriptionStatus: canTransact ? 'TRIALING' : 'CANCELED' }))),
    http.get(api('/t/acme/rules/offline'), () => HttpResponse.json<OfflineSettings>(offline)),
    http.get(api(CARD), () => HttpResponse.json(card)),
    http.get(api('/t/acme/transactions'), () => HttpResponse.json(ledger)),
  );
  return recordRequests();
}

function renderPos() {
  return renderWithProviders(<PosPage />, { route: '/t/acme/pos', path: '/t/:slug/pos', session: { user: userOf('cashier'), tenant: ACME } });
}

/** Types the card's UID as printed (lower case, with a dash) and loads it. */
async function loadCard(user: ReturnType<typeof renderPos>['user'], typed = 'acme-0001') {
  await user.type(screen.getByLabelText('Card UID'), `${typed}{Enter}`);
  return screen.findByRole('region', { name: 'Loaded card' });
}

const balance = () => screen.getByTestId('card-balance');

describe('POS terminal: finding the card', () => {
  it('waits for a card, then loads the typed UID (normalised) and shows the customer, the balance and its last transactions', async () => {
    const sent = serve();
    const { user } = renderPos();
    expect(screen.getByText('Scan a customer card to begin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load' })).toBeDisabled();

    const panel = await loadCard(user);
    expect(within(panel).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$10.00');
    expect(within(panel).getByText('ACME0001')).toBeInTheDocument();
    expect(within(panel).getByText('Main Street')).toBeInTheDocument();
    expect(sent.to('GET', CARD)).toHaveLength(1);
    const ledger = await screen.findByRole('region', { name: 'Last transactions' });
    await waitFor(() => expect(sent.to('GET', '/t/acme/transactions')[0]?.query.get('cardId')).toBe(cardWith().id));
    expect(screen.queryByText('Scan a customer card to begin')).not.toBeInTheDocument();
    expect(within(ledger).queryByText('No transactions yet')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when the card is unknown, and no transaction forms', async () => {
    server.use(
      http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
      http.get(api('/t/acme/cards/NOPE0000'), () => HttpResponse.json({ error: 'Card not found', code: 'NOT_FOUND' }, { status: 404 })),
    );
    const { user } = renderPos();
    await user.type(screen.getByLabelText('Card UID'), 'nope0000{Enter}');
    expect(await screen.findByText('Card not found')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Earn cashback' })).not.toBeInTheDocument();
    expect(screen.getByText('Scan a customer card to begin')).toBeInTheDocument();
  });

  it('says why a blocked card cannot earn or redeem', async () => {
    serve({ card: cardWith({ status: 'BLOCKED' }) });
    const { user } = renderPos();
    const panel = await loadCard(user);
    expect(within(panel).getByText(/This card is blocked\. Only active cards can earn or redeem\./)).toBeInTheDocument();
  });

  it('greys the till out with the subscription message when the tenant cannot transact', async () => {
    const sent = serve({ canTransact: false });
    const { user } = renderPos();
    await loadCard(user);
    await waitFor(() => expect(screen.getByRole('button', { name: /process earn/i })).toBeDisabled());
    await user.type(screen.getByLabelText('Purchase amount'), '10{Enter}');
    expect(sent.to('POST', EARN)).toHaveLength(0);
  });

  it('New Transaction clears the card and puts the cursor back in the UID box', async () => {
    serve();
    const { user } = renderPos();
    await loadCard(user);
    await user.click(screen.getByRole('button', { name: 'New Transaction' }));
    expect(screen.queryByRole('region', { name: 'Loaded card' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Card UID')).toHaveValue('');
    expect(screen.getByLabelText('Card UID')).toHaveFocus();
  });
});

describe('POS terminal: earning cashback', () => {
  it('sends the purchase in cents with an Idempotency-Key, then shows the cashback, the new balance and the summary', async () => {
    const sent = serve();
    server.use(
      http.post(api(EARN), () =>
        HttpResponse.json<EarnResponse>({ transactionId: 't-earn', newBalance: 1250, cashbackEarned: 250, rateBps: 200, tier: 'GOLD' }),
      ),
    );
    const { user } = renderPos();
    await loadCard(user);

    await user.type(screen.getByLabelText('Purchase amount'), '125.00');
    await user.click(screen.getByRole('button', { name: /process earn/i }));

    expect(await screen.findByText('Cashback earned: $2.50. New balance: $12.50')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$12.50');
    expect(screen.getByText('Last transaction: +$2.50 cashback on a $125.00 purchase')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Loaded card' })).getByText('Gold')).toBeInTheDocument();

    const [request] = sent.to('POST', EARN);
    expect(request.body).toEqual({ cardUid: 'ACME0001', amountCents: 12500, category: 'PURCHASE', storeId: STORE_ID } satisfies EarnRequest);
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('queues a purchase lost to a network error, and the sender sends it later with the same Idempotency-Key and occurredAt', async () => {
    const sent = serve();
    let calls = 0;
    server.use(
      http.post(api(EARN), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.error();
        return HttpResponse.json<EarnResponse>({ transactionId: 't-earn', newBalance: 1100, cashbackEarned: 100, rateBps: 200, tier: 'SILVER' });
      }),
    );
    const { user } = renderPos();
    await loadCard(user);
    await user.type(screen.getByLabelText('Purchase amount'), '50');
    await user.click(screen.getByRole('button', { name: /process earn/i }));
    expect(await screen.findByText('Saved on this till: the $50.00 purchase is sent when the connection is back')).toBeInTheDocument();
    expect(await screen.findByText('1 waiting to sync')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$10.00');

    await act(() => syncQueue('acme'));
    await waitFor(() => expect(screen.queryByText('1 waiting to sync')).not.toBeInTheDocument());
    const [first, retry] = sent.to('POST', EARN);
    expect(retry.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    expect(first.body).toEqual({ cardUid: 'ACME0001', amountCents: 5000, category: 'PURCHASE', storeId: STORE_ID });
    expect(retry.body).toEqual({ ...(first.body as object), occurredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) });
  });
});

describe('POS terminal: offline', () => {
  it('shows a card looked up before from the till’s copy, says its balance may be out of date, and keeps it across a reload', async () => {
    serve();
    const first = renderPos();
    await loadCard(first.user);
    await waitFor(async () => expect(await readCachedCard('acme', 'ACME0001')).not.toBeNull());
    first.unmount();

    goOffline();
    server.use(http.get(api(CARD), () => HttpResponse.error()));
    renderPos(); // the page reloaded: the open card comes back from the tab's memory and the till's copy
    const panel = await screen.findByRole('region', { name: 'Loaded card' });
    expect(within(panel).getByText('Offline: the balance may be out of date')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$10.00');
    expect(screen.getByText('Offline: nothing waiting to sync')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last transactions' })).not.toBeInTheDocument();
  });

  it('says when an unknown card cannot be looked up offline', async () => {
    server.use(
      http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
      http.get(api('/t/acme/cards/NEW00001'), () => HttpResponse.error()),
    );
    const { user } = renderPos();
    await user.type(screen.getByLabelText('Card UID'), 'new00001{Enter}');
    expect(await screen.findByText('Offline: this card was not looked up on this till in the last 30 days')).toBeInTheDocument();
  });

  it('queues earns offline with the count in the indicator, and refuses redemptions', async () => {
    const sent = serve();
    const { user } = renderPos();
    await loadCard(user);
    goOffline();
    for (const amount of ['12.50', '30']) {
      await user.type(screen.getByLabelText('Purchase amount'), amount);
      await user.click(screen.getByRole('button', { name: /process earn/i }));
      await waitFor(() => expect(screen.getByLabelText('Purchase amount')).toHaveValue(''));
    }
    expect(await screen.findByText('Offline: 2 waiting to sync')).toBeInTheDocument();
    expect(screen.getByText('Offline: the balance may be out of date')).toBeInTheDocument();
    expect(sent.to('POST', EARN)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: /redeem/i }));
    expect(screen.getByText('Redemptions need a connection')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Redeem amount'), '5');
    expect(screen.getByRole('button', { name: /process redeem/i })).toBeDisabled();
    await user.type(screen.getByLabelText('Redeem amount'), '{Enter}');
    expect(sent.to('POST', REDEEM)).toHaveLength(0);
  });

  it('queues an offline redemption the Store Admin allows, lowers the card shown and refuses one over the cap', async () => {
    const offline: OfflineSettings = { redemptions: { enabled: true, maxPerTransactionCents: 500, maxPerCardPerDayCents: 800 } };
    const sent = serve({ offline });
    const { user } = renderPos();
    await loadCard(user);
    await user.click(screen.getByRole('tab', { name: /redeem/i }));
    await waitFor(() => expect(sent.to('GET', '/t/acme/rules/offline')).toHaveLength(1));
    goOffline();
    expect(await screen.findByText('Offline: a redemption up to $5.00 is saved on this till and sent when the connection is back')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Redeem amount'), '5.01');
    await user.click(screen.getByRole('button', { name: /process redeem/i }));
    expect(await screen.findByText('This offline redemption is over the most allowed per redemption')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Redeem amount'));
    await user.type(screen.getByLabelText('Redeem amount'), '4');
    await user.click(screen.getByRole('button', { name: /process redeem/i }));
    expect(await screen.findByText('Redemption of $4.00 queued: it syncs when the connection is back')).toBeInTheDocument();
    expect(await screen.findByText('Offline: 1 waiting to sync')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$6.00');
    expect(screen.getByText('Last transaction: $4.00 redemption waiting to sync')).toBeInTheDocument();
    expect((await readCachedCard('acme', 'ACME0001'))?.card.balanceCents).toBe(600);

    await user.type(screen.getByLabelText('Redeem amount'), '4.01'); // 4.00 + 4.01 > 8.00 a day
    await user.click(screen.getByRole('button', { name: /process redeem/i }));
    expect(await screen.findByText('This card reached the most it may redeem offline today')).toBeInTheDocument();
    const queue = await listQueue('acme');
    expect(queue.map((i) => [i.kind, i.body.amountCents, i.body.occurredAt === i.occurredAt])).toEqual([['redeem', 400, true]]);
    expect(sent.to('POST', REDEEM)).toHaveLength(0);
  });
});

describe('POS terminal: redeeming', () => {
  async function openRedeem() {
    const sent = serve();
    const view = renderPos();
    await loadCard(view.user);
    await view.user.click(screen.getByRole('tab', { name: /redeem/i }));
    return { ...view, sent };
  }

  it('shows the server’s refusal when the balance moved meanwhile (more than the card holds), and keeps the balance', async () => {
    server.use(
      http.post(api(REDEEM), () => HttpResponse.json({ error: 'Insufficient balance. Available: $4.00', code: 'INSUFFICIENT_BALANCE' }, { status: 400 })),
    );
    const { user, sent } = await openRedeem();
    await user.type(screen.getByLabelText('Redeem amount'), '8');
    await user.click(screen.getByRole('button', { name: /process redeem/i }));

    expect(await screen.findByText('Insufficient balance. Available: $4.00')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$10.00');
    expect(sent.to('POST', REDEEM)).toHaveLength(1);
  });

  it('refuses more than the balance before asking the server', async () => {
    const { user, sent } = await openRedeem();
    await user.type(screen.getByLabelText('Redeem amount'), '10.01');
    expect(screen.getByText('Amount exceeds the available balance of $10.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /process redeem/i })).toBeDisabled();
    expect(sent.to('POST', REDEEM)).toHaveLength(0);
  });

  it('redeems the full balance in cents with an Idempotency-Key, and shows the new balance', async () => {
    server.use(http.post(api(REDEEM), () => HttpResponse.json<RedeemResponse>({ transactionId: 't-redeem', newBalance: 0, amountRedeemed: 1000 })));
    const { user, sent } = await openRedeem();
    await user.click(screen.getByRole('button', { name: 'Use full balance' }));
    expect(screen.getByLabelText('Redeem amount')).toHaveValue('10.00');
    await user.type(screen.getByLabelText('Note (optional)'), 'coffee');
    await user.click(screen.getByRole('button', { name: /process redeem/i }));

    expect(await screen.findByText('Redeemed $10.00. New balance: $0.00')).toBeInTheDocument();
    expect(balance()).toHaveTextContent('$0.00');
    expect(screen.getByText('Last transaction: $10.00 redeemed')).toBeInTheDocument();
    const [request] = sent.to('POST', REDEEM);
    expect(request.body).toEqual({ cardUid: 'ACME0001', amountCents: 1000, storeId: STORE_ID, note: 'coffee' } satisfies RedeemRequest);
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
