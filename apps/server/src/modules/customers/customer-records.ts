import { and, eq, inArray } from 'drizzle-orm';
import type { Tier } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { CUSTOMER_NOT_FOUND } from './texts.ts';
import { customerColumns } from './rows.ts';

/** The whole customers row of one customer, for the data export and the erasure (ADR 0026). */

/** The names an erased customer keeps: shown as 'Erased customer' everywhere (ADR 0026). */
const ERASED_NAME = { firstName: 'Erased', lastName: 'customer' } as const;

/** Everything the customers row holds about one customer: the data export's profile (ADR 0026). */
export interface CustomerRecord {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  tier: Tier;
  totalSpendCents: number;
  /** Their referral code and birthday (docs/product.md 'Rewards'; month 1–12, day, year or null; all null when none). */
  referralCode: string;
  birthdayMonth: number | null;
  birthdayDay: number | null;
  birthYear: number | null;
  emailOptOutAt: Date | null;
  erasedAt: Date | null;
  createdAt: Date;
}

const recordColumns = { ...customerColumns, emailOptOutAt: customers.emailOptOutAt, erasedAt: customers.erasedAt };

/** The whole customers row of customer `customerId` of the tenant (no lock), or 404 'Customer not found' (malformed, unknown or another tenant's id). */
export async function customerRecord(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerRecord> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await db
    .select(recordColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return { ...row, totalSpendCents: Number(row.totalSpendCents) };
}

/**
 * Locks customer `customerId` of the tenant `FOR UPDATE` in `tx` and returns the whole row:
 * the erasure's first step (ADR 0026: a second erasure waits here, then sees `erasedAt`).
 * Throws 404 'Customer not found' (malformed, unknown or another tenant's id).
 */
export async function lockCustomerRecord(tx: Tx, tenantId: string, customerId: string): Promise<CustomerRecord> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const [row] = await tx
    .select(recordColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .for('update');
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return { ...row, totalSpendCents: Number(row.totalSpendCents) };
}

/**
 * Replaces the personal data of the locked customer `customerId` in `tx` (ADR 0026): names
 * 'Erased' 'customer', no e-mail, no phone, opted out of e-mail, `erased_at` = `now`. Tier and
 * total spend (cents) stay: they are the business's figures, not contact data.
 */
export async function anonymiseCustomer(tx: Tx, tenantId: string, customerId: string, now: Date): Promise<void> {
  await tx
    .update(customers)
    .set({
      ...ERASED_NAME,
      email: null,
      phone: null,
      // The birthday is personal data; an open win-back offer can no longer be taken up.
      birthdayMonth: null,
      birthdayDay: null,
      birthYear: null,
      birthdaySetAt: null,
      winBackOfferId: null,
      winBackCents: null,
      winBackUntil: null,
      emailOptOutAt: now,
      erasedAt: now,
    })
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
}

/** `{ id, name: 'First Last', email }` of the tenant's customers `ids` (the erasure requests' list); absent ids are left out. */
export async function customerNames(db: DbOrTx, tenantId: string, ids: readonly string[]): Promise<Map<string, { name: string; email: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...ids])));
  return new Map(rows.map((r) => [r.id, { name: `${r.firstName} ${r.lastName}`, email: r.email }]));
}
