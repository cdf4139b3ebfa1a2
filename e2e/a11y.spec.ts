import { expect, test, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  expectDialogKeyboardCycle,
  expectFocusRingOnEveryTabStop,
  expectFocusTrapped,
  expectNoSeriousA11yViolations,
  expectNoSeriousA11yViolationsAtWidths,
  tabTo,
  waitForSettled,
} from './support/a11y';
import { apiSignIn, DEMO } from './support/sign-in';

/**
 * Accessibility on the built app and the fresh demo database: axe-core (WCAG 2.1 A and AA)
 * finds no serious or critical violation on any screen the browser tests visit, for every role
 * (signed out, platform_admin, tenant_admin, cashier, customer), at 1280×800 and 390×844, with
 * the main dialogs open too. Dialogs trap focus, close on Escape and give focus back to their
 * opener; a cashier signs in, loads a card and earns with the keyboard only, and every stop of
 * the Tab order shows a focus ring.
 *
 * One signed-in page per role is reused by that role's tests (the cookie lives in its context).
 * Nothing is saved: dialogs are closed unsubmitted, the one checkout opened is cancelled, and the
 * keyboard earn goes to a card no other spec reads (DEM0CARD0005).
 */

const ACCOUNTS = { platform_admin: DEMO.operator, tenant_admin: DEMO.admin, cashier: DEMO.cashier, customer: DEMO.customer } as const;
type Account = keyof typeof ACCOUNTS;

const CARD = 'DEM0CARD0001';

/** A screen to scan: where it is, what says it is ready, and how to reach a tab or a state. */
interface Screen {
  name: string;
  path: string;
  /** The page's h1 (exact text or pattern). */
  heading: string | RegExp;
  /** A tab of the page to select before scanning. */
  tab?: string;
}

