import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CardActivateRequest, CardBatchResponse, CardListQuery, CardListResponse, CardResponse, CardStoreRequest, Tier } from '@loyalty/contract';
import { MAX_BATCH_SIZE } from '@loyalty/contract';
import { formatCents, normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { cards } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { containsPattern } from '../../lib/sql.ts';
import { writeAudit } from '../audit/service.ts';
import { unsubscribeHeaders } from '../../emails/headers.ts';
import { renderWelcome } from '../../emails/welcome.tsx';
import { customerContact, customerEmailInUse, customerSummaries, insertCardHolder, lockCustomer, unsubscribeToken } from '../customers/service.ts';
import { enqueueEmail } from '../outbox/service.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/service.ts';
import { requireStoreName, storeNames } from '../stores/service.ts';
import { assertCanActivateCard, assertCardBatchAllowed, assertTillReserveKept, lockTenant, type TenantAccount } from '../tenants/index.ts';
import { cardQrUrl, generateCardUid } from './qr-token.ts';
import { cardCounts } from './views.ts';

/**
 * QR-coded loyalty cards (spec §2 'Cards Management', §3 'Card', §4): the module that owns
 * `cards`. Card quota is decided by the tenants module under its tenant-row lock
 * (ADR 0005) from the counts read here; a card's holder comes from the customers module,
 * its store from the stores module. The ledger moves balances through the lock and statement
 * helpers at the end of this file (ADR 0012).
 */

/** What the card view needs to build `qrUrl`. */
export interface QrContext {
  publicUrl: string;
  secret: string;
  slug: string;
}

/** A card's holder as the card view shows it (spec §3 'Card.customer'); money in cents. */
export interface CardHolder {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  tier: Tier;
  totalSpendCents: number;
}

/** A card row joined with its holder (or null) and its store's name (or null). */
export interface CardRow {
  card: typeof cards.$inferSelect;
  customer: CardHolder | null;
  storeName: string | null;
}

/**
 * The one row → CardResponse mapper (spec §3 'Card'), used by the POS lookup, the card list,
 * batch creation, activation, block and store change. Money in cents; timestamps ISO-8601;
 * `qrUrl` is the signed public URL of decisions.md 'Cards'.
 */
export function toCardResponse(row: CardRow, qr: QrContext): CardResponse {
  const { card, customer } = row;
  return {
    id: card.id,
    cardUid: card.cardUid,
    customerId: card.customerId,
    status: card.status,
    balanceCents: card.balanceCents,
    storeId: card.storeId,
    storeName: row.storeName,
    qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid),
    createdAt: card.createdAt.toISOString(),
    activatedAt: card.activatedAt?.toISOString() ?? null,
    customer: customer
      ? {
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
          phone: customer.phone,
          tier: customer.tier,
          totalSpendCents: customer.totalSpendCents,
        }
      : null,
  };
}

/** The holder and store-name subqueries a card view joins (customers' and stores' projections, ADR 0012). */
function cardJoins(db: DbOrTx) {
  return { holder: customerSummaries(db), sn: storeNames(db) };
}

/**
 * SELECT of card + holder + store name, joined within the card's tenant (composite keys).
 * `joins` are the subqueries of `cardJoins`: pass the same ones to filter on the holder.
 */
function selectCardRows(db: DbOrTx, { holder, sn }: ReturnType<typeof cardJoins> = cardJoins(db)) {
  return db
    .select({
      card: cards,
      customer: {
        id: holder.id,
        firstName: holder.firstName,
        lastName: holder.lastName,
        email: holder.email,
        phone: holder.phone,
        tier: holder.tier,
        totalSpendCents: holder.totalSpendCents,
      },
      storeName: sn.name,
    })
    .from(cards)
    .leftJoin(holder, and(eq(holder.tenantId, cards.tenantId), eq(holder.id, cards.customerId)))
    .leftJoin(sn, and(eq(sn.tenantId, cards.tenantId), eq(sn.id, cards.storeId)));
}

