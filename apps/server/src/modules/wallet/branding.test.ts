import AdmZip from 'adm-zip';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WALLET_BRANDING } from '@loyalty/contract';
import { auditLog, walletBranding, walletPasses } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';

/**
 * Rules & Settings → Wallet (docs/product.md 'Wallet passes'): the look a Store Admin gives the
 * business's passes, checked for contrast, audited, and shown by every pass issued after and
 * before (each marked changed).
 */
let ctx: TestContext;
let t: FreshTenant;
let other: FreshTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx, { balanceCents: 1240 });
  other = await freshTenant(ctx);
});
afterAll(() => ctx.close());

const LOOK = {
  programName: 'Corner Rewards',
  backgroundColor: '#1E3A8A',
  foregroundColor: '#ffffff',
  labelColor: '#dbeafe',
  terms: 'Cashback has no cash value.',
};
const svg = (size: number, fill = '#f00') =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${fill}"/></svg>`,
  ).toString('base64');
const brandingRows = async (tenantId: string) => ctx.db.select().from(walletBranding).where(eq(walletBranding.tenantId, tenantId));
const audits = async (tenantId: string, action: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.action, action)));
const passJson = async () => {
  const res = await t.req('GET', `cards/${t.cardUid}/wallet/apple`);
  expect(res.statusCode).toBe(200);
  return new AdmZip(res.rawPayload);
};

