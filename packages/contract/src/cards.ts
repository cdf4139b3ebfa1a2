import { z } from 'zod';
import { BonusReason, CardStatus, Tier, TransactionType, Category } from './enums.ts';
import { ExpiringCashback } from './pos.ts';
import { ReferralCodeInput } from './rewards.ts';
import { CardResponse } from './pos.ts';

/** Largest batch of cards created at once (docs/product.md 'Card quota'). */
export const MAX_BATCH_SIZE = 1000;
/** Default batch size. */
export const DEFAULT_BATCH_SIZE = 10;
/** Most cards in one bulk QR or print-ready request. */
export const MAX_BULK_CARDS = 1000;

/** Query of GET /api/t/{slug}/cards: status, search (UID or customer name), page from 1. */
export const CardListQuery = z.object({
  status: CardStatus.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(60),
});
export type CardListQuery = z.infer<typeof CardListQuery>;

/** GET /api/t/{slug}/cards answer: cards with customer, store name and qrUrl. */
export const CardListResponse = z.object({
  cards: z.array(CardResponse),
  total: z.number().int(),
  pages: z.number().int(),
});
export type CardListResponse = z.infer<typeof CardListResponse>;

/**
 * POST /api/t/{slug}/cards/batch (`count`, also described as `quantity`).
 * 1 to 1000, default 10; storeId optional (the cards start UNASSIGNED either way).
 */
export const CardBatchRequest = z
  .object({
    count: z.number().int('Quantity must be a whole number').optional(),
    quantity: z.number().int('Quantity must be a whole number').optional(),
    storeId: z.string().uuid('Unknown store').nullish(),
  })
  .transform((v) => ({ count: v.count ?? v.quantity ?? DEFAULT_BATCH_SIZE, storeId: v.storeId ?? null }));
export type CardBatchRequest = z.input<typeof CardBatchRequest>;

/** Batch answer: how many were created and the new cards. */
export const CardBatchResponse = z.object({
  created: z.number().int(),
  cards: z.array(CardResponse),
});
export type CardBatchResponse = z.infer<typeof CardBatchResponse>;

/** A new customer created while assigning a card. */
export const NewCustomerInput = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .email('Enter a valid email address')
    .max(200)
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(40).nullish()),
});
export type NewCustomerInput = z.infer<typeof NewCustomerInput>;

/**
 * POST /api/t/{slug}/cards/activate: UNASSIGNED → ACTIVE with a store and either an existing
 * customer without cards (`customerId`) or a new one (`customer`). Both null: 400 'Select a
 * customer or enter a new one'.
 */
export const CardActivateRequest = z.object({
  cardUid: z.string().trim().min(1, 'Card UID is required'),
  storeId: z.string({ error: 'Store is required' }).uuid('Store is required'),
  customerId: z.string().uuid('Unknown customer').nullish(),
  customer: NewCustomerInput.nullish(),
  /** A referrer's code typed at the till for a new customer (docs/product.md 'Rewards'); '' means none. */
  referralCode: ReferralCodeInput,
});
export type CardActivateRequest = z.infer<typeof CardActivateRequest>;

/** PUT /api/t/{slug}/cards/{cardUid}/store. */
export const CardStoreRequest = z.object({ storeId: z.string({ error: 'Store is required' }).uuid('Store is required') });
export type CardStoreRequest = z.infer<typeof CardStoreRequest>;

/** GET /api/t/{slug}/trial/status. */
export const TrialStatusResponse = z.object({
  activationsUsed: z.number().int(),
  trialLimit: z.number().int(),
  activationsRemaining: z.number().int(),
  subscriptionRequired: z.boolean(),
});
export type TrialStatusResponse = z.infer<typeof TrialStatusResponse>;

/** A customer offered by the Assign Card modal (no cards yet). */
export const AvailableCustomer = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
/** GET /api/t/{slug}/customers/available?search= answer. */
export const AvailableCustomersResponse = z.object({ customers: z.array(AvailableCustomer) });
export type AvailableCustomersResponse = z.infer<typeof AvailableCustomersResponse>;

