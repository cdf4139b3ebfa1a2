import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, demoSessions, idempotencyKey, json, type TestContext } from './helpers.ts';

/**
 * The till's hot path in statements sent to PostgreSQL per request (docs/performance.md 'The
 * till's statements'), so a change that adds a round trip cannot slip in unnoticed: the card
 * lookup the POS makes, an earn and a redeem, each counted from the session's lookup to the
 * COMMIT, every guarantee kept (the Idempotency-Key claimed in the movement's transaction,
 * card → holder lock order, the programme read after the locks, lots, summaries, audit row).
 * On PostgreSQL only (the suite's PG mode): PGlite is one embedded connection with no
 * round trips to count. Counted at the driver (every `Client.query` is one statement that
 * PostgreSQL's `log_statement = all` logs); the minimum of a few runs, so that a background
 * query (the outbox worker's poll) landing in one run cannot fail the test.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let ctx: TestContext;
let cashier: string;
let sent: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  ({ cashier } = await demoSessions(ctx.app));
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const q = args[0] as string | { text?: string; name?: string };
      sent.push(typeof q === 'string' ? q : (q.name ?? q.text ?? '?'));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  if (ctx) await ctx.close();
});

/** The fewest statements `request` sent in 3 runs, and those statements. */
async function statementsOf(request: (run: number) => Promise<{ statusCode: number }>): Promise<{ n: number; statements: string[] }> {
  let best: string[] | null = null;
  for (let run = 0; run < 3; run++) {
    sent = [];
    counting = true;
    const res = await request(run);
    counting = false;
    expect(res.statusCode).toBe(200);
    if (!best || sent.length < best.length) best = sent;
  }
  return { n: best!.length, statements: best! };
}

describe.skipIf(!onPostgres)("the till's statements per request", () => {
  it('a card lookup is at most 2: the session with its tenant, and the card', async () => {
    const { n, statements } = await statementsOf(() => ctx.app.inject({ method: 'GET', url: '/api/t/demo/cards/DEM0CARD0001', headers: { cookie: cashier } }));
    expect(n, statements.join('\n')).toBeLessThanOrEqual(2);
  });

  it('an earn is at most 5: session with tenant, BEGIN, the claim with the locks and the programme, the write, COMMIT', async () => {
    const { n, statements } = await statementsOf(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/t/demo/transactions/earn',
        headers: { cookie: cashier, ...idempotencyKey() },
        payload: { cardUid: 'DEM0CARD0001', amountCents: 1000 },
      }),
    );
    expect(n, statements.join('\n')).toBeLessThanOrEqual(5);
  });

  it('a redeem with no receipt and no subscribed endpoint is at most 2: session with tenant, the movement as its own transaction', async () => {
    const { n, statements } = await statementsOf(() =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/t/demo/transactions/redeem',
        headers: { cookie: cashier, ...idempotencyKey() },
        payload: { cardUid: 'DEM0CARD0001', amountCents: 1 },
      }),
    );
    expect(n, statements.join('\n')).toBeLessThanOrEqual(2);
  });

  it('a replayed earn answers the first answer and moves nothing', async () => {
    const key = idempotencyKey();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/transactions/earn',
      headers: { cookie: cashier, ...key },
      payload: { cardUid: 'DEM0CARD0001', amountCents: 700 },
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/t/demo/transactions/earn',
      headers: { cookie: cashier, ...key },
      payload: { cardUid: 'DEM0CARD0001', amountCents: 700 },
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(json(again)).toEqual(json(first));
  });
});
