/** The customers module's error texts, shared by its use cases and its routes. */

/** 404 text for an unknown customer, another tenant's customer or a malformed id. */
export const CUSTOMER_NOT_FOUND = 'Customer not found';

/** 409 text for a duplicate customer e-mail within the tenant (one e-mail per customer in a tenant, case-insensitive). */
export const DUPLICATE_CUSTOMER_EMAIL = 'A customer with this email already exists';

/** 409 text of DELETE /customers/{id} while cards are assigned. */
export const CUSTOMER_HAS_CARDS = 'This customer has assigned cards. Unassign their cards before deleting the customer.';

/** 409 text of DELETE /customers/{id} when ledger rows name the customer (the ledger is append-only, docs/product.md 'Ledger'). */
export const CUSTOMER_HAS_TRANSACTIONS = 'This customer has transactions in the ledger and cannot be deleted.';
