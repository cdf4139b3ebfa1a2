import AdmZip from 'adm-zip';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_CERTIFICATE_TEXT } from '@loyalty/contract';
import { auditLog, walletBranding } from '../../db/schema/index.ts';
import { createTestContext, freshTenant, json, loginAs, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { TEST_PASS_TYPE, TEST_TEAM, opensslVerifies, testPassCa, testPassP12 as p12Of } from '../../../test/pkpass.ts';
import { loadConfig } from '../../config.ts';
import { systemContext } from '../../context.ts';
import { tenantContextBySlug } from '../tenants/index.ts';
import { putWalletCertificate } from './business-identity.ts';
import { DEV_PASS_TYPE_ID } from './dev-identity.ts';
import { pushChangedPasses, type PushSender } from './push-passes.ts';

/**
 * A business's own Apple Pass Type ID certificate (ADR 0048): checked on upload, its key sealed,
 * then signing the business's new passes, re-signed and pushed with it, while passes issued
 * before keep the platform's identity.
 */
let ctx: TestContext;
let t: FreshTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  t = await freshTenant(ctx, { balanceCents: 500, idempotencyKeys: true });
});
afterAll(() => ctx.close());

const PASS_TYPE = TEST_PASS_TYPE;
const TEAM = TEST_TEAM;

const upload = (who: FreshTenant, body: object) => who.req('PUT', 'rules/wallet/certificate', body);
const downloadPass = async () => {
  const res = await t.req('GET', `cards/${t.cardUid}/wallet/apple`);
  expect(res.statusCode).toBe(200);
  return new AdmZip(res.rawPayload);
};

