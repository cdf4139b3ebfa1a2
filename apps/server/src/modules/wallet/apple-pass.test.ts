import { createHash } from 'node:crypto';
import AdmZip from 'adm-zip';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '@loyalty/domain';
import { cards, cashbackLots, walletDevIdentities, walletPasses } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { hashToken } from '../../lib/tokens.ts';
import { opensslVerifies } from '../../../test/pkpass.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { signCardToken } from '../cards/index.ts';
import { loadConfig } from '../../config.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { DEV_PASS_TYPE_ID, DEV_TEAM_ID } from './dev-identity.ts';
import { APPLE_WALLET_UNAVAILABLE, issueApplePass } from './issue-apple-pass.ts';
import { PUBLIC_PASS_RATE_LIMIT } from './routes.ts';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let other: FreshTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  other = await freshTenant(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const passCount = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from wallet_passes`))[0]!.n;

/** The files of a `.pkpass` (a zip) by name. */
function filesOf(res: LightMyRequestResponse): Map<string, Buffer> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
  return new Map(new AdmZip(res.rawPayload).getEntries().map((e) => [e.entryName, e.getData()]));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pass.json is read as Apple specifies it, not through a schema of ours
const passJsonOf = (files: Map<string, Buffer>): any => JSON.parse(files.get('pass.json')!.toString('utf8'));

const devCaPem = async () => (await ctx.db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'apple')))[0]!.caCertPem;

describe('GET /api/t/{slug}/cards/{cardUid}/wallet/apple (the development identity)', () => {
  it('answers a storeCard pass whose signature openssl verifies against the development CA, and refuses once manifest.json changes', async () => {
    const res = await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple', s.cashier);
    const files = filesOf(res);
    expect(res.headers['content-disposition']).toBe('attachment; filename="card-DEM0CARD0001.pkpass"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect([...files.keys()].sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'manifest.json', 'pass.json', 'signature']);
    // Every file but the manifest and the signature is in the manifest with its SHA-1, and nothing else is.
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const hashed = [...files].filter(([name]) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(hashed.map(([name]) => name).sort());
    for (const [name, body] of hashed) expect(manifest[name], name).toBe(createHash('sha1').update(body).digest('hex'));

    const ca = await devCaPem();
    expect(opensslVerifies(files.get('manifest.json')!, files.get('signature')!, ca)).toBe(true);
    const tampered = Buffer.from(files.get('manifest.json')!);
    tampered[10] = tampered[10] === 0x61 ? 0x62 : 0x61;
    expect(opensslVerifies(tampered, files.get('signature')!, ca)).toBe(false);
    // Another CA did not issue the signer: refused too.
    const { makeDevIdentity } = await import('./dev-identity.ts');
    expect(opensslVerifies(files.get('manifest.json')!, files.get('signature')!, makeDevIdentity(new Date()).caCertPem)).toBe(false);
  });

  it("shows the card as it is: balance with its change message, holder, tier, the printed card's QR, the back, and 'Development pass'", async () => {
    const card = json(await get('/api/t/demo/cards/DEM0CARD0001', s.admin));
    const pass = passJsonOf(filesOf(await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple', s.admin)));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: DEV_PASS_TYPE_ID,
      teamIdentifier: DEV_TEAM_ID,
      organizationName: 'Demo Retail Store',
      description: 'Demo Retail Store card (Development pass)',
      logoText: 'Demo Retail Store',
      webServiceURL: `${ctx.config.publicUrl}/api/wallet/apple`,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: card.qrUrl, messageEncoding: 'iso-8859-1', altText: 'DEM0CARD0001' }],
    });
    expect(pass.voided).toBeUndefined();
    expect(pass.storeCard.headerFields).toEqual([{ key: 'balance', label: 'Balance', value: formatCents(card.balanceCents), changeMessage: 'Balance now %@' }]);
    expect(pass.storeCard.primaryFields).toEqual([{ key: 'holder', label: 'Member', value: 'Jane Customer' }]);
    const tierName = { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' }[card.customer.tier as 'SILVER'];
    expect(pass.storeCard.secondaryFields).toEqual([{ key: 'tier', label: 'Tier', value: tierName, changeMessage: 'Your tier is now %@' }]);
    expect(pass.storeCard.auxiliaryFields).toContainEqual({ key: 'development', label: 'Note', value: 'Development pass' });
    expect(pass.storeCard.backFields).toEqual([
      { key: 'cardNumber', label: 'Card number', value: 'DEM0CARD0001' },
      { key: 'store', label: 'Store', value: 'Main Store' },
      { key: 'cardPage', label: 'Card page', value: card.qrUrl, attributedValue: `<a href="${card.qrUrl}">Open your card</a>` },
    ]);
  });

  it('gives every download its own random serial and token, of which only the hash is stored', async () => {
    const before = await passCount();
    const a = passJsonOf(filesOf(await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple', s.cashier)));
    const b = passJsonOf(filesOf(await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple', s.cashier)));
    expect(await passCount()).toBe(before + 2);
    for (const p of [a, b]) {
      expect(p.serialNumber).toMatch(/^[0-9a-f]{32}$/);
      expect(p.serialNumber).not.toContain('DEM0CARD0001');
      expect(p.authenticationToken.length).toBeGreaterThanOrEqual(32);
      const [row] = await ctx.db.select().from(walletPasses).where(eq(walletPasses.serialNumber, p.serialNumber));
      expect(row).toMatchObject({ passTypeIdentifier: DEV_PASS_TYPE_ID, authenticationTokenHash: hashToken(p.authenticationToken) });
      expect(JSON.stringify(row)).not.toContain(p.authenticationToken);
    }
    expect(a.serialNumber).not.toBe(b.serialNumber);
    expect(a.authenticationToken).not.toBe(b.authenticationToken);
  });

  it("shows 'Expiring soon' with the amount and the business's date when cashback expires within 30 days, and a blocked card's pass is voided", async () => {
    const t = await freshTenant(ctx, { balanceCents: 1250 });
    const passOf = async () => passJsonOf(filesOf(await t.req('GET', `cards/${t.cardUid}/wallet/apple`)));
    expect((await passOf()).storeCard.auxiliaryFields).toEqual([{ key: 'development', label: 'Note', value: 'Development pass' }]);
    const expiresAt = new Date(Date.now() + 10 * 86_400_000);
    await ctx.db.update(cashbackLots).set({ expiresAt }).where(eq(cashbackLots.cardId, t.card.id));
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(expiresAt);
    expect((await passOf()).storeCard.auxiliaryFields[0]).toEqual({ key: 'expiring', label: 'Expiring soon', value: `$12.50 on ${day}` });
    // Beyond 30 days it is not 'soon'.
    await ctx.db
      .update(cashbackLots)
      .set({ expiresAt: new Date(Date.now() + 40 * 86_400_000) })
      .where(eq(cashbackLots.cardId, t.card.id));
    expect((await passOf()).storeCard.auxiliaryFields.map((f: { key: string }) => f.key)).toEqual(['development']);

    await ctx.db.update(cards).set({ status: 'BLOCKED' }).where(eq(cards.id, t.card.id));
    const blocked = await passOf();
    expect(blocked.voided).toBe(true);
    expect(blocked.storeCard.secondaryFields).toContainEqual({ key: 'status', label: 'Status', value: 'Blocked' });
  });

  it('refuses a customer (403), the signed out (401), an unknown card (404) and another business (404), writing nothing', async () => {
    const before = await passCount();
    expect((await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple', s.customer)).statusCode).toBe(403);
    expect((await get('/api/t/demo/cards/DEM0CARD0001/wallet/apple')).statusCode).toBe(401);
    const unknown = await get('/api/t/demo/cards/NOSUCHCARD00/wallet/apple', s.admin);
    expect([unknown.statusCode, json(unknown).error]).toEqual([404, 'Card not found']);
    const foreign = await get(`/api/t/demo/cards/${other.cardUid}/wallet/apple`, s.admin);
    expect([foreign.statusCode, json(foreign).error]).toEqual([404, 'Card not found']);
    expect((await get(`/api/t/${other.slug}/cards/DEM0CARD0001/wallet/apple`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/t/demo/cards/DEM0CARD0001/wallet/apple`, other.cookie)).statusCode).toBe(404);
    expect(await passCount()).toBe(before);
  });
});

