import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/sign-in';

/**
 * The pages keep to the server's Content-Security-Policy: the browser reports no violation (a
 * `securitypolicyviolation` event) and logs no error while a page loads, signed out and signed
 * in. Chromium lists any violation among the page's issues and Lighthouse's best-practices score
 * counts it, though the page may look fine.
 */

/** Records every CSP violation of the page (directive and source) in `window.cspViolations`. */
async function recordViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
}

async function violationsOf(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test('no CSP violation and no console error on the sign-in page, the signed-in screens and the public card page', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await recordViolations(page);

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  await signIn(page, 'admin@demo.com', 'DemoAdmin123!');
  for (const path of ['/t/demo/dashboard', '/t/demo/pos', '/t/demo/transactions']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    expect(await violationsOf(page), path).toEqual([]);
  }

  // The card's page as its QR code opens it (the signed public URL).
  const { qrUrl } = await (await page.request.get('/api/t/demo/cards/DEM0CARD0001')).json();
  const publicUrl = new URL(qrUrl);
  await page.goto(publicUrl.pathname + publicUrl.search);
  await expect(page.getByText('Current balance')).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);
  expect(errors).toEqual([]);
});