/** Re-reads one card of a tenant by id with its customer and store name. */
async function loadCardRow(db: DbOrTx, tenantId: string, cardId: string): Promise<CardRow> {
  const [row] = await selectCardRows(db).where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  if (!row) throw notFound('Card not found');
  return row;
}

/**
 * GET /api/t/{slug}/cards/{cardUid}: the POS lookup (spec §2 'POS Terminal', §3 'Card').
 * The UID is normalised first (decisions.md 'Cards'). Throws 404 'Card not found' when the
 * card does not exist in this tenant (another tenant's card included).
 */
export async function getCardView(db: DbOrTx, tenantId: string, rawUid: string, qr: QrContext): Promise<CardResponse> {
  const cardUid = normalizeCardUid(rawUid);
  const [row] = await selectCardRows(db)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  if (!row) throw notFound('Card not found');
  return toCardResponse(row, qr);
}

/**
 * GET /api/t/{slug}/cards (spec §2 'Cards Management', §7): the tenant's cards, newest first
 * (ties, such as one batch, in UID order), optionally filtered by `status` and by `search`:
 * the card UID contains the normalised text (decisions.md 'Cards': trimmed, upper-cased,
 * spaces and dashes removed), or the customer's first, last or full name contains it,
 * case-insensitive. Page from 1, `limit` cards. Returns `{ cards, total, pages }`.
 */
export async function listCards(db: DbOrTx, tenantId: string, q: CardListQuery, qr: QrContext): Promise<CardListResponse> {
  const joins = cardJoins(db);
  const { holder } = joins;
  const where: SQL[] = [eq(cards.tenantId, tenantId)];
  if (q.status) where.push(eq(cards.status, q.status));
  if (q.search) {
    const byName = containsPattern(q.search);
    const uid = normalizeCardUid(q.search);
    const terms: SQL[] = [
      ilike(holder.firstName, byName),
      ilike(holder.lastName, byName),
      ilike(sql`${holder.firstName} || ' ' || ${holder.lastName}`, byName),
    ];
    if (uid) terms.push(ilike(cards.cardUid, containsPattern(uid)));
    where.push(or(...terms)!);
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    selectCardRows(db, joins)
      .where(condition)
      .orderBy(desc(cards.createdAt), asc(cards.cardUid))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cards)
      .leftJoin(holder, and(eq(holder.tenantId, cards.tenantId), eq(holder.id, cards.customerId)))
      .where(condition),
  ]);
  const total = count?.n ?? 0;
  return { cards: rows.map((r) => toCardResponse(r, qr)), total, pages: Math.ceil(total / q.limit) };
}

/** Who acts, where: the request's tenant id, the signed-in user's id (audit) and the QR settings (slug inside). */
export interface CardActor {
  tenantId: string;
  userId: string;
  qr: QrContext;
}

/** Spec §5 'Card batch' text for more than 1000 cards. */
export const BATCH_TOO_LARGE_TEXT = `Maximum ${MAX_BATCH_SIZE} cards can be created at once. Please reduce the quantity.`;

/**
 * 400 VALIDATION_ERROR unless 1 ≤ count ≤ 1000 (spec §5 'Card batch', §9). Above 1000 the
 * error is exactly 'Batch size too large' (spec §8; the web matches it) with the spec's
 * text in `details`.
 */
export function assertBatchCount(count: number): void {
  if (!Number.isInteger(count) || count < 1) {
    throw badRequest('Quantity must be at least 1', [{ field: 'body.count', message: 'Quantity must be at least 1' }]);
  }
  if (count > MAX_BATCH_SIZE) {
    throw badRequest('Batch size too large', [{ field: 'body.count', message: BATCH_TOO_LARGE_TEXT }]);
  }
}

/** A batch to create: `count` cards (1..1000, checked by assertBatchCount) and an optional store of the tenant. */
export interface BatchInput {
  count: number;
  storeId: string | null;
}

/** Injection point for tests: the UID generator (collisions are otherwise astronomically rare). */
export interface BatchDeps {
  generateUid: () => string;
}

/** Insert rounds for rows lost to UID collisions before the batch fails with a 500 (nothing written). */
const UID_ATTEMPTS = 5;

