import { and, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  CashbackRule,
  CashbackRulesRequest,
  CashbackRulesResponse,
  Category,
  InitializeRulesResponse,
  Offer,
  OfferInput,
  OfferListResponse,
  Tier,
  TierRule,
  TierRulesRequest,
  TierRulesResponse,
} from '@loyalty/contract';
import { DEFAULT_CASHBACK_RULES, DEFAULT_TIER_RULES } from '@loyalty/domain';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { cashbackRules, offers, tierRules } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { writeAudit } from '../audit/service.ts';
import { retierCustomers } from '../customers/index.ts';
import { readTierRules, TIER_ORDER } from './views.ts';

/** Who acts, where: the request's tenant id and the signed-in user's id (written to audit_log). */
export interface RulesActor {
  tenantId: string;
  userId: string;
}

/** The 400 message of tier thresholds that do not rise with the tier (spec §5, issue 5). */
export const TIER_ORDER_MESSAGE = 'Tier thresholds must increase: SILVER < GOLD < PLATINUM';
/** The 404 message of an unknown, malformed or another tenant's offer id. */
export const OFFER_NOT_FOUND = 'Offer not found';

const CATEGORY_ORDER: readonly Category[] = ['PURCHASE', 'REPAIR', 'OTHER'];

/**
 * Serialises the rule writes of one tenant (PUT /cashback, PUT /tiers, POST /initialize) for
 * the rest of the transaction, so that two owners saving at once cannot interleave their
 * replace-the-set statements and each audit row's `before` is what that write replaced.
 * A transaction-scoped advisory lock: no row of another module is locked.
 */
async function lockTenantRules(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rules:${tenantId}`}, 0))`);
}

/** The tenant's cashback rules in category order PURCHASE, REPAIR, OTHER (spec §3; bps). */
async function readCashbackRules(db: DbOrTx, tenantId: string): Promise<CashbackRule[]> {
  const rows = await db
    .select({ id: cashbackRules.id, category: cashbackRules.category, baseRateBps: cashbackRules.baseRateBps, isActive: cashbackRules.isActive })
    .from(cashbackRules)
    .where(eq(cashbackRules.tenantId, tenantId));
  return rows.sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category));
}

/** A stored rule without its id, as written to audit_log (before / after). */
const withoutId = <T extends { id: string }>(rules: T[]) => rules.map(({ id: _id, ...rest }) => rest);

/**
 * Replaces the tenant's cashback rules by `rules` inside `tx`: one upsert on
 * (tenant_id, category) keeps the id of a category that stays, and the rules of categories
 * not given are DELETED (decision, issue 5: "replaces the set"; the earn then finds no rule for
 * that category and gives it 0 bps, decisions.md 'Cashback'). Returns the stored set.
 */
async function replaceCashbackRules(tx: Tx, tenantId: string, rules: readonly { category: Category; baseRateBps: number; isActive: boolean }[]): Promise<CashbackRule[]> {
  const categories = rules.map((r) => r.category);
  await tx
    .delete(cashbackRules)
    .where(categories.length ? and(eq(cashbackRules.tenantId, tenantId), notInArray(cashbackRules.category, categories)) : eq(cashbackRules.tenantId, tenantId));
  if (rules.length) {
    await tx
      .insert(cashbackRules)
      .values(rules.map((r) => ({ tenantId, category: r.category, baseRateBps: r.baseRateBps, isActive: r.isActive })))
      .onConflictDoUpdate({
        target: [cashbackRules.tenantId, cashbackRules.category],
        set: { baseRateBps: sql`excluded.base_rate_bps`, isActive: sql`excluded.is_active` },
      });
  }
  return readCashbackRules(tx, tenantId);
}

/**
 * Replaces the tenant's tier rules by `rules` inside `tx` (upsert on (tenant_id, tier), the
 * tiers not given are deleted), then re-tiers the tenant's customers (`retierCustomers`).
 * Returns the stored set and how many customers changed tier.
 */
