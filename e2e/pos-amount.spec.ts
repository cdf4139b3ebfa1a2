import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';

/**
 * The POS amount on a phone: the cashier of the spec's own business who types a bad amount and presses
 * Process Earn sees why under the field (the button is not disabled while the form is invalid),
 * and the message goes as soon as the amount is fixed. No money moves here.
 */

test.use({ viewport: { width: 390, height: 844 } });

test('a bad purchase amount is explained under the field at the POS (phone)', async ({ cashierPage: page, business }) => {
  await page.goto(`/t/${business.slug}/pos`);

  await page.getByLabel('Card UID').fill(business.card);
  await page.getByRole('button', { name: 'Load' }).click();
  const amount = page.getByLabel('Purchase amount');
  await expect(amount).toBeVisible();

  await amount.fill('12,5');
  const processEarn = page.getByRole('button', { name: /Process Earn/ });
  await expect(processEarn).toBeEnabled();
  await processEarn.click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 12.50');
  await amount.scrollIntoViewIfNeeded();
  await screenshot(page, { path: `${SCREENS}/pos-earn-field-error-phone.png` });

  await amount.fill('$1,234.56'); // as printed on a receipt: accepted
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Enter an amount in dollars, e.g. 12.50')).toHaveCount(0);
});
