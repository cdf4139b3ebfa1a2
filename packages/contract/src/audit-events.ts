import type { AuditAction } from './audit.ts';
import type { CardOrderType } from './card-orders.ts';
import type { BonusReason, CardOrderStatus, CardStatus, Category, ExpiryPolicy, SubscriptionStatus, Tier } from './enums.ts';
import type { ApiKeyScope, WebhookEventType } from './integrations.ts';
import type { DefaultPlanKey, PlatformPlan } from './platform.ts';
import type { CashbackRule, TierRule } from './rules.ts';
import type { LimitSettings, VelocityLimitKey } from './limits.ts';
import type { OfflineSettings } from './offline.ts';
import type { BirthdayView, RewardSettings } from './rewards.ts';
import type { WalletBrandingRequest, WalletCertificateView } from './wallet.ts';

/*
 * The typed audit events (ADR 0032; docs/product.md 'Audit', docs/security.md 'Audit trail'): for every kind of
 * AUDIT_ACTIONS, the entity it names and the JSON it stores in `before` and `after`, as the
 * writers write them today. Money in integer cents (keys ending in Cents), rates in basis
 * points (keys ending in Bps), times ISO-8601 strings. `null` means the column is null (the
 * writer may then leave the side out). These types bind the writers only: a stored row may be
 * older than its shape, or scrubbed by an erasure (ADR 0026), so readers keep `unknown`.
 */

/** A store's audited fields (store.create's after, store.update's before and after). */
export interface StoreAuditState {
  name: string;
  address: string | null;
  active: boolean;
  selfEnrolment: boolean;
  selfEnrolmentDailyCap: number | null;
}

/** A staff account's audited fields (user.create/update/invitation.revoke); never a password or hash. */
export interface UserAuditState {
  email: string;
  firstName: string;
  lastName: string;
  /** A Role, as the users row stores it (text). */
  role: string;
  storeId: string | null;
  active: boolean;
}

/** A customer's editable fields as stored: e-mail lower-cased, null when none. */
export interface CustomerAuditFields {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  /** The birthday when it was given or changed (docs/product.md 'Rewards'); older rows have none. */
  birthday?: BirthdayView | null;
}

/** An offer's audited fields: the bonus as a multiplier in basis points, times ISO-8601. */
export interface OfferAuditState {
  name: string;
  description: string | null;
  rateMultiplierBps: number;
  startAt: string;
  endAt: string;
  isActive: boolean;
}

/** A cashback rule without its id (rules.cashback.update, rules.initialize). */
export type CashbackRuleAuditState = Omit<CashbackRule, 'id'>;
/** A tier rule without its id (rules.tiers.update, rules.initialize). */
export type TierRuleAuditState = Omit<TierRule, 'id'>;

/** A webhook endpoint's audited fields (never its signing secret). */
export interface WebhookEndpointAuditState {
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
}

/** The platform settings as audited: the SMTP password only as '(set)' or ''. */
export interface PlatformSettingsAuditState {
  /** `password` is '(set)' when one is stored, else ''. */
  smtp: { host: string; port: number; username: string; password: string; fromEmail: string };
  security: { sessionTimeout: number; passwordMinLength: number; requireTwoFactor: boolean; maxLoginAttempts: number };
  platform: { defaultPlan: DefaultPlanKey; trialDays: number; allowSignups: boolean };
}

/** A tenant's billing state as subscription.status audits it (graceEndsAt ISO-8601 or null). */
export interface SubscriptionAuditState {
  planId: string | null;
  /** A SubscriptionStatus, as the tenant row stores it (text). */
  subscriptionStatus: string;
  graceEndsAt: string | null;
}

/** One audit kind's entity and sides; `null` for a side that is always null. */
interface Shape<E extends string, B, A> {
  entity: E;
  before: B;
  after: A;
}

type Sessions = Shape<'user', null, { sessionsEnded: number }>;
type TwoFactorSwitch<From extends boolean> = Shape<'user', { twoFactorEnabled: From }, { twoFactorEnabled: boolean }>;
type PlatformAdminCreated = Shape<'user', null, { email: string; role: 'platform_admin' }>;
type PaymentMethodOnly = Shape<'payment_method', null, null>;

/**
 * The shape of every audit kind: `entity` (the audit_log.entity text) and the JSON of `before`
 * and `after`. One entry per member of AUDIT_ACTIONS; the `satisfies` check below fails the
 * typecheck when a kind is added without its shape.
 */