async function replaceTierRules(
  tx: Tx,
  tenantId: string,
  rules: readonly { tier: Tier; name: string; minTotalSpendCents: number; baseRateBps: number; isActive: boolean }[],
): Promise<{ rules: TierRule[]; customersRetiered: number }> {
  const tiers = rules.map((r) => r.tier);
  await tx.delete(tierRules).where(tiers.length ? and(eq(tierRules.tenantId, tenantId), notInArray(tierRules.tier, tiers)) : eq(tierRules.tenantId, tenantId));
  if (rules.length) {
    await tx
      .insert(tierRules)
      .values(rules.map((r) => ({ tenantId, tier: r.tier, name: r.name, minTotalSpendCents: r.minTotalSpendCents, baseRateBps: r.baseRateBps, isActive: r.isActive })))
      .onConflictDoUpdate({
        target: [tierRules.tenantId, tierRules.tier],
        set: {
          name: sql`excluded.name`,
          minTotalSpendCents: sql`excluded.min_total_spend_cents`,
          baseRateBps: sql`excluded.base_rate_bps`,
          isActive: sql`excluded.is_active`,
        },
      });
  }
  const stored = await readTierRules(tx, tenantId);
  const customersRetiered = await retierCustomers(tx, tenantId, stored);
  return { rules: stored, customersRetiered };
}

/**
 * 400 VALIDATION_ERROR 'Tier thresholds must increase: SILVER < GOLD < PLATINUM' unless the
 * minimum spends rise strictly with the tier among the given rules (active or not: a rule
 * switched on later must not break the order), with `details` on the higher tier's
 * minTotalSpendCents. Issue 5; spec §5 'Rates'. Equal thresholds are refused too.
 */
function assertThresholdsRise(rules: TierRulesRequest['rules']): void {
  const ordered = rules.map((r, index) => ({ r, index })).sort((a, b) => TIER_ORDER.indexOf(a.r.tier) - TIER_ORDER.indexOf(b.r.tier));
  for (let k = 1; k < ordered.length; k++) {
    const lower = ordered[k - 1];
    const higher = ordered[k];
    if (higher.r.minTotalSpendCents <= lower.r.minTotalSpendCents) {
      throw badRequest(TIER_ORDER_MESSAGE, [
        {
          field: `body.rules.${higher.index}.minTotalSpendCents`,
          message: `${higher.r.tier} must need a higher minimum spend than ${lower.r.tier}`,
        },
      ]);
    }
  }
}

/** GET /rules/cashback (spec §7): `{ rules }`, one per category present, PURCHASE, REPAIR, OTHER order; rates in bps. */
export async function getCashbackRules(db: Database, tenantId: string): Promise<CashbackRulesResponse> {
  return { rules: await readCashbackRules(db, tenantId) };
}

/**
 * PUT /rules/cashback (spec §7; issue 5). Replaces the tenant's cashback rules by the body's
 * set atomically, in one DB transaction: categories in the body are upserted (ids kept),
 * categories not in the body are deleted (earn gives them 0 bps), and an audit_log row
 * (action 'rules.cashback.update', entity 'cashback_rules', before/after = the sets without
 * ids) is written. The body is validated by the contract (rates 0–10000 bps, one rule per
 * category: 400, nothing written). Returns the stored set.
 */
export async function putCashbackRules(db: Database, actor: RulesActor, input: CashbackRulesRequest): Promise<CashbackRulesResponse> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const before = await readCashbackRules(tx, tenantId);
    const rules = await replaceCashbackRules(tx, tenantId, input.rules);
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'rules.cashback.update',
      entity: 'cashback_rules',
      entityId: null,
      before: withoutId(before),
      after: withoutId(rules),
    });
    return { rules };
  });
}

/** GET /rules/tiers (spec §7): `{ rules }` in tier order SILVER, GOLD, PLATINUM; cents and bps. */
export async function getTierRules(db: Database, tenantId: string): Promise<TierRulesResponse> {
  return { rules: await readTierRules(db, tenantId) };
}

