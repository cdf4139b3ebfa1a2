import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_CSV_COLUMNS, TRANSACTION_CSV_COLUMNS } from '@loyalty/contract';
import { cards, customers, stores, transactions } from '../../db/schema/index.ts';
import { countRows, createOtherTenant, createTestContext, demoSessions, demoTenantId, type TestContext } from '../../../test/helpers.ts';
import { rowsOf } from '../../lib/sql.ts';
import { centsToDollars, dollarsSql, isoUtcSql, safeCell, safeCellSql } from '../../lib/csv-cells.ts';
import { addCustomerWithCard, addLedgerRows, daysAgo, directLedgerIds } from '../../../test/ledger-fixture.ts';

/**
 * GET /api/t/{slug}/reports/export/transactions and /customers (docs/product.md 'Reports'): the CSV
 * parsed back with csv-parse and compared with the database row by row, awkward text
 * (quotes, commas, new lines, formula starters), rows sharing an instant, filters, guards; the
 * SQL twins of the cell rules agree with the JavaScript ones.
 */
let ctx: TestContext;
let s: Awaited<ReturnType<typeof demoSessions>>;
let tenantId: string;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
const awkwardNote = 'He said "hi", then left\nsecond line; =1+1';
/** Many rows share this instant: the order (created_at desc, id desc) must not lose or repeat any. */
const crowdAt = daysAgo(2, 3);
const crowd = 1250;

beforeAll(async () => {
  ctx = await createTestContext();
  s = await demoSessions(ctx.app);
  tenantId = await demoTenantId(ctx.db);
  other = await createOtherTenant(ctx.db);
  await addCustomerWithCard(ctx.db, tenantId, {
    firstName: '=HYPERLINK("http://evil")',
    lastName: 'Doe, "Jr"',
    cardUid: 'EXP0RT0CARD1',
    email: '@attacker@example.com',
    phone: '+1 555 0199',
  });
  await addLedgerRows(ctx.db, tenantId, [
    { at: daysAgo(1), cardUid: 'EXP0RT0CARD1', amountCents: 123_456, cashbackCents: 3_703, note: awkwardNote },
    { at: daysAgo(1, 1), cardUid: 'EXP0RT0CARD1', type: 'REDEEM', amountCents: 5, note: '-5 cents' },
  ]);
  const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, 'DEM0CARD0001'));
  await ctx.db.insert(transactions).values(
    Array.from({ length: crowd }, (_, k) => ({
      tenantId,
      cardId: card.id,
      customerId: card.customerId,
      storeId: card.storeId,
      type: 'EARN' as const,
      category: k % 2 ? ('PURCHASE' as const) : ('OTHER' as const),
      amountCents: 100 + k,
      cashbackCents: 2,
      beforeBalanceCents: 0,
      afterBalanceCents: 0,
      createdAt: crowdAt,
    })),
  );
  // Microsecond timestamps (JavaScript dates only hold milliseconds): the cursor must keep them.
  await ctx.db
    .execute(sql`insert into ${transactions} (tenant_id, card_id, customer_id, store_id, type, category, amount_cents, cashback_cents, before_balance_cents, after_balance_cents, created_at)
    select tenant_id, card_id, customer_id, store_id, 'EARN', 'REPAIR', 42, 1, 0, 0, ${crowdAt.toISOString()}::timestamptz + (g || ' microseconds')::interval
    from ${transactions}, generate_series(1, 3) g where tenant_id = ${tenantId} limit 3`);
  await addLedgerRows(ctx.db, other.tenant.id, [{ at: daysAgo(1), cardUid: other.cardUid, amountCents: 999, note: 'other tenant' }]);
});
afterAll(() => ctx.close());

const get = (path: string, cookie: string | null = s.admin, slug = 'demo') =>
  ctx.app.inject({ method: 'GET', url: `/api/t/${slug}/reports/export/${path}`, headers: cookie ? { cookie } : {} });

/** The CSV body parsed back into records keyed by header. */
function records(body: string): Record<string, string>[] {
  return parse(body, { columns: true, skip_empty_lines: true });
}