export interface AuditEventShapes {
  // money (ADR 0014, ADR 0028): written in the ledger's statements, card balances in cents
  'transaction.earn': Shape<
    'transaction',
    { cardUid: string; balanceCents: number; tier: Tier },
    /** `occurredAt`: an earn made offline, when it happened (the row's time; the audit row's is its arrival). */
    { cardUid: string; amountCents: number; cashbackCents: number; rateBps: number; balanceCents: number; tier: Tier; category: Category; occurredAt?: string }
  >;
  /** Written by the ledger's redeem function in SQL (migration 0028), not through writeAudit. */
  'transaction.redeem': Shape<'transaction', { cardUid: string; balanceCents: number }, { cardUid: string; amountCents: number; balanceCents: number }>;
  'transaction.refund': Shape<
    'transaction',
    { transactionId: string; balanceCents: number },
    { refundedAmountCents: number; clawbackDueCents: number; unrecoveredCents: number; balanceCents: number; reason: string | null }
  >;
  'transaction.void': Shape<'transaction', { transactionId: string; balanceCents: number }, { restoredCents: number; balanceCents: number; reason: string }>;
  /** A reward credited (docs/product.md 'Rewards'): the card, why, the purchase it came with (if any) and the balances. */
  'transaction.bonus': Shape<
    'transaction',
    { cardId: string; balanceCents: number },
    { cardId: string; reason: BonusReason; amountCents: number; balanceCents: number; forTransactionId: string | null }
  >;
  'card.adjust': Shape<'card', { balanceCents: number }, { balanceCents: number; deltaCents: number; reason: string; transactionId: string }>;
  'card.add_funds': Shape<'transaction', { cardId: string; balanceCents: number }, { cardId: string; amountCents: number; balanceCents: number }>;
  'cashback.expire': Shape<'transaction', { cardId: string; balanceCents: number }, { cardId: string; expiredCents: number; balanceCents: number }>;
  'checkout.add_funds_not_credited': Shape<'checkout', null, { reason: string; cardId: string | null; customerId: string | null; amountCents: number }>;
  'checkout.card_order_not_applied': Shape<
    'checkout',
    null,
    { reason: string; cardOrderId: string | null; amountCents: number; providerPaymentId: string | null }
  >;
  'checkout.cancel': Shape<'checkout', { status: 'OPEN' }, { status: 'CANCELED' }>;
  // cards and customers; a card's entity id is its UID
  'card.block': Shape<'card', { status: CardStatus }, { status: CardStatus; reason: string }>;
  'card.unblock': Shape<'card', { status: CardStatus }, { status: CardStatus; reason: string }>;
  'card.activate': Shape<'card', { status: CardStatus }, { status: 'ACTIVE'; customerId: string; storeId: string; newCustomer: boolean }>;
  'card.batch_create': Shape<'card', null, { count: number; storeId: string | null; firstCardUid: string | null; lastCardUid: string | null }>;
  'card.store_change': Shape<'card', { storeId: string | null }, { storeId: string }>;
  /** Staff e-mailed the card's wallet links to its holder: the address and whether an Apple Wallet link was in it. */
  'card.wallet_email': Shape<'card', null, { email: string; applePass: boolean }>;
  /** `apiKeyId` (the /api/v1 key, also in the row's api_key_id column) kept for older readers. */
  'customer.create': Shape<'customer', null, CustomerAuditFields & { tier: Tier; apiKeyId?: string }>;
  'customer.update': Shape<'customer', CustomerAuditFields, CustomerAuditFields>;
  'customer.delete': Shape<'customer', CustomerAuditFields & { tier: Tier; totalSpendCents: number }, null>;
  'customer.self_enrol': Shape<'customer', null, { storeId: string; cardUid: string; email: string; consentedAt: string; ip: string | null }>;
  'customer.email_opt_out': Shape<'customer', { emailOptOutAt: null }, { emailOptOutAt: string }>;
  /** `via`: who asked for the export (the customer themselves or the tenant's staff). */
  'customer.export': Shape<'customer', null, { via: string }>;
  'customer.erase': Shape<'customer', null, { blockedCards: number; writtenOffCents: number; cards: number; byRequest: boolean; byJob: boolean }>;
  'customer.erasure_request': Shape<'customer', null, { requestedAt: string }>;
  // programme rules
  'rules.cashback.update': Shape<'cashback_rules', CashbackRuleAuditState[], CashbackRuleAuditState[]>;
  'rules.tiers.update': Shape<'tier_rules', TierRuleAuditState[], { rules: TierRuleAuditState[]; customersRetiered: number }>;
  'rules.initialize': Shape<
    'rules',
    { cashbackRules: CashbackRuleAuditState[]; tierRules: TierRuleAuditState[] },
    { cashbackRules: CashbackRuleAuditState[]; tierRules: TierRuleAuditState[]; customersRetiered: number }
  >;
  'rules.expiry.update': Shape<'expiry_rules', { policy: ExpiryPolicy; days: number }, { policy: ExpiryPolicy; days: number }>;
  /** The wallet passes' look (Rules & Settings → Wallet); `before` is the default look until first saved. */
  'rules.wallet.update': Shape<'wallet_branding', WalletBrandingRequest, WalletBrandingRequest>;
  /** The wallet logo uploaded (`logo` true, with the rendered size in pixels) or removed. */
  'rules.wallet.logo': Shape<'wallet_branding', { logo: boolean }, { logo: boolean; width?: number; height?: number }>;
  /** The business's own Apple certificate uploaded (`before` null for the first); never the key or the file. */
  'rules.wallet.certificate': Shape<'wallet_branding', WalletCertificateView | null, WalletCertificateView>;
  /** The reward settings (Rules & Settings → Rewards); `before` is every reward off until first saved. */
  'rules.rewards.update': Shape<'reward_settings', RewardSettings, RewardSettings>;
  /** The velocity limits (Rules & Settings → Limits); `before` is every limit off until first saved. */
  'rules.limits.update': Shape<'velocity_limits', LimitSettings, LimitSettings>;
  /** What tills may do offline (Rules & Settings → Limits); `before` is offline redemptions refused until first saved. */
  'rules.offline.update': Shape<'offline_settings', OfflineSettings, OfflineSettings>;
  /** A sync conflict settled by a Store Admin: the movement made offline and why the server refused it. */
  'sync_conflict.resolve': Shape<
    'sync_conflict',
    { status: 'OPEN' },
    { status: 'RESOLVED'; kind: 'EARN' | 'REDEEM'; cardUid: string; amountCents: number; code: string }
  >;
  /** A flag of the Review list dismissed: the limit, the card and the day it names. */
  'risk.flag.dismiss': Shape<'risk_flag', { status: 'OPEN' }, { status: 'DISMISSED'; limit: VelocityLimitKey; cardUid: string; day: string }>;
  /** A flag of the Review list closed by blocking its card (the block itself is audited 'card.block'). */
  'risk.flag.block_card': Shape<'risk_flag', { status: 'OPEN' }, { status: 'CARD_BLOCKED'; limit: VelocityLimitKey; cardUid: string; day: string }>;
  'offer.create': Shape<'offer', null, OfferAuditState>;
  'offer.update': Shape<'offer', OfferAuditState, OfferAuditState>;
  /** No writer today (offers are switched off, not deleted); the shape a delete would record. */
  'offer.delete': Shape<'offer', OfferAuditState, null>;
  // stores, staff and sign-in
  'store.create': Shape<'store', null, StoreAuditState>;
  'store.update': Shape<'store', StoreAuditState, StoreAuditState>;
  /** No writer today (stores are deactivated, not deleted); the shape a delete would record. */
  'store.delete': Shape<'store', StoreAuditState, null>;
  'user.create': Shape<'user', null, UserAuditState & { invited?: true }>;
  'user.update': Shape<'user', UserAuditState, UserAuditState>;
  'user.password': Sessions;
  'user.password.change': Sessions;
  'user.password.reset_requested': Shape<'user', null, null>;
  'user.password.reset': Sessions;
  'user.invitation.resend': Shape<'user', null, { email: string }>;
  'user.invitation.revoke': Shape<'user', UserAuditState, null>;
  'user.invitation.accept': Shape<'user', null, null>;
  'user.2fa.enable': TwoFactorSwitch<false>;
  'user.2fa.disable': TwoFactorSwitch<true>;
  'user.2fa.recovery_code_used': Shape<'user', null, { recoveryCodesLeft: number }>;
  /** `by`: the Store Admin or the platform operator (ADR 0024). */
  'user.2fa.reset': Shape<'user', { twoFactorEnabled: true }, { twoFactorEnabled: false; email: string; role: string; by: 'store_admin' | 'operator' }>;
  // settings and integrations
  'tenant.signup': Shape<'tenant', null, { name: string; planId: string | null; trialDays: number; ownerEmail: string }>;
  'tenant.timezone.update': Shape<'tenant', { timezone: string }, { timezone: string }>;
  'tenant.receipts.update': Shape<'tenant', { receiptsEnabled: boolean }, { receiptsEnabled: boolean }>;
  /** `prefix`: the key's visible first characters, never the key. */
  'api_key.create': Shape<'api_key', null, { name: string; prefix: string; scopes: ApiKeyScope[]; storeId: string | null }>;
  'api_key.revoke': Shape<'api_key', { name: string; prefix: string }, null>;
  'webhook_endpoint.create': Shape<'webhook_endpoint', null, WebhookEndpointAuditState>;
  'webhook_endpoint.update': Shape<'webhook_endpoint', WebhookEndpointAuditState, WebhookEndpointAuditState>;
  'webhook_endpoint.delete': Shape<'webhook_endpoint', WebhookEndpointAuditState, null>;
  // subscriptions and card orders; prices in cents for the whole period
  'subscription.change': Shape<
    'tenant',
    { planId: string | null; subscriptionStatus: SubscriptionStatus },
    { planId: string; plan: string; priceCents: number; periodMonths: number }
  >;
  /** `by`: the payment provider's event or the hourly renewal check (ADR 0021). */
  'subscription.status': Shape<'tenant', SubscriptionAuditState, SubscriptionAuditState & { by: 'stripe' | 'schedule' }>;
  'payment_method.add': Shape<'payment_method', null, { brand: string; last4: string }>;
  'payment_method.remove': PaymentMethodOnly;
  'payment_method.set_default': PaymentMethodOnly;
  'card_order.create': Shape<
    'card_order',
    null,
    { cardType: CardOrderType; quantity: number; unitPriceCents: number; totalCents: number; status: CardOrderStatus }
  >;
  'card_order.cancel': Shape<'card_order', { status: CardOrderStatus }, { status: 'CANCELED'; refundedCents: number; cardsRemoved: number }>;
  /** By the operator (after: the new status) or by a paid checkout (after: PAID with the order's size and total). */
  'card_order.status': Shape<
    'card_order',
    { status: CardOrderStatus },
    { status: CardOrderStatus } | { status: 'PAID'; quantity: number; totalCents: number; providerPaymentId: string | null }
  >;
  // platform (tenant_id null)
  'platform.tenant.create': Shape<
    'tenant',
    null,
    { name: string; slug: string; subscriptionStatus: SubscriptionStatus; planId: string | null; ownerId: string; ownerEmail: string }
  >;
  'platform.tenant.update': Shape<
    'tenant',
    { name: string; slug: string; subscriptionStatus: SubscriptionStatus; graceEndsAt: string | null },
    { name: string; slug: string; subscriptionStatus: SubscriptionStatus; graceEndsAt: string | null }
  >;
  'platform.tenant.delete': Shape<'tenant', { name: string; slug: string; subscriptionStatus: SubscriptionStatus }, null>;
  'platform.plan.create': Shape<'plan', null, PlatformPlan>;
  'platform.plan.update': Shape<'plan', PlatformPlan, PlatformPlan>;
  'platform.plan.delete': Shape<'plan', PlatformPlan, null>;
  'platform.settings.update': Shape<'platform_settings', PlatformSettingsAuditState, PlatformSettingsAuditState>;
  'platform.outbox.resend': Shape<'outbox', { status: string }, { status: 'PENDING' }>;
  'platform.admin.bootstrap': PlatformAdminCreated;
  'platform.admin.setup': PlatformAdminCreated;
  'platform.admin.sign_in': Shape<'user', null, { email: string }>;
}

