import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type {
  CardActivateRequest,
  CardBatchResponse,
  CardListQuery,
  CardListResponse,
  CardResponse,
  CardStatus,
  CardStoreRequest,
  SubscriptionStatus,
  Tier,
} from '@loyalty/contract';
import { MAX_BATCH_SIZE } from '@loyalty/contract';
import { canTransact, cardLimit, cardsRemaining, isSubscriptionRequired, normalizeCardUid } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { auditLog, cards, customers, plans, stores, tenants } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { cardCounts } from '../tenant/service.ts';
import { cardQrUrl, generateCardUid } from './qr-token.ts';

/** What the card view needs to build `qrUrl`. */
export interface QrContext {
  publicUrl: string;
  secret: string;
  slug: string;
}

/** A card row joined with its customer (or null) and its store's name (or null). */
export interface CardRow {
  card: typeof cards.$inferSelect;
  customer: typeof customers.$inferSelect | null;
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
    status: card.status as CardStatus,
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
          tier: customer.tier as Tier,
          totalSpendCents: customer.totalSpendCents,
        }
      : null,
  };
}

/** SELECT of card + customer + store name, joined within the card's tenant (composite keys). */
function selectCardRows(db: DbOrTx) {
  return db
    .select({ card: cards, customer: customers, storeName: stores.name })
    .from(cards)
    .leftJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, cards.tenantId), eq(stores.id, cards.storeId)));
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

/** `%text%` for ILIKE with the wildcard characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}

/**
 * GET /api/t/{slug}/cards (spec §2 'Cards Management', §7): the tenant's cards, newest first
 * (ties, such as one batch, in UID order), optionally filtered by `status` and by `search`:
 * the card UID contains the normalised text (decisions.md 'Cards': trimmed, upper-cased,
 * spaces and dashes removed), or the customer's first, last or full name contains it,
 * case-insensitive. Page from 1, `limit` cards. Returns `{ cards, total, pages }`.
 */