/** A store as listed, with counts. */
export const StoreItem = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  active: z.boolean(),
  /** Whether the store's 'Join our rewards' page takes sign-ups (docs/product.md 'Online sign-up'). */
  selfEnrolment: z.boolean(),
  /** Cards online sign-ups of the store may create per day (ADR 0027). */
  selfEnrolmentDailyCap: z.number().int(),
  createdAt: z.string(),
  _count: z.object({ users: z.number().int(), cards: z.number().int(), transactions: z.number().int() }),
});
export type StoreItem = z.infer<typeof StoreItem>;
/** GET /api/t/{slug}/stores answer. */
export const StoreListResponse = z.object({ stores: z.array(StoreItem) });
export type StoreListResponse = z.infer<typeof StoreListResponse>;

/** QR image formats. */
export const QrFormat = z.enum(['png', 'jpg', 'svg']);
export type QrFormat = z.infer<typeof QrFormat>;

/** GET /api/t/{slug}/cards/{cardUid}/qr/download query: size 100–2000 px, default 300. */
export const QrDownloadQuery = z.object({
  format: QrFormat.default('png'),
  size: z.coerce.number().int().min(100, 'Size must be 100 to 2000 pixels').max(2000, 'Size must be 100 to 2000 pixels').default(300),
});
export type QrDownloadQuery = z.infer<typeof QrDownloadQuery>;

/** POST /api/t/{slug}/cards/qr/bulk-download. Answer: a zip. */
export const QrBulkRequest = z.object({
  cardUids: z.array(z.string().trim().min(1)).min(1, 'Select at least one card').max(MAX_BULK_CARDS, `At most ${MAX_BULK_CARDS} cards at once`),
  format: QrFormat.default('png'),
  size: z.number().int().min(100).max(2000).default(300),
  includeLabels: z.boolean().default(true),
});
export type QrBulkRequest = z.input<typeof QrBulkRequest>;

/** POST /api/t/{slug}/cards/qr/print-ready. Answer: a zip of PDFs. */
export const QrPrintRequest = z.object({
  cardUids: z.array(z.string().trim().min(1)).min(1, 'Select at least one card').max(MAX_BULK_CARDS, `At most ${MAX_BULK_CARDS} cards at once`),
  printFormat: z.enum(['standard', 'card-template']).default('standard'),
  cardsPerPage: z.number().int().min(1).max(30).default(8),
});
export type QrPrintRequest = z.input<typeof QrPrintRequest>;

/** One of the last transactions on the public card page. Money in cents. */
export const PublicTransaction = z.object({
  id: z.string(),
  type: TransactionType,
  category: Category.nullable(),
  /** BONUS rows: why it was credited; null otherwise. */
  reason: BonusReason.nullable(),
  amountCents: z.number().int(),
  cashbackCents: z.number().int(),
  createdAt: z.string(),
});

/**
 * GET /api/{slug}/c/{cardUid}?t= (docs/product.md 'Cards'): public, no login. `full` is true
 * only with a valid token; then holder, customer, store, activation date and up to 5
 * transactions are present. Without it: card number, status and balance alone.
 */
export const PublicCardResponse = z.object({
  cardUid: z.string(),
  status: CardStatus,
  balanceCents: z.number().int(),
  tenantName: z.string(),
  full: z.boolean(),
  holderName: z.string().nullable().optional(),
  customer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable(), tier: Tier })
    .nullable()
    .optional(),
  storeName: z.string().nullable().optional(),
  activatedAt: z.string().nullable().optional(),
  transactions: z.array(PublicTransaction).optional(),
  /** With a valid token: the card's cashback expiring in the next 30 days, soonest first. */
  expiringSoon: z.array(ExpiringCashback).optional(),
  /** With a valid token, while the business runs referrals: the holder's referral link (docs/product.md 'Rewards'). */
  referralLink: z.string().nullable().optional(),
});
export type PublicCardResponse = z.infer<typeof PublicCardResponse>;