describe('GET /api/t/{slug}/me/cards/{cardUid}/wallet/apple', () => {
  it("gives the customer their own card's pass, and no one else's (404), nor to staff (403)", async () => {
    const pass = passJsonOf(filesOf(await get('/api/t/demo/me/cards/DEM0CARD0001/wallet/apple', s.customer)));
    expect(pass.barcodes[0].altText).toBe('DEM0CARD0001');
    const before = await passCount();
    const [notTheirs] = rowsOf<{ card_uid: string }>(
      await ctx.db.execute(sql`select c.card_uid from cards c join tenants t on t.id = c.tenant_id
        where t.slug = 'demo' and c.customer_id is not null and c.card_uid <> 'DEM0CARD0001' order by c.card_uid limit 1`),
    );
    const res = await get(`/api/t/demo/me/cards/${notTheirs!.card_uid}/wallet/apple`, s.customer);
    expect([res.statusCode, json(res).error]).toEqual([404, 'Card not found']);
    expect((await get(`/api/t/demo/me/cards/${other.cardUid}/wallet/apple`, s.customer)).statusCode).toBe(404);
    expect((await get('/api/t/demo/me/cards/DEM0CARD0001/wallet/apple', s.cashier)).statusCode).toBe(403);
    expect((await get('/api/t/demo/me/cards/DEM0CARD0001/wallet/apple')).statusCode).toBe(401);
    expect(await passCount()).toBe(before);
  });
});

