import { and, eq } from 'drizzle-orm';
import { OWN_STORE_MESSAGE, POS_GATE_MESSAGE, type Role } from '@loyalty/contract';
import { canTransact, formatCents, mayActForStore } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { TenantContext, TenantRequestContext } from '../../context.ts';
import { isUuid } from '../../lib/uuid.ts';
import { cardStateByUid } from '../cards/index.ts';
import type { MessageLinks } from './receipts.ts';

/**
 * What every ledger command shares (ADR 0028): who moves money and where (PosContext), the
 * answer (PosResult), the Idempotency-Key claimed in the command's own transaction (ADR 0004),
 * and the refusals the commands explain alike.
 */

/**
 * Who moves money, where: the request's context (tenant, actor, instant; src/context.ts) with the
 * request's Idempotency-Key (required on every money route: docs/product.md 'Ledger') and where
 * a receipt links to (docs/product.md 'E-mail'; absent: no receipt is written, whatever the
 * tenant's setting).
 */
export type PosContext = TenantRequestContext & { idempotencyKey: string; links?: MessageLinks };

/**
 * Who moves money, as the ledger's rules see them (docs/product.md 'Roles', ADR 0020): the
 * signed-in user, or an `/api/v1` key acting as a cashier of its store when it is bound to one
 * (the own-store and void-window rules apply), else as a Store Admin. Ledger and audit rows
 * record `id` as user_id and `apiKeyId` as api_key_id.
 */
interface PosActor {
  id: string | null;
  role: Role;
  storeId: string | null;
  apiKeyId: string | null;
}

/** The PosActor of `ctx`. Throws (a programming error) when nobody acts: money routes are behind a session or an API key. */
export function posActorOf(ctx: PosContext): PosActor {
  const { actor } = ctx;
  if (actor.kind === 'user') return { id: actor.user.id, role: actor.user.role, storeId: actor.user.storeId, apiKeyId: null };
  if (actor.kind === 'apiKey')
    return { id: null, apiKeyId: actor.apiKey.id, role: actor.apiKey.storeId ? 'cashier' : 'tenant_admin', storeId: actor.apiKey.storeId };
  throw new Error('A money movement needs a signed-in user or an API key');
}

/**
 * What the ledger's database functions answer for a key found already claimed (migration 0028):
 * the stored row's request hash, answer status (null while its first request runs) and answer,
 * for db/idempotency.ts `replayOf` to judge.
 */
export interface ClaimedReplay {
  replay?: { hash: string; status: number | null; body: unknown };
}

/** A POS answer: what to send, and whether it is a replay of a stored first answer. */
export interface PosResult<T> {
  status: number;
  body: T;
  replayed: boolean;
}

/** Texts of the refusals of a correction: refund, void, adjust (docs/product.md 'Refunds and voids'), as the API and the screens show them. */
export const CORRECTION_TEXT = {
  notFound: 'Transaction not found',
  onlyEarn: 'Only purchases (EARN) can be refunded',
  onlyRedeem: 'Only redemptions (REDEEM) can be voided',
  fullyRefunded: 'This purchase is already fully refunded',
  exceeds: 'Refund exceeds the remaining purchase amount',
  alreadyVoided: 'Transaction already voided',
  otherStore: OWN_STORE_MESSAGE,
  voidWindow: 'Cashiers can void a redemption only within 15 minutes; ask an admin',
  belowZero: 'Balance cannot go below zero',
} as const;

/** 403 SUBSCRIPTION_REQUIRED POS_GATE_MESSAGE unless the tenant may transact at `now` (domain canTransact, the POS gate). */
export function assertCanTransact(tenant: TenantContext, now: Date): void {
  if (!canTransact(tenant, now)) {
    throw new AppError('SUBSCRIPTION_REQUIRED', POS_GATE_MESSAGE);
  }
}

/**
 * Checks the store a movement is booked to (domain mayActForStore, the own-store rule): a
 * cashier bound to a store may only use that store (403 OWN_STORE_MESSAGE). Whether a requested
 * store exists in this tenant is checked by the caller's query (404 'Store not found'). Returns
 * the store to book: the requested one, else the user's, else null (the card's store, resolved
 * in SQL).
 */
export function bookedStore(ctx: PosContext, requested: string | null | undefined): string | null {
  if (requested && !mayActForStore(posActorOf(ctx), requested)) throw forbidden(OWN_STORE_MESSAGE);
  return requested ?? posActorOf(ctx).storeId ?? null;
}

/**
 * Explains why a card could not be moved: 404 'Card not found' when it is not in this tenant,
 * 422 CARD_NOT_ACTIVE when it is blocked or unassigned, else 422 INSUFFICIENT_BALANCE.
 * Runs only on the error path.
 */
export async function cardRefusal(tx: DbOrTx, tenantId: string, cardUid: string): Promise<AppError> {
  const card = await cardStateByUid(tx, tenantId, cardUid);
  if (!card) return notFound('Card not found');
  if (card.status !== 'ACTIVE') {
    return new AppError('CARD_NOT_ACTIVE', card.status === 'BLOCKED' ? 'This card is blocked' : 'This card is not activated yet');
  }
  return new AppError('INSUFFICIENT_BALANCE', `Insufficient balance: the card holds ${formatCents(card.balanceCents)}`, {
    balanceCents: card.balanceCents,
  });
}

/** The ledger row `id` of the tenant, or 404 'Transaction not found' (another tenant's row too). */
export async function ledgerRow(db: DbOrTx, tenantId: string, id: string) {
  if (!isUuid(id)) throw notFound(CORRECTION_TEXT.notFound);
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.tenantId, tenantId), eq(transactions.id, id)));
  if (!row) throw notFound(CORRECTION_TEXT.notFound);
  return row;
}

/** 403 OWN_STORE_MESSAGE unless the user may act on a row booked to `storeId` (domain mayActForStore: a cashier bound to a store only on that store's rows). */
export function assertOwnStore(ctx: PosContext, storeId: string | null): void {
  if (!mayActForStore(posActorOf(ctx), storeId)) throw forbidden(CORRECTION_TEXT.otherStore);
}
