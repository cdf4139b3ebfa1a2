import {
  BonusReason,
  CardOrderStatus,
  CardStatus,
  Category,
  OutboxStatus,
  Role,
  SubscriptionStatus,
  Tier,
  TransactionType,
  WebhookDeliveryStatus,
} from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import {
  BONUS_REASON_LABELS,
  CARD_STATUS_LABELS,
  CATEGORY_LABELS,
  ORDER_STATUS_LABELS,
  OUTBOX_STATUS_LABELS,
  ROLE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  TIER_LABELS,
  TRANSACTION_TYPE_LABELS,
  WEBHOOK_DELIVERY_STATUS_LABELS,
  customerLabel,
  labelOptions,
  subscriptionLabel,
  transactionDetailLabel,
} from './labels';

describe('labels', () => {
  it('label every value of the contract enums (no value falls back to its code)', () => {
    const cases: [readonly string[], Record<string, string>][] = [
      [Role.options, ROLE_LABELS],
      [Tier.options, TIER_LABELS],
      [CardStatus.options, CARD_STATUS_LABELS],
      [TransactionType.options, TRANSACTION_TYPE_LABELS],
      [BonusReason.options, BONUS_REASON_LABELS],
      [Category.options, CATEGORY_LABELS],
      [SubscriptionStatus.options, SUBSCRIPTION_STATUS_LABELS],
      [CardOrderStatus.options, ORDER_STATUS_LABELS],
      [OutboxStatus.options, OUTBOX_STATUS_LABELS],
      [WebhookDeliveryStatus.options, WEBHOOK_DELIVERY_STATUS_LABELS],
    ];
    for (const [values, labels] of cases) {
      expect(Object.keys(labels).sort()).toEqual([...values].sort());
      for (const v of values) expect(labels[v]).toMatch(/^[A-Z][a-z]/);
    }
  });

  it('keep the product texts', () => {
    expect(ROLE_LABELS.tenant_admin).toBe('Store Admin');
    expect(TRANSACTION_TYPE_LABELS.ADJUST).toBe('Adjustment');
    expect(ORDER_STATUS_LABELS.PENDING_PAYMENT).toBe('Pending payment');
    expect(TRANSACTION_TYPE_LABELS.BONUS).toBe('Bonus');
    expect({ ...BONUS_REASON_LABELS }).toEqual({
      WELCOME: 'Welcome bonus',
      BIRTHDAY: 'Birthday reward',
      REFERRAL: 'Referral bonus',
      WIN_BACK: 'Win-back bonus',
    });
  });

  it('describe a ledger row under its type: a bonus by its reason, a purchase by its category', () => {
    expect(transactionDetailLabel({ type: 'BONUS', category: null, reason: 'REFERRAL' })).toBe('Referral bonus');
    expect(transactionDetailLabel({ type: 'EARN', category: 'REPAIR', reason: null })).toBe('Repair');
    expect(transactionDetailLabel({ type: 'REDEEM', category: null })).toBeNull();
  });

  it('read their texts from the catalogs when read, in the current language', () => {
    const stored = i18n.getResource('en', 'labels.role', 'cashier') as string;
    i18n.addResource('en', 'labels.role', 'cashier', 'Till');
    try {
      expect(ROLE_LABELS.cashier).toBe('Till');
    } finally {
      i18n.addResource('en', 'labels.role', 'cashier', stored);
    }
    expect(ROLE_LABELS.cashier).toBe('Cashier');
    expect({ ...TIER_LABELS }).toEqual({ SILVER: 'Silver', GOLD: 'Gold', PLATINUM: 'Platinum' });
    expect(customerLabel({ customerName: ' ' })).toBe('Unknown Customer');
  });

  it('labels subscription statuses, Inactive when none', () => {
    expect(subscriptionLabel('ACTIVE')).toBe('Active');
    expect(subscriptionLabel('TRIALING')).toBe('Trial');
    expect(subscriptionLabel('PAST_DUE')).toBe('Past Due');
    expect(subscriptionLabel('CANCELED')).toBe('Inactive');
    expect(subscriptionLabel(null)).toBe('Inactive');
  });

  it('builds select options in the map order', () => {
    expect(labelOptions(CATEGORY_LABELS)).toEqual([
      { value: 'PURCHASE', label: 'Purchase' },
      { value: 'REPAIR', label: 'Repair' },
      { value: 'OTHER', label: 'Other' },
    ]);
  });
});
