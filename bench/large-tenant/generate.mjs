#!/usr/bin/env node
/**
 * Builds the large-tenant benchmark database, from nothing, in a few minutes, with set-based SQL:
 *
 *   1. drops and creates `loyalty_bench_large` (BENCH_LARGE_DB);
 *   2. starts the server once on it with SEED_DEMO=1, which applies the committed migrations
 *      exactly as production does and seeds the demo tenant and accounts; a small second
 *      tenant signs up through the API; the server stops;
 *   3. grows the demo tenant to 200,000 customers, 250,000 cards (200,000 ACTIVE: every
 *      customer of the first 95 % holds one, 5 % of them a second; 2.5 % hold only a BLOCKED
 *      card; the rest of the cards UNASSIGNED) and 2,000,000 ledger rows over the last
 *      12 months across 8 stores, and the small tenant to 2,000 / 2,500 / 20,000;
 *   4. checks the ledger invariants of docs/product.md 'Ledger' and prints the
 *      time each step took.
 *
 * Ledger rows are EARN (82 %), REDEEM (14 %) and ADJUST (4 %, positive goodwill credits).
 * EARN cashback uses the tenant's own rules: floor(amount × rate / 10000) with rate =
 * min(category bps + tier bonus, 2000) + running offers (cap 5000), the tier being the one the
 * customer's spend before that row reached (window sum over the customer's rows). A REDEEM
 * takes 40–100 % of what was credited to its card since the card's previous REDEEM, so no
 * balance is ever negative; before/after balances are a running sum per card, and each card's
 * balance, each customer's totalSpendCents and tier are computed from the same rows.
 *
 * Secondary indexes and foreign keys of customers, cards and transactions are dropped for
 * the bulk load and re-created afterwards from their own catalogue definitions (so the FKs
 * are validated over every row); primary keys, unique constraints, CHECKs and triggers stay
 * on throughout.
 *
 * Environment: BENCH_PG (admin URL), BENCH_LARGE_DB, LARGE_CUSTOMERS, LARGE_CARDS,
 * LARGE_ACTIVE, LARGE_LEDGER (defaults 200000, 250000, 200000, 2000000) to try it smaller.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ADMIN_URL, LARGE, LARGE_DB, SMALL, admin, dbUrl, startServer, stopServer } from './common.mjs';

const PORT = 3291;
const sizes = {
  customers: Number(process.env.LARGE_CUSTOMERS ?? 200_000),
  cards: Number(process.env.LARGE_CARDS ?? 250_000),
  active: Number(process.env.LARGE_ACTIVE ?? 200_000),
  ledger: Number(process.env.LARGE_LEDGER ?? 2_000_000),
};

const FIRST_NAMES = [
  'James',
  'Mary',
  'John',
  'Patricia',
  'Robert',
  'Jennifer',
  'Michael',
  'Linda',
  'William',
  'Elizabeth',
  'David',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Daniel',
  'Nancy',
  'Matthew',
  'Lisa',
  'Anthony',
  'Betty',
  'Mark',
  'Margaret',
  'Donald',
  'Sandra',
  'Steven',
  'Ashley',
  'Paul',
  'Kimberly',
  'Andrew',
  'Emily',
  'Joshua',
  'Donna',
  'Kenneth',
  'Michelle',
  'Kevin',
  'Carol',
  'Brian',
  'Amanda',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Ronald',
  'Stephanie',
  'Jason',
  'Rebecca',
  'Edward',
  'Sharon',
  'Jeffrey',
  'Laura',
  'Ryan',
  'Cynthia',
  'Jacob',
  'Amy',
  'Gary',
  'Kathleen',
  'Nicholas',
  'Angela',
  'Eric',
  'Shirley',
  'Jonathan',
  'Anna',
  'Stephen',
  'Brenda',
  'Larry',
  'Pamela',
  'Justin',
  'Emma',
  'Scott',
  'Nicole',
  'Brandon',
  'Helen',
  'Benjamin',
  'Samantha',
  'Priya',
  'Wei',
  'Aisha',
  'Mateo',
  'Sofia',
  'Yuki',
  'Olga',
  'Kwame',
  'Lucia',
  'Omar',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Gomez',
  'Phillips',
  'Evans',
  'Turner',
  'Diaz',
  'Parker',
  'Cruz',
  'Edwards',
  'Collins',
  'Reyes',
  'Stewart',
  'Morris',
  'Morales',
  'Murphy',
  'Cook',
  'Rogers',
  'Gutierrez',
  'Ortiz',
  'Morgan',
  'Cooper',
  'Peterson',
  'Bailey',
  'Reed',
  'Kelly',
  'Howard',
  'Ramos',
  'Kim',
  'Cox',
  'Ward',
  'Richardson',
  'Watson',
  'Brooks',
  'Chavez',
  'Wood',
  'James',
  'Bennett',
  'Gray',
  'Mendoza',
  'Ruiz',
  'Hughes',
  'Price',
  'Alvarez',
  'Castillo',
  'Sanders',
  'Patel',
  'Myers',
  'Long',
  'Ross',
  'Foster',
  'Jimenez',
  'Powell',
  'Jenkins',
  'Perry',
  'Russell',
  'Sullivan',
  'Bell',
  'Coleman',
  'Butler',
  'Henderson',
  'Barnes',
  'Gonzales',
  'Fisher',
  'Vasquez',
  'Simmons',
  'Romero',
  'Jordan',
  'Patterson',
  'Alexander',
  'Hamilton',
  'Graham',
  'Reynolds',
  'Griffin',
  'Wallace',
  'Moreno',
  'West',
  'Cole',
  'Hayes',
  'Bryant',
  'Herrera',
  'Gibson',
  'Ellis',
  'Tran',
  'Medina',
  'Aguilar',
  'Stevens',
  'Murray',
  'Ford',
  'Castro',
  'Marshall',
  'Owens',
  'Harrison',
  'Fernandez',
  'McDonald',
  'Woods',
  'Washington',
  'Kennedy',
  'Wells',
  'Vargas',
  'Henry',
  'Kowalski',
  'Okafor',
  'Yamamoto',
];

const started = Date.now();
const timings = [];
let lastMark = started;
/** Prints and records the time since the previous step. */
function step(label) {
  const now = Date.now();
  const s = ((now - lastMark) / 1000).toFixed(1);
  timings.push({ step: label, seconds: Number(s) });
  process.stdout.write(`  ${label.padEnd(58)} ${s.padStart(7)} s\n`);
  lastMark = now;
}

