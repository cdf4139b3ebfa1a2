import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { JOIN_TEXT, type JoinConfirmResponse, type JoinPageResponse, type JoinRequest } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { rowsOf } from '../../lib/sql.ts';
import { enrolmentRequests } from '../../db/schema/index.ts';
import { renderAlreadyMember, renderJoinConfirmation } from '../../emails/join.tsx';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { TenantContext } from '../../context.ts';
import { writeAudit } from '../audit/index.ts';
import { activeCardUrlOfCustomer, assertOnlineCardRoom, digitalCardView, issueDigitalCard, type QrContext } from '../cards/index.ts';
import { customerByEmail, insertCardHolder, referrerOfCode } from '../customers/index.ts';
import { creditWelcomeBonus } from '../ledger/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { joinableStore, storeNameOf } from '../stores/index.ts';
import { findTenant, lockTenant, tenantContextBySlug } from '../tenants/index.ts';

/**
 * Customer self-enrolment (docs/product.md 'Online sign-up'): the module that owns
 * `enrolment_requests`. A sign-up from a store's join page (the poster's QR) is stored with the
 * SHA-256 of a 256-bit token and e-mailed as a confirmation link (24 hours); opening the link
 * creates the customer (customers module) and a digital ACTIVE card counted in the quota (cards
 * module, under the tenant-row lock of the tenants module), in one transaction. An
 * address already a customer is told so by e-mail only: the page answers the same whatever the
 * address.
 */

/** How long a confirmation link works: 24 hours (docs/product.md 'Online sign-up'). */
export const JOIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Where the join flow's links point: PUBLIC_URL and the QR token secret (the card's page); whether Apple Wallet passes are issued (the welcome message links one). */
export interface JoinLinks {
  publicUrl: string;
  secret: string;
  applePasses?: boolean;
}

/** SHA-256 (hex) of a confirmation token: what `enrolment_requests.token_hash` holds. */
function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The tenant of a join page's `slug`, or 404 JOIN_TEXT.notFound. */
async function joinTenant(db: Database, slug: string): Promise<TenantContext> {
  const tenant = await tenantContextBySlug(db, slug);
  if (!tenant) throw notFound(JOIN_TEXT.notFound);
  return tenant;
}

/** Days an unconfirmed sign-up is kept after its link expired (its names and address are then deleted; docs/product.md 'Online sign-up'). */
export const STALE_ENROLMENT_DAYS = 7;

/**
 * Deletes the sign-ups never confirmed whose link expired more than STALE_ENROLMENT_DAYS days
 * before `now`, in every tenant: people who never opened the link leave no name or address
 * behind. Confirmed sign-ups stay (they record consent and open the card again). Returns the
 * number deleted. Run hourly by the expiry job (main.ts `housekeeping`).
 */
export async function purgeStaleEnrolments(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STALE_ENROLMENT_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(enrolmentRequests)
    .where(and(sql`${enrolmentRequests.confirmedAt} is null`, sql`${enrolmentRequests.expiresAt} < ${before.toISOString()}::timestamptz`))
    .returning({ id: enrolmentRequests.id });
  return rows.length;
}

/**
 * Cards made today by confirmed sign-ups of store `storeId` (ADR 0027: the daily cap), 'today'
 * being the calendar day of `now` in the business's time zone `timezone` (IANA).
 */
