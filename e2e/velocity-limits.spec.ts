import { DESKTOP, PHONE, expectNoSeriousA11yViolations, expectNoSeriousA11yViolationsAtWidths, waitForSettled } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';
import { signedInPage } from './support/sign-in';
import type { Page } from '@playwright/test';

/**
 * Velocity limits end to end on the built app (docs/product.md 'Velocity limits'), in the spec's
 * own business: the owner limits the earns per card to 2 a day, refused, in Rules & Settings →
 * Limits; the cashier's third earn on a card is refused at the POS with the limit's message; the
 * owner switches the limit to accept and flag, the cashier's next earn goes through, and the owner
 * finds the flag with its movement on the Review page and blocks the card, which closes the flag.
 */
test('a limit refuses the third earn, then flags the next one, and the owner blocks the card from Review', async ({
  adminPage: admin,
  business,
  browser,
  baseURL,
}) => {
  test.slow();
  const earns = admin.getByRole('group', { name: 'Earns per card' });
  const saveLimits = async () => {
    await admin.getByRole('button', { name: 'Save Limits' }).click();
    await expect(admin.locator('.Toastify').getByText('Limits saved')).toBeVisible();
  };

  // The owner allows 2 earns per card a day and refuses the rest.
  await admin.goto(`/t/${business.slug}/rules`);
  await admin.getByRole('tab', { name: 'Limits' }).click();
  await expect(admin.getByText("Velocity limits stop or flag unusual activity on a card or by a staff member. A day is your business's day.")).toBeVisible();
  await earns.getByRole('checkbox', { name: 'Limit the earns per card a day' }).check();
  await earns.getByLabel('Earns per card a day', { exact: true }).fill('2');
  await earns.getByLabel('When the limit is reached').selectOption({ label: 'Refuse the movement' });
  await expectNoSeriousA11yViolationsAtWidths(admin, 'rules limits tab', () => expect(earns).toBeVisible());
  await screenshot(admin, { path: `${SCREENS}/rules-limits-desktop.png`, fullPage: true });
  await phoneScreenshot(admin, 'rules-limits-phone.png');
  await saveLimits();

  // The cashier earns twice on the card; the third earn is refused with the limit's message.
  const till = await signedInPage(browser, baseURL!, business.cashier, { path: `/t/${business.slug}/pos` });
  await till.getByLabel('Card UID').fill(business.card);
  await till.getByRole('button', { name: 'Load' }).click();
  await expect(till.getByText(`${business.customer.firstName} ${business.customer.lastName}`).first()).toBeVisible();
  await earn(till, '10.00');
  await earn(till, '10.00');
  await till.getByLabel('Purchase amount').fill('10.00');
  await till.getByRole('button', { name: /Process Earn/ }).click();
  await expect(till.getByText('Limit reached: 2 earns per card a day').first()).toBeVisible();

  // The owner switches the limit to accept and flag; the cashier's next earn goes through.
  await earns.getByLabel('When the limit is reached').selectOption({ label: 'Accept and flag for review' });
  await saveLimits();
  await till.reload();
  await till.getByLabel('Card UID').fill(business.card);
  await till.getByRole('button', { name: 'Load' }).click();
  await earn(till, '12.34');
  await till.context().close();

  // The owner finds the flag with its movement on the Review page.
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  const table = admin.getByRole('table', { name: 'Flags' });
  const row = table.getByRole('row').filter({ hasText: business.card });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2 earns per card a day');
  await expect(row).toContainText(`${business.customer.firstName} ${business.customer.lastName}`);
  await expect(row).toContainText(`Casey ${business.cashier.lastName}`);
  await expect(row).toContainText(business.store.name);
  await expect(row).toContainText('Open');
  await expect(row.getByRole('listitem')).toHaveText([/^Earn \$12\.34 at \d{1,2}:\d{2} [AP]M$/]);
  await expect(admin.getByText('1 open flag', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolationsAtWidths(admin, 'review page', () => expect(admin.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible());
  await screenshot(admin, { path: `${SCREENS}/review-desktop.png`, fullPage: true });
  await phoneScreenshot(admin, 'review-phone.png');

  // Blocking the card asks first, then closes the flag.
  await row.getByRole('button', { name: `Block card ${business.card}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: `Block card ${business.card}?` });
  await expect(dialog).toContainText('The card can no longer earn or redeem until it is unblocked on the Cards page.');
  await expectNoSeriousA11yViolations(admin, 'block card confirmation', { include: '[role="alertdialog"]' });
  await screenshot(admin, { path: `${SCREENS}/review-block-confirm-desktop.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Block card' }).click();
  await expect(admin.locator('.Toastify').getByText(`Card ${business.card} blocked`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('heading', { name: 'Nothing to review' })).toBeVisible();

  // Under All flags it stays, closed by the block.
  await admin.getByLabel('Show', { exact: true }).selectOption({ label: 'All flags' });
  const closed = admin.getByRole('table', { name: 'Flags' }).getByRole('row').filter({ hasText: business.card });
  await expect(closed).toContainText('Card blocked');
  await expect(closed).toContainText('Blocked');
  await expect(closed.getByRole('button')).toHaveCount(0);
});

/** Earns `amount` on the card loaded at the till and waits for the success toast and the cleared amount. */
async function earn(till: Page, amount: string) {
  await till.getByLabel('Purchase amount').fill(amount);
  await till.getByRole('button', { name: /Process Earn/ }).click();
  await expect(till.getByText(/Cashback earned/).first()).toBeVisible();
  await expect(till.getByLabel('Purchase amount')).toHaveValue('');
}

/** A full-page screenshot of `page` at the phone width (taken only when the run asks for screenshots), then back to the desktop width. */
async function phoneScreenshot(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await waitForSettled(page);
  await screenshot(page, { path: `${SCREENS}/${name}`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}