/** SQL literal of a JS string (only our own constants and uuids pass through here). */
const lit = (s) => (s == null ? 'null' : `'${String(s).replace(/'/g, "''")}'`);

/**
 * Grows tenant `tenantId` to the given totals (counting what it already holds) with
 * set-based SQL over temp tables, then inserts customers, cards and ledger rows.
 * `now` is the generation instant: every row is dated before it.
 */
async function fill(c, { tenantId, customers: C, cards: K, active: A, ledger: L, storeCount, tag, seed, now }) {
  const [have] = (
    await c.query(
      `select (select count(*)::int from customers where tenant_id = $1) ec,
              (select count(*)::int from cards where tenant_id = $1) ek,
              (select count(*)::int from cards where tenant_id = $1 and status = 'ACTIVE') ea,
              (select count(*)::int from transactions where tenant_id = $1) el,
              (select count(*)::int from stores where tenant_id = $1) es`,
      [tenantId],
    )
  ).rows;
  // Stores: up to storeCount, named like a chain's branches.
  if (have.es < storeCount) {
    await c.query(
      `insert into stores (tenant_id, name, address, created_at)
       select $1, 'Branch ' || g, g || ' Station Road', $2::timestamptz - interval '400 days'
       from generate_series($3::int, $4::int) g`,
      [tenantId, now, have.es + 1, storeCount],
    );
  }
  const stores = (await c.query(`select id from stores where tenant_id = $1 order by created_at, id`, [tenantId])).rows.map((r) => r.id);
  const staff = (await c.query(`select id, role from users where tenant_id = $1 and role in ('tenant_admin','cashier') order by created_at`, [tenantId])).rows;
  const adminId = staff.find((u) => u.role === 'tenant_admin')?.id ?? null;
  const cashierId = staff.find((u) => u.role === 'cashier')?.id ?? adminId;

  // The tenant's own rules, as SQL CASE expressions (docs/product.md 'Cashback').
  const cashbackRules = (await c.query(`select category, base_rate_bps from cashback_rules where tenant_id = $1 and is_active`, [tenantId])).rows;
  const tierRules = (
    await c.query(`select tier, min_total_spend_cents, base_rate_bps from tier_rules where tenant_id = $1 and is_active order by min_total_spend_cents desc`, [
      tenantId,
    ])
  ).rows;
  const offers = (await c.query(`select start_at, end_at, rate_multiplier_bps from offers where tenant_id = $1 and is_active`, [tenantId])).rows;
  const catBps = `(case category ${cashbackRules.map((r) => `when ${lit(r.category)} then ${r.base_rate_bps}`).join(' ')} else 0 end)`;
  const tierBonus = (spend) => `(case ${tierRules.map((r) => `when ${spend} >= ${r.min_total_spend_cents} then ${r.base_rate_bps}`).join(' ')} else 0 end)`;
  const tierOf = (spend) => `(case ${tierRules.map((r) => `when ${spend} >= ${r.min_total_spend_cents} then ${lit(r.tier)}`).join(' ')} else 'SILVER' end)`;
  const offerBps = offers.length
    ? `(${offers.map((o) => `(case when created_at between ${lit(o.start_at.toISOString())}::timestamptz and ${lit(o.end_at.toISOString())}::timestamptz then ${o.rate_multiplier_bps} else 0 end)`).join(' + ')})`
    : '0';

  const nc = Math.max(0, C - have.ec);
  const newActive = Math.max(0, A - have.ea);
  const twoCards = Math.min(Math.round(nc * 0.05), newActive);
  const holders = Math.min(nc, newActive - twoCards);
  const blocked = Math.min(Math.round(nc * 0.025), nc - holders);
  const unassigned = Math.max(0, K - have.ek - newActive - blocked);
  const newLedger = Math.max(0, L - have.el);
  if (holders + twoCards < newActive) throw new Error('not enough customers to hold the ACTIVE cards');

  await c.query(`select setseed(${seed})`);
  await c.query(`drop table if exists g_customers, g_cards, g_hist, g_l0, g_l1, g_l2`);
  await c.query(
    `create temp table g_customers as
     select g, id, fn as first_name, ln as last_name,
            case when r_mail < 0.9 then lower(fn || '.' || ln || '.' || g) || '@${tag}.example.com' end as email,
            case when r_phone < 0.7 then '+1 555 ' || lpad((g % 10000)::text, 4, '0') || ' ' || lpad((g / 10000)::text, 3, '0') end as phone,
            case when g <= ${holders} then 'A' when g <= ${holders + blocked} then 'B' else 'N' end as kind,
            act, case when g <= ${holders + blocked} then act - r_signup * interval '3 hours' else act end as created_at,
            act + (${lit(now)}::timestamptz - act) * r_second as act2,
            home
     from (
       select g, gen_random_uuid() id,
              ($1::text[])[1 + floor(random() * ${FIRST_NAMES.length})::int] fn,
              ($2::text[])[1 + floor(random() * ${LAST_NAMES.length})::int] ln,
              random() r_mail, random() r_phone, random() r_signup, random() r_second,
              ${lit(now)}::timestamptz - interval '365 days' * random() act,
              1 + floor(power(random(), 1.4) * ${stores.length})::int home
       from generate_series(1, ${nc}) g
     ) s`,
    [FIRST_NAMES, LAST_NAMES],
  );
  step(`${tag}: ${nc} customers drafted`);

  // Cards: first card of every holder (ACTIVE) or blocked holder (BLOCKED), a second ACTIVE
  // card for the first `twoCards` customers, and UNASSIGNED stock (half already in a store).
  await c.query(
    `create temp table g_cards as
     select gen_random_uuid() id, upper(substr(md5('${tag}-' || row_number() over ()), 1, 12)) card_uid, *
     from (
       select id customer_id, ($1::uuid[])[home] store_id, case kind when 'A' then 'ACTIVE' else 'BLOCKED' end status,
              act activated_at, act - random() * interval '20 days' created_at
       from g_customers where kind in ('A', 'B')
       union all
       select id, ($1::uuid[])[home], 'ACTIVE', act2, act2 - random() * interval '20 days'
       from g_customers where g <= ${twoCards}
       union all
       select null, case when random() < 0.5 then ($1::uuid[])[1 + floor(random() * ${stores.length})::int] end, 'UNASSIGNED', null,
              ${lit(now)}::timestamptz - interval '365 days' * random()
       from generate_series(1, ${unassigned})
     ) s`,
    [stores],
  );
  step(`${tag}: ${holders + twoCards + blocked + unassigned} cards drafted`);

  // Ledger: cards with a history ranked oldest first; a row picks its card with a skew
  // towards old cards (rank = H·u^1.6) and a time between the card's activation and now.
  await c.query(
    `create temp table g_hist as
     select row_number() over (order by activated_at, id)::int r, id card_id, customer_id, store_id, activated_at
     from g_cards where status <> 'UNASSIGNED'`,
  );
  const [{ h }] = (await c.query(`select count(*)::int h from g_hist`)).rows;
  await c.query(
    `create temp table g_l0 as
     select gen_random_uuid() id, h.card_id, h.customer_id,
            case when u_store < 0.85 then h.store_id else ($1::uuid[])[1 + floor(u_store2 * ${stores.length})::int] end store_id,
            h.activated_at + (${lit(now)}::timestamptz - h.activated_at) * u_time created_at,
            case when u_type < 0.82 then 'EARN' when u_type < 0.96 then 'REDEEM' else 'ADJUST' end draft,
            case when u_cat < 0.70 then 'PURCHASE' when u_cat < 0.85 then 'REPAIR' else 'OTHER' end category,
            (500 + floor(power(u_amt, 2) * 25000))::bigint earn_amount,
            (100 + floor(u_adj * 1900))::bigint adj_amount,
            0.4 + 0.6 * u_frac redeem_frac
     from (
       select 1 + floor(${h} * power(random(), 1.6))::int r, random() u_store, random() u_store2, random() u_time,
              random() u_type, random() u_cat, random() u_amt, random() u_adj, random() u_frac
       from generate_series(1, ${newLedger})
     ) x join g_hist h using (r)`,
    [stores],
  );
  step(`${tag}: ${newLedger} ledger rows drafted`);

  // A REDEEM never opens a card's history nor follows another REDEEM (it becomes an EARN),
  // so every REDEEM has at least one credit before it in its segment.
  await c.query(
    `create temp table g_l1 as
     select *, case when draft = 'REDEEM' and coalesce(lag(draft) over w, 'REDEEM') = 'REDEEM' then 'EARN' else draft end as type
     from g_l0 window w as (partition by card_id order by created_at, id)`,
  );
  await c.query(`drop table g_l0`);
  // Tier at each EARN from the customer's spend before it; cashback with the tenant's rules.
  await c.query(
    `create temp table g_l2 as
     select *, case type when 'EARN' then cashback when 'ADJUST' then adj_amount else 0 end credit
     from (
       select *, case when type = 'EARN'
                   then floor(earn_amount * least(least(${catBps} + ${tierBonus('spend_before')}, 2000) + ${offerBps}, 5000) / 10000)::bigint
                   else 0 end cashback
       from (
         select *, coalesce(sum(case when type = 'EARN' then earn_amount end)
                   over (partition by customer_id order by created_at, id rows between unbounded preceding and 1 preceding), 0) spend_before
         from g_l1
       ) a
     ) b`,
  );
  await c.query(`drop table g_l1`);
  step(`${tag}: types, tiers and cashback (window over customers)`);
  // Segments between REDEEMs; a REDEEM takes a share of its segment's credits; running
  // balance per card.
  await c.query(
    `create temp table g_ledger as
     select *, sum(delta) over (partition by card_id order by created_at, id rows between unbounded preceding and current row) after_balance
     from (
       select *, case when type = 'REDEEM' then -floor(sum(credit) over (partition by card_id, seg) * redeem_frac)::bigint else credit end delta
       from (
         select *, coalesce(sum(case when type = 'REDEEM' then 1 else 0 end)
                   over (partition by card_id order by created_at, id rows between unbounded preceding and 1 preceding), 0) seg
         from g_l2
       ) a
     ) b`,
  );
  await c.query(`drop table g_l2`);
  step(`${tag}: redeem amounts and running balances (windows over cards)`);

  await c.query(
    `insert into customers (tenant_id, id, first_name, last_name, email, phone, tier, total_spend_cents, created_at)
     select $1, g.id, first_name, last_name, email, phone, ${tierOf('coalesce(s.spend, 0)')}, coalesce(s.spend, 0), created_at
     from g_customers g
     left join (select customer_id, sum(earn_amount) filter (where type = 'EARN') spend from g_ledger group by customer_id) s on s.customer_id = g.id
     order by created_at`,
    [tenantId],
  );
  await c.query(
    `insert into cards (tenant_id, id, card_uid, customer_id, store_id, status, balance_cents, activated_at, created_at)
     select $1, g.id, card_uid, customer_id, store_id, status, coalesce(b.balance, 0), activated_at, created_at
     from g_cards g left join (select card_id, sum(delta) balance from g_ledger group by card_id) b on b.card_id = g.id
     order by created_at`,
    [tenantId],
  );
  step(`${tag}: customers and cards inserted`);
  await c.query(
    `insert into transactions (tenant_id, id, card_id, customer_id, store_id, user_id, type, category, amount_cents, cashback_cents,
                               before_balance_cents, after_balance_cents, note, created_at)
     select $1, id, card_id, customer_id, store_id, case type when 'ADJUST' then $2::uuid else $3::uuid end, type,
            case when type = 'EARN' then category end,
            case type when 'EARN' then earn_amount when 'ADJUST' then adj_amount else -delta end,
            cashback, after_balance - delta, after_balance,
            case when type = 'ADJUST' then 'Goodwill credit' end, created_at
     from g_ledger order by created_at, id`,
    [tenantId, adminId, cashierId],
  );
  await c.query(`drop table g_customers, g_cards, g_hist, g_ledger`);
  step(`${tag}: ledger inserted (chronological order, as the POS appends it)`);
}

