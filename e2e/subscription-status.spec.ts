import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInWithFill } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The dashboard's subscription status strip in each of its five variants, and the greyed POS /
 * Cards / Transactions menu items when PAST_DUE after its grace period. The tenant answer is
 * rewritten in the browser: the server-side transitions are covered by the API tests (Stripe
 * webhooks, grace gate).
 */

const DAY = 86_400_000;

/** Rewrites GET /api/t/demo/tenant with `over` from now on. */
async function tenantAs(page: Page, over: Record<string, unknown>) {
  await page.unrouteAll();
  await page.route('**/api/t/demo/tenant', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, ...over } });
  });
  await page.reload();
}

test('the status strip names each subscription state and leads to the right Billing tab', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInWithFill(page, DEMO.admin.email, /\/t\/demo\/dashboard$/);
  const strip = page.getByRole('region', { name: 'Subscription status' });

  // The demo tenant is on trial.
  await expect(strip.getByRole('heading', { name: 'Free Trial Active' })).toBeVisible();
  await expect(strip.getByText('Your trial includes 40 card activations. Upgrade to unlock unlimited cards.')).toBeVisible();
  await expect(strip.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/t/demo/billing?tab=plans');

  await tenantAs(page, { subscriptionStatus: 'NONE' });
  await expect(strip.getByRole('heading', { name: 'Start Your Free Trial' })).toBeVisible();
  await expect(strip.getByText(/14 days\. No credit card required\./)).toBeVisible();

  await tenantAs(page, {
    subscriptionStatus: 'ACTIVE',
    subscriptionInfo: { isActive: true, planId: 'p', planName: 'Professional', cardLimit: 5000, cardsUsed: 14, cardsRemaining: 4986 },
  });
  await expect(strip.getByRole('heading', { name: 'Subscription Active' })).toBeVisible();
  await expect(strip.getByText('You are on the Professional plan.')).toBeVisible();
  await expect(strip.getByRole('link', { name: 'Manage Billing' })).toHaveAttribute('href', '/t/demo/billing');

  // PAST_DUE inside the grace period: days left, rounded up (2.5 days → 3); the menu stays usable.
  await tenantAs(page, { subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 2.5 * DAY).toISOString(), canTransact: true });
  await expect(strip.getByRole('heading', { name: 'Payment Past Due' })).toBeVisible();
  await expect(strip.getByText('Your last payment failed. You have 3 days left to update your payment method before access is limited.')).toBeVisible();
  await expect(strip.getByRole('link', { name: 'Update Payment Method' })).toHaveAttribute('href', '/t/demo/billing?tab=payment-methods');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'POS Terminal' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Past due, in grace');
  await screenshot(page, { path: `${SCREENS}/status-past-due-grace.png` });

  // PAST_DUE after the grace period: the restore text, and POS, Cards, Transactions greyed.
  await tenantAs(page, { subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() - DAY).toISOString(), canTransact: false });
  await expect(strip.getByText('Update your payment method to restore full access.')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['POS Terminal', 'Cards', 'Transactions']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
    await expect(nav.locator('[aria-disabled="true"]', { hasText: label })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, 'Past due, grace over');
  await screenshot(page, { path: `${SCREENS}/status-past-due-expired.png` });

  await tenantAs(page, { subscriptionStatus: 'CANCELED', canTransact: false });
  await expect(strip.getByRole('heading', { name: 'Subscription Canceled' })).toBeVisible();
  await strip.getByRole('link', { name: 'Reactivate' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/billing\?tab=plans$/);
  await expect(page.getByRole('tab', { name: 'Plans' })).toHaveAttribute('aria-selected', 'true');
});
