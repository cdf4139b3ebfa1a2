import { z } from 'zod';

/**
 * A customer's data rights (docs/security.md 'Personal data', ADR 0026): the export of
 * everything stored about them, and the erasure of their personal data.
 */

/** The file names inside a customer's data export zip, in order. */
export const CUSTOMER_EXPORT_FILES = ['README.txt', 'customer.json', 'cards.json', 'transactions.csv', 'messages.json'] as const;

/**
 * POST /api/t/{slug}/customers/{id}/erase body: `confirm` must be the customer's full name
 * ('First Last', as shown; compared after trimming, case-insensitive), typed by the Store Admin.
 */
export const EraseCustomerRequest = z.object({
  confirm: z.string().trim().min(1, "Type the customer's full name to confirm").max(300),
});
export type EraseCustomerRequest = z.infer<typeof EraseCustomerRequest>;

/** POST …/erase answer: when it ran, how many cards were blocked and the cents written off. */
export const EraseCustomerResponse = z.object({
  customerId: z.string(),
  erasedAt: z.string(),
  blockedCards: z.number().int(),
  writtenOffCents: z.number().int(),
});
export type EraseCustomerResponse = z.infer<typeof EraseCustomerResponse>;

/** The signed-in customer's erasure request: none yet, or when it was made and when it is carried out at the latest. */
export const MyErasureRequest = z.object({
  requestedAt: z.string().nullable(),
  /** requestedAt + 30 days: the hourly job erases the data then at the latest. */
  dueAt: z.string().nullable(),
});
export type MyErasureRequest = z.infer<typeof MyErasureRequest>;

/** One open erasure request as the Store Admins' list shows it. */
export const ErasureRequestItem = z.object({
  customerId: z.string(),
  customerName: z.string(),
  email: z.string().nullable(),
  requestedAt: z.string(),
  dueAt: z.string(),
});
export type ErasureRequestItem = z.infer<typeof ErasureRequestItem>;

/** GET /api/t/{slug}/erasure-requests: the open requests, oldest first. */
export const ErasureRequestListResponse = z.object({ requests: z.array(ErasureRequestItem) });
export type ErasureRequestListResponse = z.infer<typeof ErasureRequestListResponse>;
