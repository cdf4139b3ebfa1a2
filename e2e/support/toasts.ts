import { expect, type Page } from '@playwright/test';

/**
 * Closes every toast, so that screenshots and the next assertion see a clean page. A click during
 * a toast's entry animation can miss, a pointer resting on a toast pauses its timer
 * (pauseOnHover), and a toast pauses its own 5 s timer while its window is not focused (another
 * browser context is): so the pointer moves away and the close buttons are clicked again until
 * none is left.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(async () => {
    for (const button of await page.locator('.Toastify__close-button').all()) await button.click({ force: true, timeout: 1000 }).catch(() => undefined);
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 1500 });
  }).toPass({ timeout: 15_000 });
}
