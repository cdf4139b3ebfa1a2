import type { Locator, Page } from '@playwright/test';

/**
 * Screenshots of the screens the specs pass through, for a person to look at (README.md
 * 'Other commands'). They check nothing, so a normal run skips them: a full-page capture
 * costs the browser a layout and an encode, about 0.2 s on two busy cores (three specs with 60
 * of them: 212 s with, 199 s without, medians of two runs each).
 * `E2E_SCREENS=1` takes them into test-results/screens; `E2E_SCREENS=<folder>` into that folder
 * (parallel Playwright runs wipe test-results/ when they start).
 */
const setting = process.env.E2E_SCREENS;

/** Whether this run takes the screenshots. */
const SCREENS_ON = Boolean(setting) && setting !== '0';

/** The folder they go to. */
export const SCREENS = SCREENS_ON && setting !== '1' ? setting! : 'test-results/screens';

/** Takes `target`'s screenshot with `options` (its `path` under {@link SCREENS}) when the run asks for them; otherwise nothing. */
export async function screenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }): Promise<void> {
  if (!SCREENS_ON) return;
  if ('goto' in target) await target.screenshot(options);
  else await target.screenshot({ path: options.path });
}