async function confirmedToday(db: DbOrTx, tenantId: string, storeId: string, timezone: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ${enrolmentRequests}
      where tenant_id = ${tenantId} and store_id = ${storeId} and confirmed_at is not null
        and confirmed_at >= (date_trunc('day', ${at}::timestamptz at time zone ${timezone}) at time zone ${timezone})
        and confirmed_at <= ${at}::timestamptz`),
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * The daily cap (ADR 0027): 429 RATE_LIMITED JOIN_TEXT.dailyCap when confirmed sign-ups of the
 * store have already made `dailyCap` cards today (the business's time zone).
 */
async function assertUnderDailyCap(db: DbOrTx, tenant: TenantContext, store: { id: string; dailyCap: number }, now: Date): Promise<void> {
  if ((await confirmedToday(db, tenant.id, store.id, tenant.timezone, now)) >= store.dailyCap) throw new AppError('RATE_LIMITED', JOIN_TEXT.dailyCap);
}

/** Whether `err` is a quota refusal of `assertOnlineCardRoom` (a full quota, the till's reserve, no subscription). */
function isQuotaRefusal(err: unknown): boolean {
  return err instanceof AppError && ['SUBSCRIPTION_REQUIRED', 'FORBIDDEN', 'VALIDATION_ERROR', 'BUSINESS_RULE'].includes(err.code);
}

/**
 * GET /api/join/{slug}/stores/{storeId} (docs/product.md 'Online sign-up'): the business's and the store's names for
 * the join page. Throws 404 JOIN_TEXT.notFound for an unknown tenant, an unknown, inactive or
 * another tenant's store, or a store with self-enrolment off (stores `joinableStore`).
 */
export async function joinPage(db: Database, slug: string, storeId: string): Promise<JoinPageResponse> {
  const tenant = await joinTenant(db, slug);
  const store = await joinableStore(db, tenant.id, storeId);
  if (!store) throw notFound(JOIN_TEXT.notFound);
  return { businessName: tenant.name, storeName: store.name };
}

/** What a sign-up request did (for the route and the tests; the client always sees the same 202). */
export type JoinOutcome = 'confirmation_sent' | 'already_member' | 'suppressed';

/**
 * POST /api/join/{slug} (docs/product.md 'Online sign-up'): a sign-up from store `input.storeId`'s join page. In one
 * transaction: when the address is already a customer of the business, an 'already a member'
 * message (with their card's page, if any) goes to the outbox and nothing else is written;
 * otherwise the address's pending sign-up, if any, is replaced (one pending sign-up per e-mail:
 * its old link stops working) by a new one with a fresh 256-bit token (stored hashed, 24 hours),
 * the consent time and the client address, and the confirmation link goes to the outbox.
 * `sendMail` false (the per-address limit is spent: the route's counter) writes nothing and
 * answers alike. Before anything is written (ADR 0027), the store's daily cap and the quota
 * are read without a lock, so a sign-up that could not become a card sends no e-mail.
 * Throws 404 JOIN_TEXT.notFound (see `joinPage`), 429 RATE_LIMITED JOIN_TEXT.dailyCap (the
 * store's confirmed sign-ups made its daily cap of cards today, the business's time zone), 422
 * BUSINESS_RULE JOIN_TEXT.full (no room in the quota outside the till's reserve, the last 10 %,
 * or no subscription); nothing is written then. Otherwise the caller answers 202 JOIN_CHECK_EMAIL.
 */
export async function requestEnrolment(
  db: Database,
  slug: string,
  input: JoinRequest,
  context: { ip: string; now: Date; links: JoinLinks; sendMail: boolean },
): Promise<JoinOutcome> {
  const tenant = await joinTenant(db, slug);
  const store = await joinableStore(db, tenant.id, input.storeId);
  if (!store) throw notFound(JOIN_TEXT.notFound);
  // Refused before any e-mail: a sign-up that could not become a card today. The binding checks
  // run again at confirmation, under the tenant-row lock.
  await assertUnderDailyCap(db, tenant, store, context.now);
  const account = await findTenant(db, tenant.id);
  if (!account) throw notFound(JOIN_TEXT.notFound);
  try {
    await assertOnlineCardRoom(db, account, context.now);
  } catch (err) {
    if (isQuotaRefusal(err)) throw new AppError('BUSINESS_RULE', JOIN_TEXT.full);
    throw err;
  }
  if (!context.sendMail) return 'suppressed';
  const { now, links } = context;
  const qr: QrContext = { publicUrl: links.publicUrl, secret: links.secret, slug: tenant.slug, applePasses: links.applePasses };
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const member = await customerByEmail(tx, tenant.id, email);
    if (member) {
      const message = await renderAlreadyMember({
        businessName: tenant.name,
        firstName: member.firstName,
        cardUrl: await activeCardUrlOfCustomer(tx, tenant.id, member.id, qr),
      });
      await enqueueEmail(tx, { tenantId: tenant.id, kind: 'join_already_member', to: email, ...message, now });
      return 'already_member';
    }
    const token = randomBytes(32).toString('base64url');
    const fields = {
      storeId: store.id,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + JOIN_LINK_TTL_MS),
      ip: context.ip,
      referralCode: input.referralCode ?? null,
    };
    // One pending sign-up per address (partial unique index): a new one replaces it, atomically.
    await tx.execute(sql`insert into ${enrolmentRequests} (tenant_id, store_id, email, first_name, last_name, phone, token_hash, expires_at, consented_at, ip, referral_code, created_at)
      values (${tenant.id}, ${fields.storeId}, ${email}, ${fields.firstName}, ${fields.lastName}, ${fields.phone}, ${fields.tokenHash}, ${fields.expiresAt.toISOString()}, ${now.toISOString()}, ${fields.ip}, ${fields.referralCode}, ${now.toISOString()})
      on conflict (tenant_id, lower(email)) where confirmed_at is null do update set store_id = excluded.store_id, first_name = excluded.first_name,
        last_name = excluded.last_name, phone = excluded.phone, token_hash = excluded.token_hash, expires_at = excluded.expires_at,
        consented_at = excluded.consented_at, ip = excluded.ip, referral_code = excluded.referral_code, created_at = excluded.created_at`);
    const message = await renderJoinConfirmation({
      businessName: tenant.name,
      firstName: input.firstName,
      storeName: store.name,
      confirmUrl: `${links.publicUrl}/${tenant.slug}/join/confirm?token=${token}`,
    });
    await enqueueEmail(tx, { tenantId: tenant.id, kind: 'join_confirmation', to: email, ...message, now });
    return 'confirmation_sent';
  });
}

/**
 * POST /api/join/{slug}/confirm `{ token }` (docs/product.md 'Online sign-up'): opens a confirmation link. In one
 * transaction, with the tenant row locked first (the quota, ADR 0005) and then the sign-up's
 * row: a sign-up confirmed before answers its card again (the link keeps opening it); else,
 * unless the link has expired, the store has since turned self-enrolment off or its daily cap
 * of cards is reached (ADR 0027; counted under the same lock, so it holds exactly), the customer is
 * created (names, e-mail, phone; referred by the customer whose code the join link carried, unless
 * it is unknown or their own: docs/product.md 'Rewards'), a digital ACTIVE card is issued in the
 * quota (cards `issueDigitalCard`, which also credits the welcome bonus and writes the welcome message), the sign-up is marked confirmed
 * with the customer and the card, and an audit row 'customer.self_enrol' records the consent
 * (no user or key; `context.ip` the confirming client's address).
 * Throws 400 JOIN_TEXT.invalidLink (unknown token or tenant), 400 JOIN_TEXT.expiredLink, 404
 * JOIN_TEXT.notFound (store switched off or gone), 429 RATE_LIMITED JOIN_TEXT.dailyCap, 422
 * BUSINESS_RULE JOIN_TEXT.full (the quota outside the till's reserve, ADR 0027, or the
 * subscription allows no more cards: the sign-up stays pending, a later try may work),
 * 409 JOIN_TEXT.alreadyMember (the address became a customer meanwhile: they own the mailbox,
 * so the page may say it). Nothing is written on failure.
 */
export async function confirmEnrolment(
  db: Database,
  slug: string,
  token: string,
  context: { now: Date; ip: string | null; links: JoinLinks },
): Promise<JoinConfirmResponse> {
  const tenant = await tenantContextBySlug(db, slug);
  if (!tenant) throw badRequest(JOIN_TEXT.invalidLink);
  const { now, links } = context;
  const qr: QrContext = { publicUrl: links.publicUrl, secret: links.secret, slug: tenant.slug, applePasses: links.applePasses };
  try {
    return await db.transaction(async (tx) => {
      const account = await lockTenant(tx, tenant.id);
      const [request] = await tx
        .select()
        .from(enrolmentRequests)
        .where(and(eq(enrolmentRequests.tenantId, tenant.id), eq(enrolmentRequests.tokenHash, hashToken(token))))
        .for('update');
      if (!request) throw badRequest(JOIN_TEXT.invalidLink);
      if (request.confirmedAt && request.cardId) {
        const card = await digitalCardView(tx, tenant.id, request.cardId, qr);
        if (!card) throw badRequest(JOIN_TEXT.invalidLink);
        return { businessName: tenant.name, firstName: request.firstName, storeName: await storeNameOf(tx, tenant.id, request.storeId), card };
      }
      if (request.expiresAt.getTime() <= now.getTime()) throw badRequest(JOIN_TEXT.expiredLink);
      const store = await joinableStore(tx, tenant.id, request.storeId);
      if (!store) throw notFound(JOIN_TEXT.notFound);
      await assertUnderDailyCap(tx, tenant, store, now);
      // A code that is unknown or the friend's own is ignored: the sign-up itself stands (docs/product.md 'Rewards').
      const referral = request.referralCode ? await referrerOfCode(tx, tenant.id, request.referralCode, request) : null;
      const referredByCustomerId = referral && 'referrerId' in referral ? referral.referrerId : null;
      const { firstName, lastName, email, phone } = request;
      const customerId = await insertCardHolder(tx, tenant.id, { firstName, lastName, email, phone, referredByCustomerId }, now);
      let issued;
      try {
        issued = await issueDigitalCard(tx, account, { customerId, storeId: store.id }, qr, now, creditWelcomeBonus);
      } catch (err) {
        if (isQuotaRefusal(err)) throw new AppError('BUSINESS_RULE', JOIN_TEXT.full);
        throw err;
      }
      await tx
        .update(enrolmentRequests)
        .set({ confirmedAt: now, customerId, cardId: issued.id })
        .where(and(eq(enrolmentRequests.tenantId, tenant.id), eq(enrolmentRequests.id, request.id)));
      await writeAudit(tx, {
        tenantId: tenant.id,
        // The holder confirms through their own link: no user or key acts; the address is the confirming browser's.
        userId: null,
        apiKeyId: null,
        ip: context.ip,
        action: 'customer.self_enrol',
        entity: 'customer',
        entityId: customerId,
        before: null,
        after: { storeId: store.id, cardUid: issued.card.cardUid, email: request.email, consentedAt: request.consentedAt.toISOString(), ip: request.ip },
      });
      return { businessName: tenant.name, firstName: request.firstName, storeName: store.name, card: issued.card };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) throw new AppError('CONFLICT', JOIN_TEXT.alreadyMember);
    throw err;
  }
}

/** A customer's consent as their confirmed sign-up recorded it (ADR 0026's export): when the box was ticked, at which store, when confirmed. */
export interface EnrolmentConsent {
  storeId: string;
  consentedAt: Date;
  confirmedAt: Date | null;
}

/** The consents of customer `customerId` of the tenant from their confirmed sign-ups, oldest first (the data export's customer.json). */
export async function consentsOf(db: DbOrTx, tenantId: string, customerId: string): Promise<EnrolmentConsent[]> {
  return db
    .select({ storeId: enrolmentRequests.storeId, consentedAt: enrolmentRequests.consentedAt, confirmedAt: enrolmentRequests.confirmedAt })
    .from(enrolmentRequests)
    .where(and(eq(enrolmentRequests.tenantId, tenantId), eq(enrolmentRequests.customerId, customerId)))
    .orderBy(enrolmentRequests.consentedAt);
}

/**
 * Deletes, in `tx`, the tenant's sign-ups of an erased customer (ADR 0026): those that created
 * customer `customerId` and any (pending too) made with `email` (case-insensitive). Names,
 * address, phone, client address and consent go with them. Returns how many were deleted.
 */
export async function forgetEnrolments(tx: DbOrTx, tenantId: string, customerId: string, email: string | null): Promise<number> {
  const byEmail = email ? sql`lower(${enrolmentRequests.email}) = ${email.toLowerCase()}` : sql`false`;
  const rows = await tx
    .delete(enrolmentRequests)
    .where(and(eq(enrolmentRequests.tenantId, tenantId), sql`(${enrolmentRequests.customerId} = ${customerId} or ${byEmail})`))
    .returning({ id: enrolmentRequests.id });
  return rows.length;
}