describe('GET /reports/export/transactions', () => {
  it('is transactions.csv with the contract columns, every row of the tenant newest first, values exact', async () => {
    const res = await get('transactions');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    expect(res.body.split('\n')[0]).toBe(TRANSACTION_CSV_COLUMNS.join(','));
    const rows = records(res.body);
    const ids = await directLedgerIds(ctx.db, tenantId);
    expect(rows.length).toBe(ids.length);
    expect(rows.map((r) => r['Transaction ID'])).toEqual(ids);
    expect(new Set(rows.map((r) => r['Transaction ID'])).size).toBe(ids.length);
    const [db] = rowsOf<Record<string, string | number>>(
      await ctx.db
        .execute(sql`select t.*, c.card_uid, s.name as store_name from ${transactions} t join ${cards} c on c.id = t.card_id left join ${stores} s on s.id = t.store_id
        where t.tenant_id = ${tenantId} and t.note = ${awkwardNote}`),
    );
    const row = rows.find((r) => r['Transaction ID'] === db.id)!;
    expect(row).toEqual({
      Date: new Date(db.created_at as unknown as string).toISOString(),
      'Transaction ID': db.id,
      Type: 'EARN',
      Category: 'PURCHASE',
      Customer: `'=HYPERLINK("http://evil") Doe, "Jr"`,
      'Card UID': 'EXP0RT0CARD1',
      Store: db.store_name,
      Amount: '1234.56',
      Cashback: '37.03',
      'Balance Before': '0.00',
      'Balance After': '0.00',
      Note: awkwardNote,
      Reason: '',
    });
    expect(rows.find((r) => r.Note === "'-5 cents")).toMatchObject({ Type: 'REDEEM', Category: '', Amount: '0.05', Cashback: '0.00' });
    expect(rows.some((r) => r.Note === 'other tenant')).toBe(false);
  });

  it('applies type, category, from, to and store, like the list', async () => {
    const [main] = await ctx.db.select().from(stores).where(eq(stores.name, 'Main Store'));
    const day = crowdAt.toISOString().slice(0, 10);
    const cases: [string, ReturnType<typeof sql>][] = [
      ['type=REDEEM', sql`type = 'REDEEM'`],
      ['category=REPAIR', sql`category = 'REPAIR'`],
      [
        `from=${day}&to=${day}&category=OTHER`,
        sql`created_at >= (${day}::date)::timestamp at time zone 'UTC' and created_at < (${day}::date + 1)::timestamp at time zone 'UTC' and category = 'OTHER'`,
      ],
      [`storeFilter=${main.id}&type=EARN`, sql`store_id = ${main.id} and type = 'EARN'`],
      ['from=2999-01-01', sql`false`],
    ];
    for (const [query, where] of cases) {
      const res = await get(`transactions?${query}`, s.cashier);
      expect(res.statusCode, query).toBe(200);
      expect(
        records(res.body).map((r) => r['Transaction ID']),
        query,
      ).toEqual(await directLedgerIds(ctx.db, tenantId, where));
    }
    const empty = await get('transactions?from=2999-01-01');
    expect(empty.body.trim()).toBe(TRANSACTION_CSV_COLUMNS.join(','));
  });

  it('answers 400 for a bad filter (search and page are not filters of the export) and writes nothing', async () => {
    const before = await countRows(ctx.db, 'transactions');
    for (const q of ['type=GIFT', 'from=yesterday', 'to=2026-02-30', 'storeFilter=main', 'from=2026-01-01T00:00:00Z']) {
      const res = await get(`transactions?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(await countRows(ctx.db, 'transactions')).toBe(before);
  });

  it('answers 403 to a customer, 401 signed out, 404 on another tenant', async () => {
    expect((await get('transactions', s.customer)).statusCode).toBe(403);
    expect((await get('transactions', null)).statusCode).toBe(401);
    expect((await get('transactions', s.admin, other.tenant.slug)).statusCode).toBe(404);
  });
});

describe('GET /reports/export/customers', () => {
  it('is customers.csv with the contract columns and every customer of the tenant, values exact', async () => {
    const res = await get('customers');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    expect(res.body.split('\n')[0]).toBe(CUSTOMER_CSV_COLUMNS.join(','));
    const rows = records(res.body);
    const db = rowsOf<{ id: string; active: string | number; total_spend_cents: string | number; tier: string; created_at: string }>(
      await ctx.db.execute(sql`select c.id, c.tier, c.total_spend_cents, c.created_at,
          (select count(*) from ${cards} k where k.tenant_id = c.tenant_id and k.customer_id = c.id and k.status = 'ACTIVE') as active
        from ${customers} c where c.tenant_id = ${tenantId} order by c.created_at, c.id`),
    );
    expect(rows.map((r) => r['Customer ID'])).toEqual(db.map((c) => c.id));
    for (const c of db) {
      const r = rows.find((x) => x['Customer ID'] === c.id)!;
      expect(r).toMatchObject({
        Tier: c.tier,
        'Total Spend': centsToDollars(Number(c.total_spend_cents)),
        'Active Cards': String(c.active),
        Joined: new Date(c.created_at).toISOString(),
      });
    }
    expect(rows.find((r) => r['Last Name'] === 'Doe, "Jr"')).toMatchObject({
      'First Name': `'=HYPERLINK("http://evil")`,
      Email: "'@attacker@example.com",
      Phone: "'+1 555 0199",
      'Active Cards': '1',
    });
    expect(rows.some((r) => r['First Name'] === 'Oscar')).toBe(false);
  });

  it('answers 403 to a cashier and a customer (customers are admin-only), 401 signed out, 404 on another tenant', async () => {
    expect((await get('customers', s.cashier)).statusCode).toBe(403);
    expect((await get('customers', s.customer)).statusCode).toBe(403);
    expect((await get('customers', null)).statusCode).toBe(401);
    expect((await get('customers', s.admin, other.tenant.slug)).statusCode).toBe(404);
  });
});

