import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';
import { dismissToasts } from './support/toasts';

/**
 * The offline till on the built app (docs/product.md 'Offline till'), in the spec's own business:
 * the cashier loads a card, loses the connection, earns twice (queued on the till), reloads the
 * page with no connection (the service worker serves the app, the card comes back from the till's
 * copy), and once the connection is back the queue empties: both earns are in the ledger exactly
 * once, at the time they were made, and the card holds their cashback. Signing out with a sale
 * not yet synced asks first; an earn the server refuses when it arrives (the card was blocked
 * meanwhile) is a sync conflict the cashier sees and may remove after confirming. A redemption the
 * Store Admin allows offline is queued within the caps (one over the cap per redemption is refused
 * on the till), and the server's refusal of it when it arrives (the card blocked meanwhile) is a
 * sync conflict the cashier sees and the Store Admins find in their list.
 */

/** Opens the POS once its service worker serves the page, and loads the business's card. */
async function openTill(page: Page, slug: string, cardUid: string) {
  await page.goto(`/t/${slug}/pos`);
  await expect(page.getByRole('heading', { level: 1, name: 'POS Terminal' })).toBeVisible();
  // The service worker is installed (the app and its chunks precached) and serves this page.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.getByLabel('Card UID').fill(cardUid);
  await page.getByRole('button', { name: 'Load' }).click();
  const card = page.getByRole('region', { name: 'Loaded card' });
  await expect(card.getByText(cardUid)).toBeVisible();
  return card;
}

/** Earns `amount` dollars with the till offline: the purchase is kept on the till. */
async function earnOffline(page: Page, amount: string) {
  await page.getByLabel('Purchase amount').fill(amount);
  await page.getByRole('button', { name: /Process Earn/ }).click();
  await expect(page.getByText(`Saved on this till: the $${amount} purchase is sent when the connection is back`)).toBeVisible();
  await expect(page.getByLabel('Purchase amount')).toHaveValue('');
}

type Row = { type: string; amountCents: number; cashbackCents: number; createdAt: string; receivedAt: string | null };

test('an offline till queues two earns, reloads with no connection and syncs each exactly once', async ({ cashierPage: page, business, adminApi }) => {
  const card = await openTill(page, business.slug, business.card);
  await expect(page.getByTestId('card-balance')).toHaveText('$0.00');
  await expect(page.getByRole('region', { name: 'Last transactions' })).toBeVisible();

  const offlineFrom = new Date();
  await page.context().setOffline(true);
  await expect(page.getByText('Offline: nothing waiting to sync')).toBeVisible();
  for (const amount of ['25.00', '40.00']) await earnOffline(page, amount);
  await expect(page.getByText('Offline: 2 waiting to sync')).toBeVisible();
  await expect(card.getByText('Offline: the balance may be out of date')).toBeVisible();
  await page.getByRole('tab', { name: 'Redeem' }).click();
  await expect(page.getByText('Redemptions need a connection')).toBeVisible();
  await expect(page.getByRole('button', { name: /Process Redeem/ })).toBeDisabled();

  // Reloaded with no connection: the service worker serves the app, the till its copies.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'POS Terminal' })).toBeVisible();
  await expect(card.getByText(business.card)).toBeVisible();
  await expect(card.getByText('Offline: the balance may be out of date')).toBeVisible();
  await expect(page.getByText('Offline: 2 waiting to sync')).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page, 'POS offline with two earns waiting');
  await screenshot(page, { path: `${SCREENS}/pos-offline-two-waiting.png`, fullPage: true });

  await page.getByRole('button', { name: 'Sync queue' }).click();
  const queue = page.getByRole('dialog', { name: 'Sync queue' });
  await expect(queue.getByTestId('queue-item')).toHaveCount(2);
  await expect(queue.getByTestId('queue-item').first()).toContainText('$25.00 · Earn');
  await expect(queue.getByTestId('queue-item').nth(1)).toContainText('$40.00 · Earn');
  await expect(queue.getByText('Waiting')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page, 'the sync queue offline');
  await screenshot(page, { path: `${SCREENS}/pos-offline-queue-dialog.png` });
  await page.keyboard.press('Escape');
  await expect(queue).toBeHidden();

  const offlineTo = new Date();
  await page.context().setOffline(false);
  await expect(page.getByText(/waiting to sync/)).toHaveCount(0, { timeout: 45_000 });
  await expect(page.getByTestId('card-balance')).not.toHaveText('$0.00');

  // The ledger holds each earn exactly once, and the card the sum of their cashback.
  const { id, balanceCents } = (await (await adminApi.get(`/api/t/${business.slug}/cards/${business.card}`)).json()) as { id: string; balanceCents: number };
  const listed = await adminApi.get(`/api/t/${business.slug}/transactions?cardId=${id}&limit=50`);
  expect(listed.ok(), await listed.text()).toBe(true);
  const rows = ((await listed.json()) as { transactions: Row[] }).transactions;
  const earns = rows.filter((r) => r.type === 'EARN');
  expect(earns.map((r) => r.amountCents).sort((a, b) => a - b)).toEqual([2500, 4000]);
  expect(earns.every((r) => r.cashbackCents > 0)).toBe(true);
  expect(balanceCents).toBe(rows.reduce((sum, r) => sum + (r.type === 'EARN' ? r.cashbackCents : 0), 0));
  await expect(page.getByTestId('card-balance')).toHaveText(`$${(balanceCents / 100).toFixed(2)}`);
  // Booked at the time each was made at the till, received later.
  for (const row of earns) {
    expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(offlineFrom.getTime() - 1000);
    expect(Date.parse(row.createdAt)).toBeLessThanOrEqual(offlineTo.getTime());
    expect(Date.parse(row.receivedAt ?? '')).toBeGreaterThanOrEqual(offlineTo.getTime() - 1000);
  }
});

