import { and, eq, sql } from 'drizzle-orm';
import type { CustomerInput } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-error.ts';
import { customers } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';
import { DUPLICATE_CUSTOMER_EMAIL } from './texts.ts';

/** What creating and editing a customer share: who acts, the stored fields and the one-e-mail-per-tenant rule. */

/** The editable fields of a customer as stored: e-mail lower-cased, blank e-mail or phone null. */
export function storedFields(input: CustomerInput) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email ? input.email.toLowerCase() : null,
    phone: input.phone?.trim() || null,
  };
}

/** The 409 of a duplicate e-mail, with `details` on the email field (what the form marks). */
function duplicateEmail() {
  return conflict(DUPLICATE_CUSTOMER_EMAIL, [{ field: 'body.email', message: DUPLICATE_CUSTOMER_EMAIL }]);
}

/**
 * 409 'A customer with this email already exists' when another customer of the tenant
 * (not `exceptId`) has `email`, compared case-insensitively (uses customers_tenant_email_uq).
 */
export async function assertEmailFree(db: DbOrTx, tenantId: string, email: string | null, exceptId?: string): Promise<void> {
  if (!email) return;
  const [dup] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = ${email}`))
    .limit(1);
  if (dup && dup.id !== exceptId) throw duplicateEmail();
}

/** Runs `work`; a unique violation of customers_tenant_email_uq (a race between two writers) becomes the same 409. */
export async function mapEmailRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'customers_tenant_email_uq')) throw duplicateEmail();
    throw err;
  }
}