/**
 * Inserts `count` UNASSIGNED cards of tenant `tenantId` with fresh UIDs from `generateUid`
 * (decisions.md 'Cards': 12 Crockford base32 characters, unique across the platform), in
 * the caller's transaction `tx`, in chunks of at most 1000 rows (MAX_BATCH_SIZE). Each card
 * gets `storeId` (null: no store) and `cardOrderId` (the paid card order that added it;
 * null/absent for batch-created cards). UIDs that collide with an existing card are skipped
 * (ON CONFLICT DO NOTHING) and redrawn, at most 5 rounds per chunk, after which it throws a
 * plain Error (a 500; the caller's transaction rolls back). No quota check: the caller owns
 * it (createCardBatch) or the cards are bought (card orders). Returns the inserted rows.
 */
export async function insertUnassignedCards(
  tx: Tx,
  tenantId: string,
  count: number,
  fields: { storeId: string | null; cardOrderId?: string | null },
  generateUid: () => string = generateCardUid,
): Promise<(typeof cards.$inferSelect)[]> {
  const created: (typeof cards.$inferSelect)[] = [];
  for (let chunkStart = 0; chunkStart < count; chunkStart += MAX_BATCH_SIZE) {
    const chunkCount = Math.min(MAX_BATCH_SIZE, count - chunkStart);
    const target = created.length + chunkCount;
    for (let attempt = 0; created.length < target; attempt++) {
      if (attempt >= UID_ATTEMPTS) throw new Error('Could not draw unique card UIDs');
      const needed = target - created.length;
      const uids = new Set<string>();
      for (let draws = 0; uids.size < needed && draws < needed * 4; draws++) uids.add(generateUid());
      const rows = await tx
        .insert(cards)
        .values([...uids].map((cardUid) => ({ tenantId, cardUid, storeId: fields.storeId, cardOrderId: fields.cardOrderId ?? null, status: 'UNASSIGNED' as const })))
        .onConflictDoNothing({ target: cards.cardUid })
        .returning();
      created.push(...rows);
    }
  }
  return created;
}

/**
 * POST /api/t/{slug}/cards/batch (spec §2 'Create Card Batch', §5, §8; decisions.md 'Trial,
 * subscription and quota'). Creates `count` UNASSIGNED cards with fresh UIDs (optionally
 * bound to a store) in ONE DB transaction that first locks the tenant row, so the quota check
 * and the insert cannot interleave with another batch. Rules, in this order:
 * - 400 VALIDATION_ERROR: count < 1 or not whole; 'Batch size too large' above 1000.
 * - 404 'Store not found': storeId not a store of this tenant.
 * - 403 FORBIDDEN 'Card creation blocked': status CANCELED or NONE, or PAST_DUE with the
 *   grace period over (the same gate as POS, spec §5; decision documented in the route).
 * - 403 SUBSCRIPTION_REQUIRED 'Subscription required': not ACTIVE and subscriptionRequired
 *   (trial activations used up or trial expired).
 * - ACTIVE with a plan: the plan's `limits.cards` (−1 unlimited) bounds all the tenant's
 *   cards; a shortfall is 403 FORBIDDEN 'Insufficient subscription allowance' with details
 *   `{ remaining, used, limit, planName, requested, message }` (message: spec §5 text).
 * - otherwise (trial mode): freeTrialLimit bounds all cards; a shortfall is 400
 *   VALIDATION_ERROR 'Card limit exceeded' with details `{ remaining, used, limit,
 *   requested, message }`.
 * UIDs that collide with an existing card are skipped (ON CONFLICT DO NOTHING) and redrawn.
 * Returns 201 `{ created, cards }`.
 */
