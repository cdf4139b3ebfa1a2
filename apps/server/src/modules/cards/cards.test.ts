import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherTenant, createTestContext, demoSessions, json, type TestContext } from '../../../test/helpers.ts';
import { cardQrUrl, generateCardUid, signCardToken, verifyCardToken } from './qr-token.ts';
import { isCardUid } from '@loyalty/domain';

let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
});
afterAll(() => ctx.close());

const lookup = (uid: string, cookie?: string, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/cards/${encodeURIComponent(uid)}`, headers: cookie ? { cookie } : {} });

describe('GET /api/t/{slug}/cards/{cardUid} (POS lookup)', () => {
  it('returns card, customer, tier, store and a signed QR URL; typed UIDs are normalised', async () => {
    const res = await lookup(' dem0-card 0001 ', s.cashier);
    expect(res.statusCode).toBe(200);
    const card = json(res);
    expect(card).toMatchObject({ cardUid: 'DEM0CARD0001', status: 'ACTIVE', storeName: 'Main Store' });
    expect(card.customer).toMatchObject({ firstName: 'Jane', lastName: 'Customer', tier: 'SILVER' });
    expect(card.balanceCents).toBeGreaterThan(0);
    expect(card.qrUrl).toBe(cardQrUrl(ctx.config.publicUrl, ctx.config.qrTokenSecret, 'demo', 'DEM0CARD0001'));
  });

  it('returns an unassigned card with no customer', async () => {
    const res = await lookup('DEM0CARD0010', s.admin);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ status: 'UNASSIGNED', customer: null, balanceCents: 0 });
  });

  it('answers 404 Card not found for an unknown UID', async () => {
    const res = await lookup('ZZZZZZZZZZZZ', s.cashier);
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe('Card not found');
  });

  it("answers 404 for another tenant's card, even by its exact UID", async () => {
    const other = await createOtherTenant(ctx.db);
    const res = await lookup(other.cardUid, s.admin);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Oscar');
  });

  it('answers 403 to a customer and 401 when signed out', async () => {
    expect((await lookup('DEM0CARD0001', s.customer)).statusCode).toBe(403);
    expect((await lookup('DEM0CARD0001')).statusCode).toBe(401);
  });
});

describe('card UIDs and QR tokens', () => {
  it('generates 12-character Crockford UIDs, all distinct over 10,000 draws', () => {
    const uids = new Set(Array.from({ length: 10_000 }, generateCardUid));
    expect(uids.size).toBe(10_000);
    for (const uid of [...uids].slice(0, 200)) expect(isCardUid(uid)).toBe(true);
  });

  it('signs 22-character base64url tokens that verify only for their card and secret', () => {
    const token = signCardToken('s'.repeat(32), 'DEM0CARD0001');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(verifyCardToken('s'.repeat(32), 'DEM0CARD0001', token)).toBe(true);
    expect(verifyCardToken('s'.repeat(32), 'DEM0CARD0002', token)).toBe(false);
    expect(verifyCardToken('t'.repeat(32), 'DEM0CARD0001', token)).toBe(false);
    expect(verifyCardToken('s'.repeat(32), 'DEM0CARD0001', token.slice(0, 21))).toBe(false);
    expect(verifyCardToken('s'.repeat(32), 'DEM0CARD0001', undefined)).toBe(false);
  });
});