test('signing out with an unsynced sale asks first, naming it; staying keeps the session', async ({ cashierPage: page, business }) => {
  await openTill(page, business.slug, business.card);
  await page.context().setOffline(true);
  await earnOffline(page, '10.00');
  await expect(page.getByText('Offline: 1 waiting to sync')).toBeVisible();
  await dismissToasts(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Sign out with 1 unsynced movement?' });
  await expect(ask).toContainText('1 movement made on this till (a purchase or a redemption) has not reached the server yet. It stays on this till');
  await expectNoSeriousA11yViolations(page, 'sign-out with an unsynced sale');
  await screenshot(page, { path: `${SCREENS}/pos-offline-sign-out.png` });
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/t/${business.slug}/pos$`));

  await page.context().setOffline(false);
  await expect(page.getByRole('button', { name: 'Sync queue' })).toHaveCount(0, { timeout: 45_000 });
});

test('an earn refused when it arrives becomes a sync conflict the cashier is shown, and removes only once confirmed', async ({
  cashierPage: page,
  business,
  adminApi,
}) => {
  const block = () => adminApi.post(`/api/t/${business.slug}/cards/${business.card}/block`, { data: {} });
  await openTill(page, business.slug, business.card);
  await page.context().setOffline(true);
  await earnOffline(page, '5.00');
  // Meanwhile the Store Admin blocks the card.
  expect((await block()).ok()).toBe(true);
  try {
    await page.context().setOffline(false);
    await expect(page.getByText(`Sync conflict: $5.00 purchase on card ${business.card} was refused: This card is blocked`)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('1 sync conflict')).toBeVisible();
    await dismissToasts(page);

    await page.getByRole('button', { name: 'Sync queue' }).click();
    const queue = page.getByRole('dialog', { name: 'Sync queue' });
    const item = queue.getByTestId('queue-item');
    await expect(item).toContainText('$5.00 · Earn');
    await expect(item).toContainText('Conflict');
    await expect(item).toContainText('This card is blocked');
    await expectNoSeriousA11yViolations(page, 'the sync queue with a conflict');
    await screenshot(page, { path: `${SCREENS}/pos-sync-conflict.png` });

    await item.getByRole('button', { name: /^Remove from this till/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove this sale from the till?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: /^Remove from this till/ }).click();
    await confirm.getByRole('button', { name: 'Remove from this till' }).click();
    await expect(queue.getByText('Nothing waiting to sync')).toBeVisible();
  } finally {
    expect((await block()).ok()).toBe(true); // unblocked again
  }
});

test('an offline redemption allowed by the cap whose card was blocked meanwhile shows as a conflict', async ({ cashierPage: page, business, adminApi }) => {
  const setOffline = (enabled: boolean) =>
    adminApi.put(`/api/t/${business.slug}/rules/offline`, { data: { redemptions: { enabled, maxPerTransactionCents: 500, maxPerCardPerDayCents: 5000 } } });
  const block = () => adminApi.post(`/api/t/${business.slug}/cards/${business.card}/block`, { data: {} });
  const allowed = await setOffline(true);
  expect(allowed.ok(), await allowed.text()).toBe(true);
  try {
    const card = await openTill(page, business.slug, business.card);
    // A balance to redeem from: a $400.00 purchase online.
    await page.getByLabel('Purchase amount').fill('400.00');
    await page.getByRole('button', { name: /Process Earn/ }).click();
    await expect(page.getByText(/Cashback earned:/)).toBeVisible();
    await page.getByRole('tab', { name: 'Redeem' }).click();
    const before = await page.getByTestId('card-balance').innerText();
    await dismissToasts(page);

    await page.context().setOffline(true);
    await expect(page.getByText('Offline: a redemption up to $5.00 is saved on this till and sent when the connection is back')).toBeVisible();
    // Over the cap per redemption: refused on the till, nothing queued.
    await page.getByLabel('Redeem amount').fill('5.01');
    await page.getByRole('button', { name: /Process Redeem/ }).click();
    await expect(page.getByText('This offline redemption is over the most allowed per redemption')).toBeVisible();
    await expect(page.getByText('Offline: nothing waiting to sync')).toBeVisible();

    await page.getByLabel('Redeem amount').fill('5.00');
    await page.getByRole('button', { name: /Process Redeem/ }).click();
    await expect(page.getByText('Redemption of $5.00 queued: it syncs when the connection is back')).toBeVisible();
    await expect(page.getByText('Offline: 1 waiting to sync')).toBeVisible();
    const lowered = (Math.round(Number(before.replace(/[$,]/g, '')) * 100) - 500) / 100;
    await expect(page.getByTestId('card-balance')).toHaveText(`$${lowered.toFixed(2)}`);
    await expect(card.getByText('Last transaction: $5.00 redemption waiting to sync')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'POS offline with a redemption waiting');
    await screenshot(page, { path: `${SCREENS}/pos-offline-redeem.png`, fullPage: true });
    await dismissToasts(page);

    // Meanwhile the Store Admin blocks the card (the admin's own connection).
    expect((await block()).ok()).toBe(true);
    try {
      await page.context().setOffline(false);
      await expect(page.getByText(`Sync conflict: $5.00 redemption on card ${business.card} was refused: This card is blocked`)).toBeVisible({
        timeout: 45_000,
      });
      await expect(page.getByText('1 sync conflict')).toBeVisible();
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Sync queue' }).click();
      const item = page.getByRole('dialog', { name: 'Sync queue' }).getByTestId('queue-item');
      await expect(item).toContainText('$5.00 · Redeem');
      await expect(item).toContainText('Conflict');
      await expect(item).toContainText('This card is blocked');

      const listed = await adminApi.get(`/api/t/${business.slug}/sync-conflicts`);
      expect(listed.ok(), await listed.text()).toBe(true);
      const { items } = (await listed.json()) as { items: Array<{ kind: string; cardUid: string; amountCents: number; message: string }> };
      expect(items).toContainEqual(expect.objectContaining({ kind: 'REDEEM', cardUid: business.card, amountCents: 500, message: 'This card is blocked' }));
    } finally {
      expect((await block()).ok()).toBe(true); // unblocked again
    }
  } finally {
    expect((await setOffline(false)).ok()).toBe(true);
  }
});