export async function createCardBatch(
  db: Database,
  actor: CardActor,
  input: BatchInput,
  deps: BatchDeps = { generateUid: generateCardUid },
): Promise<CardBatchResponse> {
  assertBatchCount(input.count);
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, tenantId);
    const storeName = input.storeId ? await requireStoreName(tx, tenantId, input.storeId) : null;
    await assertCardBatchAllowed(tx, tenant, await cardCounts(tx, tenantId), input.count, new Date());
    const created = await insertUnassignedCards(tx, tenantId, input.count, { storeId: input.storeId }, deps.generateUid);
    created.sort((a, b) => a.cardUid.localeCompare(b.cardUid));
    await writeAudit(tx, { tenantId, userId: actor.userId, action: 'card.batch_create', entity: 'card', entityId: null, after: { count: created.length, storeId: input.storeId ?? null, firstCardUid: created[0]?.cardUid ?? null, lastCardUid: created.at(-1)?.cardUid ?? null } });
    return {
      created: created.length,
      cards: created.map((card) => toCardResponse({ card, customer: null, storeName }, actor.qr)),
    };
  });
}

/** Spec §5 'Assign card': 409 text for a duplicate customer e-mail within the tenant. */
const DUPLICATE_EMAIL = 'A customer with this email already exists';

/**
 * POST /api/t/{slug}/cards/activate (spec §4 'Card', §5 'Assign card'; decisions.md 'Cards',
 * 'Trial, subscription and quota'). In ONE DB transaction (tenant row locked first, then the
 * card row): the card must exist in this tenant and be UNASSIGNED; the store must be this
 * tenant's; the customer is either an existing customer of this tenant without cards
 * (`customerId`) or a new one (`customer`) created in the same transaction. Sets ACTIVE,
 * customerId, storeId and activatedAt = now: a trial activation.
 * Throws 400 'Select a customer or enter a new one' (neither or both given), 403
 * SUBSCRIPTION_REQUIRED 'Subscription required' (not ACTIVE and the trial is used up or
 * expired before this activation, or the status does not allow card work at all: CANCELED,
 * NONE, PAST_DUE after grace), 404 'Card not found' / 'Store not found' / 'Customer not
 * found', 409 'This customer already has a card' / 'A customer with this email already
 * exists', 422 BUSINESS_RULE 'Card is already assigned'. Nothing is written on failure.
 * In the same transaction, when the customer has an e-mail and has not unsubscribed, the
 * welcome message is written to the outbox (issue 16, `enqueueWelcome`).
 * Returns the activated card (200).
 */
export async function activateCard(db: Database, actor: CardActor, input: CardActivateRequest): Promise<CardResponse> {
  const hasExisting = !!input.customerId;
  const hasNew = !!input.customer;
  if (hasExisting === hasNew) {
    throw badRequest('Select a customer or enter a new one', [
      { field: 'body.customerId', message: hasExisting ? 'Choose an existing customer or a new one, not both' : 'Select a customer or enter a new one' },
    ]);
  }
  const { tenantId } = actor;
  const cardUid = normalizeCardUid(input.cardUid);
  try {
    return await db.transaction(async (tx) => {
      const tenant = await lockTenant(tx, tenantId);
      const now = new Date();
      assertCanActivateCard(tenant, await cardCounts(tx, tenantId), now);
      const [card] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
        .for('update');
      if (!card) throw notFound('Card not found');
      if (card.status !== 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Card is already assigned');
      await requireStoreName(tx, tenantId, input.storeId);
      let customerId: string;
      if (input.customerId) {
        const existing = await lockCustomer(tx, tenantId, input.customerId);
        if (!existing) throw notFound('Customer not found');
        const [held] = await tx
          .select({ id: cards.id })
          .from(cards)
          .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, existing)))
          .limit(1);
        if (held) throw conflict('This customer already has a card');
        customerId = existing;
      } else {
        const c = input.customer!;
        // The contract lets an empty phone through as ''; the customers module stores "no phone" as null.
        if (c.email && (await customerEmailInUse(tx, tenantId, c.email))) {
          throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
        }
        customerId = await insertCardHolder(tx, tenantId, c);
      }
      await tx
        .update(cards)
        .set({ status: 'ACTIVE', customerId, storeId: input.storeId, activatedAt: now })
        .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
      await writeAudit(tx, { tenantId, userId: actor.userId, action: 'card.activate', entity: 'card', entityId: card.cardUid, before: { status: card.status }, after: { status: 'ACTIVE', customerId, storeId: input.storeId, newCustomer: !input.customerId } });
      await enqueueWelcome(tx, tenant, customerId, card.cardUid, card.balanceCents, actor.qr, now);
      const activated = toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
      await enqueueWebhookEvent(tx, tenantId, 'card.activated', activated, now);
      return activated;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) {
      throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
    }
    throw err;
  }
}

