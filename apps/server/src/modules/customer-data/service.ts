import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { EraseCustomerResponse, ErasureRequestListResponse, MyErasureRequest } from '@loyalty/contract';
import { type TenantContext, type TenantRequestContext, systemContext } from '../../context.ts';
import type { Database, Tx } from '../../db/client.ts';
import { erasureRequests } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { scrubIdempotentResponses } from '../../db/idempotency.ts';
import { DAY_MS } from '../../lib/time.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, scrubAudit, writeAudit } from '../audit/index.ts';
import { blockCardsForErasure, lockCardsOfCustomer } from '../cards/index.ts';
import { anonymiseCustomer, customerNames, customerRecord, lockCustomerRecord, CUSTOMER_NOT_FOUND } from '../customers/index.ts';
import { forgetEnrolments } from '../enrolment/index.ts';
import { forgetRecipient } from '../outbox/index.ts';
import { writeOffBalance, scrubLedgerNotes } from '../ledger/index.ts';
import { tenantContextById } from '../tenants/index.ts';
import { removeCustomerLogins } from '../users/index.ts';
import { enqueueWebhookEvent, forgetCustomerDeliveries } from '../webhook-endpoints/index.ts';

export { customerExportFiles, exportFileName, zipFiles, type ExportVia } from './export.ts';

/**
 * A customer's data rights (GDPR articles 15, 17 and 20; docs/security.md 'Personal data',
 * ADR 0026): the module that owns `erasure_requests`. It owns no customer data itself: the
 * export reads, and the erasure changes, each owner's rows through that owner's service.
 */

/** Days after a customer's request at which the hourly job erases their data at the latest (ADR 0026). */
export const ERASURE_GRACE_DAYS = 30;

/** Texts the API answers with (ADR 0026). */
const ERASURE_TEXT = {
  alreadyErased: 'This customer has already been erased',
  nameMismatch: "The name you typed does not match the customer's full name",
  requestNotFound: 'Erasure request not found',
} as const;

/**
 * The strings to scrub wherever an erased customer may still appear in free text and JSON:
 * e-mail addresses, phone, full names, and first and last names of at least 3 characters (a
 * shorter one would also erase unrelated text). Unique, longest first (so 'Ann Lee' goes
 * before 'Ann').
 */
function personalValues(people: readonly { firstName: string; lastName: string; email?: string | null; phone?: string | null }[]): string[] {
  const values = new Set<string>();
  for (const p of people) {
    if (p.email) values.add(p.email);
    if (p.phone) values.add(p.phone);
    values.add(`${p.firstName} ${p.lastName}`);
    for (const part of [p.firstName, p.lastName]) if (part.trim().length >= 3) values.add(part);
  }
  return [...values].filter((v) => v.trim()).sort((a, b) => b.length - a.length);
}

/**
 * Erases customer `customerId` of `ctx.tenant` (GDPR article 17; ADR 0026) in ONE database
 * transaction, at `ctx.now`. Who erases is `ctx`'s actor: a Store Admin (a request's user) or
 * the hourly job (`systemContext`: no user); the write-offs, the blocked cards and the audit
 * row record the acting user (null for the job):
 * 1. locks their cards, then the customer (the earn's lock order); 409 'This customer has
 *    already been erased' when it was (a retry is harmless: nothing is written twice);
 *    with `confirm` (the typed full name, trimmed, case-insensitive) a mismatch is 400,
 *    nothing written;
 * 2. drops the webhook deliveries and outbox messages not yet sent that concern them, masks
 *    the address of those sent, deletes their sign-ups and login accounts (sessions end);
 * 3. replaces names by 'Erased customer', clears e-mail, phone and consent;
 * 4. writes off each card's remaining balance with an ADJUST row 'Erased at the customer's
 *    request' (so every balance still equals its ledger) and blocks the cards;
 * 5. scrubs the values from ledger notes, audit rows and stored idempotent answers; marks an
 *    open erasure request carried out; writes the `customer.erased` event (`{ customerId,
 *    erasedAt }`, no personal data) and the audit row 'customer.erase' (counts only; `byJob`
 *    true when the system acts).
 * Throws 404 'Customer not found' (malformed, unknown or another tenant's id).
 */
