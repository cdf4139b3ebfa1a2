import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { isOfferRunning } from '@loyalty/domain';
import { offers } from '../../db/schema/index.ts';
import { createTestContext, demoSessions, demoTenantId, idempotencyKey, json, type TestContext } from '../../../test/helpers.ts';

/**
 * One offer window for every reader (docs/decisions/0030-one-rule-one-place.md): an active offer
 * runs from its start to its end, both instants included. At the exact instants of the window's
 * ends the till (POST /transactions/earn, the same service as /api/v1) and the dashboard's
 * 'Active Offers' give the same answer, and it is the domain's `isOfferRunning`.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let tenantId: string;
/** The app's clock stands still here: whole milliseconds, as the API's ISO timestamps carry them. */
const NOW = new Date(Date.now() - 1234);
const MS = 1;
const HOUR = 3_600_000;
/** Above the 2000 bps cap of category rate + tier bonus: an earn's rate exceeds 2000 bps only when this offer counts. */
const BONUS_BPS = 3000;

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => NOW });
  s = await demoSessions(ctx.app);
  tenantId = await demoTenantId(ctx.db);
});
afterAll(() => ctx.close());

/** Leaves `window` as the tenant's only active offer. */
async function onlyOffer(window: { startAt: Date; endAt: Date }) {
  await ctx.db.update(offers).set({ isActive: false }).where(eq(offers.tenantId, tenantId));
  await ctx.db.insert(offers).values({ tenantId, name: 'Window', rateMultiplierBps: BONUS_BPS, isActive: true, ...window });
}

/** Whether the till counted the offer in an earn at NOW (its rate is above the base cap only with the offer). */
async function tillCounts(): Promise<boolean> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/t/demo/transactions/earn',
    headers: { cookie: s.cashier, ...idempotencyKey() },
    payload: { cardUid: 'DEM0CARD0001', amountCents: 1_000 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).rateBps > 2000;
}

/** Whether the dashboard's 'Active Offers' at NOW counts the offer. */
async function dashboardCounts(): Promise<boolean> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/t/demo/reports/dashboard', headers: { cookie: s.admin } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).stats.activeOffers === 1;
}

describe('the offer window at its exact ends: till, dashboard and domain agree', () => {
  const cases: [string, { startAt: Date; endAt: Date }, boolean][] = [
    ['an offer ending exactly now is running', { startAt: new Date(NOW.getTime() - HOUR), endAt: NOW }, true],
    ['an offer starting exactly now is running', { startAt: NOW, endAt: new Date(NOW.getTime() + HOUR) }, true],
    ['an offer of one instant, now, is running', { startAt: NOW, endAt: NOW }, true],
    ['an offer that ended a millisecond ago is not', { startAt: new Date(NOW.getTime() - HOUR), endAt: new Date(NOW.getTime() - MS) }, false],
    ['an offer starting in a millisecond is not', { startAt: new Date(NOW.getTime() + MS), endAt: new Date(NOW.getTime() + HOUR) }, false],
  ];
  it.each(cases)('%s', async (_name, window, running) => {
    await onlyOffer(window);
    expect(isOfferRunning({ ...window, isActive: true }, NOW)).toBe(running);
    expect({ till: await tillCounts(), dashboard: await dashboardCounts() }).toEqual({ till: running, dashboard: running });
  });
});
