import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { stores } from '../../db/schema/index.ts';
import { STORES_FULL, STORES_PER_BUSINESS_MAX } from '@loyalty/contract';
import { AppError, conflict } from '../../errors.ts';
import { countStores } from './lookups.ts';

/** What creating and updating a store share: the unique-name check and the bound on the number of stores. */

/** 409 text when a store name is taken within the tenant (our decision: names tell stores apart at the till). */
const DUPLICATE_STORE_NAME = 'A store with this name already exists';

/** 409 DUPLICATE_STORE_NAME when another store of the tenant has `name` (case-insensitive), other than `exceptId`. */
export async function assertNameFree(tx: Tx, tenantId: string, name: string, exceptId?: string): Promise<void> {
  const [dup] = await tx
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.tenantId, tenantId), sql`lower(${stores.name}) = lower(${name})`, exceptId ? ne(stores.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw conflict(DUPLICATE_STORE_NAME, [{ field: 'body.name', message: DUPLICATE_STORE_NAME }]);
}

/**
 * 422 BUSINESS_RULE STORES_FULL when the tenant already has STORES_PER_BUSINESS_MAX stores,
 * active or not (docs/product.md 'Card quota', ADR 0045): the bound of every list of stores,
 * whatever the plan. Binding under the tenant-row lock of the caller.
 */
export async function assertRoomForStore(tx: Tx, tenantId: string): Promise<void> {
  if ((await countStores(tx, tenantId)) >= STORES_PER_BUSINESS_MAX) throw new AppError('BUSINESS_RULE', STORES_FULL);
}