export async function eraseCustomer(db: Database, ctx: TenantRequestContext, customerId: string, confirm: string | null): Promise<EraseCustomerResponse> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  const actor = auditActorOf(ctx);
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  return db.transaction(async (tx) => {
    await lockCardsOfCustomer(tx, tenantId, customerId);
    const customer = await lockCustomerRecord(tx, tenantId, customerId);
    if (customer.erasedAt) throw conflict(ERASURE_TEXT.alreadyErased);
    const fullName = `${customer.firstName} ${customer.lastName}`;
    if (confirm !== null && confirm.trim().toLowerCase() !== fullName.trim().toLowerCase()) {
      throw badRequest(ERASURE_TEXT.nameMismatch, [{ field: 'body.confirm', message: ERASURE_TEXT.nameMismatch }]);
    }
    // Again, now that the customer is locked: a card assigned meanwhile is held too.
    const held = await lockCardsOfCustomer(tx, tenantId, customerId);
    const logins = await removeCustomerLogins(tx, tenantId, customerId);
    const values = personalValues([customer, ...logins]);
    await forgetCustomerDeliveries(tx, tenantId, customerId, values);
    for (const address of new Set([customer.email, ...logins.map((l) => l.email)].filter((a): a is string => !!a).map((a) => a.toLowerCase()))) {
      await forgetRecipient(tx, tenantId, address, values);
      await forgetEnrolments(tx, tenantId, customerId, address);
    }
    await forgetEnrolments(tx, tenantId, customerId, null);
    await anonymiseCustomer(tx, tenantId, customerId, now);
    let writtenOffCents = 0;
    for (const card of held) writtenOffCents += await writeOffBalance(tx, tenantId, card, actor, now);
    const blockedCards = await blockCardsForErasure(tx, tenantId, held, actor);
    await scrubLedgerNotes(
      tx,
      tenantId,
      held.map((c) => c.id),
      values,
    );
    await scrubAudit(tx, tenantId, [customerId, ...held.map((c) => c.id), ...held.map((c) => c.cardUid)], values);
    await scrubIdempotentResponses(tx, tenantId, values);
    const request = await closeRequest(tx, tenantId, customerId, now);
    await enqueueWebhookEvent(tx, tenantId, 'customer.erased', { customerId, erasedAt: now.toISOString() }, now);
    await writeAudit(tx, {
      tenantId,
      ...actor,
      action: 'customer.erase',
      entity: 'customer',
      entityId: customerId,
      after: { blockedCards, writtenOffCents, cards: held.length, byRequest: request, byJob: ctx.actor.kind === 'system' },
    });
    return { customerId, erasedAt: now.toISOString(), blockedCards, writtenOffCents };
  });
}

/** Marks the customer's open erasure request carried out at `now`; true when there was one. */
async function closeRequest(tx: Tx, tenantId: string, customerId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(erasureRequests)
    .set({ carriedOutAt: now })
    .where(and(eq(erasureRequests.tenantId, tenantId), eq(erasureRequests.customerId, customerId), isNull(erasureRequests.carriedOutAt)))
    .returning({ customerId: erasureRequests.customerId });
  return rows.length > 0;
}

/** requestedAt + ERASURE_GRACE_DAYS. */
function dueAt(requestedAt: Date): Date {
  return new Date(requestedAt.getTime() + ERASURE_GRACE_DAYS * DAY_MS);
}

/** The session's customer's request as GET /me/erasure-request answers it: `{ requestedAt, dueAt }`, both null when there is none open. */
export async function myErasureRequest(db: Database, tenantId: string, customerId: string): Promise<MyErasureRequest> {
  const [row] = await db
    .select({ requestedAt: erasureRequests.requestedAt })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.tenantId, tenantId), eq(erasureRequests.customerId, customerId), isNull(erasureRequests.carriedOutAt)));
  return row ? { requestedAt: row.requestedAt.toISOString(), dueAt: dueAt(row.requestedAt).toISOString() } : { requestedAt: null, dueAt: null };
}

/**
 * POST /me/erasure-request (ADR 0026): records the request of customer `customerId` of
 * `ctx.tenant` (the session's own customer) at `ctx.now` (a second request keeps the first
 * one's time) and writes the audit row 'customer.erasure_request' (the actor: `ctx`'s user).
 * Returns the request. Throws 404 'Customer not found' when the customer is gone or already
 * erased.
 */
