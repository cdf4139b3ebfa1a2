import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Cards Management on the built app and the demo database: a tenant admin creates a batch, assigns
 * a card to a new customer, blocks and unblocks it, downloads its QR code, filters and searches;
 * every modal is screenshotted.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const tile = (page: Page, uid: string) => page.getByRole('article', { name: `Card ${uid}` });
const tiles = (page: Page) => page.getByRole('article', { name: /^Card / });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** Opens the 'More actions' menu of the tile of card `uid` and runs its item `item` (Assign Store, Block, Unblock). */
async function tileMenuItem(page: Page, uid: string, item: string) {
  await tile(page, uid)
    .getByRole('button', { name: `More actions for card ${uid}` })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(menu).toBeHidden();
}

/** Waits for every QR image inside `scope` to finish loading (screenshots show real codes). */
async function qrImagesLoaded(scope: Locator) {
  await expect
    .poll(async () =>
      scope
        .locator('img[alt^="QR code"]')
        .evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);
}

/** The text of the QR code in a PNG (decoded with jsQR, as a phone camera would). */
async function decodeQr(png: Buffer): Promise<string> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(code, 'the downloaded PNG holds a readable QR code').not.toBeNull();
  return code!.data;
}

async function cardCount(page: Page, status?: string): Promise<number> {
  const res = await page.request.get(`/api/t/demo/cards?limit=1${status ? `&status=${status}` : ''}`);
  expect(res.ok()).toBe(true);
  return (await res.json()).total as number;
}

