import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { DEMO, signInTo } from './support/sign-in';
import { SCREENS, screenshot } from './support/screens';

/**
 * The public card page (/{slug}/c/{cardUid}?t=) and the POS camera scanner, on the built
 * app and a fresh demo database.
 *
 * The scanner test uses Chromium's fake camera: the browser of this file plays a Y4M video of
 * DEM0CARD0001's QR code as the server prints it (PNG download of its signed public URL),
 * written in beforeAll before the browser opens the camera. The other scanner tests replace getUserMedia in the page (a drawn canvas stream,
 * a refused permission, no camera) to reach states a real device would give.
 */

const CARD = 'DEM0CARD0001';
const FAKE_CAMERA_FILE = fileURLToPath(new URL('../test-results/fake-camera/card-qr.y4m', import.meta.url));

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA_FILE}`,
    ],
  },
});

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The card's QR URL (`{PUBLIC_URL}/demo/c/{uid}?t=…`) as a path on the test server. */
function qrPath(qrUrl: string): string {
  const url = new URL(qrUrl);
  expect(url.pathname).toBe(`/demo/c/${CARD}`);
  expect(url.searchParams.get('t')).toMatch(/^[\w-]{22}$/);
  return `${url.pathname}${url.search}`;
}

/** The card's QR code as the server prints it (the Cards screen's PNG download). */
async function qrPng(api: APIRequestContext): Promise<Buffer> {
  const download = await api.get(`/api/t/demo/cards/${CARD}/qr/download?format=png&size=400`);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toMatch(/^image\/png/);
  return download.body();
}

/**
 * Writes a one-frame 640×480 Y4M video (4:2:0, full-range luma) of `png` centred on white:
 * Chromium loops it as the fake camera's picture.
 */
async function writeY4m(png: Buffer, file: string) {
  const width = 640;
  const height = 480;
  const qr = await sharp(png).resize(360, 360, { kernel: 'nearest', fit: 'contain', background: '#ffffff' }).png().toBuffer();
  const luma = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, gravity: 'centre' }])
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  expect(luma.length).toBe(width * height);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), luma, chroma, chroma]));
}

test.beforeAll(async ({}, testInfo) => {
  // Before any test opens the browser: read the card's signed URL and film its QR code.
  const api = await apiRequest.newContext({ baseURL: testInfo.project.use.baseURL });
  const login = await api.post('/api/auth/login', { data: { email: 'cashier@demo.com', password: 'DemoCashier123!' } });
  expect(login.ok()).toBe(true);
  const card = await api.get(`/api/t/demo/cards/${CARD}`);
  expect(card.ok()).toBe(true);
  qrPath((await card.json()).qrUrl); // the QR holds the signed public URL
  await writeY4m(await qrPng(api), FAKE_CAMERA_FILE);
  await api.dispose();
});

test('the public card page shows the full card with the QR token and the basics without it', async ({ page }) => {
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  await page.getByLabel('Card UID').fill(CARD);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Jane Customer')).toBeVisible();

  const card = await (await page.request.get(`/api/t/demo/cards/${CARD}`)).json();
  const publicPath = qrPath(card.qrUrl);
  const balance = usd.format(card.balanceCents / 100);

  // A signed-in visitor is not sent away from the public page.
  await page.goto(publicPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Customer' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/demo/c/${CARD}\\?t=`));

  // The session is intact: back to the POS, and sign out there.
  await page.goto('/t/demo/pos');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Phone, signed out, with the token: everything.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(publicPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Jane Customer' })).toBeVisible();
  await expect(page.getByText('Demo Retail Store').first()).toBeVisible();
  await expect(page.getByText('DEM0 CARD 0001')).toBeVisible();
  await expect(page.getByTestId('public-card-balance')).toHaveText(balance);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Card details')).toBeVisible();
  await expect(page.getByText('customer@demo.com')).toBeVisible();
  await expect(page.getByText('Main Store').first()).toBeVisible();
  const rows = page.getByTestId('public-card-transaction');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(5);
  await expect(page.getByText(/cashback$/).first()).toBeVisible();
  await expect(page.getByText('Keep your card safe.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ready to Earn More?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  await expect(page).toHaveTitle(/Demo Retail Store/);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, { path: `${SCREENS}/public-card-phone.png`, fullPage: true });
  await screenshot(page, { path: `${SCREENS}/public-card-phone-top.png` });

  // Without the token: the balance, but no name, customer or history.
  await page.goto(`/demo/c/${CARD}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Loyalty card' })).toBeVisible();
  await expect(page.getByTestId('public-card-balance')).toHaveText(balance);
  await expect(page.getByText("The holder's details and recent activity are shown when the card's QR code is scanned.")).toBeVisible();
  await expect(page.getByText('Jane Customer')).toHaveCount(0);
  await expect(page.getByText('Unassigned Card')).toHaveCount(0);
  await expect(page.getByText('customer@demo.com')).toHaveCount(0);
  await expect(page.getByTestId('public-card-transaction')).toHaveCount(0);
  await screenshot(page, { path: `${SCREENS}/public-card-phone-no-token.png`, fullPage: true });
});

test('an unknown card shows Invalid Card; failures show Card Not Available', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/demo/c/ZZZZZZZZZZZZ');
  await expect(page.getByRole('heading', { name: 'Invalid Card' })).toBeVisible();
  await expect(page.getByText('This card could not be found in our system.')).toBeVisible();
  await screenshot(page, { path: `${SCREENS}/public-card-invalid.png`, fullPage: true });

  // An unknown top-level path still goes home (→ /login when signed out).
  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/login$/);

  // The server's message, then a request that never gets an answer.
  await page.route('**/api/demo/c/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Service is under maintenance', code: 'UNAVAILABLE' }) }),
  );
  await page.goto(`/demo/c/${CARD}`);
  await expect(page.getByRole('heading', { name: 'Card Not Available' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Service is under maintenance')).toBeVisible();
  await page.unroute('**/api/demo/c/**');
  await page.route('**/api/demo/c/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`/demo/c/${CARD}`);
  await expect(page.getByRole('heading', { name: 'Card Not Available' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Failed to load card information')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Public card, unavailable');
  await screenshot(page, { path: `${SCREENS}/public-card-unavailable.png`, fullPage: true });
});

test('the POS camera scanner reads a card QR code and loads the card', async ({ page }) => {
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await expect(page).toHaveURL(/\/t\/demo\/pos$/);
  const scanner = page.getByRole('region', { name: 'Camera scanner' });
  await scanner.getByRole('button', { name: 'Start camera' }).click();
  // The fake camera films DEM0CARD0001's QR: the URL is decoded, normalised and loaded.
  await expect(page.getByText('Jane Customer')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Card UID')).toHaveValue(CARD);
  await expect(page.getByTestId('card-balance')).toBeVisible();
  // …and the camera is off again.
  await expect(scanner.getByRole('button', { name: 'Start camera' })).toBeVisible();
  await expect(page.getByTestId('scanner-viewfinder')).toHaveCount(0);
  await screenshot(page, { path: `${SCREENS}/pos-scanner-loaded.png`, fullPage: true });
});

/**
 * Replaces the camera in the page: a canvas stream (a dim picture without any QR code) whose
 * track claims torch and zoom support and records the constraints applied and its stop().
 */
async function installCanvasCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __applied: unknown[]; __stopped: number };
    w.__applied = [];
    w.__stopped = 0;
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const ctx = canvas.getContext('2d')!;
    let t = 0;
    setInterval(() => {
      t += 1;
      const g = ctx.createLinearGradient(0, 0, 640, 480);
      g.addColorStop(0, '#334155');
      g.addColorStop(1, t % 20 < 10 ? '#475569' : '#3f4c5f');
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, 640, 480);
      ctx.fillStyle = '#e2e8f0';
      ctx.fillRect(170, 150, 300, 180);
    }, 100);
    navigator.mediaDevices.enumerateDevices = async () =>
      [
        { deviceId: 'back-cam', kind: 'videoinput', label: 'Camera 0, facing back', groupId: 'g' },
        { deviceId: 'front-cam', kind: 'videoinput', label: 'Camera 1, facing front', groupId: 'g' },
      ] as unknown as MediaDeviceInfo[];
    navigator.mediaDevices.getUserMedia = async () => {
      const stream = canvas.captureStream(10);
      const track = stream.getVideoTracks()[0];
      track.getCapabilities = () => ({ torch: true, zoom: { min: 1, max: 10, step: 0.1 } }) as unknown as MediaTrackCapabilities;
      const settings = track.getSettings.bind(track);
      track.getSettings = () => ({ ...settings(), zoom: 1, torch: false }) as MediaTrackSettings;
      const apply = track.applyConstraints.bind(track);
      track.applyConstraints = async (c) => {
        w.__applied.push(c);
        if (c && 'aspectRatio' in c) await apply(c); // the square crop is real; torch and zoom only recorded
      };
      const stop = track.stop.bind(track);
      track.stop = () => {
        w.__stopped += 1;
        stop();
      };
      return stream;
    };
  });
}

/** Waits until the viewfinder's video shows frames (a screenshot before that is black). */
async function expectVideoPlaying(page: Page) {
  const video = page.getByTestId('scanner-viewfinder').locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0.2)).toBe(true);
}

test('the scanner picks the back camera, offers torch and zoom, and stops on New Transaction', async ({ page }) => {
  await installCanvasCamera(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  await page.getByLabel('Card UID').fill(CARD);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Jane Customer')).toBeVisible();

  const scanner = page.getByRole('region', { name: 'Camera scanner' });
  await scanner.getByRole('button', { name: 'Start camera' }).click();
  await expectVideoPlaying(page);
  await expect(scanner.getByLabel('Camera')).toHaveValue('back-cam');
  await expect(scanner.getByRole('button', { name: 'Torch on' })).toBeVisible();
  const zoom = scanner.getByRole('slider', { name: 'Zoom' });
  await expect(zoom).toHaveAttribute('min', '1');
  await expect(zoom).toHaveAttribute('max', '5');
  await expect(zoom).toHaveAttribute('step', '0.1');
  await zoom.fill('2.5');
  await expect(scanner.getByText('2.5×')).toBeVisible();
  await scanner.getByRole('button', { name: 'Torch on' }).click();
  await expect(scanner.getByRole('button', { name: 'Torch off' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => (window as unknown as { __applied: unknown[] }).__applied)).toEqual(
    expect.arrayContaining([{ advanced: [{ zoom: 2.5 }] }, { advanced: [{ torch: true }] }]),
  );
  // The controls fit the phone: nothing pushes the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, { path: `${SCREENS}/pos-scanner-open-phone.png`, fullPage: true });

  await page.getByRole('button', { name: 'New Transaction' }).click();
  await expect(page.getByText('Scan a customer card to begin')).toBeVisible();
  await expect(page.getByTestId('scanner-viewfinder')).toHaveCount(0);
  await expect(scanner.getByRole('button', { name: 'Start camera' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __stopped: number }).__stopped)).toBeGreaterThan(0);
});

test('the scanner runs until Stop camera (desktop)', async ({ page }) => {
  await installCanvasCamera(page);
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  const scanner = page.getByRole('region', { name: 'Camera scanner' });
  await scanner.getByRole('button', { name: 'Start camera' }).click();
  await expectVideoPlaying(page);
  await expectNoSeriousA11yViolations(page, 'POS with the camera running');
  await screenshot(page, { path: `${SCREENS}/pos-scanner-open.png`, fullPage: true });
  await scanner.getByRole('button', { name: 'Stop camera' }).click();
  await expect(page.getByTestId('scanner-viewfinder')).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { __stopped: number }).__stopped)).toBeGreaterThan(0);
});

test('camera problems show as a warning in the scanner header', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __mode: string }).__mode = 'denied';
    navigator.mediaDevices.getUserMedia = async () => {
      if ((window as unknown as { __mode: string }).__mode === 'denied') throw new DOMException('Permission denied', 'NotAllowedError');
      return new MediaStream();
    };
    navigator.mediaDevices.enumerateDevices = async () => [];
  });
  await signInTo(page, DEMO.cashier, '/t/demo/pos');
  const scanner = page.getByRole('region', { name: 'Camera scanner' });
  await scanner.getByRole('button', { name: 'Start camera' }).click();
  await expect(scanner.getByRole('status').filter({ hasText: 'Camera permission denied. Allow camera access in your browser settings.' })).toBeVisible();
  await expect(scanner.getByRole('button', { name: 'Start camera' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'POS camera permission denied');
  await screenshot(scanner, { path: `${SCREENS}/pos-scanner-permission-denied.png` });

  await page.evaluate(() => {
    (window as unknown as { __mode: string }).__mode = 'no-camera';
  });
  await scanner.getByRole('button', { name: 'Start camera' }).click();
  await expect(scanner.getByText('No cameras found')).toBeVisible();
  // Manual entry still works.
  await page.getByLabel('Card UID').fill(CARD);
  await page.getByRole('button', { name: 'Load' }).click();
  await expect(page.getByText('Jane Customer')).toBeVisible();
});