/**
 * PUT /rules/tiers (spec §7; issue 5). Throws 400 'Tier thresholds must increase: SILVER <
 * GOLD < PLATINUM' (nothing written) unless thresholds rise with the tier. In one DB
 * transaction: replaces the tenant's tier rules (tiers not in the body are deleted; a
 * customer of a removed tier is re-tiered), locks the tenant's customers and re-evaluates
 * every customer's tier of this tenant with one UPDATE (`retierCustomers`; domain
 * evaluateTier's rule: highest active rule whose min ≤ total spend, SILVER when none), and writes an audit_log row (action 'rules.tiers.update', entity
 * 'tier_rules', before/after = the sets without ids, after also `customersRetiered`).
 * Returns `{ rules, customersRetiered }`.
 */
export async function putTierRules(db: Database, actor: RulesActor, input: TierRulesRequest): Promise<TierRulesResponse> {
  assertThresholdsRise(input.rules);
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const before = await readTierRules(tx, tenantId);
    const { rules, customersRetiered } = await replaceTierRules(tx, tenantId, input.rules);
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'rules.tiers.update',
      entity: 'tier_rules',
      entityId: null,
      before: withoutId(before),
      after: { rules: withoutId(rules), customersRetiered },
    });
    return { rules, customersRetiered };
  });
}

/**
 * POST /rules/initialize (spec §7; decisions.md 'Cashback' defaults: PURCHASE 200, REPAIR 300,
 * OTHER 100 bps; SILVER 0 bps from $0, GOLD +100 from $500, PLATINUM +200 from $2,000). In one
 * DB transaction the defaults replace the tenant's cashback and tier rules (offers are left
 * alone), every customer is re-tiered (one UPDATE), and an audit_log row (action
 * 'rules.initialize', entity 'rules', before/after = both sets, after also
 * `customersRetiered`) is written. Returns `{ cashbackRules, tierRules }`.
 */
export async function initializeRules(db: Database, actor: RulesActor): Promise<InitializeRulesResponse> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    await lockTenantRules(tx, tenantId);
    const beforeCashback = await readCashbackRules(tx, tenantId);
    const beforeTiers = await readTierRules(tx, tenantId);
    const cashback = await replaceCashbackRules(tx, tenantId, DEFAULT_CASHBACK_RULES);
    const { rules: tiers, customersRetiered } = await replaceTierRules(tx, tenantId, DEFAULT_TIER_RULES);
    await writeAudit(tx, {
      tenantId,
      userId: actor.userId,
      action: 'rules.initialize',
      entity: 'rules',
      entityId: null,
      before: { cashbackRules: withoutId(beforeCashback), tierRules: withoutId(beforeTiers) },
      after: { cashbackRules: withoutId(cashback), tierRules: withoutId(tiers), customersRetiered },
    });
    return { cashbackRules: cashback, tierRules: tiers };
  });
}

/** A stored offer → the API's Offer (spec §3; timestamps ISO 8601, bonus in bps). */
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

/** GET /rules/offers (spec §7): the tenant's offers, newest first (created_at desc, id desc), active or not. */
export async function listOffers(db: Database, tenantId: string): Promise<OfferListResponse> {
  const rows = await db.select().from(offers).where(eq(offers.tenantId, tenantId)).orderBy(desc(offers.createdAt), desc(offers.id));
  return { offers: rows.map(toOffer) };
}

/**
 * POST /rules/offers (spec §3, §5 'Offer', §7): creates the offer and an audit_log row
 * (action 'offer.create', entity 'offer', after = the stored fields) in one DB transaction.
 * The body is validated by the contract (name required, bonus 0–10000 bps, ISO timestamps,
 * end after start: 400, nothing written). An active offer counts in every earn whose moment
 * lies in [startAt, endAt], both ends included (domain isOfferRunning, ADR 0030). Returns the
 * Offer (the route answers 201).
 */
