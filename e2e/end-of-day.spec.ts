import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, test } from './support/fixtures';
import { SCREENS, screenshot } from './support/screens';

/**
 * Transactions → End of day on the built app (docs/product.md 'Reports'), in the spec's own
 * business: the cashier earns and redeems at the till, then opens the day's cash-up and finds
 * their own line with those movements; the printable PDF downloads.
 */
test('the cashier finds the day’s movements under their name and prints the day', async ({ cashierPage: page, business }) => {
  const move = async (path: string, data: object) => {
    const res = await page.request.post(`/api/t/${business.slug}/${path}`, { data, headers: { 'idempotency-key': randomUUID() } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  await move('transactions/earn', { cardUid: business.card, amountCents: 5000 });
  await move('transactions/redeem', { cardUid: business.card, amountCents: 60 });

  await page.goto(`/t/${business.slug}/transactions`);
  await page.getByRole('link', { name: 'End of day' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'End of day' })).toBeVisible();
  const line = page.getByRole('row', { name: new RegExp(`Casey ${business.cashier.lastName}`) });
  await expect(line).toContainText('1 · $50.00');
  await expect(line).toContainText('$0.60');
  await expectNoSeriousA11yViolations(page, 'end of day');
  await screenshot(page, { path: `${SCREENS}/end-of-day-desktop.png`, fullPage: true });
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^end-of-day-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = await pdf.createReadStream().then(async (s) => Buffer.concat(await s.toArray()));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});