let server;
const c = new pg.Client({ connectionString: dbUrl(LARGE_DB) });
try {
  process.stdout.write(`Generating ${LARGE_DB} on ${new URL(ADMIN_URL).host}: ${JSON.stringify(sizes)}\n`);
  await admin(`DROP DATABASE IF EXISTS "${LARGE_DB}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${LARGE_DB}"`);
  // Demo data is refused in production: this one start seeds in development mode.
  server = await startServer({ databaseUrl: dbUrl(LARGE_DB), port: PORT, env: { SEED_DEMO: '1', NODE_ENV: 'development' } });
  const signup = await fetch(`http://127.0.0.1:${PORT}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: SMALL.firstName, lastName: SMALL.lastName, email: SMALL.email, password: SMALL.password }),
  });
  if (signup.status !== 201) throw new Error(`signup of the small tenant failed: ${signup.status} ${await signup.text()}`);
  stopServer(server);
  server = null;
  await sleep(500);
  step('database created, migrations applied, demo seeded, small tenant signed up');

  await c.connect();
  // Bulk-load session: no fsync wait per commit, room to sort in memory, serial plans (so
  // that setseed() makes the same data every run).
  for (const s of [
    `set synchronous_commit = off`,
    `set work_mem = '512MB'`,
    `set maintenance_work_mem = '1GB'`,
    `set temp_buffers = '2GB'`,
    `set max_parallel_workers_per_gather = 0`,
  ])
    await c.query(s);
  const now = new Date(Date.now() - 60_000).toISOString();
  const tenantIdOf = async (where, arg) => (await c.query(`select t.id, t.slug from tenants t ${where}`, [arg])).rows[0];
  const large = await tenantIdOf(`where t.slug = $1`, LARGE.slug);
  const small = await tenantIdOf(`join users u on u.tenant_id = t.id where u.email = $1`, SMALL.email);
  // A tenant this size is a paying Enterprise customer; the small one is on Professional.
  await c.query(
    `update tenants t set subscription_status = 'ACTIVE', plan_id = p.id, trial_ends_at = null,
       current_period_start = now() - interval '10 days', current_period_end = now() + interval '20 days',
       created_at = now() - interval '400 days'
     from plans p where t.id = $1 and p.name = $2`,
    [large.id, 'Enterprise'],
  );
  await c.query(
    `update tenants t set subscription_status = 'ACTIVE', plan_id = p.id, trial_ends_at = null,
       current_period_start = now() - interval '10 days', current_period_end = now() + interval '20 days'
     from plans p where t.id = $1 and p.name = $2`,
    [small.id, 'Professional'],
  );

  // Drop secondary indexes and foreign keys of the three big tables for the load; keep
  // their definitions to re-create them verbatim.
  const tables = `('customers'::regclass, 'cards'::regclass, 'transactions'::regclass)`;
  const indexes = (
    await c.query(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) def from pg_index x join pg_class i on i.oid = x.indexrelid
       where x.indrelid in ${tables}
         and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.conrelid = x.indrelid and k.contype in ('p', 'u', 'x'))`,
    )
  ).rows;
  const fks = (
    await c.query(
      `select conrelid::regclass::text tbl, conname, pg_get_constraintdef(oid) def from pg_constraint where contype = 'f' and conrelid in ${tables}`,
    )
  ).rows;
  for (const f of fks) await c.query(`alter table ${f.tbl} drop constraint "${f.conname}"`);
  for (const i of indexes) await c.query(`drop index "${i.name}"`);
  step(`dropped ${indexes.length} secondary indexes and ${fks.length} foreign keys for the load`);

  await fill(c, { tenantId: large.id, ...sizes, storeCount: 8, tag: 'large', seed: 0.42, now });
  await fill(c, { tenantId: small.id, customers: 2000, cards: 2500, active: 2000, ledger: 20_000, storeCount: 2, tag: 'small', seed: 0.24, now });

  for (const i of indexes) await c.query(i.def);
  step(`re-created ${indexes.length} secondary indexes`);
  for (const f of fks) await c.query(`alter table ${f.tbl} add constraint "${f.conname}" ${f.def}`);
  step(`re-added ${fks.length} foreign keys (validated over every row)`);
  // The lots of the generated balances (ADR 0015), as migration 0012 builds them: a
  // card holds its newest credits (debits take the oldest first).
  await c.query(`delete from cashback_lots`);
  await c.query(`insert into cashback_lots (tenant_id, card_id, source_transaction_id, credited_at, expires_at, amount_cents, remaining_cents)
    select x.tenant_id, x.card_id, x.id, x.created_at, null, x.credit, least(x.credit, x.balance - x.newer)
    from (select t.tenant_id, t.card_id, t.id, t.created_at, t.after_balance_cents - t.before_balance_cents as credit, c.balance_cents as balance,
            coalesce(sum(t.after_balance_cents - t.before_balance_cents) over (
              partition by t.tenant_id, t.card_id order by t.created_at desc, t.id desc rows between unbounded preceding and 1 preceding), 0) as newer
          from transactions t join cards c on c.tenant_id = t.tenant_id and c.id = t.card_id
          where t.after_balance_cents > t.before_balance_cents and c.balance_cents > 0) x
    where x.newer < x.balance`);
  step('cashback lots built from the ledger');
  await c.query(`vacuum (analyze) customers, cards, transactions, cashback_lots`);
  step('vacuum analyze');

  // docs/product.md 'Ledger' and the coherence of spend and tiers.
  const [check] = (
    await c.query(`
      select
        (select count(*)::int from cards c where c.balance_cents <> coalesce((select sum(after_balance_cents - before_balance_cents) from transactions t where t.tenant_id = c.tenant_id and t.card_id = c.id), 0)) cards_off_ledger,
        (select count(*)::int from cards c where c.balance_cents <> coalesce((select sum(remaining_cents) from cashback_lots l where l.tenant_id = c.tenant_id and l.card_id = c.id and l.remaining_cents > 0), 0)) cards_off_lots,
        (select count(*)::int from (select before_balance_cents, lag(after_balance_cents, 1, 0::bigint) over (partition by tenant_id, card_id order by created_at, id) prev from transactions) x where before_balance_cents <> prev) broken_chains,
        (select count(*)::int from transactions where before_balance_cents < 0 or after_balance_cents < 0
            or (type = 'EARN' and after_balance_cents - before_balance_cents <> cashback_cents)
            or (type = 'REDEEM' and (amount_cents <= 0 or after_balance_cents - before_balance_cents <> -amount_cents))) bad_rows,
        (select count(*)::int from customers c where c.total_spend_cents <> coalesce((select sum(amount_cents) from transactions t where t.tenant_id = c.tenant_id and t.customer_id = c.id and t.type = 'EARN'), 0)) spend_off_ledger,
        (select count(*)::int from customers c where c.tier <> coalesce((select r.tier from tier_rules r where r.tenant_id = c.tenant_id and r.is_active and r.min_total_spend_cents <= c.total_spend_cents order by r.min_total_spend_cents desc limit 1), 'SILVER')) wrong_tiers`)
  ).rows;
  step('invariants checked');
  const counts = (
    await c.query(`
      select t.slug,
        (select count(*)::int from customers where tenant_id = t.id) customers,
        (select count(*)::int from cards where tenant_id = t.id) cards,
        (select count(*)::int from cards where tenant_id = t.id and status = 'ACTIVE') active_cards,
        (select count(*)::int from cards where tenant_id = t.id and status = 'BLOCKED') blocked_cards,
        (select count(*)::int from transactions where tenant_id = t.id) ledger_rows,
        (select count(*)::int from stores where tenant_id = t.id) stores,
        (select json_object_agg(type, n) from (select type, count(*)::int n from transactions where tenant_id = t.id group by type) x) by_type,
        (select json_object_agg(tier, n) from (select tier, count(*)::int n from customers where tenant_id = t.id group by tier) x) by_tier,
        (select min(created_at)::date || ' .. ' || max(created_at)::date from transactions where tenant_id = t.id) span
      from tenants t order by customers desc`)
  ).rows;
  const [{ size }] = (await c.query(`select pg_size_pretty(pg_database_size(current_database())) size`)).rows;
  for (const r of counts) process.stdout.write(`  ${JSON.stringify(r)}\n`);
  process.stdout.write(`  invariants: ${JSON.stringify(check)}\n  database size ${size}\n`);
  const seconds = Math.round((Date.now() - started) / 1000);
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/large-generate-${new Date(started).toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date(started).toISOString(),
        machine: { cores: cpus().length, node: process.version },
        database: LARGE_DB,
        sizes,
        seconds,
        size,
        steps: timings,
        tenants: counts,
        invariants: check,
      },
      null,
      2,
    ) + '\n',
  );
  process.stdout.write(
    `Generated in ${seconds} s (written to ${file}). Sign in as ${LARGE.email} / ${LARGE.password} (tenant '${LARGE.slug}'); small tenant ${SMALL.email} / ${SMALL.password} ('${small.slug}').\n`,
  );
  if (Object.values(check).some((n) => n > 0)) process.exitCode = 1;
} finally {
  stopServer(server);
  await c.end().catch(() => {});
}
