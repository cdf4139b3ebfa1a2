import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { SCREENS, screenshot } from './support/screens';

/**
 * The Billing page on the built app and a fresh demo database: a new business signs up,
 * opens Billing, adds a demo card, subscribes to Professional through the modal, lands back
 * with the demo success banners, sees Active + Current, and the Usage tab shows the new limit.
 */

async function shoot(page: Page, name: string) {
  await expectNoSeriousA11yViolations(page, `Billing: ${name}`);
  await screenshot(page, { path: `${SCREENS}/billing-${name}.png`, fullPage: true });
}

test('a new business adds a demo card and subscribes to Professional', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Olga');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByLabel('Email').fill(`olga+${Date.now()}@bakery.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/olgas-store[-\d]*\/dashboard$/);
  const slug = new URL(page.url()).pathname.split('/')[2];

  await page.goto(`/t/${slug}/billing`);
  await expect(page.getByRole('heading', { name: 'Billing & Subscription' })).toBeVisible();
  await expect(page.getByText('Cards Used')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await shoot(page, 'overview');

  // Payment Methods: empty, then add a demo card.
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(page.getByText('No payment methods')).toBeVisible();
  await shoot(page, 'payment-methods-empty');
  await page.getByRole('button', { name: 'Add Your First Card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Add New Card' });
  await cardDialog.getByLabel('Card brand').selectOption('mastercard');
  await cardDialog.getByLabel('Last 4 digits').fill('5555');
  await shoot(page, 'card-form');
  await cardDialog.getByRole('button', { name: 'Add Card' }).click();
  await expect(page.getByText('Payment method added successfully!')).toBeVisible();
  await expect(page.getByText('MASTERCARD •••• 5555')).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();
  await shoot(page, 'payment-methods');
  // The message clears itself after 5 s.
  await expect(page.getByText('Payment method added successfully!')).toBeHidden({ timeout: 8000 });

  // Plans: pick Professional ('Most Popular'), subscribe with the saved card.
  await page.getByRole('tab', { name: 'Plans' }).click();
  await expect(page.getByText('Most Popular')).toBeVisible();
  await shoot(page, 'plans');
  await page.getByRole('button', { name: 'Select Plan Professional' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete Your Subscription' });
  await expect(modal.getByText('Your card will be charged $49.99 today and then monthly until you cancel.')).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'MASTERCARD ending 5555' })).toBeChecked();
  await shoot(page, 'subscribe-modal');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'subscribe-modal-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await modal.getByRole('button', { name: 'Subscribe for $49.99/month' }).click();

  await expect(page).toHaveURL(new RegExp(`/t/${slug}/billing\\?success=true&demo=true$`));
  await expect(page.getByText('Subscription created successfully! Welcome to your new plan.')).toBeVisible();
  await expect(page.getByText('Demo subscription activated! (Note: This is a demo mode - no payment was processed)')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeHidden();
  await shoot(page, 'after-subscribe');

  await page.getByRole('tab', { name: 'Plans' }).click();
  const pro = page.getByTestId('plan-Professional');
  await expect(pro.getByText('Current', { exact: true })).toBeVisible();
  await expect(pro.getByRole('button', { name: /Current Plan/ })).toBeDisabled();

  await page.getByRole('tab', { name: 'Usage' }).click();
  await expect(page.getByTestId('usage-Cards')).toHaveText(/^0 \/ 5000 \(0%\)$/);
  await expect(page.getByTestId('usage-Stores')).toContainText('/ 5');
  await shoot(page, 'usage');

  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByRole('columnheader', { name: 'Amount' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '$49.99' })).toBeVisible();
  await shoot(page, 'invoices');

  // Phone: every tab.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Overview', 'Plans', 'Payment Methods', 'Usage', 'Invoices']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await page.waitForTimeout(200);
    await shoot(page, `${name.toLowerCase().replace(' ', '-')}-phone`);
  }
});

test('payment methods: set default, remove after a confirm, and the plan modal cancels', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Pia');
  await page.getByLabel('Last name').fill('Baker');
  await page.getByLabel('Email').fill(`pia+${Date.now()}@bakery.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const slug = new URL(page.url()).pathname.split('/')[2];
  await page.goto(`/t/${slug}/billing`);

  // Invoices are not loaded before the subscription is ACTIVE.
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page.getByText('No invoices yet')).toBeVisible();

  // Without a saved card the modal asks for one; 'Add New Card' adds it from inside the modal.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const first = page.getByRole('dialog', { name: 'Complete Your Subscription' });
  await expect(first.getByText('Please select a payment method')).toBeVisible();
  await expect(first.getByRole('button', { name: 'Subscribe for $49.99/month' })).toBeDisabled();
  await first.getByRole('button', { name: 'Add New Card' }).click();
  const inner = page.getByRole('dialog', { name: 'Add New Card' });
  await inner.getByLabel('Last 4 digits').fill('1111');
  await inner.getByRole('button', { name: 'Add Card' }).click();
  await expect(inner).toBeHidden();
  await expect(first.getByRole('radio', { name: 'VISA ending 1111' })).toBeChecked();
  await expect(first.getByRole('button', { name: 'Subscribe for $49.99/month' })).toBeEnabled();
  await first.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(page.getByText('VISA •••• 1111')).toBeVisible();
  for (const last4 of ['2222']) {
    await page
      .getByRole('button', { name: /Add (Your First )?Card/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add New Card' });
    await dialog.getByLabel('Last 4 digits').fill(last4);
    await dialog.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByText(`VISA •••• ${last4}`)).toBeVisible();
  }
  const second = page.getByRole('listitem').filter({ hasText: '2222' });
  await second.getByRole('button', { name: 'Set Default' }).click();
  await expect(page.getByText('Default payment method updated successfully!')).toBeVisible();
  await expect(second.getByText('Default', { exact: true })).toBeVisible();

  // Dismissing the confirm keeps the card; accepting removes it.
  page.once('dialog', (d) => {
    expect(d.message()).toBe('Are you sure you want to remove this payment method?');
    void d.dismiss();
  });
  await page.getByRole('button', { name: 'Remove VISA ending 1111' }).click();
  await expect(page.getByText('VISA •••• 1111')).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Remove VISA ending 1111' }).click();
  await expect(page.getByText('Payment method removed successfully!')).toBeVisible();
  await expect(page.getByText('VISA •••• 1111')).toBeHidden();

  // Upgrade to Pro opens the modal for Professional; Cancel closes it without subscribing.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const modal = page.getByRole('dialog', { name: 'Complete Your Subscription' });
  await expect(modal.getByText('Professional', { exact: true })).toBeVisible();
  await expect(modal.getByRole('radio', { name: 'VISA ending 2222' })).toBeChecked();
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('banner').getByText('Trial Account')).toBeVisible();
});
