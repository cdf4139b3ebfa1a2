import { generateKeyPairSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, importX509, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletDevIdentities, walletGoogleObjects } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/sql.ts';
import { createTestContext, demoSessions, freshTenant, json, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { signCardToken } from '../cards/index.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { DEV_GOOGLE_CLIENT_EMAIL, DEV_GOOGLE_ISSUER_ID } from './dev-identity.ts';
import { GOOGLE_SAVE_URL, type loyaltyClassOf, type loyaltyObjectOf } from './google-pass.ts';
import { GOOGLE_WALLET_UNAVAILABLE, issueGoogleSaveUrl } from './issue-google-pass.ts';

/**
 * 'Save to Google Wallet' links (ADR 0047): a JWT that verifies with the issuer's public key and
 * carries the business's class and the card's object as the card is; the three routes' answers.
 */
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
const objectCount = async () => rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from wallet_google_objects`))[0]!.n;

/** The save link's JWT verified with the development key's certificate: its claims. */
async function verifiedClaims(saveUrl: string) {
  expect(saveUrl.startsWith(GOOGLE_SAVE_URL)).toBe(true);
  const [row] = await ctx.db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'google'));
  const { payload, protectedHeader } = await jwtVerify(saveUrl.slice(GOOGLE_SAVE_URL.length), await importX509(row!.signerCertPem, 'RS256'), {
    audience: 'google',
    issuer: DEV_GOOGLE_CLIENT_EMAIL,
  });
  expect(protectedHeader.alg).toBe('RS256');
  return payload as {
    typ: string;
    origins: string[];
    payload: { loyaltyClasses: Array<ReturnType<typeof loyaltyClassOf>>; loyaltyObjects: Array<ReturnType<typeof loyaltyObjectOf>> };
  };
}

describe('GET /api/t/{slug}/cards/{cardUid}/wallet/google', () => {
  it("answers a save link whose JWT verifies with the issuer's key and carries the class and the card's object as the card is", async () => {
    const card = json(await get('/api/t/demo/cards/DEM0CARD0001', s.admin));
    const res = await get('/api/t/demo/cards/DEM0CARD0001/wallet/google', s.cashier);
    expect(res.statusCode, res.body).toBe(200);
    const claims = await verifiedClaims(json(res).saveUrl);
    expect(claims.typ).toBe('savetowallet');
    expect(claims.origins).toEqual([new URL(ctx.config.publicUrl).origin]);
    const demo = (await tenantContextBySlug(ctx.db, 'demo'))!;
    const [klass] = claims.payload.loyaltyClasses;
    expect(klass).toMatchObject({
      id: `${DEV_GOOGLE_ISSUER_ID}.tenant-${demo.id}`,
      issuerName: demo.name,
      programName: `${demo.name} card (Development pass)`,
      programLogo: { sourceUri: { uri: `${ctx.config.publicUrl}/api/wallet/google/logo.png` } },
    });
    const [object] = claims.payload.loyaltyObjects;
    expect(object).toMatchObject({
      id: `${DEV_GOOGLE_ISSUER_ID}.card-${card.id}`,
      classId: klass!.id,
      state: 'ACTIVE',
      accountId: 'DEM0CARD0001',
      accountName: `${card.customer.firstName} ${card.customer.lastName}`,
      loyaltyPoints: { label: 'Balance', balance: { money: { micros: String(card.balanceCents * 10_000), currencyCode: 'USD' } } },
      barcode: { type: 'QR_CODE', value: card.qrUrl, alternateText: 'DEM0CARD0001' },
    });
    expect(object!.textModulesData).toContainEqual({
      id: 'tier',
      header: 'Tier',
      body: { SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' }[card.customer.tier as 'GOLD'],
    });
    const rows = await ctx.db.select().from(walletGoogleObjects).where(eq(walletGoogleObjects.cardId, card.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issuerId: DEV_GOOGLE_ISSUER_ID, objectId: object!.id, classId: klass!.id });
    // A second link reuses the card's object.
    expect((await get('/api/t/demo/cards/DEM0CARD0001/wallet/google', s.admin)).statusCode).toBe(200);
    expect(await ctx.db.select().from(walletGoogleObjects).where(eq(walletGoogleObjects.cardId, card.id))).toHaveLength(1);
  });

  it('refuses a bad card number (400), a customer (403), the signed out (401), an unknown card and another business (404), writing nothing', async () => {
    const before = await objectCount();
    expect((await get('/api/t/demo/cards/DEM0%00CARD/wallet/google', s.admin)).statusCode).toBe(400);
    expect((await get('/api/t/demo/cards/DEM0CARD0001/wallet/google', s.customer)).statusCode).toBe(403);
    expect((await get('/api/t/demo/cards/DEM0CARD0001/wallet/google')).statusCode).toBe(401);
    const unknown = await get('/api/t/demo/cards/NOSUCHCARD00/wallet/google', s.admin);
    expect([unknown.statusCode, json(unknown).error]).toEqual([404, 'Card not found']);
    expect((await get(`/api/t/demo/cards/${other.cardUid}/wallet/google`, s.admin)).statusCode).toBe(404);
    expect((await get(`/api/t/demo/cards/DEM0CARD0001/wallet/google`, other.cookie)).statusCode).toBe(404);
    expect(await objectCount()).toBe(before);
  });
});

describe('GET /api/t/{slug}/me/cards/{cardUid}/wallet/google', () => {
  it("gives the customer their own card's link, and no one else's (404), nor to staff (403)", async () => {
    const res = await get('/api/t/demo/me/cards/DEM0CARD0001/wallet/google', s.customer);
    expect(res.statusCode).toBe(200);
    expect((await verifiedClaims(json(res).saveUrl)).payload.loyaltyObjects[0]!.accountId).toBe('DEM0CARD0001');
    const [notTheirs] = rowsOf<{ card_uid: string }>(
      await ctx.db.execute(sql`select c.card_uid from cards c join tenants t on t.id = c.tenant_id
        where t.slug = 'demo' and c.customer_id is not null and c.card_uid <> 'DEM0CARD0001' order by c.card_uid limit 1`),
    );
    expect((await get(`/api/t/demo/me/cards/${notTheirs!.card_uid}/wallet/google`, s.customer)).statusCode).toBe(404);
    expect((await get(`/api/t/demo/me/cards/${other.cardUid}/wallet/google`, s.customer)).statusCode).toBe(404);
    expect((await get('/api/t/demo/me/cards/DEM0CARD0001/wallet/google', s.cashier)).statusCode).toBe(403);
  });
});

describe('GET /api/{slug}/c/{cardUid}/wallet/google?t=', () => {
  let ip = 0;
  const publicGet = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: `10.8.0.${++ip}` });

  it("answers the link with the card's QR token, and 404 'Card not found' without it, with a wrong one, or for another business's card", async () => {
    const token = signCardToken(ctx.config.qrTokenSecret, 'DEM0CARD0001');
    const res = await publicGet(`/api/demo/c/dem0card0001/wallet/google?t=${token}`);
    expect(res.statusCode).toBe(200);
    expect((await verifiedClaims(json(res).saveUrl)).payload.loyaltyObjects[0]!.barcode.value).toContain(`t=${token}`);
    for (const url of [
      '/api/demo/c/DEM0CARD0001/wallet/google',
      `/api/demo/c/DEM0CARD0001/wallet/google?t=${signCardToken(ctx.config.qrTokenSecret, 'DEM0CARD0002')}`,
      `/api/demo/c/${other.cardUid}/wallet/google?t=${signCardToken(ctx.config.qrTokenSecret, other.cardUid)}`,
    ]) {
      const refused = await publicGet(url);
      expect([refused.statusCode, json(refused).error], url).toEqual([404, 'Card not found']);
    }
  });

  it('serves the programme logo Google fetches, a PNG', async () => {
    const res = await get('/api/wallet/google/logo.png');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('the platform service account', () => {
  const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com', QR_TOKEN_SECRET: 'x'.repeat(40), PAYMENT_PROVIDER: 'demo' };
  const key = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const account = JSON.stringify({ type: 'service_account', client_email: 'wallet@example-project.iam.gserviceaccount.com', private_key: key.privateKey });
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      return (err as Error).message;
    }
    return '';
  };

  it('signs links in production with its key and issuer ID; without one production issues none', async () => {
    const config = loadConfig({ ...PRODUCTION, WALLET_GOOGLE_ISSUER_ID: '3388000000012345678', WALLET_GOOGLE_SERVICE_ACCOUNT: account });
    expect([config.wallet.googlePasses, config.wallet.googleSync]).toEqual([true, true]);
    const demo = (await tenantContextBySlug(ctx.db, 'demo'))!;
    const url = await issueGoogleSaveUrl(ctx.db, config, demo, 'DEM0CARD0001', new Date());
    const { payload } = await jwtVerify(url.slice(GOOGLE_SAVE_URL.length), (await import('node:crypto')).createPublicKey(key.publicKey), {
      audience: 'google',
    });
    expect(payload.iss).toBe('wallet@example-project.iam.gserviceaccount.com');
    expect(payload.origins).toEqual(['https://cards.example.com']);
    expect((payload.payload as { loyaltyObjects: Array<{ id: string }> }).loyaltyObjects[0]!.id).toMatch(/^3388000000012345678\.card-/);
    expect(decodeJwt(url.slice(GOOGLE_SAVE_URL.length)).payload).not.toHaveProperty('loyaltyClasses.0.programName', expect.stringContaining('Development'));

    const none = loadConfig(PRODUCTION);
    expect([none.wallet.googlePasses, none.wallet.googleSync]).toEqual([false, false]);
    const before = await objectCount();
    await expect(issueGoogleSaveUrl(ctx.db, none, demo, 'DEM0CARD0001', new Date())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: GOOGLE_WALLET_UNAVAILABLE,
    });
    expect(await objectCount()).toBe(before);
  });

  it('stops start-up with a line per problem', () => {
    expect(refusal({ ...PRODUCTION, WALLET_GOOGLE_ISSUER_ID: '3388000000012345678' })).toMatch(
      /^ {2}WALLET_GOOGLE_SERVICE_ACCOUNT: set WALLET_GOOGLE_ISSUER_ID and WALLET_GOOGLE_SERVICE_ACCOUNT together/m,
    );
    expect(refusal({ ...PRODUCTION, WALLET_GOOGLE_ISSUER_ID: '3388000000012345678', WALLET_GOOGLE_SERVICE_ACCOUNT: '{"type":"user"}' })).toMatch(
      /^ {2}WALLET_GOOGLE_SERVICE_ACCOUNT: must be the service account's JSON key/m,
    );
    const notAKey = JSON.stringify({ type: 'service_account', client_email: 'a@b.example', private_key: 'nope' });
    expect(refusal({ ...PRODUCTION, WALLET_GOOGLE_ISSUER_ID: '3388000000012345678', WALLET_GOOGLE_SERVICE_ACCOUNT: notAKey })).toMatch(
      /^ {2}WALLET_GOOGLE_SERVICE_ACCOUNT: its private_key must be an RSA private key/m,
    );
    expect(refusal({ ...PRODUCTION, WALLET_GOOGLE_ISSUER_ID: 'abc', WALLET_GOOGLE_SERVICE_ACCOUNT: account })).toMatch(
      /^ {2}WALLET_GOOGLE_ISSUER_ID: must be the Google Wallet issuer ID/m,
    );
    expect(refusal({ ...PRODUCTION, GOOGLE_WALLET_API_URL: 'http://wallet.internal/v1' })).toMatch(
      /^ {2}GOOGLE_WALLET_API_URL: must be https:\/\/ in production/m,
    );
    expect(refusal({ ...PRODUCTION, GOOGLE_OAUTH_TOKEN_URL: 'http://oauth.internal/token' })).toMatch(
      /^ {2}GOOGLE_OAUTH_TOKEN_URL: must be https:\/\/ in production/m,
    );
  });
});