describe('PUT /api/t/{slug}/rules/wallet/certificate', () => {
  it("stores the certificate with its key sealed; the business's new passes are signed with it, earlier ones keep the platform's; audited", async () => {
    const before = JSON.parse((await downloadPass()).readAsText('pass.json'));
    expect(before.passTypeIdentifier).toBe(DEV_PASS_TYPE_ID);

    const res = await upload(t, { p12Base64: p12Of(), password: 'secret' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).certificate).toEqual({ passTypeIdentifier: PASS_TYPE, teamIdentifier: TEAM, expiresAt: expect.stringMatching(/^\d{4}-/) });
    const [row] = await ctx.db.select().from(walletBranding).where(eq(walletBranding.tenantId, t.tenant.id));
    expect(row!.appleKeySealed).toMatch(/^v1\./);
    expect(row!.appleKeySealed).not.toContain('PRIVATE KEY');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'rules.wallet.certificate')));
    expect(audit).toMatchObject({ before: null, after: { passTypeIdentifier: PASS_TYPE, teamIdentifier: TEAM } });

    const zip = await downloadPass();
    const pass = JSON.parse(zip.readAsText('pass.json'));
    expect([pass.passTypeIdentifier, pass.teamIdentifier]).toEqual([PASS_TYPE, TEAM]);
    expect(JSON.stringify(pass)).not.toContain('Development pass');
    expect(opensslVerifies(zip.readFile('manifest.json')!, zip.readFile('signature')!, testPassCa.pem)).toBe(true);

    // Apple's fetch of each pass is signed by the identity it was issued under.
    const fetchPass = (p: { passTypeIdentifier: string; serialNumber: string; authenticationToken: string }) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/wallet/apple/v1/passes/${p.passTypeIdentifier}/${p.serialNumber}`,
        headers: { authorization: `ApplePass ${p.authenticationToken}` },
      });
    const refetched = await fetchPass(pass);
    expect(refetched.statusCode).toBe(200);
    expect(
      opensslVerifies(new AdmZip(refetched.rawPayload).readFile('manifest.json')!, new AdmZip(refetched.rawPayload).readFile('signature')!, testPassCa.pem),
    ).toBe(true);
    const old = await fetchPass(before);
    expect([old.statusCode, JSON.parse(new AdmZip(old.rawPayload).readAsText('pass.json')).passTypeIdentifier]).toEqual([200, DEV_PASS_TYPE_ID]);

    // After an earn, each pass is pushed with its own identity and topic.
    for (const p of [pass, before]) {
      const registered = await ctx.app.inject({
        method: 'POST',
        url: `/api/wallet/apple/v1/devices/dev-${p.serialNumber}/registrations/${p.passTypeIdentifier}/${p.serialNumber}`,
        headers: { authorization: `ApplePass ${p.authenticationToken}` },
        payload: { pushToken: `token-${p.serialNumber}` },
      });
      expect(registered.statusCode).toBe(201);
    }
    await pushChangedPasses(ctx.db, ctx.config, new Date(), async () => []); // whatever other passes were due
    expect((await t.req('POST', 'transactions/earn', { cardUid: t.cardUid, amountCents: 1000 })).statusCode).toBe(200);
    const sent: Array<{ cert: string; topics: string[] }> = [];
    const send: PushSender = async (_url, identity, pushes) => {
      sent.push({ cert: identity.signerCertPem, topics: pushes.map((p) => p.topic) });
      return pushes.map(() => 200);
    };
    expect(await pushChangedPasses(ctx.db, ctx.config, new Date(), send)).toMatchObject({ passes: 2, pushed: 2 });
    expect(sent.map((s) => s.topics).sort()).toEqual([[PASS_TYPE], [DEV_PASS_TYPE_ID]]);
    expect(sent.find((s) => s.topics[0] === PASS_TYPE)!.cert).toBe(row!.appleCertPem);
  });

  it('takes a renewal of the same Pass Type ID and Team ID, and refuses one that changes them (422)', async () => {
    const renewed = await upload(t, { p12Base64: p12Of({ days: 700 }), password: 'secret' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const other = await upload(t, { p12Base64: p12Of({ passType: 'pass.com.other.loyalty' }), password: 'secret' });
    expect([other.statusCode, json(other).error]).toEqual([422, WALLET_CERTIFICATE_TEXT.changedIdentifiers]);
    const team = await upload(t, { p12Base64: p12Of({ team: 'OTHERTEAM1' }), password: 'secret' });
    expect([team.statusCode, json(team).error]).toEqual([422, WALLET_CERTIFICATE_TEXT.changedIdentifiers]);
    expect(json(await t.req('GET', 'rules/wallet')).certificate.passTypeIdentifier).toBe(PASS_TYPE);
  });

  it('refuses a file that does not open, an expired certificate, one that is not a Pass Type ID, an unknown issuer, and bad input, writing nothing', async () => {
    const fresh = await freshTenant(ctx);
    const cases: Array<[object, number, string | null]> = [
      [{ p12Base64: p12Of(), password: 'wrong' }, 400, WALLET_CERTIFICATE_TEXT.unreadable],
      [{ p12Base64: Buffer.from('not a p12').toString('base64'), password: '' }, 400, WALLET_CERTIFICATE_TEXT.unreadable],
      [{ p12Base64: p12Of({ from: new Date(Date.now() - 400 * 86_400_000), days: 30 }), password: 'secret' }, 422, WALLET_CERTIFICATE_TEXT.expired],
      [{ p12Base64: p12Of({ passType: null }), password: 'secret' }, 422, WALLET_CERTIFICATE_TEXT.notPassType],
      [{ p12Base64: p12Of({ chain: false }), password: 'secret' }, 422, WALLET_CERTIFICATE_TEXT.unknownIssuer],
      [{ p12Base64: p12Of() }, 400, null],
      [{ p12Base64: '***', password: 'secret' }, 400, null],
    ];
    for (const [body, status, message] of cases) {
      const res = await upload(fresh, body);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(json(res).error).toBe(message);
    }
    expect(await ctx.db.select().from(walletBranding).where(eq(walletBranding.tenantId, fresh.tenant.id))).toEqual([]);
  });

  it('is for Store Admins of the business only (cashier 403, another business 404)', async () => {
    const cashier = await loginAs(ctx.app, 'cashier@demo.com', 'DemoCashier123!');
    const body = { p12Base64: p12Of(), password: 'secret' };
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/t/demo/rules/wallet/certificate', headers: { cookie: cashier }, payload: body })).statusCode).toBe(
      403,
    );
    const other = await freshTenant(ctx);
    const foreign = await ctx.app.inject({ method: 'PUT', url: `/api/t/${t.slug}/rules/wallet/certificate`, headers: { cookie: other.cookie }, payload: body });
    expect(foreign.statusCode).toBe(404);
    expect(await ctx.db.select().from(walletBranding).where(eq(walletBranding.tenantId, other.tenant.id))).toEqual([]);
  });

  it('refuses in production without WALLET_SECRETS_KEY, as the key could not be stored safely', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.com',
      QR_TOKEN_SECRET: 'x'.repeat(40),
      PAYMENT_PROVIDER: 'demo',
    });
    const demo = (await tenantContextBySlug(ctx.db, 'demo'))!;
    await expect(putWalletCertificate(ctx.db, systemContext(new Date(), demo), production, { p12Base64: p12Of(), password: 'secret' })).rejects.toMatchObject({
      message: WALLET_CERTIFICATE_TEXT.noSecretsKey,
    });
    const [demoLook] = await ctx.db.select().from(walletBranding).where(eq(walletBranding.tenantId, demo.id));
    expect(demoLook?.appleCertPem ?? null).toBeNull();
  });
});
