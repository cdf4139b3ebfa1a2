import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';
import { apiSignIn, DEMO, signedInApi } from './support/sign-in';

/**
 * Referrals end to end on the built app (docs/product.md 'Rewards'), in the spec's own business:
 * the owner turns referrals on in Rules & Settings → Rewards; a customer copies their referral
 * link from their card's page; a friend joins through it on a phone (the page names who invited
 * them; the e-mailed confirmation link, read from the operator's Outbox, makes the card); the
 * cashier earns the friend's first purchase and sees the bonus; both cards' pages then show
 * their 'Referral bonus'.
 */
const PHONE = { width: 390, height: 844 };

test('a referred friend’s first purchase pays both: referrals on, link copied, friend joins, cashier earns', async ({
  adminPage: page,
  adminApi,
  business,
  browser,
  baseURL,
}) => {
  test.slow();
  // The owner turns referrals on: $5.00 each, from a first purchase of $10.00.
  await page.goto(`/t/${business.slug}/rules`);
  await page.getByRole('tab', { name: 'Rewards' }).click();
  await page.getByRole('checkbox', { name: 'Run referrals' }).check();
  await page.getByLabel("Referrer's bonus").fill('5.00');
  await page.getByLabel("Friend's bonus").fill('5.00');
  await page.getByLabel('Minimum first purchase').fill('10.00');
  await expectNoSeriousA11yViolations(page, 'rewards settings');
  await screenshot(page, { path: `${SCREENS}/rules-rewards-desktop.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save Rewards' }).click();
  await expect(page.locator('.Toastify').getByText('Reward settings saved successfully')).toBeVisible();
  const stores = await adminApi.put(`/api/t/${business.slug}/stores/${business.store.id}`, { data: { name: business.store.name, selfEnrolment: true } });
  expect(stores.ok(), await stores.text()).toBe(true);

  // The customer copies their link from their card's page.
  const cardPageOf = async (cardUid: string) => {
    const res = await adminApi.get(`/api/t/${business.slug}/cards/${cardUid}`);
    expect(res.ok(), await res.text()).toBe(true);
    const { qrUrl } = (await res.json()) as { qrUrl: string };
    const url = new URL(qrUrl);
    return `${url.pathname}${url.search}`;
  };
  const robinContext = await browser.newContext({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
  const robin = await robinContext.newPage();
  await robin.goto(await cardPageOf(business.card));
  await expect(robin.getByRole('heading', { name: 'Invite a friend' })).toBeVisible();
  await robin.getByRole('button', { name: 'Copy' }).click();
  await expect(robin.getByRole('button', { name: 'Copied' })).toBeVisible();
  const link = await robin.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/${business.slug}/join\\?ref=[0-9A-HJKMNP-TV-Z]{8}$`));
  await screenshot(robin, { path: `${SCREENS}/public-card-invite-phone.png`, fullPage: true });

  // The friend joins through it on a phone.
  const friendContext = await browser.newContext({ viewport: PHONE });
  const friend = await friendContext.newPage();
  const joinUrl = new URL(link);
  await friend.goto(`${joinUrl.pathname}${joinUrl.search}`);
  await expect(friend.getByText('Robin invited you: you both get a bonus after your first purchase.')).toBeVisible();
  await expect(friend.getByText(business.store.name)).toBeVisible();
  await expectNoSeriousA11yViolations(friend, 'join page of a referral link');
  const email = `friend-${Date.now()}@e2e.test`;
  await friend.getByLabel('First name').fill('Fran');
  await friend.getByLabel('Last name').fill('Friend');
  await friend.getByLabel('Email').fill(email);
  await friend.getByRole('checkbox', { name: /I agree to receive my card and messages/ }).check();
  await expect(friend.locator('altcha-widget input[name="altcha"]')).not.toHaveValue('', { timeout: 30_000 });
  await friend.getByRole('button', { name: 'Join' }).click();
  await expect(friend.getByText(/Almost there! We have sent you an e-mail/)).toBeVisible();
  await screenshot(friend, { path: `${SCREENS}/join-referral-phone.png`, fullPage: true });

  // The confirmation link, from the operator's Outbox (no SMTP on the embedded database).
  const operator = await signedInApi(baseURL!, DEMO.operator);
  let confirmPath = '';
  await expect(async () => {
    const list = (await (await operator.get(`/api/platform/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: { id: string }[] };
    expect(list.messages.length).toBeGreaterThan(0);
    const message = (await (await operator.get(`/api/platform/outbox/${list.messages[0].id}`)).json()) as { text: string };
    const confirmUrl = new URL(/https?:\/\/\S+\/join\/confirm\?token=[A-Za-z0-9_-]+/.exec(message.text)![0]);
    confirmPath = `${confirmUrl.pathname}${confirmUrl.search}`;
  }).toPass();
  await operator.dispose();
  await friend.goto(confirmPath);
  await expect(friend.getByRole('heading', { level: 1, name: 'Welcome, Fran!' })).toBeVisible();
  const friendCard = ((await friend.getByRole('img', { name: /QR code of card / }).getAttribute('alt')) ?? '').replace('QR code of card ', '');
  expect(friendCard).toMatch(/^[0-9A-Z]{12}$/);

  // The cashier earns the friend's first purchase: the friend's bonus comes with it.
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  await apiSignIn(page.request, business.cashier);
  await page.goto(`/t/${business.slug}/pos`);
  await page.getByLabel('Card UID').fill(friendCard);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Fran Friend')).toBeVisible();
  await page.getByLabel('Purchase amount').fill('20.00');
  await page.getByRole('button', { name: /Process Earn/ }).click();
  await expect(page.getByText('Referral bonus +$5.00').first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/pos-referral-bonus-desktop.png`, fullPage: true });

  // Both cards show their bonus: the friend $0.40 cashback + $5.00, the referrer $5.00.
  await friend.goto(await cardPageOf(friendCard));
  await expect(friend.getByTestId('public-card-balance')).toHaveText('$5.40');
  await expect(friend.getByTestId('public-card-transaction').filter({ hasText: 'Referral bonus' })).toHaveCount(1);
  await robin.reload();
  await expect(robin.getByTestId('public-card-balance')).toHaveText('$5.00');
  await expect(robin.getByTestId('public-card-transaction').filter({ hasText: 'Referral bonus' })).toHaveCount(1);
  await screenshot(robin, { path: `${SCREENS}/public-card-referral-bonus-phone.png`, fullPage: true });
  await friendContext.close();
  await robinContext.close();

  // The owner's Rewards page counts the referral: one friend joined and converted, $10.00 of bonuses.
  await page.request.post('/api/auth/logout');
  await page.context().clearCookies();
  await apiSignIn(page.request, business.admin);
  await page.goto(`/t/${business.slug}/rewards`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
  await expect(page.getByText('1 of 1', { exact: true })).toBeVisible();
  await expect(page.getByText('$10.00').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'rewards report');
  await screenshot(page, { path: `${SCREENS}/rewards-report-desktop.png`, fullPage: true });
});
