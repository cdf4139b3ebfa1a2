import { and, eq } from 'drizzle-orm';
import type { CustomerDetail, CustomerInput } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { birthdayChange, birthdayView } from './birthday.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { CUSTOMER_NOT_FOUND } from './texts.ts';
import { getCustomerDetail } from './get-customer.ts';
import { storedFields, assertEmailFree, mapEmailRace } from './customer-fields.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Editing a customer's name and contact fields. */

/**
 * PUT /api/t/{slug}/customers/{id}. Replaces first
 * name, last name, e-mail and phone (tier and total spend are the ledger's, untouched) under
 * a row lock, and writes an audit_log row (action 'customer.update', before/after = the
 * editable fields) in one DB transaction. Throws 404 'Customer not found' (malformed, unknown
 * or another tenant's id), 409 'A customer with this email already exists' (another customer
 * of the tenant has the e-mail; also under a race). Keeping one's own e-mail is fine.
 * Returns the CustomerDetail.
 */
export async function updateCustomer(db: Database, ctx: TenantRequestContext, customerId: string, input: CustomerInput): Promise<CustomerDetail> {
  const tenantId = ctx.tenant.id;
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  const fields = storedFields(input);
  return mapEmailRace(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          phone: customers.phone,
          birthdayMonth: customers.birthdayMonth,
          birthdayDay: customers.birthdayDay,
          birthYear: customers.birthYear,
        })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      await assertEmailFree(tx, tenantId, fields.email, customerId);
      const birthday = birthdayChange(input.birthday, before, ctx.now);
      await tx
        .update(customers)
        .set({ ...fields, ...birthday })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'customer.update',
        entity: 'customer',
        entityId: customerId,
        before: { firstName: before.firstName, lastName: before.lastName, email: before.email, phone: before.phone, birthday: birthdayView(before) },
        after: {
          ...fields,
          birthday: 'birthdayMonth' in birthday ? birthdayView({ birthdayMonth: null, birthdayDay: null, birthYear: null, ...birthday }) : birthdayView(before),
        },
      });
      return getCustomerDetail(tx, tenantId, customerId);
    }),
  );
}
