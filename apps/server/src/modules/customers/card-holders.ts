import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { getCustomerDetail } from './get-customer.ts';

/** The holder of a card, for the cards and enrolment modules: lock, find by e-mail, create. */

/**
 * Locks customer `customerId` of the tenant `FOR UPDATE` in `tx` (a card activation for an
 * existing customer: the customer cannot be deleted between the check and the assignment).
 * Returns the stored id (canonical lower-case form), null when there is no such customer.
 */
export async function lockCustomer(tx: Tx, tenantId: string, customerId: string): Promise<string | null> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
    .for('update');
  return customer?.id ?? null;
}

/** True when a customer of the tenant has `email` (compared lower-cased; uses customers_tenant_email_uq). */
export async function customerEmailInUse(db: DbOrTx, tenantId: string, email: string): Promise<boolean> {
  const [dup] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return !!dup;
}

/** The customer of the tenant whose e-mail is `email` (case-insensitive): `{ id, firstName }`, or null (self-enrolment's 'already a member'; docs/product.md 'Online sign-up'). */
export async function customerByEmail(db: DbOrTx, tenantId: string, email: string): Promise<{ id: string; firstName: string } | null> {
  const [row] = await db
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a customer of the tenant in `tx` with the column defaults for tier (SILVER) and
 * total spend (0): the new holder of a card being activated (docs/product.md 'Cards'). E-mail is
 * stored lower-cased, a blank phone as null. A taken e-mail throws the unique violation
 * customers_tenant_email_uq (the caller maps it to its 409). `now` is the caller's instant (the
 * `customer.created` event's time). `referredByCustomerId`: who referred them (checked by the
 * caller with `referrerOfCode`). Returns the new id.
 */
export async function insertCardHolder(
  tx: Tx,
  tenantId: string,
  fields: { firstName: string; lastName: string; email?: string | null; phone?: string | null; referredByCustomerId?: string | null },
  now: Date,
): Promise<string> {
  const [created] = await tx
    .insert(customers)
    .values({
      tenantId,
      firstName: fields.firstName,
      lastName: fields.lastName,
      email: fields.email ? fields.email.toLowerCase() : null,
      phone: fields.phone?.trim() || null,
      referredByCustomerId: fields.referredByCustomerId ?? null,
    })
    .returning({ id: customers.id });
  await enqueueWebhookEvent(tx, tenantId, 'customer.created', await getCustomerDetail(tx, tenantId, created.id), now);
  return created.id;
}
