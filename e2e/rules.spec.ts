import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { dismissToasts } from './support/toasts';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * Rules & Settings on the built app and the demo database: the demo tenant admin raises the
 * PURCHASE rate, creates an offer running now, reads the live preview for a customer's tier, and
 * the very next earn at the POS credits exactly the previewed cashback. Also the server's
 * tier-threshold error, the load-failure and empty states, and desktop (1440×900) / phone (390×844)
 * screenshots of each tab and the offer modal.
 *
 * The tests share one database per run: at the end the offer is switched off and the default
 * rules are initialized again, so the demo programme is back to what pos.spec.ts and
 * transactions.spec.ts expect (PURCHASE 2 %, the demo's 1 % 'Welcome Month' offer).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RULES = '/t/demo/rules';
const THRESHOLD_ERROR = 'Tier thresholds must increase: SILVER < GOLD < PLATINUM';

interface CardBody {
  customer: { tier: 'SILVER' | 'GOLD' | 'PLATINUM' } | null;
}
interface TierRuleBody {
  tier: string;
  minTotalSpendCents: number;
  baseRateBps: number;
  isActive: boolean;
}
interface OfferBody {
  id: string;
  name: string;
  rateMultiplierBps: number;
  startAt: string;
  endAt: string;
  isActive: boolean;
}

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const offerRows = (page: Page) => page.getByTestId('offer-row');

/** Reads the preview sentence's cashback figure ('… earns $X.XX today') as text, e.g. '$3.20'. */
async function previewFigure(page: Page): Promise<string> {
  const text = (await page.getByTestId('cashback-preview').textContent()) ?? '';
  const match = /earns (\$[\d,]+\.\d{2}) today/.exec(text);
  expect(match, `preview text: ${text}`).not.toBeNull();
  return match![1];
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the owner changes the rate and adds an offer; the next earn at the POS pays exactly the preview', async ({ page }) => {
  test.slow();
  await page.setViewportSize(DESKTOP);
  const suffix = String(Date.now()).slice(-6);
  const offerName = `Flash Bonus ${suffix}`;

  await signInTo(page, DEMO.admin, '/t/demo/dashboard');
  await expect(page).toHaveURL(/\/t\/demo\/dashboard$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules & Settings' }).click();
  await expect(page).toHaveURL(/\/t\/demo\/rules$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rules & Settings' })).toBeVisible();

  // Cashback Rules: the demo's defaults, as percent with one decimal.
  await expect(tab(page, 'Cashback Rules')).toHaveAttribute('aria-selected', 'true');
  await expect(group(page, 'Purchase').getByLabel('Rate (%)')).toHaveValue('2.0');
  await expect(group(page, 'Repair').getByLabel('Rate (%)')).toHaveValue('3.0');
  await expect(group(page, 'Other').getByLabel('Rate (%)')).toHaveValue('1.0');
  await expect(page.getByTestId('cashback-preview')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/rules-cashback.png`, fullPage: true });

  // Out of range: the form says so and nothing is sent.
  await group(page, 'Purchase').getByLabel('Rate (%)').fill('150');
  await page.getByRole('button', { name: 'Save Cashback Rules' }).click();
  await expect(group(page, 'Purchase').getByText('Rate must be between 0 and 100%')).toBeVisible();
  await expect(page.getByText('Fix the highlighted rates above to see the cashback.')).toBeVisible();

  // PURCHASE 5 %: saved as 500 bps.
  await group(page, 'Purchase').getByLabel('Rate (%)').fill('5');
  await expect(page.getByText('Unsaved changes', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Cashback Rules' }).click();
  await expect(toast(page, 'Cashback rules saved successfully')).toBeVisible();
  await expect(group(page, 'Purchase').getByLabel('Rate (%)')).toHaveValue('5.0');
  await expect(page.getByText('Unsaved changes', { exact: true })).toHaveCount(0);
  const cashbackApi = await (await page.request.get('/api/t/demo/rules/cashback')).json();
  expect(cashbackApi.rules.find((r: { category: string }) => r.category === 'PURCHASE')).toMatchObject({ baseRateBps: 500, isActive: true });
  await dismissToasts(page);

  // Special Offers: the demo's 'Welcome Month' runs; a new +1 % offer running from this minute.
  await tab(page, 'Special Offers').click();
  await expect(offerRows(page).filter({ hasText: 'Welcome Month' })).toContainText('Active');
  await screenshot(page, { path: `${SCREENS}/rules-offers.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create New Offer' }).click();
  const createDialog = page.getByRole('dialog', { name: 'Create New Offer' });
  await expect(createDialog).toBeVisible();
  await createDialog.getByLabel('Offer name').fill(offerName);
  await createDialog.getByLabel('Description (optional)').fill('One extra percent while the browser test runs');
  await createDialog.getByLabel('Bonus rate (%)').fill('1');
  // The end before the start is refused in the form.
  const start = await createDialog.getByLabel('Start date').inputValue();
  const end = await createDialog.getByLabel('End date').inputValue();
  await createDialog.getByLabel('End date').fill(start.replace(/T.*/, 'T00:00'));
  await createDialog.getByRole('button', { name: 'Create Offer' }).click();
  await expect(createDialog.getByText('End date must be after the start date')).toBeVisible();
  await createDialog.getByLabel('End date').fill(end);
  await screenshot(page, { path: `${SCREENS}/rules-offer-modal.png` });
  await createDialog.getByRole('button', { name: 'Create Offer' }).click();
  await expect(toast(page, 'Offer created successfully')).toBeVisible();
  await expect(createDialog).toBeHidden();
  await expect(offerRows(page).first()).toContainText(offerName);
  await expect(offerRows(page).first()).toContainText('+1.0% bonus');
  await expect(offerRows(page).first()).toContainText('Active');
  const offersApi = (await (await page.request.get('/api/t/demo/rules/offers')).json()).offers as OfferBody[];
  const mine = offersApi.find((o) => o.name === offerName)!;
  expect(mine).toMatchObject({ rateMultiplierBps: 100, isActive: true });
  // Sent as full ISO timestamps of the picked local minutes.
  expect(mine.startAt).toBe(new Date(start).toISOString());
  expect(mine.endAt).toBe(new Date(end).toISOString());
  await dismissToasts(page);

  // The customer of DEM0CARD0004 (no other test earns on it): their tier, from the API.
  const CARD = 'DEM0CARD0004';
  const card = (await (await page.request.get(`/api/t/demo/cards/${CARD}`)).json()) as CardBody;
  const tier = card.customer!.tier;

  // The preview for $40.00 by that tier, and the same figure from the API's rules.
  await page.getByLabel('Preview amount').fill('40.00');
  await page.getByLabel('Preview category').selectOption('PURCHASE');
  await page.getByLabel('Preview tier').selectOption(tier);
  await expect(page.getByTestId('cashback-preview')).toContainText(`A $40.00 purchase by a ${tier} customer earns`);
  const preview = await previewFigure(page);
  const tiersApi = (await (await page.request.get('/api/t/demo/rules/tiers')).json()).rules as TierRuleBody[];
  const tierBonus = tiersApi.find((r) => r.tier === tier && r.isActive)?.baseRateBps ?? 0;
  const nowMs = Date.now();
  const offerBonus = offersApi
    .filter((o) => o.isActive && Date.parse(o.startAt) <= nowMs && nowMs <= Date.parse(o.endAt))
    .reduce((s, o) => s + o.rateMultiplierBps, 0);
  expect(offerBonus).toBeGreaterThanOrEqual(200); // Welcome Month + this offer
  const rate = Math.min(Math.min(500 + tierBonus, 2000) + offerBonus, 5000);
  expect(preview).toBe(money(Math.floor((4000 * rate) / 10000)));
  await expectNoSeriousA11yViolations(page, 'Rules, cashback preview');
  await screenshot(page, { path: `${SCREENS}/rules-preview.png`, fullPage: true });

  // Loyalty Tiers: thresholds that do not rise are refused by the server, nothing is stored.
  await tab(page, 'Loyalty Tiers').click();
  await expect(group(page, 'Gold').getByLabel('Minimum spend')).toHaveValue('500');
  await expect(group(page, 'Platinum').getByLabel('Bonus rate (%)')).toHaveValue('2.0');
  await screenshot(page, { path: `${SCREENS}/rules-tiers.png`, fullPage: true });
  await group(page, 'Platinum').getByLabel('Minimum spend').fill('100');
  await page.getByRole('button', { name: 'Save Tier Rules' }).click();
  await expect(toast(page, THRESHOLD_ERROR)).toBeVisible();
  await expect(page.getByRole('form', { name: 'Tier rules' }).getByRole('alert')).toHaveText(THRESHOLD_ERROR);
  await expectNoSeriousA11yViolations(page, 'Rules, tier error');
  await screenshot(page, { path: `${SCREENS}/rules-tiers-error.png`, fullPage: true });
  const tiersAfter = (await (await page.request.get('/api/t/demo/rules/tiers')).json()).rules as TierRuleBody[];
  expect(tiersAfter.find((r) => r.tier === 'PLATINUM')!.minTotalSpendCents).toBe(200_000);
  // The unsaved (refused) thresholds are in the preview too; discard them.
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(group(page, 'Platinum').getByLabel('Minimum spend')).toHaveValue('2000');
  await dismissToasts(page);
  expect(await previewFigure(page)).toBe(preview);

  // The POS: the very next earn of $40.00 on a PURCHASE pays exactly the preview.
  await page.goto('/t/demo/pos');
  await page.getByLabel('Card UID').fill(CARD);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText(CARD)).toBeVisible();
  await page.getByLabel('Purchase amount').fill('40.00');
  await page.getByLabel('Category').selectOption('PURCHASE');
  await page.getByRole('button', { name: /Process Earn/ }).click();
  await expect(page.locator('.Toastify').getByText(`Cashback earned: ${preview}. New balance:`)).toBeVisible();
  const ledger = await (await page.request.get(`/api/t/demo/transactions?search=${CARD}&limit=1`)).json();
  expect(ledger.transactions[0]).toMatchObject({ type: 'EARN', amountCents: 4000, cashbackCents: Math.round(Number(preview.slice(1)) * 100) });
  await dismissToasts(page);

  // Back to the rules: switch the offer off (updated in place), then the defaults again.
  await page.goto(RULES);
  await tab(page, 'Special Offers').click();
  const myRow = offerRows(page).filter({ hasText: offerName });
  await myRow.getByRole('button', { name: `Edit ${offerName}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit Offer' });
  await expect(editDialog.getByLabel('Offer name')).toHaveValue(offerName);
  await expect(editDialog.getByLabel('Bonus rate (%)')).toHaveValue('1.0');
  await editDialog.getByLabel('Active').uncheck();
  await expectNoSeriousA11yViolations(page, 'Edit Offer dialog');
  await screenshot(page, { path: `${SCREENS}/rules-offer-modal-edit.png` });
  await editDialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Offer updated successfully')).toBeVisible();
  await expect(offerRows(page).first()).toContainText(offerName);
  await expect(offerRows(page).first()).toContainText('Inactive');
  await dismissToasts(page);

  await page.getByRole('button', { name: 'Initialize default rules' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Initialize default rules?' });
  await expect(confirm).toContainText('replaces your current cashback and tier rules');
  await expectNoSeriousA11yViolations(page, 'Initialize rules dialog');
  await screenshot(page, { path: `${SCREENS}/rules-initialize-confirm.png` });
  await confirm.getByRole('button', { name: 'Replace with defaults' }).click();
  await expect(toast(page, 'Default rules initialized successfully')).toBeVisible();
  await expect(confirm).toBeHidden();
  await tab(page, 'Cashback Rules').click();
  await expect(group(page, 'Purchase').getByLabel('Rate (%)')).toHaveValue('2.0');
  const restored = await (await page.request.get('/api/t/demo/rules/cashback')).json();
  expect(restored.rules.map((r: { category: string; baseRateBps: number }) => [r.category, r.baseRateBps])).toEqual([
    ['PURCHASE', 200],
    ['REPAIR', 300],
    ['OTHER', 100],
  ]);
  await dismissToasts(page);

  // Phone: each tab and the offer modal.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(group(page, 'Purchase').getByLabel('Rate (%)')).toHaveValue('2.0');
  await screenshot(page, { path: `${SCREENS}/rules-cashback-phone.png`, fullPage: true });
  await tab(page, 'Loyalty Tiers').click();
  await expect(group(page, 'Gold').getByLabel('Name')).toHaveValue('Gold');
  await screenshot(page, { path: `${SCREENS}/rules-tiers-phone.png`, fullPage: true });
  await tab(page, 'Special Offers').click();
  await expect(offerRows(page).first()).toContainText(offerName);
  await screenshot(page, { path: `${SCREENS}/rules-offers-phone.png`, fullPage: true });
  await page.getByRole('button', { name: 'Create New Offer' }).click();
  await expect(page.getByRole('dialog', { name: 'Create New Offer' })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/rules-offer-modal-phone.png` });
  await page.getByRole('dialog', { name: 'Create New Offer' }).getByRole('button', { name: 'Cancel' }).click();
});

test('load failure and no offers yet', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, '/t/demo/dashboard');

  // A failed load: the spec's message, and Try again recovers.
  await page.route('**/api/t/demo/rules/offers', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error', code: 'INTERNAL' }) }),
  );
  await page.goto(RULES);
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load rules and offers' })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'Rules, load error');
  await screenshot(page, { path: `${SCREENS}/rules-load-error.png`, fullPage: true });

  // No offers yet: the empty state with its Create New Offer button.
  await page.unroute('**/api/t/demo/rules/offers');
  await page.route('**/api/t/demo/rules/offers', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ offers: [] }) })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Try again' }).click();
  await tab(page, 'Special Offers').click();
  await expect(page.getByText('No offers yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Offer' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Rules, no offers');
  await screenshot(page, { path: `${SCREENS}/rules-offers-empty.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, { path: `${SCREENS}/rules-offers-empty-phone.png`, fullPage: true });
});

test('the owner sets cashback to expire 90 days after it is credited, and the rule stays after a reload', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInTo(page, DEMO.admin, RULES);
  await tab(page, 'Expiry').click();
  const policy = page.getByLabel('Policy');
  await expect(policy).toHaveValue('NEVER', { timeout: 20_000 });
  await expect(page.getByLabel('Expire after')).toHaveCount(0);
  await expect(page.getByText('A changed rule applies to cashback credited after the change; cashback already on cards keeps its date.')).toBeVisible();
  await expect(page.getByText('Expiry dates and report days use this time zone.')).toBeVisible();
  await expect(page.getByLabel('Time zone', { exact: true })).toHaveValue('UTC');

  await policy.selectOption('AFTER_EARN');
  await page.getByLabel('Expire after').fill('90');
  await page.getByRole('button', { name: 'Save Expiry Rule' }).click();
  await expect(toast(page, 'Expiry rule saved successfully')).toBeVisible();
  await dismissToasts(page);

  await page.reload();
  await tab(page, 'Expiry').click();
  await expect(page.getByLabel('Policy')).toHaveValue('AFTER_EARN', { timeout: 20_000 });
  await expect(page.getByLabel('Expire after')).toHaveValue('90');
  await expectNoSeriousA11yViolations(page, 'Rules, Expiry tab');
  await screenshot(page, { path: `${SCREENS}/rules-expiry.png`, fullPage: true });

  // Back to the demo's NEVER, so the other specs' credits carry no expiry date.
  expect((await page.request.put('/api/t/demo/rules/expiry', { data: { policy: 'NEVER' } })).status()).toBe(200);
});