// Every kind has a shape, and every shape is a kind: a new AUDIT_ACTIONS member fails here until described.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyKindHasAShape: Exactly<keyof AuditEventShapes, AuditAction> = true;
void everyKindHasAShape;

/** A side that is always null may be left out (it is stored as null); any other is required. */
type Side<K extends 'before' | 'after', T> = [T] extends [null] ? { [P in K]?: null } : { [P in K]: T };

/**
 * The typed part of one audit event of kind `A`: `action`, `entity` and `before`/`after` with
 * the shapes of AuditEventShapes. Writing a row of kind A with another shape fails to compile.
 */
export type AuditEventOf<A extends AuditAction> = A extends AuditAction
  ? { action: A; entity: AuditEventShapes[A]['entity'] } & Side<'before', AuditEventShapes[A]['before']> & Side<'after', AuditEventShapes[A]['after']>
  : never;

/**
 * Every audit event as a union discriminated by `action` (ADR 0032): what the server's audit
 * writer takes besides the tenant, actor and entity id.
 */
export type TypedAuditEvent = AuditEventOf<AuditAction>;

/** The action with its entity, paired (a writer that builds `before`/`after` itself, in SQL, takes this). */
export type AuditKind = { [A in AuditAction]: { action: A; entity: AuditEventShapes[A]['entity'] } }[AuditAction];

/** The stored `before` of kind A (null when the kind records none). */
export type AuditBefore<A extends AuditAction> = AuditEventShapes[A]['before'];
/** The stored `after` of kind A (null when the kind records none). */
export type AuditAfter<A extends AuditAction> = AuditEventShapes[A]['after'];
