import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { JOIN_CHECK_EMAIL, JOIN_CONSENT_REQUIRED, JOIN_TEXT } from '@loyalty/contract';
import { auditLog, cards, customers, enrolmentRequests, stores, tenants } from '../../db/schema/index.ts';
import { createOtherTenant, createTestContext, demoSessions, freshTenant, idempotencyKey, type FreshTenant, type TestContext } from '../../../test/helpers.ts';
import { clearOutbox, startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { rowsOf } from '../../lib/sql.ts';
import { JOIN_PER_ADDRESS_PER_HOUR, JOIN_PER_IP_PER_HOUR } from './routes.ts';
import { JOIN_LINK_TTL_MS, purgeStaleEnrolments, STALE_ENROLMENT_DAYS } from './service.ts';

/**
 * Customer self-enrolment (issue 16): a store's join page, the sign-up (202 whatever the
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
  ctx = await createTestContext({}, { now: () => clock, outbox: { nudge: () => nudges++ } });
  smtp = await startTestSmtp();
  t = await freshTenant(ctx);
  storeId = t.store.id;
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
const signUp = (payload: Record<string, unknown>, ip = freshIp(), slug = t.slug) => ctx.app.inject({ method: 'POST', url: `/api/join/${slug}`, remoteAddress: ip, payload });
const confirm = (token: string, slug = t.slug) => ctx.app.inject({ method: 'POST', url: `/api/join/${slug}/confirm`, payload: { token } });
const person = (email: string, extra: Record<string, unknown> = {}) => ({ storeId, firstName: 'Jo', lastName: 'Ining', email, phone: '+1 555 0100', consent: true, ...extra });
const outboxOf = async (to: string) => rowsOf<{ kind: string; text: string }>(await ctx.db.execute(sql`select kind, text from outbox where to_address = ${to} order by created_at`));
const send = async () => smtp.dispatch(ctx.db, clock);
/** The token of the confirmation link in a message text. */
const tokenIn = (text: string) => /\/join\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const pendingOf = async (email: string) => ctx.db.select().from(enrolmentRequests).where(and(eq(enrolmentRequests.tenantId, t.tenant.id), eq(enrolmentRequests.email, email)));

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

    const cardsUsed = async () => (await ctx.app.inject({ method: 'GET', url: `/api/t/${t.slug}/tenant`, headers: { cookie: t.cookie } })).json().subscriptionInfo.cardsUsed as number;
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
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.tenantId, t.tenant.id), eq(auditLog.action, 'customer.self_enrol')));
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
    expect(rowsOf(await ctx.db.execute(sql`select 1 from enrolment_requests where email in ('no-consent@example.com', 'nofirst@example.com', 'badphone@example.com')`))).toEqual([]);
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
    await ctx.db.update(tenants).set({ freeTrialLimit: 1 }).where(eq(tenants.id, small.tenant.id)); // its one card is activated
    const res = await signUp({ ...person('full@example.com'), storeId: small.store.id }, freshIp(), small.slug);
    expect(res.statusCode).toBe(202);
    const token = tokenIn((await outboxOf('full@example.com'))[0].text)!;
    const full = await confirm(token, small.slug);
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'BUSINESS_RULE', error: JOIN_TEXT.full });
    expect(await ctx.db.select().from(customers).where(eq(customers.email, 'full@example.com'))).toEqual([]);
    expect(await ctx.db.select().from(cards).where(eq(cards.tenantId, small.tenant.id))).toHaveLength(1);
    await ctx.db.update(tenants).set({ freeTrialLimit: 5 }).where(eq(tenants.id, small.tenant.id));
    expect((await confirm(token, small.slug)).statusCode).toBe(200);
  });

  it('refuses a link once the store has switched self-enrolment off, and one whose address became a customer meanwhile', async () => {
    const [store] = await ctx.db.insert(stores).values({ tenantId: t.tenant.id, name: 'Kiosk' }).returning();
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

  it('works for the demo business from its Main Store without a session', async () => {
    const s = await demoSessions(ctx.app);
    const [main] = await ctx.db.select().from(stores).where(eq(stores.name, 'Main Store'));
    const res = await ctx.app.inject({ method: 'GET', url: `/api/join/demo/stores/${main.id}`, headers: { cookie: s.customer } });
    expect(res.statusCode).toBe(200);
    expect(res.json().businessName).toBe('Demo Retail Store');
  });
});
