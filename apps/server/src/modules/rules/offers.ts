import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Offer, OfferInput, OfferListResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { offers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Offers (docs/product.md 'Offers'): list, create, update, and the offer window in SQL for the dashboard's counts. */

/** The 404 message of an unknown, malformed or another tenant's offer id. */
const OFFER_NOT_FOUND = 'Offer not found';

/** A stored offer → the API's Offer (timestamps ISO 8601, bonus in bps). */
function toOffer(o: typeof offers.$inferSelect): Offer {
  return {
    id: o.id,
    name: o.name,
    description: o.description,
    rateMultiplierBps: o.rateMultiplierBps,
    startAt: o.startAt.toISOString(),
    endAt: o.endAt.toISOString(),
    isActive: o.isActive,
    createdAt: o.createdAt.toISOString(),
  };
}

/** The stored columns of an OfferInput (description blank → null). */
function offerFields(input: OfferInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    rateMultiplierBps: input.rateMultiplierBps,
    startAt: new Date(input.startAt),
    endAt: new Date(input.endAt),
    isActive: input.isActive,
  };
}

/** The audited fields of an offer (timestamps as ISO 8601). */
function auditedOffer(o: ReturnType<typeof offerFields>) {
  return { ...o, startAt: o.startAt.toISOString(), endAt: o.endAt.toISOString() };
}

/** GET /rules/offers: the tenant's offers, newest first (created_at desc, id desc), active or not. */
export async function listOffers(db: Database, tenantId: string): Promise<OfferListResponse> {
  const rows = await db.select().from(offers).where(eq(offers.tenantId, tenantId)).orderBy(desc(offers.createdAt), desc(offers.id));
  return { offers: rows.map(toOffer) };
}

/**
 * POST /rules/offers (docs/product.md 'Offers'): creates the offer and an audit_log row
 * (action 'offer.create', entity 'offer', after = the stored fields) in one DB transaction.
 * The body is validated by the contract (name required, bonus 0–10000 bps, ISO timestamps,
 * end after start: 400, nothing written). An active offer counts in every earn whose moment
 * lies in [startAt, endAt], both ends included (domain isOfferRunning, ADR 0030). Returns the
 * Offer (the route answers 201).
 */
export async function createOffer(db: Database, ctx: TenantRequestContext, input: OfferInput): Promise<Offer> {
  const fields = offerFields(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offers)
      .values({ tenantId: ctx.tenant.id, ...fields })
      .returning();
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'offer.create',
      entity: 'offer',
      entityId: row.id,
      before: null,
      after: auditedOffer(fields),
    });
    return toOffer(row);
  });
}

/**
 * PUT /rules/offers/{id}: replaces the offer's fields under a row lock and writes an
 * audit_log row (action 'offer.update', before/after = the fields) in one DB transaction.
 * Throws 404 'Offer not found' for a malformed, unknown or another tenant's id. Body as for
 * createOffer (400, nothing written). Returns the updated Offer.
 */
export async function updateOffer(db: Database, ctx: TenantRequestContext, offerId: string, input: OfferInput): Promise<Offer> {
  if (!isUuid(offerId)) throw notFound(OFFER_NOT_FOUND);
  const tenantId = ctx.tenant.id;
  const fields = offerFields(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(offers)
      .where(and(eq(offers.tenantId, tenantId), eq(offers.id, offerId)))
      .for('update');
    if (!before) throw notFound(OFFER_NOT_FOUND);
    const [row] = await tx
      .update(offers)
      .set(fields)
      .where(and(eq(offers.tenantId, tenantId), eq(offers.id, offerId)))
      .returning();
    await writeAudit(tx, {
      tenantId,
      ...auditActorOf(ctx),
      action: 'offer.update',
      entity: 'offer',
      entityId: offerId,
      before: auditedOffer({
        name: before.name,
        description: before.description,
        rateMultiplierBps: before.rateMultiplierBps,
        startAt: before.startAt,
        endAt: before.endAt,
        isActive: before.isActive,
      }),
      after: auditedOffer(fields),
    });
    return toOffer(row);
  });
}

/**
 * The offer window in SQL, the twin of domain `isOfferRunning`: a boolean over the `offers` row
 * in scope, true when the offer is switched on and `start_at ≤ at ≤ end_at` (`at` an ISO-8601
 * instant; both ends included, ADR 0030). The dashboard's count filters with it; the till's
 * programme is read inside the ledger's database function `ledger_earn_open` (migration 0028),
 * which spells the same window in PL/pgSQL. The property test `offer-window.property.test.ts`
 * checks both against the domain on random windows and instants.
 */
export function offerRunningSql(at: string): SQL {
  return sql`(${offers.isActive} and ${offers.startAt} <= ${at}::timestamptz and ${at}::timestamptz <= ${offers.endAt})`;
}

/**
 * The dashboard's offer figures (docs/product.md 'Reports', 'Offers'): `running`, the tenant's
 * offers running at `at` (`offerRunningSql`, the one offer window, ADR 0030), and `created`, how
 * many offers were created in each of `ranges` (`[from, to)`, instants) in the order given.
 * One statement over the tenant's offers.
 */
export async function countOffers(
  db: Database,
  tenantId: string,
  at: Date,
  ranges: readonly (readonly [from: Date, to: Date])[],
): Promise<{ running: number; created: number[] }> {
  const columns = Object.fromEntries(
    ranges.map(([from, to], i) => [`n${i}`, sql<number>`count(*) filter (where ${and(gte(offers.createdAt, from), lt(offers.createdAt, to))})::int`]),
  );
  const [row]: Record<string, number>[] = await db
    .select({ running: sql<number>`count(*) filter (where ${offerRunningSql(at.toISOString())})::int`, ...columns })
    .from(offers)
    .where(eq(offers.tenantId, tenantId));
  return { running: Number(row?.running ?? 0), created: ranges.map((_, i) => Number(row?.[`n${i}`] ?? 0)) };
}