export async function requestErasure(db: Database, ctx: TenantRequestContext, customerId: string): Promise<MyErasureRequest> {
  const { now } = ctx;
  const tenantId = ctx.tenant.id;
  const customer = await customerRecord(db, tenantId, customerId);
  if (customer.erasedAt) throw notFound(CUSTOMER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(erasureRequests)
      .values({ tenantId, customerId, requestedAt: now })
      .onConflictDoUpdate({
        target: [erasureRequests.tenantId, erasureRequests.customerId],
        set: {
          requestedAt: sql`case when ${erasureRequests.carriedOutAt} is null then ${erasureRequests.requestedAt} else excluded.requested_at end`,
          carriedOutAt: null,
        },
      })
      .returning({ requestedAt: erasureRequests.requestedAt });
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'customer.erasure_request',
      entity: 'customer',
      entityId: customerId,
      after: { requestedAt: rows[0].requestedAt.toISOString() },
    });
  });
  return myErasureRequest(db, tenantId, customerId);
}

/** GET /erasure-requests (ADR 0026): the tenant's open requests, oldest first, with the customer's name and e-mail and when the job erases at the latest. */
export async function listErasureRequests(db: Database, tenantId: string): Promise<ErasureRequestListResponse> {
  const rows = await db
    .select({ customerId: erasureRequests.customerId, requestedAt: erasureRequests.requestedAt })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.tenantId, tenantId), isNull(erasureRequests.carriedOutAt)))
    .orderBy(asc(erasureRequests.requestedAt), asc(erasureRequests.customerId));
  const names = await customerNames(
    db,
    tenantId,
    rows.map((r) => r.customerId),
  );
  return {
    requests: rows.map((r) => ({
      customerId: r.customerId,
      customerName: names.get(r.customerId)?.name ?? '',
      email: names.get(r.customerId)?.email ?? null,
      requestedAt: r.requestedAt.toISOString(),
      dueAt: dueAt(r.requestedAt).toISOString(),
    })),
  };
}

/**
 * POST /erasure-requests/{customerId}/erase (ADR 0026): the one-click erasure, by `ctx`'s Store
 * Admin at `ctx.now`, of a customer of `ctx.tenant` who asked for it (their request is the
 * confirmation). Throws 404 'Erasure request not found' when the customer has no open request,
 * and what `eraseCustomer` throws.
 */
export async function eraseRequested(db: Database, ctx: TenantRequestContext, customerId: string): Promise<EraseCustomerResponse> {
  if (!isUuid(customerId)) throw notFound(ERASURE_TEXT.requestNotFound);
  const [open] = await db
    .select({ customerId: erasureRequests.customerId })
    .from(erasureRequests)
    .where(and(eq(erasureRequests.tenantId, ctx.tenant.id), eq(erasureRequests.customerId, customerId), isNull(erasureRequests.carriedOutAt)));
  if (!open) throw notFound(ERASURE_TEXT.requestNotFound);
  return eraseCustomer(db, ctx, customerId, null);
}

/**
 * The hourly job's part (main.ts housekeeping; ADR 0026): erases every customer, in every
 * tenant, whose open request is ERASURE_GRACE_DAYS days old or older at `now` (the job run's
 * instant), one transaction each, acting as the system (`systemContext(now, tenant)`: audit
 * rows with no user, API key or address). A customer erased meanwhile only has the request
 * closed. Returns how many were erased.
 */
export async function carryOutDueErasures(db: Database, now: Date): Promise<number> {
  const due = await db
    .select({ tenantId: erasureRequests.tenantId, customerId: erasureRequests.customerId })
    .from(erasureRequests)
    .where(and(isNull(erasureRequests.carriedOutAt), lte(erasureRequests.requestedAt, new Date(now.getTime() - ERASURE_GRACE_DAYS * DAY_MS))))
    .orderBy(asc(erasureRequests.requestedAt))
    .limit(500);
  const tenantsById = new Map<string, TenantContext>();
  let erased = 0;
  for (const r of due) {
    try {
      await eraseCustomer(db, systemContext(now, await tenantOfJob(db, tenantsById, r.tenantId)), r.customerId, null);
      erased += 1;
    } catch (err) {
      if (!(err instanceof Error && err.message === ERASURE_TEXT.alreadyErased)) throw err;
      await db.transaction((tx) => closeRequest(tx, r.tenantId, r.customerId, now));
    }
  }
  return erased;
}

/** Tenant `tenantId` as a TenantContext for the job's context, read once per run (`known`). Throws when it is gone (its requests go with it). */
async function tenantOfJob(db: Database, known: Map<string, TenantContext>, tenantId: string): Promise<TenantContext> {
  let tenant = known.get(tenantId);
  if (!tenant) {
    const found = await tenantContextById(db, tenantId);
    if (!found) throw new Error(`Tenant ${tenantId} of an erasure request does not exist`);
    tenant = found;
    known.set(tenantId, tenant);
  }
  return tenant;
}
