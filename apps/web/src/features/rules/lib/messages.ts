import { translate } from '@/lib/i18n';
import { rulesMessages } from '../messages';

/** Texts of the Messages tab of Rules & Settings (docs/product.md 'E-mail'), used verbatim. */
export const MESSAGES_TAB = {
  get receiptsLabel(): string {
    return translate(rulesMessages, 'receiptsLabel');
  },
  get receiptsNote(): string {
    return translate(rulesMessages, 'receiptsNote');
  },
  get saved(): string {
    return translate(rulesMessages, 'receiptsSaved');
  },
  get failed(): string {
    return translate(rulesMessages, 'receiptsFailed');
  },
  get loadFailed(): string {
    return translate(rulesMessages, 'messagesLoadFailed');
  },
};