/**
 * Writes the welcome message of a card just activated (issue 16 'Welcome') to the outbox in
 * `tx`, when its customer has an e-mail and has not unsubscribed: the card's UID, its balance,
 * the link to its public page (with its QR token), and the one-click unsubscribe link and
 * headers (RFC 8058). Nothing when there is no address or the customer opted out.
 */
async function enqueueWelcome(tx: Tx, tenant: { id: string; name: string }, customerId: string, cardUid: string, balanceCents: number, qr: QrContext, now: Date): Promise<void> {
  const contact = await customerContact(tx, tenant.id, customerId);
  if (!contact?.email || contact.optedOut) return;
  const token = unsubscribeToken(qr.secret, tenant.id, customerId);
  const message = await renderWelcome({
    businessName: tenant.name,
    firstName: contact.firstName,
    cardUid,
    balance: formatCents(balanceCents),
    cardUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, cardUid),
    unsubscribeUrl: `${qr.publicUrl}/unsubscribe?token=${token}`,
  });
  await enqueueEmail(tx, { tenantId: tenant.id, kind: 'welcome', to: contact.email, ...message, headers: unsubscribeHeaders(`${qr.publicUrl}/api/unsubscribe?token=${token}`), now });
}

/** A digital card as the self-enrolment page shows it (issue 16): its UID, its public page (which its QR encodes) and its balance in cents. */
export interface DigitalCard {
  cardUid: string;
  qrUrl: string;
  balanceCents: number;
}

/**
 * Whether tenant `tenant` has room for one more card made by an online sign-up (ADR 0019;
 * ADR 0027): a card made and activated (tenants `assertCardBatchAllowed` for one card,
 * `assertCanActivateCard`) that leaves the till's reserve, the last 10 % of the quota, untouched
 * (`assertTillReserveKept`). Binding only under the tenant-row lock (ADR 0005, as in
 * `issueDigitalCard`); the join page also asks without it, to refuse before any e-mail is sent.
 * Throws what those checks throw (403 FORBIDDEN, 403 SUBSCRIPTION_REQUIRED, 400 'Card limit
 * exceeded', 422 BUSINESS_RULE TILL_RESERVE_TEXT).
 */
export async function assertOnlineCardRoom(db: DbOrTx, tenant: TenantAccount, now: Date): Promise<void> {
  const counts = await cardCounts(db, tenant.id);
  await assertCardBatchAllowed(db, tenant, counts, 1, now);
  assertCanActivateCard(tenant, counts, now);
  await assertTillReserveKept(db, tenant, counts);
}

/**
 * Issues a digital card to a customer who joined online (issue 16 'Customer self-enrolment'),
 * in the caller's transaction `tx` with the tenant row `tenant` locked by the caller
 * (tenants `lockTenant`): the card counts in the quota like any activation, so both
 * checks of a card made and activated and the till's reserve run first
 * (`assertOnlineCardRoom`), then one card is drawn (a fresh UID,
 * `insertUnassignedCards`) and set ACTIVE with the customer, the store and activatedAt = now;
 * the welcome message goes to the outbox (`enqueueWelcome`). Throws what those checks throw
 * (403 FORBIDDEN 'Card creation blocked' / 'Insufficient subscription allowance', 403
 * SUBSCRIPTION_REQUIRED, 400 'Card limit exceeded', 422 BUSINESS_RULE TILL_RESERVE_TEXT); the caller's transaction then rolls back.
 * Returns the new card's id and its DigitalCard view.
 */
