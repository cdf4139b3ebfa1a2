import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { JOIN_CHALLENGE_REQUIRED, JOIN_CHECK_EMAIL, JOIN_CONSENT_REQUIRED, JOIN_TEXT } from '@loyalty/contract';
import { auditLog, cards, customers, enrolmentRequests, stores, tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, freshTenant, idempotencyKey, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { solveJoinChallenge } from '../../../test/join-challenge.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { JOIN_PER_ADDRESS_PER_HOUR, JOIN_PER_IP_PER_HOUR } from './routes.ts';
import { CHALLENGE_TTL_MS } from './altcha.ts';
import { JOIN_LINK_TTL_MS, purgeStaleEnrolments, STALE_ENROLMENT_DAYS } from './service.ts';

/**
 * Customer self-enrolment (docs/product.md 'Online sign-up'): a store's join page, the sign-up (202 whatever the
 * address), the confirmation e-mail received by a real SMTP server, the link that creates the
 * customer and a digital ACTIVE card in the quota (and the welcome), the card a cashier then
 * earns on; one pending sign-up per e-mail; 'already a member' by e-mail only; rate limits per
 * address and per client address; expired and replaced links; a full quota; a store switched off.
 */
let clock = new Date('2026-11-24T12:00:00Z');
let ctx: TestContext;
let smtp: TestSmtp;
let t: FreshTenant;
let storeId: string;
let nudges = 0;
let ipSeq = 0;

beforeAll(async () => {
  ctx = await createTestContext(
    {},
    {
      now: () => clock,
      jobs: {
        nudge: (kind) => {
          if (kind === 'outbox') nudges++;
        },
      },
    },
  );
  smtp = await startTestSmtp();
  t = await freshTenant(ctx);
  storeId = t.store.id;
  // Online sign-up is off until the Store Admin turns it on (ADR 0027).
  await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, storeId));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});
beforeEach(async () => {
  smtp.reset();
  await clearOutbox(ctx.db);
});

/** A client address of its own for each test, so that the per-address limits of one test do not reach another. */
const freshIp = () => `203.0.113.${++ipSeq}`;
/** A sign-up as the join page sends it: with a freshly solved challenge unless `payload` brings its own `altcha`. */
const signUp = async (payload: Record<string, unknown>, ip = freshIp(), slug = t.slug) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/join/${slug}`,
    remoteAddress: ip,
    payload: 'altcha' in payload ? payload : { ...payload, altcha: await solveJoinChallenge(ctx.app, slug) },
  });
const confirm = (token: string, slug = t.slug) => ctx.app.inject({ method: 'POST', url: `/api/join/${slug}/confirm`, payload: { token } });
const person = (email: string, extra: Record<string, unknown> = {}) => ({
  storeId,
  firstName: 'Jo',
  lastName: 'Ining',
  email,
  phone: '+1 555 0100',
  consent: true,
  ...extra,
});
const outboxOf = async (to: string) =>
  rowsOf<{ kind: string; text: string }>(await ctx.db.execute(sql`select kind, text from outbox where to_address = ${to} order by created_at`));
const send = async () => smtp.dispatch(ctx.db, clock);
/** The token of the confirmation link in a message text. */
const tokenIn = (text: string) => /\/join\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const pendingOf = async (email: string) =>
  ctx.db
    .select()
    .from(enrolmentRequests)
    .where(and(eq(enrolmentRequests.tenantId, t.tenant.id), eq(enrolmentRequests.email, email)));

describe('GET /api/join/{slug}/stores/{storeId}', () => {
  it("answers the business's and the store's names", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/join/${t.slug}/stores/${storeId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ businessName: t.tenant.name, storeName: t.store.name });
  });

  it("is a 404 for an unknown business, an unknown or malformed store, another business's store, an inactive store and a store switched off", async () => {
    const other = await createOtherTenant(ctx.db);
    const [closed] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'Closed', active: false }).returning();
    const [off] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'No sign-up', selfEnrolment: false }).returning();
    for (const url of [
      `/api/join/no-such-business/stores/${storeId}`,
      `/api/join/${t.slug}/stores/00000000-0000-4000-8000-000000000000`,
      `/api/join/${t.slug}/stores/not-a-uuid`,
      `/api/join/${t.slug}/stores/${other.store.id}`,
      `/api/join/${t.slug}/stores/${closed.id}`,
      `/api/join/${t.slug}/stores/${off.id}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(JOIN_TEXT.notFound);
    }
    expect((await signUp(person('off@example.com', { storeId: off.id }))).statusCode).toBe(404);
    expect(await pendingOf('off@example.com')).toEqual([]);
  });
});

