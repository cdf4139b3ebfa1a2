import AdmZip from 'adm-zip';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The card in the phone's wallet (docs/product.md 'Wallet passes', ADR 0046) on the built app
 * and the demo database, signed by the install's development identity and key (ADR 0046, 0047):
 * the demo customer adds their card from their account page (a `.pkpass` download whose pass
 * shows the card) and sees its 'Save to Google Wallet' link, and the public card page offers
 * both only with the card's valid QR code.
 */

const PHONE = { width: 390, height: 844 };

test('the customer downloads their card as an Apple Wallet pass and sees its Google Wallet link; the public page offers both only with a valid code', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signInTo(page, DEMO.customer, '/t/demo/customer');
  const card = page.getByTestId('my-card').filter({ hasText: 'DEM0CARD0001' });
  const add = card.getByRole('link', { name: 'Add to Apple Wallet' });
  await expect(add).toHaveAttribute('href', '/api/t/demo/me/cards/DEM0CARD0001/wallet/apple');
  // Beside it, the Google Wallet save link: a JWT whose object is this card.
  const save = card.getByRole('link', { name: 'Save to Google Wallet' });
  await expect(save).toHaveAttribute('href', /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
  const jwt = (await save.getAttribute('href'))!.split('/').pop()!;
  const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));
  expect([claims.aud, claims.typ, claims.payload.loyaltyObjects[0].accountId]).toEqual(['google', 'savetowallet', 'DEM0CARD0001']);
  await screenshot(page, { path: `${SCREENS}/wallet-customer.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Customer page with the wallet button');

  const [download] = await Promise.all([page.waitForEvent('download'), add.click()]);
  expect(download.suggestedFilename()).toBe('card-DEM0CARD0001.pkpass');
  const pass = JSON.parse(new AdmZip(await download.path()).readAsText('pass.json'));
  const balanceShown = (await card.getByTestId('my-card-balance').textContent())!.trim();
  expect(pass.storeCard.headerFields[0]).toMatchObject({ label: 'Balance', value: balanceShown, changeMessage: 'Balance now %@' });
  expect(pass.storeCard.primaryFields[0]).toMatchObject({ label: 'Member', value: 'Jane Customer' });
  expect(pass.barcodes[0]).toMatchObject({ format: 'PKBarcodeFormatQR', altText: 'DEM0CARD0001' });
  // The same pass through the API, as Wallet fetches it: its media type.
  const direct = await page.request.get('/api/t/demo/me/cards/DEM0CARD0001/wallet/apple');
  expect(direct.headers()['content-type']).toBe('application/vnd.apple.pkpass');

  // The pass's QR is the printed card's: its page offers the pass with the same code.
  const qrUrl = new URL(pass.barcodes[0].message as string);
  await page.goto(`${qrUrl.pathname}${qrUrl.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Customer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute(
    'href',
    `/api/demo/c/DEM0CARD0001/wallet/apple?t=${qrUrl.searchParams.get('t')}`,
  );
  await expect(page.getByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute('href', /^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  await screenshot(page, { path: `${SCREENS}/wallet-public-card.png`, fullPage: true });
  await expectNoSeriousA11yViolations(page, 'Public card page with the wallet button');
  const publicPass = await page.request.get(`/api/demo/c/DEM0CARD0001/wallet/apple?t=${qrUrl.searchParams.get('t')}`);
  expect([publicPass.status(), publicPass.headers()['content-type']]).toEqual([200, 'application/vnd.apple.pkpass']);

  await page.goto('/demo/c/DEM0CARD0001');
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty card' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Save to Google Wallet' })).toHaveCount(0);
  expect((await page.request.get('/api/demo/c/DEM0CARD0001/wallet/apple')).status()).toBe(404);
});