async function newPage(browser: Browser, testInfo: TestInfo, account?: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: DESKTOP });
  if (account) await apiSignIn(context.request, ACCOUNTS[account]);
  return context.newPage();
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Opens the screen (and its tab) and waits until it has loaded. */
async function open(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expect(h1(page, screen.heading)).toBeVisible();
  if (screen.tab) {
    const tab = page.getByRole('tab', { name: screen.tab, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }
  await waitForSettled(page);
}

/** Scans the screen as it is at both widths; `ready` is what must be visible after a resize. */
async function scan(page: Page, label: string, ready: Locator) {
  await expectNoSeriousA11yViolationsAtWidths(page, label, () => expect(ready).toBeVisible());
}

/** Scans an open dialog (only the dialog: the page behind it has its own scan). */
async function scanDialog(page: Page, label: string, dialog: Locator, viewports?: readonly { width: number; height: number }[]) {
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolationsAtWidths(page, label, () => expect(dialog).toBeVisible(), { include: '[role="dialog"]', viewports });
}

/**
 * Opens the dialog from `opener` with the keyboard, scans it at both widths, checks its focus
 * trap, closes it with Escape and checks that focus went back to `opener`.
 */
async function dialogCheck(page: Page, opener: Locator, dialogName: string, ready?: (dialog: Locator) => Locator) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expectDialogKeyboardCycle(page, opener, dialog, async () => {
    if (ready) await expect(ready(dialog)).toBeVisible();
    await waitForSettled(page);
    await scanDialog(page, `${dialogName} dialog`, dialog);
  });
}

/**
 * The same check for a dialog opened from a menu item: Enter on `trigger` opens the menu (focus
 * on its first item), which is scanned; the arrow keys reach `item` and Enter runs it; the dialog
 * is scanned and traps focus; Escape closes it and focus returns to `trigger`.
 */
async function menuDialogCheck(page: Page, trigger: Locator, item: string, dialogName: string) {
  const menu = page.getByRole('menu');
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expectNoSeriousA11yViolations(page, `${item} menu`, { include: '[role="menu"]' });
  const target = menu.getByRole('menuitem', { name: item, exact: true });
  for (let i = 0; i < 5 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await waitForSettled(page);
  await scanDialog(page, `${dialogName} dialog`, dialog);
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger, 'focus returns to the menu button').toBeFocused();
}

/** Declares one scan test per screen for a role's shared page. */
function screenTests(getPage: () => Page, screens: readonly Screen[]) {
  for (const screen of screens) {
    test(`${screen.name} (${screen.path}${screen.tab ? `, ${screen.tab} tab` : ''})`, async () => {
      const page = getPage();
      await open(page, screen);
      await scan(page, screen.name, h1(page, screen.heading));
      await expectFocusRingOnEveryTabStop(page, screen.name);
    });
  }
}

test.describe('signed out', () => {
  let page: Page;
  let tokenPath = '';
  test.beforeAll(async ({ browser, playwright }, testInfo) => {
    page = await newPage(browser, testInfo);
    // The card's signed public URL, as its QR code holds it.
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    expect((await api.post('/api/auth/login', { data: ACCOUNTS.cashier })).ok()).toBe(true);
    const card = await (await api.get(`/api/t/demo/cards/${CARD}`)).json();
    const url = new URL(card.qrUrl);
    tokenPath = `${url.pathname}${url.search}`;
    await api.dispose();
  });
  test.afterAll(async () => page.context().close());

  screenTests(
    () => page,
    [
      { name: 'Login', path: '/login', heading: 'Sign in to your account' },
      { name: 'Signup', path: '/signup', heading: 'Create your business account' },
      { name: 'Setup, invalid link', path: '/setup?token=x', heading: 'Set up the platform' },
      { name: 'Unauthorized', path: '/unauthorized', heading: 'Access Denied' },
      { name: 'Public card without token', path: `/demo/c/${CARD}`, heading: 'Loyalty card' },
      { name: 'Public card, unknown card', path: '/demo/c/ZZZZZZZZZZZZ', heading: 'Invalid Card' },
    ],
  );

  test('Public card with its QR token', async () => {
    await page.goto(tokenPath);
    await expect(h1(page, 'Jane Customer')).toBeVisible();
    await waitForSettled(page);
    await scan(page, 'Public card with token', h1(page, 'Jane Customer'));
  });

  test('Login with a wrong password and Signup with errors', async () => {
    await page.goto('/login');
    await page.getByLabel('Email').fill('cashier@demo.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await scan(page, 'Login error', page.getByRole('alert'));

    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await scan(page, 'Signup errors', page.getByText('First name is required'));
  });
});

test.describe('platform_admin', () => {
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await newPage(browser, testInfo, 'platform_admin');
  });
  test.afterAll(async () => page.context().close());

  screenTests(
    () => page,
    [
      { name: 'Platform Dashboard', path: '/platform/dashboard', heading: 'Platform Dashboard' },
      { name: 'Tenants', path: '/platform/tenants', heading: 'Tenants' },
      { name: 'Plans', path: '/platform/plans', heading: 'Plans' },
      { name: 'Analytics', path: '/platform/analytics', heading: 'Analytics' },
      { name: 'Subscriptions', path: '/platform/subscriptions', heading: 'Subscription Analytics', tab: 'Overview' },
      { name: 'Subscriptions', path: '/platform/subscriptions', heading: 'Subscription Analytics', tab: 'Payments' },
      { name: 'Subscriptions', path: '/platform/subscriptions', heading: 'Subscription Analytics', tab: 'Events' },
      { name: 'Platform Settings', path: '/platform/settings', heading: 'Platform Settings', tab: 'Email Settings' },
      { name: 'Platform Settings', path: '/platform/settings', heading: 'Platform Settings', tab: 'Security' },
      { name: 'Platform Settings', path: '/platform/settings', heading: 'Platform Settings', tab: 'Platform' },
      { name: 'Platform Card Orders', path: '/platform/card-orders', heading: 'Card Orders' },
      { name: 'Platform Profile', path: '/platform/profile', heading: 'Profile' },
      { name: 'Tenant dashboard entered by the operator', path: '/t/demo/dashboard', heading: 'Dashboard' },
    ],
  );

  test('dialogs: Create New Tenant, Tenant Details, Edit Tenant, Add Plan', async () => {
    await open(page, { name: 'Tenants', path: '/platform/tenants', heading: 'Tenants' });
    await dialogCheck(page, page.getByRole('button', { name: 'Create Tenant' }), 'Create New Tenant');
    await dialogCheck(page, page.getByRole('button', { name: 'View Demo Retail Store' }), 'Tenant Details', (d) => d.getByTestId('details-name'));
    await dialogCheck(page, page.getByRole('button', { name: 'Edit Demo Retail Store' }), 'Edit Tenant');

    await open(page, { name: 'Plans', path: '/platform/plans', heading: 'Plans' });
    await dialogCheck(page, page.getByRole('button', { name: 'Add Plan' }), 'Add Plan');
  });
});