describe('CSV cells', () => {
  it('quotes formula starters (OWASP) and writes cents as dollars', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', 'ok', '', null].map(safeCell)).toEqual(["'=1", "'+1", "'-1", "'@x", "'\tx", "'\rx", 'ok', '', '']);
    expect([0, 5, 100, 123456, -1205, 9_007_199_254_740_991].map(centsToDollars)).toEqual(['0.00', '0.05', '1.00', '1234.56', '-12.05', '90071992547409.91']);
  });

  it('the SQL twins PostgreSQL writes the files with agree with the JavaScript rules, value for value', async () => {
    const texts = ['=1', '+1', '-1', '@x', '\tx', '\rx', 'ok', '', "it's", 'a\\b', ' =lead', 'x=1', 'Zoë', null];
    const cents = [0, 1, 5, 99, 100, 101, 123456, -1, -99, -100, -1205, 2_147_483_647, -2_147_483_647, 9_007_199_254_740_991];
    const instants = ['2026-01-01T00:00:00.000Z', '2026-11-24T10:03:46.295Z', '1999-12-31T23:59:59.999Z', '2026-03-29T01:30:00.5Z'];
    const cell = async (expr: ReturnType<typeof sql>) => rowsOf<{ v: string | null }>(await ctx.db.execute(sql`select ${expr} as v`))[0].v ?? '';
    for (const t of texts) expect(await cell(safeCellSql(sql`${t}::text`)), JSON.stringify(t)).toBe(safeCell(t));
    for (const c of cents) expect(await cell(dollarsSql(sql`${c}::bigint`)), String(c)).toBe(centsToDollars(c));
    for (const at of instants) expect(await cell(isoUtcSql(sql`${at}::timestamptz`)), at).toBe(new Date(at).toISOString());
    // Microseconds are cut like node-postgres cuts them when it reads a timestamptz into a Date.
    expect(await cell(isoUtcSql(sql`'2026-01-01 00:00:00.999999+00'::timestamptz`))).toBe('2026-01-01T00:00:00.999Z');
  });
});
