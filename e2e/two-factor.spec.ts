import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { signOut, submitPassword } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Two-factor sign-in (docs/security.md, ADR 0024) on the built app, the codes computed with
 * otplib as an authenticator app would:
 * - a new Store Admin turns it on in Profile (QR code, key, first code, ten recovery codes with
 *   Copy and Download), signs in with the password and a code, then with a recovery code, and
 *   turns it off with a code; the Store Admin resets a cashier's on the Staff page;
 * - the operator's 'Require two-factor authentication': a Store Admin without it lands on the
 *   set-up screen and reaches nothing else until it is done; a cashier is exempt; the operator
 *   resets the Store Admin's two-factor from the tenant's details.
 * Screenshots to test-results/screens; axe-core on each new screen.
 */
const PASSWORD = 'TwoFactor123!';
const suffix = Date.now();

/**
 * A TOTP code for a 30-second step after `last` (each code is accepted once): the current step's
 * next one, which the server accepts (one step of drift), waiting until it is in reach.
 */
async function nextCode(secret: string, last: { step: number }): Promise<string> {
  const current = () => Math.floor(Date.now() / 30_000);
  while (current() + 1 <= last.step) await new Promise((r) => setTimeout(r, 1000));
  const step = Math.max(current(), last.step + 1);
  last.step = step;
  return generate({ secret, epoch: step * 30 });
}

/** Signs up a new business through the API in `request`'s own cookie jar; returns its slug and e-mail. */
async function newStoreAdmin(request: APIRequestContext, name: string) {
  const email = `${name}-${suffix}@example.com`;
  const res = await request.post('/api/auth/signup', { data: { firstName: name, lastName: 'Tester', email, password: PASSWORD } });
  expect(res.status(), await res.text()).toBe(201);
  return { email, slug: (await res.json()).tenant.slug as string };
}