export async function issueDigitalCard(
  tx: Tx,
  tenant: TenantAccount,
  input: { customerId: string; storeId: string },
  qr: QrContext,
  now: Date,
): Promise<{ id: string; card: DigitalCard }> {
  await assertOnlineCardRoom(tx, tenant, now);
  const [card] = await insertUnassignedCards(tx, tenant.id, 1, { storeId: input.storeId });
  await tx
    .update(cards)
    .set({ status: 'ACTIVE', customerId: input.customerId, activatedAt: now })
    .where(and(eq(cards.tenantId, tenant.id), eq(cards.id, card.id)));
  await enqueueWelcome(tx, tenant, input.customerId, card.cardUid, card.balanceCents, qr, now);
  await enqueueWebhookEvent(tx, tenant.id, 'card.activated', toCardResponse(await loadCardRow(tx, tenant.id, card.id), qr), now);
  return { id: card.id, card: { cardUid: card.cardUid, qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid), balanceCents: card.balanceCents } };
}

/** The card `cardId` of the tenant as a DigitalCard (its current balance), or null when it is gone. */
export async function digitalCardView(db: DbOrTx, tenantId: string, cardId: string, qr: QrContext): Promise<DigitalCard | null> {
  const [card] = await db
    .select({ cardUid: cards.cardUid, balanceCents: cards.balanceCents })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.id, cardId)));
  return card ? { ...card, qrUrl: cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid) } : null;
}

/** The public page (with token) of customer `customerId`'s ACTIVE card, the oldest if several, or null (the 'already a member' e-mail). */
export async function activeCardUrlOfCustomer(db: DbOrTx, tenantId: string, customerId: string, qr: QrContext): Promise<string | null> {
  const [card] = await db
    .select({ cardUid: cards.cardUid })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId), eq(cards.status, 'ACTIVE')))
    .orderBy(asc(cards.createdAt))
    .limit(1);
  return card ? cardQrUrl(qr.publicUrl, qr.secret, qr.slug, card.cardUid) : null;
}

/** Fixed reason of a block or unblock from the Cards page (spec §3 payloads). */
export const BLOCK_REASON = 'Admin action';

/**
 * POST /api/t/{slug}/cards/{cardUid}/block (spec §4 'Card': ACTIVE ↔ BLOCKED through one
 * call; unblock returns ACTIVE). Locks the card row, toggles the status and writes an
 * audit_log row (action 'card.block' or 'card.unblock', entity 'card', entityId the UID,
 * before `{ status }`, after `{ status, reason: 'Admin action' }`) in one DB transaction.
 * Throws 404 'Card not found' (unknown or another tenant's), 422 BUSINESS_RULE 'Unassigned
 * cards cannot be blocked'. Returns the card (200). A BLOCKED card cannot earn or redeem
 * (transactions service: 422 'This card is blocked'). A block writes the `card.blocked` webhook
 * event (issue 17) in the same transaction.
 */
export async function toggleCardBlock(db: Database, actor: CardActor, rawUid: string): Promise<CardResponse> {
  const { tenantId } = actor;
  const cardUid = normalizeCardUid(rawUid);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
      .for('update');
    if (!card) throw notFound('Card not found');
    if (card.status === 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Unassigned cards cannot be blocked');
    const next = card.status === 'BLOCKED' ? 'ACTIVE' : 'BLOCKED';
    await tx.update(cards).set({ status: next }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: next === 'BLOCKED' ? 'card.block' : 'card.unblock',
      entity: 'card',
      entityId: card.cardUid,
      before: { status: card.status },
      after: { status: next, reason: BLOCK_REASON },
    });
    const result = toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
    if (next === 'BLOCKED') await enqueueWebhookEvent(tx, tenantId, 'card.blocked', result, new Date());
    return result;
  });
}

/**
 * PUT /api/t/{slug}/cards/{cardUid}/store (spec §4 'Card': the store of an assigned card may
 * change; balance and transactions stay). In one DB transaction: locks the card, which must
 * be ACTIVE or BLOCKED, checks the store belongs to this tenant and sets it. Nothing else
 * changes (balance in cents, customer, ledger untouched).
 * Throws 404 'Card not found' / 'Store not found', 422 BUSINESS_RULE 'Only assigned cards can
 * change store'. Writes a card.store_change audit row. Returns the card (200).
 */
