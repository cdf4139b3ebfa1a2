import type { CardResponse } from '@loyalty/contract';

/** 'First Last' of a card's customer, or null when the card has none (shown as 'Unassigned'). */
export function customerName(customer: Pick<NonNullable<CardResponse['customer']>, 'firstName' | 'lastName'> | null | undefined): string | null {
  if (!customer) return null;
  return `${customer.firstName} ${customer.lastName}`.trim() || null;
}

/** The status filter of the Cards page: All, Unassigned, Active, Blocked (`labelKey`: its text in cardsMessages). */
export const STATUS_FILTERS = [
  { value: '', labelKey: 'statusAll' },
  { value: 'UNASSIGNED', labelKey: 'statusUnassigned' },
  { value: 'ACTIVE', labelKey: 'statusActive' },
  { value: 'BLOCKED', labelKey: 'statusBlocked' },
] as const;