test('a tenant admin creates, assigns, blocks, downloads, filters and searches cards', async ({ page }) => {
  // A whole morning at the cards page: a dozen screens, four axe scans.
  test.slow();
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');

  // The menu has Cards after POS Terminal.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toContainText(['Dashboard', 'POS Terminal', 'Cards']);
  await nav.getByRole('link', { name: 'Cards' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cards Management' })).toBeVisible();
  await expect(page.getByText('Create, activate, and manage loyalty cards')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /cards used/ })).toBeVisible();
  await expect(tiles(page).first()).toBeVisible();
  await qrImagesLoaded(page.locator('main'));
  await screenshot(page, { path: `${SCREENS}/cards-page.png`, fullPage: true });

  // Create a batch of 5.
  const before = await cardCount(page);
  const unassignedBefore = await cardCount(page, 'UNASSIGNED');
  await page.getByRole('button', { name: 'Create Card Batch' }).first().click();
  const batch = dialog(page, 'Create Card Batch');
  await expect(batch).toBeVisible();
  await expect(batch.getByLabel('Quantity')).toHaveValue('10');
  await expect(batch.getByLabel('Quantity')).toBeFocused();
  await screenshot(page, { path: `${SCREENS}/cards-modal-create-batch.png` });
  // Escape closes; reopening starts from the defaults again.
  await page.keyboard.press('Escape');
  await expect(batch).toBeHidden();
  await page.getByRole('button', { name: 'Create Card Batch' }).first().click();
  await batch.getByLabel('Quantity').fill('5');
  await batch.getByRole('button', { name: 'Create Cards' }).click();
  await expect(toast(page, 'Successfully created 5 cards')).toBeVisible();
  await expect(batch).toBeHidden();
  expect(await cardCount(page)).toBe(before + 5);
  expect(await cardCount(page, 'UNASSIGNED')).toBe(unassignedBefore + 5);

  // Assign an unassigned card to a new customer at Main Store.
  await page.getByLabel('Status').selectOption({ label: 'Unassigned' });
  await expect(page).toHaveURL(/status=UNASSIGNED/);
  const firstUnassigned = tiles(page).first();
  await expect(firstUnassigned).toHaveAttribute('data-status', 'UNASSIGNED');
  const uid = (await firstUnassigned.getByTestId('card-uid').textContent())!.trim();
  expect(uid).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
  await firstUnassigned.getByRole('button', { name: 'Assign', exact: true }).click();
  const assign = dialog(page, 'Assign Card');
  await expect(assign).toBeVisible();
  await expect(assign.getByRole('tab', { name: 'Existing customer' })).toHaveAttribute('aria-selected', 'true');
  await expect(assign.getByRole('radiogroup', { name: 'Customers without a card' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Assign Card, existing customer tab');
  await screenshot(page, { path: `${SCREENS}/cards-modal-assign-existing.png` });
  // Submitting without a choice shows the required messages.
  await assign.getByLabel('Store').selectOption({ label: 'Main Store' });
  await assign.getByRole('button', { name: 'Assign Card' }).click();
  await expect(assign.getByText('Select a customer')).toBeVisible();
  await assign.getByRole('tab', { name: 'New customer' }).click();
  await assign.getByRole('button', { name: 'Assign Card' }).click();
  await expect(assign.getByText('First name is required')).toBeVisible();
  const suffix = String(Date.now()).slice(-6);
  const firstName = 'Quinn';
  const lastName = `Cardtester${suffix}`;
  await assign.getByLabel('First name').fill(firstName);
  await assign.getByLabel('Last name').fill(lastName);
  await assign.getByLabel('Email (optional)').fill(`quinn.${suffix}@example.test`);
  await expectNoSeriousA11yViolations(page, 'Assign Card, new customer');
  await screenshot(page, { path: `${SCREENS}/cards-modal-assign-new.png` });
  await assign.getByRole('button', { name: 'Assign Card' }).click();
  await expect(toast(page, 'Card assigned successfully')).toBeVisible();
  await expect(assign).toBeHidden();

  // It is ACTIVE with the customer's name (All statuses, searched by UID).
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await page.getByLabel('Search cards').fill(uid);
  await expect(page).toHaveURL(new RegExp(`search=${uid}`));
  const card = tile(page, uid);
  await expect(tiles(page)).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', 'ACTIVE');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(`${firstName} ${lastName}`)).toBeVisible();
  await expect(card.getByText('Main Store')).toBeVisible();

  // Block, then unblock (the tile's 'More actions' menu).
  await tileMenuItem(page, uid, 'Block');
  await expect(toast(page, 'Card blocked successfully')).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'BLOCKED');
  await expect(card.getByText('Blocked', { exact: true })).toBeVisible();
  await tileMenuItem(page, uid, 'Unblock');
  await expect(toast(page, 'Card unblocked successfully')).toBeVisible();
  await expect(card).toHaveAttribute('data-status', 'ACTIVE');

  // Download its QR code as PNG: a real PNG file.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: `Download QR code of card ${uid} (PNG)` }).click()]);
  expect(download.suggestedFilename()).toBe(`card-${uid}.png`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  await expect(toast(page, 'QR code downloaded successfully')).toBeVisible();

  // The downloaded code opens the card's public page, signed out: the holder's name with the
  // token; the same address without it shows no name.
  const publicUrl = new URL(await decodeQr(bytes));
  expect(publicUrl.pathname).toBe(`/demo/c/${uid}`);
  const stranger = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await stranger.goto(new URL(`${publicUrl.pathname}${publicUrl.search}`, page.url()).href);
  await expect(stranger.getByRole('heading', { level: 1, name: `${firstName} ${lastName}` })).toBeVisible();
  await stranger.goto(new URL(publicUrl.pathname, page.url()).href);
  await expect(stranger.getByRole('heading', { level: 1, name: 'Loyalty card' })).toBeVisible();
  await expect(stranger.getByText(lastName)).toHaveCount(0);
  await stranger.close();

  // Card Details.
  await card.getByRole('button', { name: 'View', exact: true }).click();
  const details = dialog(page, 'Card Details');
  await expect(details).toBeVisible();
  await expect(details.getByText(`${firstName} ${lastName}`)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Download QR code as SVG' })).toBeVisible();
  await expect(details.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', `/api/t/demo/cards/${uid}/wallet/apple`);
  await qrImagesLoaded(details);
  await screenshot(page, { path: `${SCREENS}/cards-modal-details.png` });
  const [svg] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download QR code as SVG' }).click()]);
  expect(svg.suggestedFilename()).toBe(`card-${uid}.svg`);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');
  await details.getByRole('button', { name: 'Close' }).first().click();
  await expect(details).toBeHidden();

  // Assign Store (the demo has two stores): move it to Downtown Store.
  await tileMenuItem(page, uid, 'Assign Store');
  const store = dialog(page, 'Assign Store to Card');
  await expect(store).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/cards-modal-assign-store.png` });
  await store.getByLabel('New store').selectOption({ label: 'Downtown Store' });
  await store.getByRole('button', { name: 'Update Store' }).click();
  await expect(toast(page, 'Card store assignment updated successfully')).toBeVisible();
  await expect(card.getByText('Downtown Store')).toBeVisible();

  // Download QR Codes: select the card, download a zip of images and the print-ready sheets.
  await expect(page.getByRole('button', { name: 'Download QR Codes' })).toBeDisabled();
  await card.getByRole('checkbox', { name: `Select card ${uid}` }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Download QR Codes' }).click();
  const bulk = dialog(page, 'Download QR Codes');
  await expect(bulk).toBeVisible();
  await expect(bulk.getByLabel('Size (pixels)')).toHaveValue('300');
  await expect(bulk.getByLabel('Include card UID labels')).toBeChecked();
  await expect(bulk.getByLabel('Cards per page')).toHaveValue('8');
  await screenshot(page, { path: `${SCREENS}/cards-modal-download.png` });
  const [zip] = await Promise.all([page.waitForEvent('download'), bulk.getByRole('button', { name: 'Download 1 QR Code' }).click()]);
  expect(zip.suggestedFilename()).toMatch(/^qr-codes-\d{4}-\d{2}-\d{2}\.zip$/);
  expect([...readFileSync((await zip.path())!).subarray(0, 2)]).toEqual([0x50, 0x4b]);
  await expect(toast(page, 'Downloaded 1 QR codes successfully')).toBeVisible();
  await expect(bulk).toBeHidden();
  await page.getByRole('button', { name: 'Download QR Codes' }).click();
  const [sheets] = await Promise.all([page.waitForEvent('download'), bulk.getByRole('button', { name: 'Download Print-Ready Sheets' }).click()]);
  expect(sheets.suggestedFilename()).toMatch(/\.zip$/);
  expect([...readFileSync((await sheets.path())!).subarray(0, 2)]).toEqual([0x50, 0x4b]);
  await expect(toast(page, 'Downloaded print-ready sheets for 1 cards')).toBeVisible();

  // Filter by status: only cards of that status are shown.
  await page.getByLabel('Search cards').fill('');
  await expect(page).not.toHaveURL(/search=/);
  for (const [label, status] of [
    ['Active', 'ACTIVE'],
    ['Unassigned', 'UNASSIGNED'],
  ] as const) {
    await page.getByLabel('Status').selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`status=${status}`));
    // The previous page stays on screen (dimmed) until the filtered one arrives: poll.
    await expect.poll(async () => [...new Set(await tiles(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-status'))))]).toEqual([status]);
  }
  await page.getByLabel('Status').selectOption({ label: 'Blocked' });
  await expect(page.getByText('No cards found matching your criteria').or(tiles(page).first())).toBeVisible();

  // Search by the new customer's name: exactly that card.
  await page.getByLabel('Status').selectOption({ label: 'All statuses' });
  await page.getByLabel('Search cards').fill(`${firstName} ${lastName}`);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tile(page, uid)).toBeVisible();
  await page.getByLabel('Search cards').fill(lastName);
  await expect(tiles(page)).toHaveCount(1);
  await expect(tile(page, uid)).toBeVisible();
  await page.getByLabel('Search cards').fill('NOSUCHCARD99');
  await expect(page.getByText('No cards found matching your criteria')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Cards, no match');
  await screenshot(page, { path: `${SCREENS}/cards-empty-search.png`, fullPage: true });
});

test('a cashier sees the cards page without Block and assigns to new customers only', async ({ page }) => {
  await signInTo(page, DEMO.cashier, '/t/demo/cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Cards Management' })).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Active' });
  await expect(tiles(page).first()).toHaveAttribute('data-status', 'ACTIVE');
  // A cashier's 'More actions' menu has no Block (only Assign Store, the demo having two stores).
  await tiles(page)
    .first()
    .getByRole('button', { name: /^More actions for card / })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Assign Store' })).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('menuitem', { name: 'Block', exact: true })).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Unassigned' });
  await tiles(page).first().getByRole('button', { name: 'Assign', exact: true }).click();
  const assign = dialog(page, 'Assign Card');
  await expect(assign.getByLabel('First name')).toBeVisible();
  await expect(assign.getByRole('tab', { name: 'Existing customer' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(assign).toBeHidden();
});

test('the cards page and its modal look right on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, DEMO.admin, '/t/demo/cards');
  await expect(tiles(page).first()).toBeVisible();
  await qrImagesLoaded(tiles(page).first());
  await screenshot(page, { path: `${SCREENS}/cards-phone.png` });
  await page.getByRole('button', { name: 'Create Card Batch' }).first().click();
  await expect(dialog(page, 'Create Card Batch')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/cards-phone-modal.png` });
});

test('a new business sees the empty state, and the batch size is clamped to its trial allowance', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Cora');
  await page.getByLabel('Last name').fill('Cards');
  await page.getByLabel('Email').fill(`cora+${Date.now()}@cards.test`);
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.getByRole('button', { name: /Create|Sign up|Start/ }).click();
  await expect(page).toHaveURL(/\/t\/[a-z0-9-]+\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cards' }).click();

  await expect(page.getByText('No cards created yet')).toBeVisible();
  await expect(page.getByText('0 of 40 cards used in your free trial')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Cards, none yet');
  await screenshot(page, { path: `${SCREENS}/cards-empty-new-tenant.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create Card Batch' }).last().click();
  const batch = dialog(page, 'Create Card Batch');
  await batch.getByLabel('Quantity').fill('50');
  await expect(batch.getByLabel('Quantity')).toHaveValue('40');
  await expect(batch.getByText('You can only create 40 more cards. You currently have 0/40 cards in your trial.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Create Card Batch, shortfall');
  await screenshot(page, { path: `${SCREENS}/cards-modal-create-batch-shortfall.png` });
  await batch.getByLabel('Quantity').fill('3');
  await batch.getByRole('button', { name: 'Create Cards' }).click();
  await expect(toast(page, 'Successfully created 3 cards')).toBeVisible();
  await expect(tiles(page)).toHaveCount(3);
  await expect(page.getByText('3 of 40 cards used in your free trial')).toBeVisible();
  await expect(page.getByText('37 cards remaining')).toBeVisible();
});