describe('signing up and confirming', () => {
  it('e-mails a link that creates the customer and an ACTIVE digital card in the quota, welcomes them, and the cashier earns on it', async () => {
    const before = nudges;
    const res = await signUp(person('Jo.Ining@Example.com'));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: JOIN_CHECK_EMAIL });
    expect(nudges).toBe(before + 1);
    const [pending] = await pendingOf('jo.ining@example.com');
    expect(pending).toMatchObject({ firstName: 'Jo', lastName: 'Ining', phone: '+1 555 0100', confirmedAt: null, storeId });
    expect(pending.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await send()).toMatchObject({ sent: 1 });
    const mail = smtp.messages[0];
    expect(mail.subject).toBe(`Confirm your e-mail to get your ${t.tenant.name} card`);
    expect(mail.text).toContain(t.store.name);
    const token = tokenIn(mail.text ?? '')!;
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(mail.text).toContain(`http://localhost:`);

    const cardsUsed = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie: t.cookie } })).json().subscriptionInfo.cardsUsed as number;
    const cardsBefore = await cardsUsed();
    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    const body = ok.json();
    expect(body).toMatchObject({ businessName: t.tenant.name, firstName: 'Jo', storeName: t.store.name, card: { balanceCents: 0 } });
    expect(body.card.cardUid).toMatch(/^[0-9A-Z]{12}$/);
    expect(body.card.qrUrl).toContain(`/${t.slug}/c/${body.card.cardUid}?t=`);
    expect(await cardsUsed()).toBe(cardsBefore + 1);

    const [card] = await ctx.db.select().from(cards).where(eq(cards.cardUid, body.card.cardUid));
    expect(card).toMatchObject({ tenantId: t.tenant.id, status: 'ACTIVE', storeId });
    expect(card.activatedAt?.toISOString()).toBe(clock.toISOString());
    const [customer] = await ctx.db.select().from(customers).where(eq(customers.id, card.customerId!));
    expect(customer).toMatchObject({ firstName: 'Jo', lastName: 'Ining', email: 'jo.ining@example.com', phone: '+1 555 0100' });
    expect((await pendingOf('jo.ining@example.com'))[0]).toMatchObject({ customerId: customer.id, cardId: card.id });
    expect((await outboxOf('jo.ining@example.com')).map((m) => m.kind)).toContain('welcome');
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'customer.self_enrol')));
    expect(audit.after).toMatchObject({ storeId, cardUid: card.cardUid, email: 'jo.ining@example.com', consentedAt: clock.toISOString() });

    // The link opens the same card again; nothing more is created.
    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json().card.cardUid).toBe(body.card.cardUid);
    expect(await ctx.db.select().from(customers).where(eq(customers.email, 'jo.ining@example.com'))).toHaveLength(1);

    // The card's QR works at the till at once.
    const earn = await ctx.app.inject({
      method: 'POST',
      url: `/api/t/${t.slug}/transactions/earn`,
      headers: { cookie: t.cookie, ...idempotencyKey() },
      payload: { cardUid: body.card.cardUid, amountCents: 2500 },
    });
    expect(earn.statusCode, earn.body).toBe(200);
    expect(earn.json().newBalance).toBeGreaterThan(0);
  });

  it('refuses bad input with a message for the field and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [person('no-consent@example.com', { consent: false }), 'body.consent', JOIN_CONSENT_REQUIRED],
      [person('no-consent2@example.com', { consent: undefined }), 'body.consent', JOIN_CONSENT_REQUIRED],
      [person('not-an-address'), 'body.email', 'Enter a valid email address'],
      [person('nofirst@example.com', { firstName: '  ' }), 'body.firstName', 'First name is required'],
      [person('badphone@example.com', { phone: 'call me' }), 'body.phone', 'Enter a valid phone number'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await signUp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field, message })]));
    }
    expect(
      rowsOf(
        await ctx.db.execute(sql`select 1 from enrolment_requests where email in ('no-consent@example.com', 'nofirst@example.com', 'badphone@example.com')`),
      ),
    ).toEqual([]);
    expect(rowsOf(await ctx.db.execute(sql`select 1 from outbox`))).toEqual([]);
  });

  it('tells an existing customer by e-mail only: the same answer on screen, no sign-up written', async () => {
    await ctx.db.insert(customers).values({ tenantId: t.tenant.id, firstName: 'Mem', lastName: 'Ber', email: 'member@example.com' });
    const res = await signUp(person('Member@Example.com'));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: JOIN_CHECK_EMAIL });
    expect(await pendingOf('member@example.com')).toEqual([]);
    expect(await send()).toMatchObject({ sent: 1 });
    expect(smtp.messages[0].subject).toBe("You're already a member");
    expect(JSON.stringify(smtp.messages[0].to)).toContain('member@example.com');
    expect(tokenIn(smtp.messages[0].text ?? '')).toBeUndefined();
  });

  it('keeps one pending sign-up per e-mail: a second one replaces the first, whose link stops working', async () => {
    expect((await signUp(person('twice@example.com', { firstName: 'First' }))).statusCode).toBe(202);
    expect((await signUp(person('twice@example.com', { firstName: 'Second' }))).statusCode).toBe(202);
    const rows = await pendingOf('twice@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].firstName).toBe('Second');
    const [first, second] = (await outboxOf('twice@example.com')).map((m) => tokenIn(m.text)!);
    const stale = await confirm(first);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toBe(JOIN_TEXT.invalidLink);
    const ok = await confirm(second);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().firstName).toBe('Second');
  });

  it(`sends at most ${JOIN_PER_ADDRESS_PER_HOUR} e-mails an hour to one address, answering alike`, async () => {
    for (let i = 0; i < JOIN_PER_ADDRESS_PER_HOUR + 2; i++) {
      const res = await signUp(person('flood@example.com'));
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: JOIN_CHECK_EMAIL });
    }
    expect(await outboxOf('flood@example.com')).toHaveLength(JOIN_PER_ADDRESS_PER_HOUR);
  });

  it(`takes at most ${JOIN_PER_IP_PER_HOUR} sign-ups an hour from one client address (429 with Retry-After)`, async () => {
    const ip = freshIp();
    for (let i = 0; i < JOIN_PER_IP_PER_HOUR; i++) expect((await signUp(person(`ip-${i}@example.com`), ip)).statusCode).toBe(202);
    const refused = await signUp(person('ip-last@example.com'), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', error: JOIN_TEXT.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pendingOf('ip-last@example.com')).toEqual([]);
    expect((await signUp(person('ip-other@example.com'))).statusCode).toBe(202);
  });

  it('refuses a link after 24 hours, a made-up token and another business', async () => {
    await signUp(person('late@example.com'));
    const token = tokenIn((await outboxOf('late@example.com'))[0].text)!;
    const other = await createOtherTenant(ctx.db);
    const elsewhere = await confirm(token, other.tenant.slug);
    expect(elsewhere.statusCode).toBe(400);
    expect((await confirm('made-up-token')).json().error).toBe(JOIN_TEXT.invalidLink);
    const saved = clock;
    clock = new Date(saved.getTime() + 24 * 60 * 60 * 1000 + 1000);
    try {
      const late = await confirm(token);
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe(JOIN_TEXT.expiredLink);
    } finally {
      clock = saved;
    }
    expect(await ctx.db.select().from(customers).where(eq(customers.email, 'late@example.com'))).toEqual([]);
  });

  it('deletes sign-ups never confirmed a week after their link expired, keeping fresh and confirmed ones', async () => {
    await signUp(person('stale@example.com'));
    await signUp(person('kept@example.com'));
    const token = tokenIn((await outboxOf('kept@example.com'))[0].text)!;
    expect((await confirm(token)).statusCode).toBe(200);
    const expired = new Date(clock.getTime() + JOIN_LINK_TTL_MS);
    expect(await purgeStaleEnrolments(ctx.db, new Date(expired.getTime() + STALE_ENROLMENT_DAYS * 86_400_000 - 60_000))).toBe(0);
    expect(await pendingOf('stale@example.com')).toHaveLength(1);
    expect(await purgeStaleEnrolments(ctx.db, new Date(expired.getTime() + STALE_ENROLMENT_DAYS * 86_400_000 + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await pendingOf('stale@example.com')).toEqual([]);
    expect(await pendingOf('kept@example.com')).toHaveLength(1);
  });

  it('refuses clearly when the quota is full, writes nothing, and works once there is room', async () => {
    const small = await freshTenant(ctx);
    await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, small.store.id));
    await ctx.db.update(tenants).set({ freeTrialLimit: 1 }).where(eq(tenants.id, small.tenant.id)); // its one card is activated
    // Full already: the sign-up is refused at once, no e-mail is sent, nothing is written.
    const early = await signUp({ ...person('full@example.com'), storeId: small.store.id }, freshIp(), small.slug);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ code: 'BUSINESS_RULE', error: JOIN_TEXT.full });
    expect(await outboxOf('full@example.com')).toEqual([]);
    expect(await ctx.db.select().from(enrolmentRequests).where(eq(enrolmentRequests.tenantId, small.tenant.id))).toEqual([]);
    // Room when signing up, none left when the link is opened: refused then, the sign-up stays pending.
    await ctx.db.update(tenants).set({ freeTrialLimit: 20 }).where(eq(tenants.id, small.tenant.id));
    const res = await signUp({ ...person('full@example.com'), storeId: small.store.id }, freshIp(), small.slug);
    expect(res.statusCode).toBe(202);
    const token = tokenIn((await outboxOf('full@example.com'))[0].text)!;
    await ctx.db.update(tenants).set({ freeTrialLimit: 1 }).where(eq(tenants.id, small.tenant.id));
    const full = await confirm(token, small.slug);
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'BUSINESS_RULE', error: JOIN_TEXT.full });
    expect(await ctx.db.select().from(customers).where(eq(customers.email, 'full@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(cards).where(eq(cards.tenantId, small.tenant.id))).toHaveLength(1);
    await ctx.db.update(tenants).set({ freeTrialLimit: 5 }).where(eq(tenants.id, small.tenant.id));
    expect((await confirm(token, small.slug)).statusCode).toBe(200);
  });

  it('refuses a link once the store has switched self-enrolment off, and one whose address became a customer meanwhile', async () => {
    const [store] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'Kiosk', selfEnrolment: true }).returning();
    await signUp(person('kiosk@example.com', { storeId: store.id }));
    await signUp(person('raced@example.com'));
    const kioskToken = tokenIn((await outboxOf('kiosk@example.com'))[0].text)!;
    const racedToken = tokenIn((await outboxOf('raced@example.com'))[0].text)!;
    await ctx.db.update(stores).set({ selfEnrolment: false }).where(eq(stores.id, store.id));
    const off = await confirm(kioskToken);
    expect(off.statusCode).toBe(404);
    expect(off.json().error).toBe(JOIN_TEXT.notFound);
    await ctx.db.insert(customers).values({ tenantId: t.tenant.id, firstName: 'R', lastName: 'Aced', email: 'raced@example.com' });
    const raced = await confirm(racedToken);
    expect(raced.statusCode).toBe(409);
    expect(raced.json().error).toBe(JOIN_TEXT.alreadyMember);
  });

  it('works for the demo business from its Main Store once its Store Admin turns sign-ups on, without a session', async () => {
    const s = await demoSessions(ctx.app);
    const [main] = await ctx.db.select().from(stores).where(eq(stores.name, 'Main Store'));
    const url = `/api/join/demo/stores/${main.id}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const on = await ctx.app.inject({
      method: 'PUT',
      url: `/api/t/demo/stores/${main.id}`,
      headers: { cookie: s.admin },
      payload: { name: 'Main Store', selfEnrolment: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: s.customer } });
    expect(res.statusCode).toBe(200);
    expect(res.json().businessName).toBe('Demo Retail Store');
  });
});

describe('what keeps anonymous sign-ups from using up the cards (ADR 0027)', () => {
  /** Everything a refused sign-up could have written: its row and its e-mail. */
  const nothingWrittenFor = async (email: string) => {
    expect(await pendingOf(email)).toEqual([]);
    expect(await outboxOf(email)).toEqual([]);
  };

  it('hands out a fresh challenge per request for a known business only, never cached', async () => {
    const a = await ctx.app.inject({ method: 'GET', url: `/api/join/${t.slug}/challenge` });
    const b = await ctx.app.inject({ method: 'GET', url: `/api/join/${t.slug}/challenge` });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json()).toMatchObject({ parameters: { algorithm: 'PBKDF2/SHA-256', data: { slug: t.slug } }, signature: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(a.json().parameters.nonce).not.toBe(b.json().parameters.nonce);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/join/no-such-business/challenge' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(JOIN_TEXT.notFound);
  });

  it('refuses a sign-up without a solved challenge (400), with a forged, tampered or unsolved one (422), writing nothing', async () => {
    const missing = await signUp({ ...person('nopow@example.com'), altcha: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([expect.objectContaining({ field: 'body.altcha', message: JOIN_CHALLENGE_REQUIRED })]);
    const good = JSON.parse(Buffer.from(await solveJoinChallenge(ctx.app, t.slug), 'base64').toString());
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const wrongKey = { ...good, solution: { ...good.solution, derivedKey: '00'.repeat(32) } };
    const tampered = { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 0 } } };
    const unsigned = { ...good, challenge: { parameters: good.challenge.parameters } };
    for (const altcha of ['not base64 json', encode({ hello: 'world' }), encode(wrongKey), encode(tampered), encode(unsigned)]) {
      const res = await signUp({ ...person('nopow@example.com'), altcha });
      expect(res.statusCode, altcha.slice(0, 40)).toBe(422);
      expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', error: JOIN_TEXT.challenge });
    }
    await nothingWrittenFor('nopow@example.com');
  });

  it('accepts each solved challenge once (a replay is 422), only for the business it was made for, and not once expired', async () => {
    const altcha = await solveJoinChallenge(ctx.app, t.slug);
    expect((await signUp({ ...person('once@example.com'), altcha })).statusCode).toBe(202);
    const replay = await signUp({ ...person('replay@example.com'), altcha });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error).toBe(JOIN_TEXT.challenge);
    await nothingWrittenFor('replay@example.com');

    const other = await freshTenant(ctx);
    const foreign = await signUp({ ...person('foreign@example.com'), altcha: await solveJoinChallenge(ctx.app, other.slug) });
    expect(foreign.statusCode).toBe(422);
    await nothingWrittenFor('foreign@example.com');

    const late = await solveJoinChallenge(ctx.app, t.slug);
    const realNow = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(realNow + CHALLENGE_TTL_MS + 1000);
    try {
      const expired = await signUp({ ...person('late@example.com'), altcha: late });
      expect(expired.statusCode).toBe(422);
    } finally {
      spy.mockRestore();
    }
    await nothingWrittenFor('late@example.com');
  });

  it("caps the cards a store's online sign-ups make per day of the business's time zone (429, nothing written), the next day opens again", async () => {
    const biz = await freshTenant(ctx);
    await ctx.db.update(tenants).set({ freeTrialLimit: 100, timezone: 'America/New_York' }).where(eq(tenants.id, biz.tenant.id));
    const cap = await biz.req('PUT', `stores/${biz.store.id}`, { name: biz.store.name, selfEnrolment: true, selfEnrolmentDailyCap: 2 });
    expect(cap.statusCode, cap.body).toBe(200);
    const join = (email: string) => signUp({ ...person(email), storeId: biz.store.id }, freshIp(), biz.slug);
    const tokenOf = async (email: string) => tokenIn((await outboxOf(email))[0].text)!;
    // 2026-11-24 22:00 in New York (03:00 UTC the next day): a business day that began at 05:00 UTC.
    clock = new Date('2026-11-25T03:00:00Z');
    try {
      for (const email of ['day-1@example.com', 'day-2@example.com', 'day-3@example.com']) expect((await join(email)).statusCode).toBe(202);
      expect((await confirm(await tokenOf('day-1@example.com'), biz.slug)).statusCode).toBe(200);
      expect((await confirm(await tokenOf('day-2@example.com'), biz.slug)).statusCode).toBe(200);
      // The third link was sent before the cap was reached; opening it today is refused, and it stays pending.
      const capped = await confirm(await tokenOf('day-3@example.com'), biz.slug);
      expect(capped.statusCode).toBe(429);
      expect(capped.json()).toMatchObject({ code: 'RATE_LIMITED', error: JOIN_TEXT.dailyCap });
      expect(await ctx.db.select().from(customers).where(eq(customers.email, 'day-3@example.com'))).toEqual([]);
      // A new sign-up today is refused at once: no row, no e-mail.
      const refused = await join('day-4@example.com');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toBe(JOIN_TEXT.dailyCap);
      await nothingWrittenFor('day-4@example.com');
      // Still the same day in New York at 04:59 UTC; a new one from 05:00 UTC (midnight there).
      clock = new Date('2026-11-25T04:59:00Z');
      expect((await join('day-4@example.com')).statusCode).toBe(429);
      clock = new Date('2026-11-25T05:00:00Z');
      expect((await confirm(await tokenOf('day-3@example.com'), biz.slug)).statusCode).toBe(200);
      expect((await join('day-5@example.com')).statusCode).toBe(202);
    } finally {
      clock = new Date('2026-11-24T12:00:00Z');
    }
  });

  it('lets only one of two links opened at once take the last sign-up of the day (the tenant-row lock)', async () => {
    const biz = await freshTenant(ctx);
    await ctx.db.update(stores).set({ selfEnrolment: true, selfEnrolmentDailyCap: 1 }).where(eq(stores.id, biz.store.id));
    const emails = ['race-a@example.com', 'race-b@example.com'];
    for (const email of emails) expect((await signUp({ ...person(email), storeId: biz.store.id }, freshIp(), biz.slug)).statusCode).toBe(202);
    const tokens = await Promise.all(emails.map(async (e) => tokenIn((await outboxOf(e))[0].text)!));
    const answers = await Promise.all(tokens.map((token) => confirm(token, biz.slug)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await ctx.db.select().from(customers).where(eq(customers.tenantId, biz.tenant.id))).toHaveLength(2); // the fresh tenant's own holder and one joiner
  });

  it('never lets online sign-ups take the last 10 % of the card quota: those stay for the till', async () => {
    const biz = await freshTenant(ctx); // one card, activated
    await ctx.db.update(stores).set({ selfEnrolment: true }).where(eq(stores.id, biz.store.id));
    // Trial of 3 cards: ceil(10 % of 3) = 1 kept for the till, so online sign-ups may bring it to 2.
    await ctx.db.update(tenants).set({ freeTrialLimit: 3 }).where(eq(tenants.id, biz.tenant.id));
    const join = (email: string) => signUp({ ...person(email), storeId: biz.store.id }, freshIp(), biz.slug);
    expect((await join('r-1@example.com')).statusCode).toBe(202);
    expect((await join('r-2@example.com')).statusCode).toBe(202);
    expect((await confirm(tokenIn((await outboxOf('r-1@example.com'))[0].text)!, biz.slug)).statusCode).toBe(200);
    // The 3rd card is the till's: the pending link is refused, and so is a new sign-up.
    const reserved = await confirm(tokenIn((await outboxOf('r-2@example.com'))[0].text)!, biz.slug);
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json()).toMatchObject({ code: 'BUSINESS_RULE', error: JOIN_TEXT.full });
    expect(await ctx.db.select().from(customers).where(eq(customers.email, 'r-2@example.com'))).toEqual([]);
    const refused = await join('r-3@example.com');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(JOIN_TEXT.full);
    await nothingWrittenFor('r-3@example.com');
    expect(await ctx.db.select().from(cards).where(eq(cards.tenantId, biz.tenant.id))).toHaveLength(2);
    // The till still has its card: a batch of one and its activation go through.
    const batch = await biz.req('POST', 'cards/batch', { count: 1 });
    expect(batch.statusCode, batch.body).toBe(201);
  });
});
