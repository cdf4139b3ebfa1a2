import AdmZip from 'adm-zip';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';

/**
 * Rules & Settings → Wallet on the built app (docs/product.md 'Wallet passes'), in the spec's own
 * business: the owner tries a text colour that does not read on the background (refused before
 * saving), saves a look that does, uploads an SVG logo, and the card's Apple Wallet pass then
 * carries that name, those colours, the terms and the logo.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120"><circle cx="60" cy="60" r="56" fill="#f59e0b"/></svg>';

test('the owner gives the passes their look; the card’s pass shows it', async ({ adminPage: page, business }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  await page.goto(`/t/${business.slug}/rules`);
  await page.getByRole('tab', { name: 'Wallet' }).click();
  const form = page.getByRole('form', { name: 'Wallet pass settings' });
  await expect(form.getByLabel('Background colour', { exact: true })).toHaveValue('#3730a3');

  await form.getByLabel('Programme name').fill('Harbour Rewards');
  await form.getByLabel('Background colour', { exact: true }).fill('#14532d');
  // Grey text on dark green does not read: the form says so and sends nothing.
  await form.getByLabel('Text colour', { exact: true }).fill('#555555');
  await expect(form.getByText(/^The text colour's contrast with the background is \d\.\d:1; WCAG AA needs at least 4\.5:1$/)).toBeVisible();
  await form.getByLabel('Text colour', { exact: true }).fill('#ffffff');
  await form.getByLabel('Label colour', { exact: true }).fill('#dcfce7');
  await form.getByLabel('Terms (optional)').fill('Cashback has no cash value.');
  await expect(page.getByRole('img', { name: /^Preview of the pass front: Harbour Rewards/ })).toBeVisible();
  await form.getByRole('button', { name: 'Save Wallet Pass' }).click();
  await expect(page.locator('.Toastify').getByText('Wallet pass saved successfully')).toBeVisible();

  await page.getByLabel('Upload logo').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  await expect(page.locator('.Toastify').getByText('Logo uploaded successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  // The logo the server rendered loads on the page (the same path on the page's own origin).
  const current = page.getByRole('img', { name: 'Current logo' });
  await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(660);
  await screenshot(page, { path: `${SCREENS}/rules-wallet-desktop.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Rules & Settings, Wallet tab');
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/rules-wallet-phone.png`, fullPage: true });

  // The card's pass, as staff download it, carries the look.
  const res = await page.request.get(`/api/t/${business.slug}/cards/${business.card}/wallet/apple`);
  expect(res.status()).toBe(200);
  const zip = new AdmZip(await res.body());
  const pass = JSON.parse(zip.readAsText('pass.json'));
  expect(pass).toMatchObject({ logoText: 'Harbour Rewards', backgroundColor: 'rgb(20, 83, 45)', foregroundColor: 'rgb(255, 255, 255)' });
  expect(pass.storeCard.backFields).toContainEqual({ key: 'terms', label: 'Terms', value: 'Cashback has no cash value.' });
  expect(zip.getEntry('logo@2x.png')).not.toBeNull();
});