export async function createOffer(db: Database, actor: RulesActor, input: OfferInput): Promise<Offer> {
  const fields = offerFields(input);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(offers).values({ tenantId: actor.tenantId, ...fields }).returning();
    await writeAudit(tx, {
      tenantId: actor.tenantId,
      userId: actor.userId,
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
 * PUT /rules/offers/{id} (spec §7): replaces the offer's fields under a row lock and writes an
 * audit_log row (action 'offer.update', before/after = the fields) in one DB transaction.
 * Throws 404 'Offer not found' for a malformed, unknown or another tenant's id. Body as for
 * createOffer (400, nothing written). Returns the updated Offer.
 */
export async function updateOffer(db: Database, actor: RulesActor, offerId: string, input: OfferInput): Promise<Offer> {
  if (!isUuid(offerId)) throw notFound(OFFER_NOT_FOUND);
  const { tenantId } = actor;
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
      userId: actor.userId,
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
 * Gives a new tenant the default programme (decisions.md 'Cashback': PURCHASE 200, REPAIR 300,
 * OTHER 100 bps; SILVER 0 bps from $0, GOLD +100 from $500, PLATINUM +200 from $2,000) in
 * `tx`. No audit row and no re-tier: the tenant has no customers yet (tenant onboarding).
 */
export async function insertDefaultRules(tx: Tx, tenantId: string): Promise<void> {
  await tx.insert(cashbackRules).values(DEFAULT_CASHBACK_RULES.map((r) => ({ ...r, tenantId })));
  await tx.insert(tierRules).values(DEFAULT_TIER_RULES.map((r) => ({ ...r, tenantId })));
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
 * The tenant's programme at one instant, as the cashback formula reads it (domain
 * computeCashback, decisions.md 'Cashback'): every cashback rule and tier rule (active or not:
 * the formula skips inactive ones) and the offers running at that instant (the one offer
 * window of domain `isOfferRunning`: startAt ≤ now ≤ endAt). Rates in bps, thresholds in cents.
 */
export interface Programme {
  cashbackRules: { category: Category; baseRateBps: number; isActive: boolean }[];
  tierRules: { tier: Tier; minTotalSpendCents: number; baseRateBps: number; isActive: boolean }[];
  offers: { rateMultiplierBps: number; startAt: Date; endAt: Date; isActive: boolean }[];
}

/** The programme as the ledger's `ledger_earn_open` reads it (migration 0028, ADR 0028): three JSON arrays, offer times as text. */
export interface ProgrammeColumns {
  cashback: Programme['cashbackRules'];
  tiers: Programme['tierRules'];
  offers: { rateMultiplierBps: number; startAt: string; endAt: string; isActive: boolean }[];
}

/** The Programme of `ProgrammeColumns` (offer times parsed to Dates): the earn's reading of what `ledger_earn_open` returned. */
export function toProgramme(row: ProgrammeColumns): Programme {
  return {
    cashbackRules: row.cashback,
    tierRules: row.tiers,
    offers: row.offers.map((o) => ({ ...o, startAt: new Date(o.startAt), endAt: new Date(o.endAt) })),
  };
}

/**
 * The SQL count of the tenant's offers created in [from, to) (ISO-8601 instants), as a scalar
 * subquery for the dashboard's one-statement figures.
 */
export function offersCreatedSql(tenantId: string, from: string, to: string): SQL {
  return sql`(select count(*) from ${offers} where tenant_id = ${tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`;
}

/**
 * The SQL count of the tenant's offers running at `at` (ISO-8601; `offerRunningSql`, the one
 * offer window), as a scalar subquery (the dashboard's 'Active Offers').
 */
export function runningOffersSql(tenantId: string, at: string): SQL {
  return sql`(select count(*) from ${offers} where tenant_id = ${tenantId} and ${offerRunningSql(at)})`;
}

/** The tenant's cashback expiry rule `{ policy, days }` (issue 14; NEVER/365 without a row), for other modules (rules/expiry.ts). */
export { getExpiryRule } from './expiry.ts';
