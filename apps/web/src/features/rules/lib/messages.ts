/** Texts of the Messages tab of Rules & Settings (docs/product.md 'E-mail'), used verbatim. */
export const MESSAGES_TAB = {
  receiptsLabel: 'Send e-mail receipts',
  receiptsNote:
    'Customers with an e-mail address get a receipt after every purchase, payment with their card balance and refund. Every message carries a one-click unsubscribe.',
  saved: 'Receipt setting saved successfully',
  failed: 'Failed to save receipt setting. Please try again.',
  loadFailed: 'Failed to load message settings',
} as const;
