import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The operator ships a printed-card order (docs/product.md 'Card orders': PAID → PROCESSING →
 * SHIPPED → DELIVERED, one step at a time, platform_admin only) on the built app: the owner of
 * a new business, in an API context of her own, orders 100 single-sided cards
 * and pays on the Demo checkout; the operator opens Platform → Card Orders, filters Paid, and
 * moves the order Processing → Shipped → Delivered, each after the confirmation dialog and with
 * its toast; the tenant's own GET /api/t/{slug}/card-orders/{id} then reads DELIVERED.
 */

/** Creates a 100-card order for the tenant and pays it on the Demo checkout; returns its id. */
async function paidOrder(api: APIRequestContext, slug: string): Promise<string> {
  const created = await api.post(`/api/t/${slug}/card-orders`, {
    data: {
      cardType: 'SINGLE_SIDED',
      quantity: 100,
      shippingAddress: { name: 'Fulfil Tester', line1: '9 Depot Road', city: 'Shipton', postalCode: '54321', country: 'Canada' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const orderId = ((await created.json()) as { id: string }).id;
  const checkout = await api.post(`/api/t/${slug}/card-orders/checkout`, { data: { orderId } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  const checkoutId = checkoutUrl.split('/').pop()!;
  const paid = await api.post(`/api/t/${slug}/checkout/${checkoutId}/pay`, { data: {} });
  expect(paid.ok(), await paid.text()).toBe(true);
  return orderId;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

test('the operator moves a paid order of a tenant to Processing, Shipped and Delivered', async ({ page, adminApi: api, business }) => {
  test.slow();
  // The spec's own business orders, so the 100 cards stay out of the demo tenant.
  const { slug, name } = business;
  const orderId = await paidOrder(api, slug);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInTo(page, DEMO.operator, '/platform/dashboard');

  await page.getByRole('link', { name: 'Card Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Card Orders', level: 1 })).toBeVisible();
  await page.getByLabel('Status').selectOption('PAID');
  await expect(page).toHaveURL(/status=PAID/);

  const row = page.locator(`[data-testid="platform-order-row"][data-order-id="${orderId}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText(slug);
  await expect(row).toContainText('Single-sided');
  await expect(row).toContainText('$50.00');
  await expect(row).toContainText('Shipton, Canada');
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.locator('[data-testid="platform-order-row"]:not([data-status="PAID"])')).toHaveCount(0);

  // Paid → Processing: the order leaves the Paid filter.
  await row.getByRole('button', { name: 'Start processing' }).click();
  let dialog = page.getByRole('alertdialog', { name: `Mark order of ${name} for 100 cards as Processing?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Platform card orders, confirm dialog');
  await screenshot(page, { path: `${SCREENS}/platform-card-orders-confirm.png` });
  await dialog.getByRole('button', { name: 'Start processing' }).click();
  await expect(toast(page, 'Order marked as Processing')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // Follow it under Processing, then Shipped.
  await page.getByLabel('Status').selectOption('PROCESSING');
  await expect(row).toHaveAttribute('data-status', 'PROCESSING');
  await row.getByRole('button', { name: 'Mark shipped' }).click();
  dialog = page.getByRole('alertdialog', { name: `Mark order of ${name} for 100 cards as Shipped?` });
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(toast(page, 'Order marked as Shipped')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByLabel('Status').selectOption('');
  await expect(row).toHaveAttribute('data-status', 'SHIPPED');
  await row.getByRole('button', { name: 'Mark delivered' }).click();
  dialog = page.getByRole('alertdialog', { name: `Mark order of ${name} for 100 cards as Delivered?` });
  await dialog.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(toast(page, 'Order marked as Delivered')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'DELIVERED');
  await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'Platform card orders, delivered');
  await screenshot(page, { path: `${SCREENS}/platform-card-orders-delivered.png`, fullPage: true });

  // The tenant sees it delivered.
  const res = await api.get(`/api/t/${slug}/card-orders/${orderId}`);
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { status: string }).status).toBe('DELIVERED');
});
