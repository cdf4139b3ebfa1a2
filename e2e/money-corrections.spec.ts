import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signedInPage } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The money lifecycle (refunds, voids, adjustments) on the built app and the demo database: the
 * cashier earns $50.00 at the POS (the card's last transactions list it, with Refund), the owner
 * refunds $20.00 of it from Transactions (the claw-back is in proportion), the customer's page
 * shows the REFUND row and its claw-back, the Liability page shows the new outstanding total, and
 * the owner adjusts the balance from the card details.
 */

/** The card's balance in cents as the server holds it (the demo admin's view). */
async function balanceOf(page: Page, cardUid: string): Promise<number> {
  const res = await page.request.get(`/api/t/demo/cards/${cardUid}`);
  return (await res.json()).balanceCents as number;
}

test('earn $50.00 at the POS, refund $20.00 from Transactions, see the claw-back on the customer page, adjust the balance', async ({ browser }, testInfo) => {
  // Three signed-in pages and five axe scans in one test: three times the usual time.
  test.slow();
  const baseURL = testInfo.project.use.baseURL!;
  const cashier = await signedInPage(browser, baseURL, DEMO.cashier, { path: '/' });
  await expect(cashier).toHaveURL(/\/t\/demo\/pos$/);
  await cashier.getByLabel('Card UID').fill('DEM0CARD0001');
  await cashier.getByRole('button', { name: 'Load' }).click();
  await expect(cashier.getByText('Jane Customer')).toBeVisible();
  const before = await balanceOf(cashier, 'DEM0CARD0001');
  // SILVER 2% + the demo's running 1% offer = 3% of $50.00 → $1.50.
  await cashier.getByLabel('Purchase amount').fill('50.00');
  await cashier.getByRole('button', { name: /Process Earn/ }).click();
  await expect(cashier.getByText('Cashback earned: $1.50')).toBeVisible();
  const last = cashier.getByRole('region', { name: 'Last transactions' });
  await expect(last.getByRole('listitem').first()).toContainText('$50.00');
  await expect(last.getByRole('button', { name: 'Refund transaction of DEM0CARD0001' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(cashier, 'POS with the last transactions');
  await screenshot(cashier, { path: `${SCREENS}/pos-last-transactions.png`, fullPage: true });
  // A redemption rung up by mistake is voided from the same list (within 15 minutes).
  await cashier.getByRole('tab', { name: 'Redeem' }).click();
  await cashier.getByLabel('Redeem amount').fill('1.00');
  await cashier.getByRole('button', { name: /Process Redeem/ }).click();
  await expect(cashier.getByText(/Redeemed \$1\.00/)).toBeVisible();
  await last.getByRole('button', { name: 'Void transaction of DEM0CARD0001' }).first().click();
  const voidDialog = cashier.getByRole('dialog', { name: 'Void redemption' });
  await voidDialog.getByLabel('Reason').fill('Rung up by mistake');
  await expectNoSeriousA11yViolations(cashier, 'void dialog');
  await screenshot(cashier, { path: `${SCREENS}/void-dialog.png` });
  await voidDialog.getByRole('button', { name: 'Void redemption' }).click();
  await expect(cashier.getByText('Redemption voided: $1.00 back on the card')).toBeVisible();
  await cashier.context().close();

  const owner = await signedInPage(browser, baseURL, DEMO.admin, { path: '/' });
  await owner.goto('/t/demo/transactions?search=DEM0CARD0001');
  const row = owner.getByRole('row').filter({ hasText: '$50.00' }).first();
  await row.getByRole('button', { name: 'Refund transaction of DEM0CARD0001' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Refund purchase' });
  await expect(dialog.getByLabel('Amount refunded')).toHaveValue('50.00');
  await dialog.getByLabel('Amount refunded').fill('20.00');
  await dialog.getByLabel('Reason (optional)').fill('Returned a jacket');
  await expectNoSeriousA11yViolations(owner, 'refund dialog');
  await screenshot(owner, { path: `${SCREENS}/refund-dialog.png` });
  await dialog.getByRole('button', { name: 'Refund' }).click();
  // floor($1.50 × 20 / 50) = $0.60.
  await expect(owner.getByText('Refunded $20.00; $0.60 cashback clawed back')).toBeVisible();
  await expect(dialog).toBeHidden();
  const refundRow = owner.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: '−$20.00' }).first();
  await expect(refundRow).toContainText('−$0.60');
  expect(await balanceOf(owner, 'DEM0CARD0001')).toBe(before + 150 - 60);
  await expectNoSeriousA11yViolations(owner, 'Transactions with a refund');
  await screenshot(owner, { path: `${SCREENS}/transactions-refund.png`, fullPage: true });

  // The Liability page shows the new outstanding total: the sum of every card's balance.
  const cardsRes = await owner.request.get('/api/t/demo/cards?limit=100');
  const outstandingCents = ((await cardsRes.json()).cards as { balanceCents: number }[]).reduce((sum, c) => sum + c.balanceCents, 0);
  await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Liability' }).click();
  const outstanding = owner.getByRole('group', { name: 'Outstanding' }).getByTestId('stat-value');
  await expect(outstanding).toHaveText(`$${(outstandingCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

  const customer = await signedInPage(browser, baseURL, DEMO.customer, { path: '/' });
  await expect(customer.getByText('−$0.60').first()).toBeVisible();
  await expect(customer.getByText('−$20.00').first()).toBeVisible();
  await screenshot(customer, { path: `${SCREENS}/customer-refund.png`, fullPage: true });
  await customer.context().close();

  // The owner adds $5.00 with a reason from the card details.
  await owner.goto('/t/demo/cards?search=DEM0CARD0001');
  await owner.getByRole('button', { name: 'View card DEM0CARD0001' }).click();
  await owner.getByRole('dialog', { name: 'Card Details' }).getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = owner.getByRole('dialog', { name: 'Adjust balance' });
  await adjust.getByLabel('Amount').fill('5.00');
  await adjust.getByLabel('Reason').fill('Goodwill for the wait');
  await expectNoSeriousA11yViolations(owner, 'adjust balance dialog');
  await adjust.getByRole('button', { name: 'Adjust balance' }).click();
  await expect(owner.getByText(`Balance adjusted. New balance: $${((before + 150 - 60 + 500) / 100).toFixed(2)}`)).toBeVisible();
  await owner.context().close();
});
