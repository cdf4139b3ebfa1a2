import { expect, type Page } from '@playwright/test';

/**
 * Closes every toast, so that screenshots and the next assertion see a clean page and nothing
 * covers the header's controls (toasts sit top right, over Sign out). A pointer resting on a
 * toast pauses its timer (pauseOnHover), so the pointer moves away first; each close button is
 * clicked once it stands still (the browser tests ask for reduced motion, so toasts do not
 * bounce: playwright.config.ts), and again until none is left.
 */
export async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  if ((await toasts.count()) === 0) return;
  await page.mouse.move(0, 0);
  await expect(async () => {
    for (const button of await page.locator('.Toastify__close-button').all()) await button.click({ timeout: 1000 }).catch(() => undefined);
    await expect(toasts).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}
