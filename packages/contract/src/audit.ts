import { z } from 'zod';

/**
 * Every kind of audit event the server writes (docs/security.md 'Audit trail'). A closed list:
 * `writeAudit` takes only these, so a misspelt action fails the typecheck, and the Activity
 * page's action filter offers exactly these. Add a kind here when a new change is audited, and
 * its entity and before/after shape to AuditEventShapes (audit-events.ts, ADR 0032).
 */
export const AUDIT_ACTIONS = [
  // money (the ledger; ADR 0014, and the audit trail's ADR on money events)
  'transaction.earn',
  'transaction.redeem',
  'transaction.refund',
  'transaction.void',
  'transaction.bonus',
  'card.adjust',
  'card.add_funds',
  'cashback.expire',
  'checkout.add_funds_not_credited',
  'checkout.card_order_not_applied',
  'checkout.cancel',
  // cards and customers
  'card.block',
  'card.unblock',
  'card.activate',
  'card.batch_create',
  'card.store_change',
  'card.wallet_email',
  'customer.create',
  'customer.update',
  'customer.delete',
  'customer.self_enrol',
  'customer.email_opt_out',
  'customer.export',
  'customer.erase',
  'customer.erasure_request',
  // programme rules
  'rules.cashback.update',
  'rules.tiers.update',
  'rules.initialize',
  'rules.expiry.update',
  'rules.wallet.update',
  'rules.wallet.logo',
  'rules.wallet.certificate',
  'rules.rewards.update',
  'rules.limits.update',
  'rules.offline.update',
  'sync_conflict.resolve',
  'risk.flag.dismiss',
  'risk.flag.block_card',
  'offer.create',
  'offer.update',
  'offer.delete',
  // stores, staff and sign-in
  'store.create',
  'store.update',
  'store.delete',
  'user.create',
  'user.update',
  'user.password',
  'user.password.change',
  'user.password.reset_requested',
  'user.password.reset',
  'user.invitation.resend',
  'user.invitation.revoke',
  'user.invitation.accept',
  'user.2fa.enable',
  'user.2fa.disable',
  'user.2fa.recovery_code_used',
  'user.2fa.reset',
  // settings and integrations
  'tenant.signup',
  'tenant.timezone.update',
  'tenant.receipts.update',
  'api_key.create',
  'api_key.revoke',
  'webhook_endpoint.create',
  'webhook_endpoint.update',
  'webhook_endpoint.delete',
  // subscriptions and card orders
  'subscription.change',
  // what the payment provider's events or the hourly renewal check did (actor: the system)
  'subscription.status',
  'payment_method.add',
  'payment_method.remove',
  'payment_method.set_default',
  'card_order.create',
  'card_order.cancel',
  'card_order.status',
  // platform (tenant_id null)
  'platform.tenant.create',
  'platform.tenant.update',
  'platform.tenant.delete',
  'platform.plan.create',
  'platform.plan.update',
  'platform.plan.delete',
  'platform.settings.update',
  'platform.outbox.resend',
  'platform.admin.bootstrap',
  'platform.admin.setup',
  'platform.admin.sign_in',
] as const;

/** One audit event kind, e.g. 'store.create' or 'transaction.earn'. */
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

/** Who made a change: a signed-in user, an API key of /api/v1, or the system (jobs, payment webhooks). */
export const AuditActor = z.object({
  kind: z.enum(['user', 'api_key', 'system']),
  /** The user's or the key's id; null for the system. */
  id: z.string().nullable(),
  /** The user's name and e-mail, or the key's name; null when the user or key no longer exists. */
  name: z.string().nullable(),
});
export type AuditActor = z.infer<typeof AuditActor>;

/** One row of the Activity list: what changed, by whom, from which address, when (ISO-8601). */
export const AuditEvent = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: AuditAction,
  entity: z.string(),
  entityId: z.string().nullable(),
  actor: AuditActor,
  /** The client address (request.ip, which honours TRUST_PROXY); null for the system. */
  ip: z.string().nullable(),
  /**
   * State before and after as stored: money in integer cents (keys ending in Cents), dates
   * ISO-8601. Written with the action's AuditEventShapes (ADR 0032); read as unknown, since an
   * older row may predate its shape and an erasure scrubs personal keys (ADR 0026).
   */
  before: z.unknown(),
  after: z.unknown(),
  /** The tenant the event belongs to: null for platform events (and in a tenant's own list). */
  tenant: z.object({ id: z.string(), name: z.string(), slug: z.string() }).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

// A real calendar day: PostgreSQL has no year 0 and no 31 February, and a day it cannot read must be a 400, not a 500.
const isoDate = z
  .string()
  .date('Use a date like 2026-01-31')
  .refine((day) => !day.startsWith('0000'), 'Use a date like 2026-01-31');

/**
 * Filters of an Activity list: `actor` a user's or API key's id, `action` one kind, `from`/`to`
 * calendar days (UTC, both included), `cursor` the `nextCursor` of the previous page,
 * `limit` 1–200 (default 50).
 */
export const AuditListQuery = z.object({
  actor: z.string().uuid('Choose a valid person or API key').optional(),
  action: AuditAction.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

/** A page of the Activity list, newest first; `nextCursor` null on the last page. */
export const AuditListResponse = z.object({ items: z.array(AuditEvent), nextCursor: z.string().nullable() });
export type AuditListResponse = z.infer<typeof AuditListResponse>;
