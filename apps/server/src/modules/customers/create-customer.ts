import type { CustomerDetail, CustomerInput } from '@loyalty/contract';
import { evaluateTier } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { enqueueWebhookEvent } from '../webhook-endpoints/index.ts';
import { readTierRules } from '../rules/views.ts';
import { birthdayChange } from './birthday.ts';
import { getCustomerDetail } from './get-customer.ts';
import { referrerOrRefuse } from './referrals.ts';
import { storedFields, assertEmailFree, mapEmailRace } from './customer-fields.ts';
import { type TenantRequestContext, actingApiKeyId } from '../../context.ts';

/** Creating a customer from the customers page or the API. */

const NO_BIRTHDAY = { birthdayMonth: null, birthdayDay: null, birthYear: null };

/**
 * POST /api/t/{slug}/customers (docs/product.md
 * 'Cashback': a new customer's tier). Creates the customer with totalSpendCents 0 and the tier the
 * tenant's active tier rules give to a spend of 0 (`evaluateTier`, SILVER when none), and an
 * audit_log row (action 'customer.create', entity 'customer', after = the stored fields), in
 * one DB transaction. Throws 409 CONFLICT 'A customer with this email already exists'
 * (details on body.email) when the e-mail is taken in this tenant, case-insensitively, also
 * when two requests race (unique index). `now` is the instant of the request (the
 * `customer.created` event's time; a birthday given is set then, and a `referralCode` (the
 * API's) records the referrer, 422 when unknown or their own: docs/product.md 'Rewards'). Returns the CustomerDetail (no cards yet).
 */
export async function createCustomer(
  db: Database,
  ctx: TenantRequestContext,
  input: CustomerInput & { referralCode?: string | null },
  now: Date,
): Promise<CustomerDetail> {
  const tenantId = ctx.tenant.id;
  const fields = storedFields(input);
  return mapEmailRace(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, tenantId, fields.email);
      const tier = evaluateTier(0, await readTierRules(tx, tenantId));
      const referredByCustomerId = input.referralCode ? await referrerOrRefuse(tx, tenantId, input.referralCode, fields) : null;
      const [created] = await tx
        .insert(customers)
        .values({ tenantId, ...fields, ...birthdayChange(input.birthday, NO_BIRTHDAY, now), referredByCustomerId, tier, totalSpendCents: 0 })
        .returning({ id: customers.id });
      const apiKeyId = actingApiKeyId(ctx);
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'customer.create',
        entity: 'customer',
        entityId: created.id,
        before: null,
        after: {
          ...fields,
          ...(input.birthday ? { birthday: { ...input.birthday, year: input.birthday.year ?? null } } : {}),
          tier,
          ...(apiKeyId ? { apiKeyId } : {}),
        },
      });
      const detail = await getCustomerDetail(tx, tenantId, created.id);
      await enqueueWebhookEvent(tx, tenantId, 'customer.created', detail, now);
      return detail;
    }),
  );
}
