import { defineMessages } from '@/lib/i18n';

/**
 * The texts of the Offline tab of Rules & Settings (ADR 0042; docs/product.md 'Offline till'): what
 * a till may do without a connection, the switch allowing redemptions, its two caps and the risk the
 * business carries. The cap labels are the names the contract's messages use ('Most per offline
 * redemption must be between $0.01 and $1,000.00').
 */
export const offlineMessages = defineMessages('rules.offline', {
  loadFailed: 'Failed to load offline settings',
  loading: 'Loading offline settings',
  formLabel: 'Offline till',
  title: 'Offline till',
  description: 'What a till may do while the shop has no connection.',
  save: 'Save Offline Settings',
  saved: 'Offline settings saved',
  failed: 'Failed to save offline settings. Please try again.',
  earnsNote:
    'Earns are always accepted offline: the till keeps them and syncs them when the connection returns. An earn that reaches us more than 72 hours after it happened is refused.',
  redemptionsTitle: 'Redemptions',
  redemptionsToggle: 'Allow redemptions while offline',
  redemptionsNote: 'Off: the till says “Redemptions need a connection”. On: it queues redemptions up to the caps below.',
  maxPerTransaction: 'Most per offline redemption',
  maxPerCardPerDay: 'Most redeemed offline per card a day',
  risk: "While offline the till cannot see the card's current balance. If a card was spent or blocked meanwhile, the redemption is refused when it syncs and shows up under <conflicts>Sync conflicts</conflicts>; your business carries that risk.",
});