test.describe('tenant_admin', () => {
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await newPage(browser, testInfo, 'tenant_admin');
  });
  test.afterAll(async () => page.context().close());

  screenTests(
    () => page,
    [
      { name: 'Dashboard', path: '/t/demo/dashboard', heading: 'Dashboard' },
      { name: 'POS Terminal', path: '/t/demo/pos', heading: 'POS Terminal' },
      { name: 'Customers', path: '/t/demo/customers', heading: 'Customers' },
      { name: 'Cards Management', path: '/t/demo/cards', heading: 'Cards Management' },
      { name: 'Transactions', path: '/t/demo/transactions', heading: 'Transactions' },
      { name: 'Stores', path: '/t/demo/stores', heading: 'Stores' },
      { name: 'Staff', path: '/t/demo/staff', heading: 'Staff Management' },
      { name: 'Rules', path: '/t/demo/rules', heading: 'Rules & Settings', tab: 'Cashback Rules' },
      { name: 'Rules', path: '/t/demo/rules', heading: 'Rules & Settings', tab: 'Loyalty Tiers' },
      { name: 'Rules', path: '/t/demo/rules', heading: 'Rules & Settings', tab: 'Special Offers' },
      { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Overview' },
      { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Plans' },
      { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Payment Methods' },
      { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Usage' },
      { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Invoices' },
      { name: 'Card Orders', path: '/t/demo/card-orders', heading: 'Card Orders' },
      { name: 'Profile', path: '/t/demo/profile', heading: 'Profile' },
    ],
  );

  test('dialogs: Add New Customer, Customer Details, Add Funds, and the demo checkout page', async () => {
    await open(page, { name: 'Customers', path: '/t/demo/customers', heading: 'Customers' });
    await dialogCheck(page, page.getByRole('button', { name: 'Add Customer' }).first(), 'Add New Customer');

    // Nested: Add Funds opens over Customer Details; Escape closes the top one only, and focus
    // goes back to the button inside Customer Details, then to the customer's row.
    const view = page.getByRole('button', { name: 'View Jane Customer' });
    await expectDialogKeyboardCycle(page, view, page.getByRole('dialog', { name: 'Customer Details' }), async () => {
      const details = page.getByRole('dialog', { name: 'Customer Details' });
      await expect(details.getByText(CARD)).toBeVisible();
      await waitForSettled(page);
      await scanDialog(page, 'Customer Details dialog', details);
      const addFunds = details.getByRole('button', { name: /^Add Funds to card / }).first();
      await dialogCheck(page, addFunds, 'Add Funds to Card', (d) => d.getByLabel('Amount'));
      await expect(details).toBeVisible();
    });

    // The demo checkout page, then Cancel: nothing is paid.
    await view.click();
    await page
      .getByRole('dialog', { name: 'Customer Details' })
      .getByRole('button', { name: /^Add Funds to card / })
      .first()
      .click();
    const funds = page.getByRole('dialog', { name: 'Add Funds to Card' });
    await funds.getByLabel('Amount').fill('12.00');
    await funds.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/t\/demo\/checkout\/[^/]+$/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('$12.00');
    await waitForSettled(page);
    await scan(page, 'Demo checkout', page.getByTestId('checkout-amount'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/t\/demo\/customers/);
  });

  test('dialogs: Create Card Batch, Assign Card, Card Details', async () => {
    // Five dialogs, each scanned and keyboard-checked: three times the usual time.
    test.slow();
    await open(page, { name: 'Cards', path: '/t/demo/cards', heading: 'Cards Management' });
    await dialogCheck(page, page.getByRole('button', { name: 'Create Card Batch' }).first(), 'Create Card Batch');
    const unassigned = page.locator('article[data-status="UNASSIGNED"]').first();
    await dialogCheck(page, unassigned.getByRole('button', { name: 'Assign', exact: true }), 'Assign Card');
    await dialogCheck(page, page.getByRole('button', { name: `View card ${CARD}` }), 'Card Details', (d) => d.getByText('Jane Customer').first());
    await menuDialogCheck(page, page.getByRole('button', { name: `More actions for card ${CARD}` }), 'Assign Store', 'Assign Store to Card');
    await page.getByRole('checkbox', { name: `Select card ${CARD}` }).check();
    await dialogCheck(page, page.getByRole('button', { name: 'Download QR Codes' }), 'Download QR Codes');
    await page.getByRole('checkbox', { name: `Select card ${CARD}` }).uncheck();
  });

  test('dialogs: Create New Store, Add New Staff Member, Create New Offer', async () => {
    await open(page, { name: 'Stores', path: '/t/demo/stores', heading: 'Stores' });
    await dialogCheck(page, page.getByRole('button', { name: 'Add Store' }).first(), 'Create New Store');
    await open(page, { name: 'Staff', path: '/t/demo/staff', heading: 'Staff Management' });
    await dialogCheck(page, page.getByRole('button', { name: 'Add Staff Member' }).first(), 'Add New Staff Member');
    await open(page, { name: 'Rules', path: '/t/demo/rules', heading: 'Rules & Settings', tab: 'Special Offers' });
    await dialogCheck(page, page.getByRole('button', { name: 'Create New Offer' }).first(), 'Create New Offer');
  });

  test('dialogs: Complete Your Subscription, Add New Card', async () => {
    await open(page, { name: 'Billing', path: '/t/demo/billing', heading: 'Billing & Subscription', tab: 'Plans' });
    await dialogCheck(page, page.getByRole('button', { name: 'Select Plan Professional' }), 'Complete Your Subscription', (d) =>
      d.getByRole('button', { name: /^Subscribe for / }),
    );
    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    await dialogCheck(page, page.getByRole('button', { name: 'Add Your First Card' }), 'Add New Card');
  });

  test('phone menu: the drawer traps focus, Escape closes it and focus returns to Open menu', async () => {
    await open(page, { name: 'Dashboard', path: '/t/demo/dashboard', heading: 'Dashboard' });
    await page.setViewportSize(PHONE);
    const opener = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expectDialogKeyboardCycle(page, opener, drawer, async () => {
      await expect(drawer.getByRole('link', { name: 'Customers' })).toBeVisible();
      await scanDialog(page, 'Menu drawer', drawer, [PHONE]);
    });
    await page.setViewportSize(DESKTOP);
  });
});

test.describe('cashier', () => {
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await newPage(browser, testInfo, 'cashier');
  });
  test.afterAll(async () => page.context().close());

  screenTests(
    () => page,
    [
      { name: 'Cashier Dashboard', path: '/t/demo/dashboard', heading: 'Dashboard' },
      { name: 'Cashier POS Terminal', path: '/t/demo/pos', heading: 'POS Terminal' },
      { name: 'Cashier Cards', path: '/t/demo/cards', heading: 'Cards Management' },
      { name: 'Cashier Transactions', path: '/t/demo/transactions', heading: 'Transactions' },
      { name: 'Cashier Profile', path: '/t/demo/profile', heading: 'Profile' },
    ],
  );

  test('POS with a loaded card, both tabs, and an unknown card', async () => {
    await open(page, { name: 'POS', path: '/t/demo/pos', heading: 'POS Terminal' });
    await page.getByLabel('Card UID').fill(CARD);
    await page.getByRole('button', { name: 'Load' }).click();
    const panel = page.getByRole('region', { name: 'Loaded card' });
    await expect(panel.getByText('Jane Customer')).toBeVisible();
    await waitForSettled(page);
    await scan(page, 'POS, card loaded (Earn)', panel);
    await page.getByRole('tab', { name: 'Redeem' }).click();
    await expect(page.getByLabel('Redeem amount')).toBeVisible();
    await scan(page, 'POS, card loaded (Redeem)', page.getByLabel('Redeem amount'));

    await page.getByRole('button', { name: 'New Transaction' }).click();
    await page.getByLabel('Card UID').fill('ZZZZZZZZZZZZ');
    await page.getByRole('button', { name: 'Load' }).click();
    await expect(page.getByText('Card not found')).toBeVisible();
    await scan(page, 'POS, card not found', page.getByText('Card not found'));
  });

  test('keyboard only: the Transaction type tabs follow the arrow keys', async () => {
    await open(page, { name: 'POS', path: '/t/demo/pos', heading: 'POS Terminal' });
    await expect(page.getByLabel('Card UID')).toBeFocused();
    await page.keyboard.type(CARD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Loaded card' }).getByText('Jane Customer')).toBeVisible();
    const earnTab = page.getByRole('tab', { name: 'Earn Cashback' });
    await tabTo(page, earnTab);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Redeem' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Redeem' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Redeem amount')).toBeVisible();
    await page.keyboard.press('Home');
    await expect(earnTab).toBeFocused();
    await expect(page.getByLabel('Purchase amount')).toBeVisible();
  });

  test('an admin page sends the cashier to Access Denied', async () => {
    await page.goto('/t/demo/customers');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await scan(page, 'Unauthorized (cashier)', page.getByRole('heading', { name: 'Access Denied' }));
  });
});

test.describe('customer', () => {
  let page: Page;
  test.beforeAll(async ({ browser }, testInfo) => {
    page = await newPage(browser, testInfo, 'customer');
  });
  test.afterAll(async () => page.context().close());

  screenTests(
    () => page,
    [
      { name: 'My Account', path: '/t/demo/customer', heading: 'Welcome back, Jane!' },
      { name: 'Customer Profile', path: '/t/demo/profile', heading: 'Profile' },
    ],
  );

  test('the platform area says Access Denied to a customer', async () => {
    await page.goto('/platform/dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await scan(page, 'Platform Access Denied (customer)', page.getByRole('heading', { name: 'Access Denied' }));
  });
});

test('keyboard only: a cashier signs in, loads a card at the POS and earns cashback', async ({ page }) => {
  const KEY_CARD = 'DEM0CARD0005';
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await expect(h1(page, 'Sign in to your account')).toBeVisible();
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(ACCOUNTS.cashier.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(ACCOUNTS.cashier.password);
  await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);

  // The Card UID field has focus on arrival; Enter loads.
  await expect(page.getByLabel('Card UID')).toBeFocused();
  await page.keyboard.type(KEY_CARD.toLowerCase());
  await tabTo(page, page.getByRole('button', { name: 'Load' }));
  await page.keyboard.press('Enter');
  const balance = page.getByTestId('card-balance');
  await expect(balance).toBeVisible();
  const before = Number((await balance.innerText()).replace(/[$,]/g, ''));

  await tabTo(page, page.getByLabel('Purchase amount'));
  await page.keyboard.type('10.00');
  await tabTo(page, page.getByRole('button', { name: /Process Earn/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Cashback earned: \$/)).toBeVisible();
  await expect(balance).not.toHaveText(`$${before.toFixed(2)}`);
  await expect(page.getByLabel('Purchase amount')).toHaveValue('');

  // New Transaction, then the keyboard is back in the Card UID field.
  await tabTo(page, page.getByRole('button', { name: 'New Transaction' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Card UID')).toBeFocused();
  await expect(page.getByText('Scan a customer card to begin')).toBeVisible();
});
