import { expect, test } from './support/fixtures';
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { SCREENS, screenshot } from './support/screens';

/**
 * The integration surface on the built app, in the spec's own business: the Store
 * Admin creates an API key and a webhook endpoint under Integrations (the endpoint is a local
 * receiver; the e2e server runs with WEBHOOKS_ALLOW_PRIVATE=1), an earn goes through /api/v1
 * with curl, the receiver gets the signed `transaction.created` (verified with the
 * standardwebhooks verifier), and the delivery shows as Delivered in the endpoint's log.
 * Screenshots to test-results/screens; axe-core on both tabs.
 */
const run = promisify(execFile);

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let receiver: Server;
const received: Received[] = [];
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/loyalty`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('a Store Admin creates a key and an endpoint, the till earns through v1 with curl, and the signed event is delivered and logged', async ({
  adminPage: page,
  business,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/t/${business.slug}/dashboard`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).first().click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();

  // An API key with every scope, shown once.
  await page.getByRole('button', { name: 'Create API key' }).first().click();
  const keyDialog = page.getByRole('dialog', { name: 'Create API key' });
  await keyDialog.getByLabel('Name').fill('Front till');
  for (const scope of ['pos:write', 'customers:write', 'read']) await keyDialog.getByRole('checkbox', { name: new RegExp(`^${scope}`) }).check();
  await keyDialog.getByRole('button', { name: 'Create' }).click();
  const created = page.getByRole('dialog', { name: 'API key created' });
  await expect(created.getByText("Copy this key now. You won't be able to see it again.")).toBeVisible();
  const key = await created.getByLabel('API key').inputValue();
  expect(key).toMatch(/^lc_test_[A-Za-z0-9_-]{43}$/);
  await screenshot(page, { path: `${SCREENS}/integrations-key-created.png` });
  await created.getByRole('button', { name: 'Done' }).click();
  const keyRow = page.getByRole('row', { name: /Front till/ });
  await expect(keyRow).toContainText(key.slice(0, 14));
  await expect(keyRow).toContainText('Never');
  await screenshot(page, { path: `${SCREENS}/integrations-keys.png` });
  await expectNoSeriousA11yViolations(page, 'Integrations: API keys');

  // A webhook endpoint on the local receiver, subscribed to transaction.created; its secret shown once.
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await page.getByRole('button', { name: 'Add endpoint' }).first().click();
  const endpointDialog = page.getByRole('dialog', { name: 'Add endpoint' });
  await endpointDialog.getByLabel('URL').fill(receiverUrl);
  await endpointDialog.getByLabel('Description (optional)').fill('Till system');
  await endpointDialog.getByRole('checkbox', { name: /^transaction\.created/ }).check();
  await endpointDialog.getByRole('button', { name: 'Add endpoint' }).click();
  const added = page.getByRole('dialog', { name: 'Endpoint added' });
  const secret = await added.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('article', { name: `Endpoint ${receiverUrl}` })).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/integrations-webhooks.png` });
  await expectNoSeriousA11yViolations(page, 'Integrations: webhooks');

  // The till earns $25.00 through /api/v1 with curl.
  const { stdout } = await run('curl', [
    '-sS',
    '--fail-with-body',
    '-X',
    'POST',
    `${baseURL}/api/v1/transactions/earn`,
    '-H',
    `Authorization: Bearer ${key}`,
    '-H',
    'Idempotency-Key: e2e-till-receipt-1',
    '-H',
    'Content-Type: application/json',
    '-d',
    JSON.stringify({ cardUid: business.card, amountCents: 2500, note: 'Receipt 1' }),
  ]);
  const earn = JSON.parse(stdout) as { transactionId: string; cashbackEarned: number };
  expect(earn.cashbackEarned).toBeGreaterThan(0);

  // The delivery log shows it delivered (Refresh until the worker, nudged after the earn, has run).
  await page.getByRole('button', { name: `View deliveries of ${receiverUrl}` }).click();
  const log = page.getByRole('dialog', { name: /Deliveries/ });
  const row = log.getByRole('row', { name: /transaction\.created/ }).first();
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toContainText('Delivered', { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  // The receiver got it, signed: the standardwebhooks verifier accepts it.
  const event = received.find((r) => r.body.includes(earn.transactionId))!;
  expect(event).toBeDefined();
  const verified = new Webhook(secret).verify(event.body, {
    'webhook-id': String(event.headers['webhook-id']),
    'webhook-timestamp': String(event.headers['webhook-timestamp']),
    'webhook-signature': String(event.headers['webhook-signature']),
  }) as { type: string; data: { id: string; type: string; amountCents: number } };
  expect(verified).toMatchObject({ type: 'transaction.created', data: { id: earn.transactionId, type: 'EARN', amountCents: 2500 } });

  await log
    .getByRole('button', { name: /^Details of transaction\.created/ })
    .first()
    .click();
  await expect(log.getByText('thanks')).toBeVisible();
  await expect(log.getByText(earn.transactionId).first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/integrations-deliveries.png` });
  await expectNoSeriousA11yViolations(page, 'Integrations: delivery log');
  await log.getByRole('button', { name: 'Close' }).first().click();

  // The key now shows a last use.
  await page.getByRole('tab', { name: 'API keys' }).click();
  await expect(page.getByRole('row', { name: /Front till/ }).first()).not.toContainText('Never');

  // On a phone the keys become a card list.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('listitem').filter({ hasText: 'Front till' }).first()).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/integrations-keys-phone.png`, fullPage: true });
});
