import { defineMessages } from '@/lib/i18n';

/** The offline till's texts raised outside a screen: the sync conflict toast (ADR 0042). */
export const offlineMessages = defineMessages('offline', {
  conflictToast: 'Sync conflict: {{amount}} purchase on card {{cardUid}} was refused: {{message}}',
  conflictToastRedeem: 'Sync conflict: {{amount}} redemption on card {{cardUid}} was refused: {{message}}',
});