export async function listCards(db: DbOrTx, tenantId: string, q: CardListQuery, qr: QrContext): Promise<CardListResponse> {
  const where: SQL[] = [eq(cards.tenantId, tenantId)];
  if (q.status) where.push(eq(cards.status, q.status));
  if (q.search) {
    const byName = containsPattern(q.search);
    const uid = normalizeCardUid(q.search);
    const terms: SQL[] = [
      ilike(customers.firstName, byName),
      ilike(customers.lastName, byName),
      ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, byName),
    ];
    if (uid) terms.push(ilike(cards.cardUid, containsPattern(uid)));
    where.push(or(...terms)!);
  }
  const condition = and(...where);
  const [rows, [count]] = await Promise.all([
    selectCardRows(db)
      .where(condition)
      .orderBy(desc(cards.createdAt), asc(cards.cardUid))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(cards)
      .leftJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
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

/**
 * The tenant's subscription facts, read under a row lock `SELECT … FOR NO KEY UPDATE`: every
 * quota-changing use case of one tenant (batch, activation) runs one at a time, so two
 * parallel batches never both see the same remaining allowance (decisions.md 'Trial,
 * subscription and quota'). NO KEY UPDATE (not UPDATE) so that the foreign-key checks of
 * concurrent POS inserts (KEY SHARE on the tenant row) are not blocked.
 */
async function lockTenant(tx: Tx, tenantId: string) {
  const [t] = await tx
    .select({
      subscriptionStatus: tenants.subscriptionStatus,
      trialEndsAt: tenants.trialEndsAt,
      graceEndsAt: tenants.graceEndsAt,
      planId: tenants.planId,
      freeTrialLimit: tenants.freeTrialLimit,
      purchasedCards: tenants.purchasedCards,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('no key update');
  if (!t) throw notFound('Tenant not found');
  return { ...t, subscriptionStatus: t.subscriptionStatus as SubscriptionStatus };
}

/** 404 'Store not found' unless the store belongs to the tenant; returns its name. */
async function requireStore(tx: DbOrTx, tenantId: string, storeId: string): Promise<string> {
  const [store] = await tx
    .select({ name: stores.name })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), eq(stores.id, storeId)));
  if (!store) throw notFound('Store not found');
  return store.name;
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
        .values([...uids].map((cardUid) => ({ tenantId, cardUid, storeId: fields.storeId, cardOrderId: fields.cardOrderId ?? null, status: 'UNASSIGNED' })))
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
    const storeName = input.storeId ? await requireStore(tx, tenantId, input.storeId) : null;
    const now = new Date();
    const blocked =
      tenant.subscriptionStatus === 'CANCELED' ||
      tenant.subscriptionStatus === 'NONE' ||
      (tenant.subscriptionStatus === 'PAST_DUE' && !canTransact(tenant, now));
    if (blocked) throw forbidden('Card creation blocked');
    const counts = await cardCounts(tx, tenantId);
    if (isSubscriptionRequired(tenant, counts.activated, now)) {
      throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
    }
    const [plan] =
      tenant.subscriptionStatus === 'ACTIVE' && tenant.planId
        ? await tx.select({ name: plans.name, limits: plans.limits }).from(plans).where(eq(plans.id, tenant.planId))
        : [];
    const limit = cardLimit(tenant, plan ? plan.limits.cards : null);
    const remaining = cardsRemaining(limit, counts.total);
    if (input.count > remaining) {
      const base = { remaining, used: counts.total, limit, requested: input.count };
      if (plan) {
        throw new AppError('FORBIDDEN', 'Insufficient subscription allowance', {
          ...base,
          planName: plan.name,
          message: `You can only create ${remaining} more cards from your ${plan.name} plan subscription. You currently have ${counts.total}/${limit} cards used.`,
        });
      }
      throw badRequest('Card limit exceeded', {
        ...base,
        message: `You can only create ${remaining} more cards. You currently have ${counts.total}/${limit} cards in your trial.`,
      });
    }
    const created = await insertUnassignedCards(tx, tenantId, input.count, { storeId: input.storeId }, deps.generateUid);
    created.sort((a, b) => a.cardUid.localeCompare(b.cardUid));
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
      const counts = await cardCounts(tx, tenantId);
      if (!canTransact(tenant, now) || isSubscriptionRequired(tenant, counts.activated, now)) {
        throw new AppError('SUBSCRIPTION_REQUIRED', 'Subscription required');
      }
      const [card] = await tx
        .select()
        .from(cards)
        .where(and(eq(cards.tenantId, tenantId), eq(cards.cardUid, cardUid)))
        .for('update');
      if (!card) throw notFound('Card not found');
      if (card.status !== 'UNASSIGNED') throw new AppError('BUSINESS_RULE', 'Card is already assigned');
      await requireStore(tx, tenantId, input.storeId);
      let customerId: string;
      if (input.customerId) {
        const [customer] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.tenantId, tenantId), eq(customers.id, input.customerId)))
          .for('update');
        if (!customer) throw notFound('Customer not found');
        const [held] = await tx
          .select({ id: cards.id })
          .from(cards)
          .where(and(eq(cards.tenantId, tenantId), eq(cards.customerId, customer.id)))
          .limit(1);
        if (held) throw conflict('This customer already has a card');
        customerId = customer.id;
      } else {
        const c = input.customer!;
        // The contract lets an empty phone through as ''; store "no phone" as null.
        const email = c.email ? c.email.toLowerCase() : null;
        if (email) {
          const [dup] = await tx
            .select({ id: customers.id })
            .from(customers)
            .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email}`))
            .limit(1);
          if (dup) throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
        }
        const [created] = await tx
          .insert(customers)
          .values({ tenantId, firstName: c.firstName, lastName: c.lastName, email, phone: c.phone?.trim() || null })
          .returning({ id: customers.id });
        customerId = created.id;
      }
      await tx
        .update(cards)
        .set({ status: 'ACTIVE', customerId, storeId: input.storeId, activatedAt: now })
        .where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
      return toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) {
      throw conflict(DUPLICATE_EMAIL, [{ field: 'body.customer.email', message: DUPLICATE_EMAIL }]);
    }
    throw err;
  }
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
 * (transactions service: 422 'This card is blocked').
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
    await tx.insert(auditLog).values({
      tenantId,
      userId: actor.userId,
      action: next === 'BLOCKED' ? 'card.block' : 'card.unblock',
      entity: 'card',
      entityId: card.cardUid,
      before: { status: card.status },
      after: { status: next, reason: BLOCK_REASON },
    });
    return toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
  });
}

/**
 * PUT /api/t/{slug}/cards/{cardUid}/store (spec §4 'Card': the store of an assigned card may
 * change; balance and transactions stay). In one DB transaction: locks the card, which must
 * be ACTIVE or BLOCKED, checks the store belongs to this tenant and sets it. Nothing else
 * changes (balance in cents, customer, ledger untouched).
 * Throws 404 'Card not found' / 'Store not found', 422 BUSINESS_RULE 'Only assigned cards can
 * change store'. Returns the card (200).
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
    await requireStore(tx, tenantId, input.storeId);
    await tx.update(cards).set({ storeId: input.storeId }).where(and(eq(cards.tenantId, tenantId), eq(cards.id, card.id)));
    return toCardResponse(await loadCardRow(tx, tenantId, card.id), actor.qr);
  });
}
