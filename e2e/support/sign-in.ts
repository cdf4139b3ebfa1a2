import { expect, request as apiRequest, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { dismissToasts } from './toasts';

/**
 * The one sign-in helper of the browser tests. The form as a person uses it (`submitPassword`,
 * `signIn`, `signInWithFill`, `signOut`), and the quick way for a test whose subject is not the
 * sign-in: a page (`signInTo`), an API request context (`signedInApi`) or a new browser page
 * (`signedInPage`) signed in through POST /api/auth/login, the route the form itself calls.
 */

/** An account's e-mail and password. */
export type Account = { email: string; password: string };

/**
 * The seeded accounts of the demo tenant (slug `demo`) and the platform operator
 * (apps/server/src/modules/demo-data). Specs that read them must not change them.
 */
export const DEMO = {
  operator: { email: 'admin@platform.com', password: 'AdminSecure123!' },
  admin: { email: 'admin@demo.com', password: 'DemoAdmin123!' },
  cashier: { email: 'cashier@demo.com', password: 'DemoCashier123!' },
  customer: { email: 'customer@demo.com', password: 'DemoCustomer123!' },
} as const satisfies Record<string, Account>;

/** Fills and sends the sign-in form; asserts nothing (the next screen may be the two-factor code step). */
export async function submitPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in with the form; resolves once the page is off /login, or on `landing` when given. */
export async function signIn(page: Page, email: string, password: string, landing?: RegExp): Promise<void> {
  await submitPassword(page, email, password);
  if (landing) await expect(page).toHaveURL(landing);
  else await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Signs in with the login page's demo-account list (its "Fill" button, shown while the server
 * offers demo accounts); resolves once off /login, or on `landing` when given.
 */
export async function signInWithFill(page: Page, email: string, landing?: RegExp): Promise<void> {
  await page.goto('/login');
  await page.locator('li', { hasText: email }).getByRole('button', { name: 'Fill' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (landing) await expect(page).toHaveURL(landing);
  else await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Signs `page`'s browser context in as `account` through POST /api/auth/login (the cookie is the
 * context's) and opens `path`: the quick way for a test whose subject is a screen, not the
 * sign-in form (`signIn` and `signInWithFill` drive the form, and land where the role's home is).
 */
export async function signInTo(page: Page, account: Account, path: string): Promise<void> {
  await apiSignIn(page.request, account);
  await page.goto(path);
}

/** Signs out with the header's button (after closing the toasts over it) and waits for /login. */
export async function signOut(page: Page): Promise<void> {
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Signs `request` (a page's or context's `request`, which shares the cookies) in with POST
 * /api/auth/login; fails the test on anything but 200.
 */
export async function apiSignIn(request: APIRequestContext, account: Account): Promise<void> {
  const res = await request.post('/api/auth/login', { data: account });
  expect(res.ok(), `sign-in of ${account.email}: ${await res.text()}`).toBe(true);
}

/** A new API request context on `baseURL`, signed in as `account`; the caller disposes of it. */
export async function signedInApi(baseURL: string, account: Account): Promise<APIRequestContext> {
  const api = await apiRequest.newContext({ baseURL });
  await apiSignIn(api, account);
  return api;
}

/**
 * A page in a new browser context (own cookies, `options` such as the viewport), signed in as
 * `account` through the API and opened on `path` when given; the caller closes its context.
 */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  account: Account,
  options: BrowserContextOptions & { path?: string } = {},
): Promise<Page> {
  const { path, ...contextOptions } = options;
  const context = await browser.newContext({ baseURL, ...contextOptions });
  const page = await context.newPage();
  await apiSignIn(page.request, account);
  if (path) await page.goto(path);
  return page;
}
