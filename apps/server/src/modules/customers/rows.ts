import type { CustomerListItem, Tier } from '@loyalty/contract';
import { customers } from '../../db/schema/index.ts';
import { birthdayView } from './birthday.ts';

/** The customers row as every customer answer selects and shapes it. */

/** The customer columns every customer answer carries. */
export const customerColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  tier: customers.tier,
  totalSpendCents: customers.totalSpendCents,
  referralCode: customers.referralCode,
  birthdayMonth: customers.birthdayMonth,
  birthdayDay: customers.birthdayDay,
  birthYear: customers.birthYear,
  createdAt: customers.createdAt,
};

/** A customers row as selected by `customerColumns`. */
type CustomerRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  tier: Tier;
  totalSpendCents: number;
  referralCode: string;
  birthdayMonth: number | null;
  birthdayDay: number | null;
  birthYear: number | null;
  createdAt: Date;
};

/** customers row + ACTIVE card count → CustomerListItem (money in cents, ISO dates). */
export function toListItem(row: CustomerRow, activeCards: number): CustomerListItem {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    tier: row.tier,
    totalSpendCents: Number(row.totalSpendCents),
    activeCards,
    referralCode: row.referralCode,
    birthday: birthdayView(row),
    createdAt: row.createdAt.toISOString(),
  };
}