describe('GET and PUT /api/t/{slug}/rules/wallet', () => {
  it('answers the defaults until saved, then the saved look; the pass shows it and passes issued before are marked changed; audited', async () => {
    const before = json(await t.req('GET', 'rules/wallet'));
    expect(before).toEqual({ ...DEFAULT_WALLET_BRANDING, logoUrl: null, updatedAt: null, certificate: null });
    await passJson(); // a pass issued before the change
    const [issued] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.tenantId, t.tenant.id));

    const res = await t.req('PUT', 'rules/wallet', LOOK);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ ...LOOK, backgroundColor: '#1e3a8a', logoUrl: null });
    expect(json(await t.req('GET', 'rules/wallet'))).toEqual(json(res));

    const [after] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.id, issued!.id));
    expect(after!.updatedAt.getTime()).toBeGreaterThan(issued!.updatedAt.getTime());
    const [audit] = await audits(t.tenant.id, 'rules.wallet.update');
    expect(audit).toMatchObject({ entity: 'wallet_branding', before: { ...DEFAULT_WALLET_BRANDING }, after: { ...LOOK, backgroundColor: '#1e3a8a' } });

    const pass = JSON.parse((await passJson()).readAsText('pass.json'));
    expect(pass).toMatchObject({
      logoText: 'Corner Rewards',
      backgroundColor: 'rgb(30, 58, 138)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(219, 234, 254)',
    });
    expect(pass.storeCard.backFields).toContainEqual({ key: 'terms', label: 'Terms', value: 'Cashback has no cash value.' });
  });

  it('refuses a text or label colour under 4.5:1 against the background (400, per colour), and bad input, writing nothing', async () => {
    const fresh = await freshTenant(ctx);
    const low = await fresh.req('PUT', 'rules/wallet', { ...LOOK, foregroundColor: '#777777', labelColor: '#2a4a9a' });
    expect(low.statusCode).toBe(400);
    expect(json(low).details).toEqual([
      {
        field: 'foregroundColor',
        message: expect.stringMatching(/^The text colour's contrast with the background is \d\.\d:1; WCAG AA needs at least 4\.5:1$/),
      },
      { field: 'labelColor', message: expect.stringMatching(/^The label colour's contrast/) },
    ]);
    for (const bad of [
      { ...LOOK, backgroundColor: 'navy' },
      { ...LOOK, programName: 'x'.repeat(61) },
      { ...LOOK, terms: 'x'.repeat(2001) },
      { ...LOOK, labelColor: undefined },
    ]) {
      expect((await fresh.req('PUT', 'rules/wallet', bad)).statusCode).toBe(400);
    }
    expect(await brandingRows(fresh.tenant.id)).toEqual([]);
    expect(await audits(fresh.tenant.id, 'rules.wallet.update')).toEqual([]);
  });

  it('is for Store Admins only (cashier 403, signed out 401) and only of their business (404)', async () => {
    const cashier = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/t/demo/rules/wallet', headers: { cookie: cashier } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/t/demo/rules/wallet', headers: { cookie: cashier }, payload: LOOK })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/rules/wallet` })).statusCode).toBe(401);
    const foreign = await ctx.app.inject({ method: 'PUT', url: `/api/t/${t.slug}/rules/wallet`, headers: { cookie: other.cookie }, payload: LOOK });
    expect(foreign.statusCode).toBe(404);
    const foreignLogo = await ctx.app.inject({ method: 'DELETE', url: `/api/t/${t.slug}/rules/wallet/logo`, headers: { cookie: other.cookie } });
    expect(foreignLogo.statusCode).toBe(404);
    expect(await brandingRows(other.tenant.id)).toEqual([]);
  });
});

describe('PUT and DELETE /api/t/{slug}/rules/wallet/logo', () => {
  it('renders an SVG or PNG logo to fit 660 px, serves it publicly, cuts the pass images from it; removing goes back to the default', async () => {
    const defaultIcon = (await passJson()).readFile('icon.png')!;
    const res = await t.req('PUT', 'rules/wallet/logo', { contentType: 'image/svg+xml', dataBase64: svg(200) });
    expect(res.statusCode, res.body).toBe(200);
    const logoUrl = json(res).logoUrl as string;
    expect(logoUrl).toMatch(new RegExp(`^${ctx.config.publicUrl}/api/wallet/logos/${t.tenant.id}\\?v=\\d+$`));
    const served = await ctx.app.inject({ method: 'GET', url: logoUrl.slice(ctx.config.publicUrl.length) });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/png']);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 660, height: 660 });
    const icon = (await passJson()).readFile('icon.png')!;
    expect(icon.equals(defaultIcon)).toBe(false);
    const { dominant } = await sharp(icon).stats();
    expect(dominant).toMatchObject({ r: expect.any(Number) });
    expect(dominant.r).toBeGreaterThan(200);

    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: '#00ff00' } })
      .png()
      .toBuffer();
    const wide = await t.req('PUT', 'rules/wallet/logo', { contentType: 'image/png', dataBase64: png.toString('base64') });
    expect(wide.statusCode).toBe(200);
    const widePng = await ctx.app.inject({ method: 'GET', url: `/api/wallet/logos/${t.tenant.id}` });
    expect(await sharp(widePng.rawPayload).metadata()).toMatchObject({ width: 660, height: 220 });

    const removed = await t.req('DELETE', 'rules/wallet/logo');
    expect([removed.statusCode, json(removed).logoUrl]).toEqual([200, null]);
    expect((await passJson()).readFile('icon.png')!.equals(defaultIcon)).toBe(true);
    const logged = await audits(t.tenant.id, 'rules.wallet.logo');
    expect(logged.map((a) => a.after)).toEqual(
      expect.arrayContaining([{ logo: true, width: 660, height: 660 }, { logo: true, width: 660, height: 220 }, { logo: false }]),
    );
  });

  it('refuses what is not a readable PNG or SVG of the declared type, and a PNG under 64 px (400, nothing written)', async () => {
    const fresh = await freshTenant(ctx);
    const tiny = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const cases: Array<[object, string]> = [
      [{ contentType: 'image/png', dataBase64: Buffer.from('not an image').toString('base64') }, 'The logo must be a PNG or SVG image'],
      [{ contentType: 'image/png', dataBase64: svg(100) }, 'The logo must be a PNG or SVG image'],
      [{ contentType: 'image/png', dataBase64: tiny.toString('base64') }, 'The logo must be at least 64 × 64 pixels'],
      [{ contentType: 'image/gif', dataBase64: svg(100) }, ''],
      [{ contentType: 'image/svg+xml', dataBase64: '***' }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await fresh.req('PUT', 'rules/wallet/logo', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      if (message) expect(json(res).error).toBe(message);
    }
    expect(await brandingRows(fresh.tenant.id)).toEqual([]);
    expect(await audits(fresh.tenant.id, 'rules.wallet.logo')).toEqual([]);
  });

  it('serves the default logo for a business without one, and 400 for an id that is not a UUID', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/wallet/logos/${other.tenant.id}` });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/wallet/logos/not-a-uuid' })).statusCode).toBe(400);
  });
});
