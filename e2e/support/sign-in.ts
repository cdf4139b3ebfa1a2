import { expect, type Page } from '@playwright/test';

/**
 * The sign-in form as a person uses it, shared by the specs: `submitPassword` fills and sends
 * it and asserts nothing (the next screen may be the two-factor code step); `signIn` also waits
 * until the page has left /login (or reached `landing`); `signOut` uses the header's button.
 */
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

/** Signs out with the header's button and waits for /login. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
