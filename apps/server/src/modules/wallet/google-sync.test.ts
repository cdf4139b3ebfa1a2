import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { importX509, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cards, walletDevIdentities, walletGoogleObjects } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, idempotencyKey, type TestContext } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { DEV_GOOGLE_CLIENT_EMAIL } from './dev-identity.ts';
import type { loyaltyObjectFieldsOf } from './google-pass.ts';
import { syncChangedGoogleObjects } from './google-sync.ts';
import { PUSH_RETRY_MS } from './push-passes.ts';

/**
 * Google Wallet object updates (ADR 0047) against a local HTTP server standing in for Google's
 * OAuth token endpoint and Wallet REST API (GOOGLE_OAUTH_TOKEN_URL, GOOGLE_WALLET_API_URL): one
 * PATCH per changed object after an earn, none after a replayed earn, failures tried again.
 */
interface Patch {
  objectId: string;
  authorization: string | undefined;
  body: ReturnType<typeof loyaltyObjectFieldsOf>;
}
const google = {
  patches: [] as Patch[],
  classPatches: [] as Array<{ classId: string; body: Record<string, unknown> }>,
  assertions: [] as string[],
  patchStatus: 200,
  server: http.createServer(),
};
let ctx: TestContext;
beforeAll(async () => {
  google.server.on('request', (req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/token') {
        google.assertions.push(new URLSearchParams(body).get('assertion') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'test-access-token', expires_in: 3600 }));
        return;
      }
      const klass = /^\/walletobjects\/v1\/loyaltyClass\/(.+)$/.exec(req.url ?? '');
      if (req.method === 'PATCH' && klass) {
        google.classPatches.push({ classId: decodeURIComponent(klass[1]!), body: JSON.parse(body) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      const match = /^\/walletobjects\/v1\/loyaltyObject\/(.+)$/.exec(req.url ?? '');
      if (req.method === 'PATCH' && match) {
        google.patches.push({ objectId: decodeURIComponent(match[1]!), authorization: req.headers.authorization, body: JSON.parse(body) });
        res.writeHead(google.patchStatus, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => google.server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
  ctx = await createTestContext({ GOOGLE_WALLET_API_URL: `${origin}/walletobjects/v1`, GOOGLE_OAUTH_TOKEN_URL: `${origin}/token` });
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => google.server.close(resolve));
});
beforeEach(() => {
  google.patches = [];
  google.classPatches = [];
  google.patchStatus = 200;
});

/** A fresh business whose card has a Google object (its save link was issued), and an earn on it. */
async function savedCard() {
  const t = await freshTenant(ctx, { balanceCents: 1000, idempotencyKeys: true });
  expect((await t.req('GET', `cards/${t.cardUid}/wallet/google`)).statusCode).toBe(200);
  const earn = (headers: Record<string, string> = idempotencyKey()) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/earn`,
      headers: { cookie: t.cookie, ...headers },
      payload: { cardUid: t.cardUid, amountCents: 2000 },
    });
  const [object] = await ctx.db.select().from(walletGoogleObjects).where(eq(walletGoogleObjects.tenantId, t.tenant.id));
  return { t, earn, object: object! };
}
const balanceMicros = (patch: Patch) => patch.body.loyaltyPoints.balance.money.micros;

describe('syncChangedGoogleObjects', () => {
  it("PATCHes the card's object once after an earn with the new balance, authenticated by the service account's token; nothing when nothing changed", async () => {
    await syncChangedGoogleObjects(ctx.db, ctx.config, new Date()); // whatever other tests left due
    google.patches = [];
    const { t, earn, object } = await savedCard();
    expect((await syncChangedGoogleObjects(ctx.db, ctx.config, new Date())).objects).toBe(0);
    const key = idempotencyKey();
    const first = await earn(key);
    expect(first.statusCode, first.body).toBe(200);
    const [card] = await ctx.db.select({ balanceCents: cards.balanceCents }).from(cards).where(eq(cards.id, object.cardId));
    const balance = card!.balanceCents;
    expect(balance).toBeGreaterThan(1000);
    const run = await syncChangedGoogleObjects(ctx.db, ctx.config, new Date());
    expect(run).toEqual({ classes: 0, objects: 1, sent: 1, retrying: 0 });
    expect(google.patches).toHaveLength(1);
    expect(google.patches[0]).toMatchObject({ objectId: object.objectId, authorization: 'Bearer test-access-token' });
    expect(balanceMicros(google.patches[0]!)).toBe(String(balance * 10_000));
    expect(google.patches[0]!.body).toMatchObject({ state: 'ACTIVE', accountId: t.cardUid, barcode: { type: 'QR_CODE', alternateText: t.cardUid } });
    expect(google.patches[0]!.body).not.toHaveProperty('id');
    // The token request was a JWT bearer grant signed by the issuer's key.
    const [row] = await ctx.db.select().from(walletDevIdentities).where(eq(walletDevIdentities.name, 'google'));
    const { payload } = await jwtVerify(google.assertions.at(-1)!, await importX509(row!.signerCertPem, 'RS256'), {
      audience: ctx.config.wallet.googleTokenUrl,
    });
    expect([payload.iss, payload.scope]).toEqual([DEV_GOOGLE_CLIENT_EMAIL, 'https://www.googleapis.com/auth/wallet_object.issuer']);

    // A replayed earn moves no money and changes nothing to send.
    expect((await earn(key)).statusCode).toBe(200);
    expect((await syncChangedGoogleObjects(ctx.db, ctx.config, new Date())).objects).toBe(0);
    expect(google.patches).toHaveLength(1);
  });

  it('tries a failed PATCH again after the back-off; 404 (never saved) counts as sent', async () => {
    await syncChangedGoogleObjects(ctx.db, ctx.config, new Date());
    google.patches = [];
    const { earn, object } = await savedCard();
    expect((await earn()).statusCode).toBe(200);
    google.patchStatus = 503;
    const now = new Date();
    expect(await syncChangedGoogleObjects(ctx.db, ctx.config, now)).toEqual({ classes: 0, objects: 1, sent: 0, retrying: 1 });
    const [failed] = await ctx.db.select().from(walletGoogleObjects).where(eq(walletGoogleObjects.cardId, object.cardId));
    expect([failed!.pushAttempts, failed!.pushRetryAt?.getTime()]).toEqual([1, now.getTime() + PUSH_RETRY_MS[0]!]);
    // Not before its time; then once more, and Google says the holder never saved it.
    expect((await syncChangedGoogleObjects(ctx.db, ctx.config, now)).objects).toBe(0);
    google.patchStatus = 404;
    expect(await syncChangedGoogleObjects(ctx.db, ctx.config, new Date(now.getTime() + PUSH_RETRY_MS[0]!))).toEqual({
      classes: 0,
      objects: 1,
      sent: 1,
      retrying: 0,
    });
    const [done] = await ctx.db.select().from(walletGoogleObjects).where(eq(walletGoogleObjects.cardId, object.cardId));
    expect([done!.pushAttempts, done!.pushRetryAt, done!.pushedAt.getTime() >= done!.updatedAt.getTime() - 1]).toEqual([0, null, true]);
    expect(google.patches).toHaveLength(2);
  });

  it('sends nothing for development links unless GOOGLE_WALLET_API_URL is set on purpose', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://' });
    expect(config.wallet.googleSync).toBe(false);
    const { earn } = await savedCard();
    expect((await earn()).statusCode).toBe(200);
    expect(await syncChangedGoogleObjects(ctx.db, config, new Date())).toEqual({ classes: 0, objects: 0, sent: 0, retrying: 0 });
    expect(google.patches).toHaveLength(0);
  });

  it("PATCHes the business's class once after its wallet look changes, with the new programme name, colour and logo", async () => {
    await syncChangedGoogleObjects(ctx.db, ctx.config, new Date());
    google.classPatches = [];
    const { t, object } = await savedCard();
    const look = { programName: 'Harbour Rewards', backgroundColor: '#14532d', foregroundColor: '#ffffff', labelColor: '#dcfce7', terms: null };
    expect((await t.req('PUT', 'rules/wallet', look)).statusCode).toBe(200);
    const logo = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="50"/></svg>').toString('base64');
    const saved = await t.req('PUT', 'rules/wallet/logo', { contentType: 'image/svg+xml', dataBase64: logo });
    expect(saved.statusCode).toBe(200);
    expect((await syncChangedGoogleObjects(ctx.db, ctx.config, new Date())).classes).toBe(1);
    expect(google.classPatches).toEqual([
      {
        classId: object.classId,
        body: expect.objectContaining({
          programName: 'Harbour Rewards card (Development pass)',
          hexBackgroundColor: '#14532d',
          programLogo: expect.objectContaining({ sourceUri: { uri: JSON.parse(saved.body).logoUrl } }),
        }),
      },
    ]);
    expect((await syncChangedGoogleObjects(ctx.db, ctx.config, new Date())).classes).toBe(0);
    expect(google.classPatches).toHaveLength(1);
  });
});
