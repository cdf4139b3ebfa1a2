import { z } from 'zod';
import { CardStatus, Tier } from './enums.ts';
import { Birthday, BirthdayView } from './rewards.ts';

/**
 * Customers (money in cents, so `totalSpendCents`). E-mail is unique within a tenant, compared
 * case-insensitively; '' for e-mail or phone means none (stored null).
 */

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** POST /api/t/{slug}/customers and PUT /customers/{id} body. */
export const CustomerInput = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.preprocess(blankToNull, z.string().trim().toLowerCase().email('Enter a valid email address').max(200).nullish()),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(40)
      .regex(/^[+0-9 ().-]{3,40}$/, 'Enter a valid phone number')
      .nullish(),
  ),
  /** Optional birthday (docs/product.md 'Rewards'): absent leaves it as it is, null removes it. */
  birthday: Birthday.nullish(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

/** GET /api/t/{slug}/customers query: search matches first/last/full name, e-mail or phone (case-insensitive). */
export const CustomerListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuery>;

/** One row of the Customers table: tier, total spend, active card count. */
export const CustomerListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tier: Tier,
  totalSpendCents: z.number().int(),
  /** Cards of the customer with status ACTIVE. */
  activeCards: z.number().int(),
  /** The customer's referral code: 8 Crockford base32 characters (docs/product.md 'Rewards'). */
  referralCode: z.string().max(8),
  birthday: BirthdayView.nullable(),
  createdAt: z.string(),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** GET /api/t/{slug}/customers answer, newest first. */
export const CustomerListResponse = z.object({ customers: z.array(CustomerListItem), total: z.number().int(), pages: z.number().int() });
export type CustomerListResponse = z.infer<typeof CustomerListResponse>;

/** A card of a customer as the Customer Details modal shows it. */
export const CustomerCard = z.object({
  id: z.string(),
  cardUid: z.string(),
  balanceCents: z.number().int(),
  status: CardStatus,
  storeName: z.string().nullable(),
  activatedAt: z.string().nullable(),
});
export type CustomerCard = z.infer<typeof CustomerCard>;

/** Most cards a customer's detail lists (ADR 0045); `activeCards` counts them all. */
export const CUSTOMER_CARDS_MAX = 100;

/**
 * GET /api/t/{slug}/customers/{id}, and the answer of POST and PUT: the customer with cards and
 * balances, oldest activation first, at most CUSTOMER_CARDS_MAX (activation gives a customer one
 * card today, docs/product.md 'Cards'; the bound keeps the answer's size known, ADR 0045).
 */
export const CustomerDetail = CustomerListItem.extend({ cards: z.array(CustomerCard).max(CUSTOMER_CARDS_MAX) });
export type CustomerDetail = z.infer<typeof CustomerDetail>;