export async function changeCardStore(db: Database, actor: CardActor, rawUid: string, input: CardStoreRequest): Promise<CardResponse> {
  const { tenantId } = actor;
  const cardUid = normalizeCardUid(rawUid);
  return db.transaction(async (tx) => {
    const [card] = await tx
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
      .for('update');
    if (!card) throw notFound('Card not found');
    if (card.status !== 'ACTIVE' && card.status !== 'BLOCKED') {
      throw new AppError('BUSINESS_RULE', 'Only assigned cards can change store');
    }
    await requireStoreName(tx, tenantId, input.storeId);
    await tx.update(cards).set({ storeId: input.storeId }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, { tenantId, userId: actor.userId, action: 'card.store_change', entity: 'card', entityId: card.cardUid, before: { storeId: card.storeId }, after: { storeId: input.storeId } });
    return toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
  });
}

/** The tenant's card whose UID is `cardUid` (already normalised) with its holder and store name, or null (the public card page). */
export async function findCardRow(db: DbOrTx, tenantId: string, cardUid: string): Promise<CardRow | null> {
  const [row] = await selectCardRows(db)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
    .limit(1);
  return row ?? null;
}

/** The card fields a balance movement needs: id, balance (cents), holder and store. */
export interface LockedCard {
  id: string;
  balanceCents: number;
  customerId: string | null;
  storeId: string | null;
}

/** Locks the cards a paid card order added (card_order_id = `orderId`) `FOR UPDATE` in `tx`: id, status, balance (cents), holder. */
export async function lockCardsOfOrder(tx: Tx, tenantId: string, orderId: string) {
  return tx
    .select({ id: cards.id, status: cards.status, balanceCents: cards.balanceCents, customerId: cards.customerId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.cardOrderId, orderId)))
    .for('update');
}

/** Deletes the cards a card order added (a refunded order, its cards unused: the caller checked) in `tx`. */
export async function deleteCardsOfOrder(tx: Tx, tenantId: string, orderId: string): Promise<void> {
  await tx.delete(cards).where(and(eq(cards.tenantId, tenantId), eq(cards.cardOrderId, orderId)));
}

/** A card held by a customer as the erasure locks it (ADR 0026): id, UID, status, balance (cents), store. */
export interface HeldCard extends LockedCard {
  cardUid: string;
  status: CardRow['card']['status'];
}

/**
 * Locks every card held by customer `customerId` of the tenant `FOR UPDATE` in `tx` (in id
 * order, so two erasures never deadlock) and returns them: the erasure's cards (ADR 0026).
 */
export async function lockCardsOfCustomer(tx: Tx, tenantId: string, customerId: string): Promise<HeldCard[]> {
  return tx
    .select({ id: cards.id, cardUid: cards.cardUid, status: cards.status, balanceCents: cards.balanceCents, customerId: cards.customerId, storeId: cards.storeId })
    .from(cards)
    .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customerId)))
    .orderBy(asc(cards.id))
    .for('update');
}

/** Reason recorded on the audit rows of the cards an erasure blocks. */
export const ERASURE_BLOCK_REASON = "Erased at the customer's request";

/**
 * Blocks the ACTIVE cards among `held` (locked by `lockCardsOfCustomer` in `tx`) and writes a
 * 'card.block' audit row for each (reason ERASURE_BLOCK_REASON): an erased customer's cards
 * can never earn or redeem again (ADR 0026). No `card.blocked` webhook event: the erasure's
 * own `customer.erased` event says it. Returns how many were blocked.
 */
export async function blockCardsForErasure(tx: Tx, tenantId: string, held: readonly HeldCard[], userId: string | null): Promise<number> {
  const active = held.filter((c) => c.status === 'ACTIVE');
  for (const card of active) {
    await tx.update(cards).set({ status: 'BLOCKED' }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    await writeAudit(tx, { tenantId, userId, action: 'card.block', entity: 'card', entityId: card.cardUid, before: { status: card.status }, after: { status: 'BLOCKED', reason: ERASURE_BLOCK_REASON } });
  }
  return active.length;
}