describe('GET /api/{slug}/c/{cardUid}/wallet/apple?t=', () => {
  let ip = 0;
  const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: `10.9.0.${++ip}` });

  it("answers the pass with the card's QR token, and 404 'Card not found' without it, with a wrong one, or for an unknown business or card", async () => {
    const token = signCardToken(ctx.config.qrTokenSecret, 'DEM0CARD0001');
    const pass = passJsonOf(filesOf(await publicGet(`/api/demo/c/dem0card0001/wallet/apple?t=${token}`)));
    expect(pass.barcodes[0].altText).toBe('DEM0CARD0001');
    const before = await passCount();
    for (const url of [
      '/api/demo/c/DEM0CARD0001/wallet/apple',
      `/api/demo/c/DEM0CARD0001/wallet/apple?t=${signCardToken(ctx.config.qrTokenSecret, 'DEM0CARD0002')}`,
      `/api/no-such-business/c/DEM0CARD0001/wallet/apple?t=${token}`,
      `/api/demo/c/${other.cardUid}/wallet/apple?t=${signCardToken(ctx.config.qrTokenSecret, other.cardUid)}`,
    ]) {
      const res = await publicGet(url);
      expect([res.statusCode, json(res).error], url).toEqual([404, 'Card not found']);
    }
    expect(await passCount()).toBe(before);
  });

  it('answers 429 with Retry-After beyond 20 downloads a minute from one address', async () => {
    expect(PUBLIC_PASS_RATE_LIMIT).toBe(20);
    const from = (n: number) => ctx.app.inject({ method: 'GET', url: `/api/demo/c/DEM0CARD0001/wallet/apple?t=wrong-${n}`, remoteAddress: '10.9.9.9' });
    for (let i = 0; i < PUBLIC_PASS_RATE_LIMIT; i++) expect((await from(i)).statusCode).toBe(404);
    const limited = await from(21);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('GET /api/wallet', () => {
  it('says Apple passes and Google links are issued here (the development identity and key), with no sign-in', async () => {
    const res = await get('/api/wallet');
    expect([res.statusCode, json(res)]).toEqual([200, { apple: true, google: true }]);
  });
});

describe('production without a Pass Type ID certificate', () => {
  it("issues no pass: 404 'Apple Wallet is not available', and writes nothing", async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.com',
      QR_TOKEN_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
    });
    const demo = (await tenantContextBySlug(ctx.db, 'demo'))!;
    const before = await passCount();
    await expect(issueApplePass(ctx.db, production, demo, 'DEM0CARD0001', new Date())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: APPLE_WALLET_UNAVAILABLE,
    });
    expect(await passCount()).toBe(before);
  });
});
