import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { DEMO, signedInPage, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Platform plans, settings and subscription analytics on the built app and the demo database:
 * - the operator creates a plan (price in dollars → cents, limits empty/0 → unlimited, empty
 *   feature rows dropped) and the admin of the spec's own business, in a browser context of her own, sees it on
 *   Billing → Plans; the operator edits it (the tenant sees the new name and price) and deletes
 *   it after the confirmation (gone for the tenant too);
 * - a plan in use cannot be deleted: a new business subscribes to Starter and the operator's
 *   delete shows the server's 409 text (the business is deleted again at the end);
 * - Settings → Platform: signups switched off are stored (still off after a reload) and /signup
 *   is refused with the server's message; switched back on, signups work again;
 * - Subscription Analytics shows its four tiles with the API's figures and switches timeframe.
 *
 * The demo database is left as found: the plan created here is deleted, the business created
 * here is deleted, and the settings are put back to what they were (also when a step fails).
 */

const PLANS = '/platform/plans';
const IN_USE = /This plan is used by \d+ tenant\(s\) and cannot be deleted/;

interface PlanBody {
  id: string;
  name: string;
  priceMonthly: number;
  billingPeriod: string;
  features: string[];
  limits: { stores: number; staff: number; cards: number; transactions: number };
  isActive: boolean;
  tenantsCount: number;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const planCard = (page: Page, name: string) => page.locator(`[data-testid="platform-plan"][data-plan="${name}"]`);

async function plans(request: APIRequestContext): Promise<PlanBody[]> {
  const res = await request.get('/api/platform/plans');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { plans: PlanBody[] }).plans;
}

/** The value of a StatCard (components/ui/stat-card.tsx), a group named by its label. */
const tile = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true }).getByTestId('stat-value');
const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the operator creates, edits and deletes a plan; the tenant admin sees each change on Billing → Plans', async ({ page, browser, baseURL, business }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  const name = `E2E Plan ${String(Date.now()).slice(-6)}`;
  await signInTo(page, DEMO.operator, PLANS);
  await expect(page.getByTestId('platform-plan').first()).toBeVisible();

  // Create: $12.50 every 3 months, stores 2, staff 0 (→ unlimited), cards/transactions empty, an empty feature row between two.
  await page.getByRole('button', { name: 'Add Plan' }).click();
  const form = page.getByRole('dialog', { name: 'Add Plan' });
  await form.getByRole('button', { name: 'Create Plan' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Plan name').fill(name);
  await form.getByLabel('Description').fill('Made by the e2e test');
  await form.getByLabel('Monthly price ($)').fill('12.5');
  await form.getByLabel('Billing period').selectOption('3months');
  await form.getByLabel('Stores', { exact: true }).fill('2');
  await form.getByLabel('Staff', { exact: true }).fill('0');
  await expect(form.getByRole('button', { name: 'Remove feature 1' })).toBeDisabled();
  await form.getByLabel('Feature 1', { exact: true }).fill('Feature A');
  await form.getByRole('button', { name: 'Add Feature' }).click();
  await form.getByRole('button', { name: 'Add Feature' }).click();
  await form.getByLabel('Feature 3', { exact: true }).fill('Feature C');
  await screenshot(page, { path: `${SCREENS}/platform-plan-form.png` });
  await form.getByRole('button', { name: 'Create Plan' }).click();
  await expect(toast(page, 'Plan created successfully!')).toBeVisible();
  await expect(form).toBeHidden();

  const card = planCard(page, name);
  await expect(card.getByTestId('plan-price')).toHaveText('$37.50/3 months');
  await expect(card.getByTestId('limit-stores')).toHaveText('2');
  for (const key of ['staff', 'cards', 'transactions']) await expect(card.getByTestId(`limit-${key}`)).toHaveText('∞');
  await expect(card.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveText(['Feature A', 'Feature C']);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByTestId('plan-tenants')).toHaveText('0 tenants on this plan');
  const created = (await plans(page.request)).find((p) => p.name === name)!;
  expect(created).toMatchObject({
    priceMonthly: 1250,
    billingPeriod: '3months',
    features: ['Feature A', 'Feature C'],
    limits: { stores: 2, staff: -1, cards: -1, transactions: -1 },
    isActive: true,
  });
  await screenshot(page, { path: `${SCREENS}/platform-plans.png`, fullPage: true });

  try {
    // The tenant admin (her own browser context) sees it among the plans she can choose.
    const tenant = await signedInPage(browser, baseURL!, business.admin, {
      viewport: { width: 1280, height: 900 },
      path: `/t/${business.slug}/billing?tab=plans`,
    });
    await expect(tenant.getByTestId(`plan-${name}`)).toContainText('$12.50');
    await expect(tenant.getByTestId(`plan-${name}`)).toContainText('Feature C');

    // Edit: new name and price; the form opens with the stored values (−1 limits as empty 'Unlimited').
    await card.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Plan' });
    await expect(edit.getByLabel('Plan name')).toHaveValue(name);
    await expect(edit.getByLabel('Monthly price ($)')).toHaveValue('12.50');
    await expect(edit.getByLabel('Staff', { exact: true })).toHaveValue('');
    await expect(edit.getByLabel('Staff', { exact: true })).toHaveAttribute('placeholder', 'Unlimited');
    await edit.getByLabel('Plan name').fill(`${name} Plus`);
    await edit.getByLabel('Monthly price ($)').fill('15');
    await edit.getByLabel('Billing period').selectOption('monthly');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Plan updated successfully!')).toBeVisible();
    await expect(planCard(page, `${name} Plus`).getByTestId('plan-price')).toHaveText('$15.00/month');
    await tenant.reload();
    await expect(tenant.getByTestId(`plan-${name} Plus`)).toContainText('$15.00');

    // Delete after the confirmation; Cancel first keeps it.
    await planCard(page, `${name} Plus`)
      .getByRole('button', { name: `Delete ${name} Plus` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Plan' });
    await expect(confirm).toContainText('Are you sure you want to delete the plan? This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(planCard(page, `${name} Plus`)).toBeVisible();
    await planCard(page, `${name} Plus`)
      .getByRole('button', { name: `Delete ${name} Plus` })
      .click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Plan deleted successfully!')).toBeVisible();
    await expect(planCard(page, `${name} Plus`)).toHaveCount(0);
    await tenant.reload();
    await expect(tenant.getByTestId('plan-Starter')).toBeVisible();
    await expect(tenant.getByTestId(`plan-${name} Plus`)).toHaveCount(0);
    await tenant.context().close();
  } finally {
    // Leave the demo database as found, even when a step above failed.
    for (const p of await plans(page.request)) if (p.name.startsWith(name)) await page.request.delete(`/api/platform/plans/${p.id}`);
  }
});

test('a plan in use cannot be deleted: the server refusal is shown in the confirmation', async ({ page, browser }) => {
  test.slow();
  // A new business of its own subscribes to Starter (the demo tenant stays on its trial).
  const owner = await browser.newContext();
  const res = await owner.request.post('/api/auth/signup', {
    data: { firstName: 'Ines', lastName: 'Use', email: `ines+${Date.now()}@inuse.test`, password: 'secret12' },
  });
  expect(res.ok()).toBe(true);
  const { tenant } = (await res.json()) as { tenant: { id: string; slug: string } };
  await signInTo(page, DEMO.operator, '/platform/dashboard');
  try {
    const starter = (await plans(page.request)).find((p) => p.name === 'Starter')!;
    const card = await owner.request.post(`/api/t/${tenant.slug}/billing/payment-methods`, {
      data: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035 },
    });
    expect(card.ok()).toBe(true);
    const pm = (await card.json()) as { id: string };
    const sub = await owner.request.post(`/api/t/${tenant.slug}/billing/subscribe`, { data: { planId: starter.id, paymentMethodId: pm.id } });
    expect(sub.ok()).toBe(true);

    await page.goto(PLANS);
    const starterCard = planCard(page, 'Starter');
    await expect(starterCard.getByTestId('plan-tenants')).not.toHaveText('0 tenants on this plan');
    await starterCard.getByRole('button', { name: 'Delete Starter' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Plan' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toHaveText(IN_USE);
    await expectNoSeriousA11yViolations(page, 'Delete Plan refused');
    await screenshot(page, { path: `${SCREENS}/platform-plan-in-use.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(planCard(page, 'Starter')).toBeVisible();
    expect((await plans(page.request)).some((p) => p.id === starter.id)).toBe(true);
  } finally {
    await owner.close();
    const del = await page.request.delete(`/api/platform/tenants/${tenant.id}`, { data: { confirmSlug: tenant.slug } });
    expect(del.status()).toBe(204);
  }
});

test(
  'signups switched off in Settings → Platform refuse /signup with the server message; switched on again they work',
  { tag: '@platform-settings' },
  async ({ page, browser }) => {
    test.slow();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInTo(page, DEMO.operator, '/platform/dashboard');
    const before = await (await page.request.get('/api/platform/settings')).json();
    try {
      await page.goto('/platform/settings');
      await expect(page.getByRole('tab', { name: 'Email Settings' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('SMTP port')).toHaveValue(String(before.smtp.port));
      await page.getByRole('tab', { name: 'Platform' }).click();
      const allow = page.getByLabel('Allow public signups');
      await expect(allow).toBeChecked();

      // A contract message for an invalid value, nothing saved.
      await page.getByLabel('Trial days').fill('400');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByText('Trial days must be 0–365')).toBeVisible();
      await page.getByLabel('Trial days').fill(String(before.platform.trialDays));

      await allow.uncheck();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Platform settings saved');
      await screenshot(page, { path: `${SCREENS}/platform-settings-saved.png` });
      // 'Saved' lasts 3 seconds, then the button reads 'Save Settings' again.
      await expect(page.getByRole('button', { name: 'Save Settings' })).toBeVisible({ timeout: 6000 });
      await page.reload();
      await page.getByRole('tab', { name: 'Platform' }).click();
      await expect(page.getByLabel('Allow public signups')).not.toBeChecked();

      // A visitor (no session) is refused with the server's text.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      const email = `late+${Date.now()}@closed.test`;
      const refused = await visitor.request.post('/api/auth/signup', { data: { firstName: 'Lea', lastName: 'Late', email, password: 'secret12' } });
      expect(refused.status()).toBe(403);
      const message = ((await refused.json()) as { error: string }).error;
      await visitor.goto('/signup');
      await visitor.getByLabel('First name').fill('Lea');
      await visitor.getByLabel('Last name').fill('Late');
      await visitor.getByLabel('Email').fill(email);
      await visitor.getByLabel('Password', { exact: true }).fill('secret12');
      await visitor.getByLabel('Confirm password').fill('secret12');
      await visitor.getByRole('button', { name: 'Create account' }).click();
      await expect(visitor.getByRole('alert')).toHaveText(message);
      await expect(visitor).toHaveURL(/\/signup$/);

      // On again: stored, and signup is no longer refused by the setting.
      await page.getByLabel('Allow public signups').check();
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
      const after = await (await page.request.get('/api/platform/settings')).json();
      expect(after.platform.allowSignups).toBe(true);
      await visitorContext.close();
    } finally {
      const { passwordSet: _ignored, ...smtp } = before.smtp;
      void _ignored;
      const restore = await page.request.put('/api/platform/settings', { data: { ...before, smtp: { ...smtp, password: '' } } });
      expect(restore.status()).toBe(200);
    }
  },
);

test('Subscription Analytics shows the four tiles with the API figures and switches timeframe', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, DEMO.operator, '/platform/dashboard');
  const first = page.waitForResponse((r) => r.url().includes('/api/admin/analytics/subscriptions?timeframe=30d'));
  await page.goto('/platform/subscriptions');
  const body30 = await (await first).json();
  await expect(page.getByRole('heading', { name: 'Subscription Analytics' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Timeframe' })).toHaveText('Last 30 days');
  await expect(tile(page, 'Total Revenue')).toHaveText(money(body30.totalRevenue));
  await expect(tile(page, 'New Subscriptions')).toHaveText(String(body30.totalSubscriptions));
  await expect(tile(page, 'Active Subscriptions')).toHaveText(String(body30.activeSubscriptions));
  const avg = (days: Array<{ revenue: number }>) => (days.length ? Math.round(days.reduce((s, d) => s + d.revenue, 0) / days.length) : 0);
  await expect(tile(page, 'Avg. Revenue/Day')).toHaveText(money(avg(body30.revenueByDay)));
  await expect(page.getByTestId('money-chart')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Plans' })).toBeVisible();

  const seven = page.waitForResponse((r) => r.url().includes('timeframe=7d'));
  // The Radix SelectMenu: open it, pick the option (the design system's Select).
  await page.getByRole('combobox', { name: 'Timeframe' }).click();
  await page.getByRole('option', { name: 'Last 7 days' }).click();
  const body7 = await (await seven).json();
  expect(body7.revenueByDay).toHaveLength(7);
  await expect(tile(page, 'Avg. Revenue/Day')).toHaveText(money(avg(body7.revenueByDay)));
  await expect(tile(page, 'Total Revenue')).toHaveText(money(body7.totalRevenue));

  const again = page.waitForResponse((r) => r.url().includes('timeframe=7d'));
  await page.getByRole('button', { name: 'Refresh' }).click();
  expect((await again).status()).toBe(200);

  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Recent Payments' })).toBeVisible();
  await page.getByRole('tab', { name: 'Events' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Events' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Subscription Analytics with data');
  await screenshot(page, { path: `${SCREENS}/platform-subscriptions.png`, fullPage: true });
});