/** Runs the set-up on the screen (Profile or the required set-up): returns the secret, the recovery codes and the step used. */
async function setUp(page: Page, screen: string) {
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSeriousA11yViolations(page, `${screen}: scan`);
  await screenshot(page, { path: `${SCREENS}/two-factor-${screen}-scan.png`, fullPage: true });
  const last = { step: 0 };
  await page.getByLabel('6-digit code').fill('000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('That code is not right', { exact: false })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await nextCode(secret, last));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${screen}: recovery codes`);
  await screenshot(page, { path: `${SCREENS}/two-factor-${screen}-recovery-codes.png`, fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('loyalty-cards-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  return { secret, recoveryCodes, last };
}

test('a Store Admin turns two-factor on, signs in with a code and a recovery code, resets a cashier’s and turns it off', async ({ page, request }) => {
  test.slow();
  const { email, slug } = await newStoreAdmin(page.request, 'owner');
  await page.goto(`/t/${slug}/profile`);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const { secret, recoveryCodes, last } = await setUp(page, 'profile');
  await expect(page.getByText('On', { exact: true })).toBeVisible();

  // Sign-in: the password, then the code step; a wrong code is refused with the server's words.
  await signOut(page);
  await submitPassword(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'login code step');
  await screenshot(page, { path: `${SCREENS}/two-factor-login-code-step.png`, fullPage: true });
  await page.getByLabel('Authentication code').fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('Authentication code').fill(await nextCode(secret, last));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/dashboard$`));

  // A recovery code signs in once.
  await signOut(page);
  await submitPassword(page, email, PASSWORD);
  await page.getByLabel('Authentication code').fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/dashboard$`));

  // A cashier of the business turns it on (through the API, as their app would), and the Store Admin resets it.
  const store = (await (await page.request.get(`/api/t/${slug}/stores`)).json()).stores[0];
  const cashierEmail = `till-${suffix}@example.com`;
  expect(
    (
      await page.request.post(`/api/t/${slug}/users`, {
        data: { firstName: 'Tilly', lastName: 'Till', email: cashierEmail, password: PASSWORD, role: 'cashier', storeId: store.id },
      })
    ).status(),
  ).toBe(201);
  expect((await request.post('/api/auth/login', { data: { email: cashierEmail, password: PASSWORD } })).status()).toBe(200);
  const cashierSecret = (await (await request.post('/api/auth/2fa/setup')).json()).secret as string;
  expect((await request.post('/api/auth/2fa/enable', { data: { code: await generate({ secret: cashierSecret }) } })).status()).toBe(200);
  await page.goto(`/t/${slug}/staff`);
  await page.getByRole('button', { name: 'Reset two-factor for Tilly Till' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset two-factor' });
  await expect(confirm).toContainText(cashierEmail);
  await expectNoSeriousA11yViolations(page, 'staff: reset two-factor');
  await confirm.getByRole('button', { name: 'Reset two-factor' }).click();
  await expect(page.locator('.Toastify').getByText('Two-factor reset', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset two-factor for Tilly Till' })).toHaveCount(0);
  const cashierLogin = await request.post('/api/auth/login', { data: { email: cashierEmail, password: PASSWORD } });
  expect((await cashierLogin.json()).user.email).toBe(cashierEmail);

  // Turning it off takes a current code.
  await page.goto(`/t/${slug}/profile`);
  await page.getByLabel('Code from your authenticator app').fill(await nextCode(secret, last));
  await page.getByRole('button', { name: 'Turn off two-factor' }).click();
  await expect(page.locator('.Toastify').getByText('Two-factor authentication is off', { exact: true })).toBeVisible();
  await signOut(page);
  await submitPassword(page, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/t/${slug}/dashboard$`));
});

test(
  "the operator's requirement sends a Store Admin to the set-up first; cashiers are exempt; the operator resets it",
  { tag: '@platform-settings' },
  async ({ page, browser, request }) => {
    test.slow();
    const operator = await browser.newContext();
    const op = await operator.newPage();
    await submitPassword(op, 'admin@platform.com', 'AdminSecure123!');
    await expect(op).toHaveURL(/\/platform\//);
    const settings = await (await op.request.get('/api/platform/settings')).json();
    const { passwordSet: _ignored, ...smtp } = settings.smtp;
    const put = (requireTwoFactor: boolean) =>
      op.request.put('/api/platform/settings', { data: { ...settings, smtp, security: { ...settings.security, requireTwoFactor } } });
    await op.goto('/platform/settings');
    await op.getByRole('tab', { name: 'Security' }).click();
    await expect(op.getByText(/Cashiers are exempt: they often share a till/)).toBeVisible();
    expect((await put(true)).status()).toBe(200);
    try {
      const { email, slug } = await newStoreAdmin(request, 'required');
      await submitPassword(page, email, PASSWORD);
      await expect(page).toHaveURL(/\/two-factor-setup$/);
      await expect(page.getByText('The platform requires two-factor authentication for your account.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'required set-up');
      await screenshot(page, { path: `${SCREENS}/two-factor-required-setup.png`, fullPage: true });
      // Nothing else is reachable: the app sends them back, the API refuses.
      await page.goto(`/t/${slug}/dashboard`);
      await expect(page).toHaveURL(/\/two-factor-setup$/);
      const refused = await page.request.get(`/api/t/${slug}/stores`);
      expect(refused.status()).toBe(403);
      expect((await refused.json()).code).toBe('TWO_FACTOR_SETUP_REQUIRED');

      await setUp(page, 'required');
      await expect(page).toHaveURL(new RegExp(`/t/${slug}/dashboard$`));
      expect((await page.request.get(`/api/t/${slug}/stores`)).status()).toBe(200);

      // Cashiers are exempt.
      await signOut(page);
      await submitPassword(page, 'cashier@demo.com', 'DemoCashier123!');
      await expect(page).toHaveURL(/\/t\/demo\/pos$/);

      // The operator resets the Store Admin's two-factor from the tenant's details.
      await op.goto(`/platform/tenants?search=${encodeURIComponent(email)}`);
      await op
        .getByRole('button', { name: /^View / })
        .first()
        .click();
      const details = op.getByRole('dialog', { name: 'Tenant Details' });
      await expect(details.getByText('Two-factor on')).toBeVisible();
      await details.getByRole('button', { name: 'Reset two-factor for required Tester' }).click();
      const confirm = op.getByRole('alertdialog', { name: 'Reset two-factor' });
      await expectNoSeriousA11yViolations(op, 'tenant details: reset two-factor');
      await screenshot(op, { path: `${SCREENS}/two-factor-operator-reset.png`, fullPage: true });
      await confirm.getByRole('button', { name: 'Reset two-factor' }).click();
      await expect(details.getByText('Two-factor off')).toBeVisible();
      const outbox = await (await op.request.get(`/api/platform/outbox?to=${encodeURIComponent(email)}`)).json();
      expect(JSON.stringify(outbox)).toContain('Your two-factor authentication was reset');
    } finally {
      expect((await put(false)).status()).toBe(200);
      await operator.close();
    }
  },
);
